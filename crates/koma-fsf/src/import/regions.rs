//! Mobility regions (`mobilityRegionWhiteKing = ...`) as koma's `confine NAME to files A..B, ranks C..D`.

use std::collections::BTreeSet;

use koma_vm::spec::{RankSet, Region};

use super::faces::Faces;
use super::model::Model;
use super::zones::region;

/// Whether a key is a mobility region, read here rather than refused.
pub(super) fn is_region_key(key: &str) -> bool {
    key.starts_with("mobilityRegionWhite") || key.starts_with("mobilityRegionBlack")
}

/// Writes a `confine` line for each face whose piece type has a mobility region; a region koma cannot say
/// (not a block of whole files and ranks, or the two sides' not the same turned with the board) is refused.
pub(super) fn write(m: &mut Model, faces: &Faces, files: u8, ranks: u8, out: &mut String) {
    let mut lines = Vec::new();
    for (text, name) in &faces.names {
        let Some(key) = type_key(m, text) else {
            continue;
        };
        let mut capital = key.clone();
        capital[..1].make_ascii_uppercase();
        let (white_key, black_key) = (
            format!("mobilityRegionWhite{capital}"),
            format!("mobilityRegionBlack{capital}"),
        );
        let (white, black) = (m.scalar(&white_key), m.scalar(&black_key));
        if white.is_none() && black.is_none() {
            continue;
        }
        let all = (1..=ranks)
            .map(|r| format!("*{r}"))
            .collect::<Vec<_>>()
            .join(" ");
        let words = match (
            region(white.unwrap_or(&all), files, ranks),
            region(black.unwrap_or(&all), files, ranks),
        ) {
            (Some(w), Some(b)) => words(&w, &b, files, ranks),
            _ => None,
        };
        match words {
            Some(words) => lines.push(format!("confine {name} to {words}")),
            None => {
                let line = m.line(&white_key).or(m.line(&black_key));
                m.issue(&white_key, line, "a mobility region that is not a block of whole files and ranks, the same for both players turned round");
            }
        }
    }
    if !lines.is_empty() {
        out.push('\n');
        for l in lines {
            out.push_str(&l);
            out.push('\n');
        }
    }
}

/// The piece type of a face text (`p`, or `+p` for the type `p` promotes to).
fn type_key(m: &Model, text: &str) -> Option<String> {
    match text.strip_prefix('+') {
        Some(base) => {
            let base = m.types.get(&base.chars().next()?)?;
            Some(m.promoted.get(&base.key)?.0.clone())
        }
        None => Some(m.types.get(&text.chars().next()?)?.key.clone()),
    }
}

/// `files A..B, ranks C..D` for a block of squares (from the first player's left and home rank) whose
/// second player's copy is `black`; `None` for any other shape.
fn words(
    white: &BTreeSet<(u8, u8)>,
    black: &BTreeSet<(u8, u8)>,
    files: u8,
    ranks: u8,
) -> Option<String> {
    let (x0, x1) = (
        white.iter().map(|s| s.0).min()?,
        white.iter().map(|s| s.0).max()?,
    );
    let (y0, y1) = (
        white.iter().map(|s| s.1).min()?,
        white.iter().map(|s| s.1).max()?,
    );
    let block: BTreeSet<(u8, u8)> = (x0..=x1)
        .flat_map(|x| (y0..=y1).map(move |y| (x, y)))
        .collect();
    let turned: BTreeSet<(u8, u8)> = block
        .iter()
        .map(|&(x, y)| (files - 1 - x, ranks - 1 - y))
        .collect();
    if block != *white || turned != *black {
        return None;
    }
    // A region of the whole board confines nothing, but it was written: it is kept as every rank.
    if (x0, x1, y0, y1) == (0, files - 1, 0, ranks - 1) {
        return Some(format!("ranks 1..{ranks}"));
    }
    // koma counts files from the owner's right, 0-based: the first player's x is file `files - 1 - x`.
    let region = Region {
        files: RankSet::span(files - 1 - x1, files - 1 - x0),
        ranks: RankSet::span(y0, y1),
        origin: 0..0,
    };
    Some(region.words(files, ranks))
}
