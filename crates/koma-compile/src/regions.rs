//! `confine PIECE to files A..B, ZONE`: the region a piece may not leave.

use koma_syntax::ast::Spanned;
use koma_vm::FaceId;
use koma_vm::spec::{Hop, MoveSpec, RankSet, Region};

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::pieces::Pieces;
use crate::statements::{PerPiece, Statements};
use crate::zone;

/// Writes each `confine` into its face. An unknown piece, a piece confined twice, files or ranks the board does
/// not have, and a piece that slides, hops or moves in two legs (only steps and leaps are confined) are
/// reported.
pub(crate) fn lower(
    d: &mut Diagnostics,
    st: &Statements,
    pieces: &mut Pieces,
    board_files: u8,
    board_ranks: u8,
) {
    let mut seen = PerPiece::default();
    for c in &st.confines {
        let Some(i) = pieces.resolve(d, c.piece).map(FaceId::index) else {
            continue;
        };
        if !seen.first(
            d,
            i,
            c.span,
            format!("{} is confined twice", c.piece.node),
            "keep one of them: a piece has one region",
        ) {
            continue;
        }
        let file_set = file_set(d, c.files, board_files);
        let rank_set = match c.ranks {
            None => Some(RankSet::span(0, board_ranks.saturating_sub(1))),
            Some(z) => zone::ranks(d, z.node, board_ranks, z.span.clone()),
        };
        if !confinable(d, c.piece, &pieces.specs[i].moves) {
            continue;
        }
        let spec = &mut pieces.specs[i];
        if let (Some(files), Some(ranks)) = (file_set, rank_set) {
            spec.region = Some(Region {
                files,
                ranks,
                origin: c.span.clone(),
            });
        }
    }
}

/// The files of a region, or every file when none are named; `None` after reporting files off the board.
fn file_set(
    d: &mut Diagnostics,
    files: Option<&Spanned<(u32, u32)>>,
    board_files: u8,
) -> Option<RankSet> {
    let Some(f) = files else {
        return Some(RankSet::span(0, board_files.saturating_sub(1)));
    };
    let (a, b) = f.node;
    let n = u32::from(board_files);
    if a == 0 || a > b || b > n {
        d.report(
            Code::RegionDoesNotFit,
            f.span.clone(),
            format!("these files do not fit a board of {n} files"),
        )
        .label("files")
        .help(format!(
            "files count from 1 (the owner's right-hand file) to {n}"
        ));
        return None;
    }
    Some(RankSet::span(a as u8 - 1, b as u8 - 1))
}

/// Whether a piece moving by `moves` may be confined (it only steps and leaps); reports it if not.
fn confinable(d: &mut Diagnostics, piece: &Spanned<String>, moves: &[MoveSpec]) -> bool {
    let Some(m) = moves.iter().find(|m| !m.is_plain_leap()) else {
        return true;
    };
    let how = if m.second_leg.is_some() {
        "moves in two legs"
    } else if m.hop != Hop::None {
        "hops"
    } else if m.lame {
        "leaps over a square that must be empty"
    } else {
        "slides"
    };
    d.report(
        Code::ConfinedRider,
        piece.span.clone(),
        format!("{} {how}: only a piece that steps or leaps may be confined", piece.node),
    )
    .label("confined here")
    .help("only steps and leaps are kept inside a region: leave this piece free, or confine one that steps or leaps");
    false
}
