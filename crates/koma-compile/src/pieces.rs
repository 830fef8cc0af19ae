//! `piece NAME LETTER moves "BETZA" ...`: names, letters and moves of every face.

use std::collections::HashMap;

use koma_syntax::ast::{PieceDecl, Spanned};
use koma_syntax::{Span, betza};
use koma_vm::spec::{FaceSpec, MoveSpec, SecondLeg, ThirdLeg};
use koma_vm::{FaceId, Kanji, MAX_MARKS, PieceLetter, Player};

use crate::code::Code;
use crate::diagnostic::Diagnostics;

/// The declared faces: their declarations, their specs as compiled so far, and their names.
pub(crate) struct Pieces<'a> {
    pub decls: Vec<&'a PieceDecl>,
    pub specs: Vec<FaceSpec>,
    by_name: HashMap<&'a str, FaceId>,
}

impl<'a> Pieces<'a> {
    /// The face called `name`, reporting `koma::unknown-piece` if there is none.
    pub fn resolve(&self, d: &mut Diagnostics, name: &Spanned<String>) -> Option<FaceId> {
        let found = self.by_name.get(name.node.as_str()).copied();
        if found.is_none() {
            let mut known: Vec<&str> = self.by_name.keys().copied().collect();
            known.sort_unstable();
            let help = match koma_syntax::suggest::nearest(&name.node, known.iter().copied()) {
                Some(k) => format!(
                    "did you mean `{k}`? (declared pieces: {})",
                    known.join(", ")
                ),
                None => format!("declared pieces: {}", known.join(", ")),
            };
            d.report(
                Code::UnknownPiece,
                name.span.clone(),
                format!("no piece is named `{}`", name.node),
            )
            .label("unknown piece")
            .help(help);
        }
        found
    }

    /// The face of this name, without reporting when there is none.
    pub fn find(&self, name: &str) -> Option<FaceId> {
        self.by_name.get(name).copied()
    }

    /// The declaration of a face.
    pub fn decl(&self, id: FaceId) -> &'a PieceDecl {
        self.decls[id.index()]
    }
}

/// Checks names and letters and compiles the moves of every declared face.
pub(crate) fn declare<'a>(
    d: &mut Diagnostics,
    decls: &[&'a PieceDecl],
    header: &Span,
) -> Pieces<'a> {
    if decls.is_empty() {
        d.report(
            Code::MissingPieces,
            header.clone(),
            "the game declares no pieces",
        )
        .label("in this game")
        .help("add lines such as `piece King K moves \"K\" royal`");
    }
    if let Some(extra) = decls.get(koma_vm::MAX_FACES) {
        d.report(
            Code::TooManyFaces,
            extra.span.clone(),
            format!(
                "{} piece faces declared; at most {} are supported",
                decls.len(),
                koma_vm::MAX_FACES
            ),
        )
        .label("one too many");
    }
    let mut pieces = Pieces {
        decls: decls.to_vec(),
        specs: Vec::new(),
        by_name: HashMap::new(),
    };
    let mut by_letter: HashMap<&str, &PieceDecl> = HashMap::new();
    for (i, &p) in decls.iter().enumerate() {
        if let Some(&first) = pieces.by_name.get(p.name.node.as_str()) {
            let first = decls[first.index()];
            d.report(
                Code::DuplicatePiece,
                p.name.span.clone(),
                format!("piece `{}` is declared twice", p.name.node),
            )
            .label("second declaration")
            .also(first.name.span.clone(), "first declaration")
            .help("rename one of them");
        }
        pieces
            .by_name
            .entry(&p.name.node)
            .or_insert(FaceId::new(i.min(koma_vm::MAX_FACES) as u16));
        check_letter(d, p, &mut by_letter);
        let letter = PieceLetter::parse(p.letter.node.trim_start_matches('+'));
        pieces.specs.push(FaceSpec {
            name: p.name.node.clone(),
            letter: letter.map(|(letter, _)| letter).unwrap_or_default(),
            promoted: p.letter.node.starts_with('+'),
            royal: p.royal.is_some(),
            lion: p.lion.is_some(),
            moves: moves(d, p),
            kanji: p.kanji.as_ref().and_then(|k| kanji(d, p, k)),
            kanji_second: p.kanji_second.as_ref().and_then(|k| kanji(d, p, k)),
            origin: Some(p.span.clone()),
            ..FaceSpec::default()
        });
    }
    pieces
}

fn check_letter<'a>(
    d: &mut Diagnostics,
    p: &'a PieceDecl,
    by_letter: &mut HashMap<&'a str, &'a PieceDecl>,
) {
    let letter = p.letter.node.trim_start_matches('+');
    match PieceLetter::parse(letter) {
        Some((_, Player::First)) => {}
        Some((_, Player::Second)) => {
            d.report(Code::PieceLetter, p.letter.span.clone(), format!("piece letter `{}` must be uppercase", p.letter.node))
                .label("letter")
                .help("SFEN writes the first player's pieces in uppercase and the second player's in lowercase");
        }
        None => {
            d.report(Code::PieceLetter, p.letter.span.clone(), format!("piece letter `{}` has more than {MAX_MARKS} marks", p.letter.node))
                .label("letter")
                .help("a letter takes up to three marks, `'` or `!` (`N`, `N'`, `N'!`); 26 letters with marks name 390 kinds");
        }
    }
    match by_letter.get(p.letter.node.as_str()) {
        Some(first) => {
            d.report(
                Code::DuplicateLetter,
                p.letter.span.clone(),
                format!(
                    "letter `{}` is already used by {}",
                    p.letter.node, first.name.node
                ),
            )
            .label("used twice")
            .also(first.letter.span.clone(), "first used here")
            .help("each piece face needs its own SFEN letter");
        }
        None => {
            by_letter.insert(&p.letter.node, p);
        }
    }
}

/// The move components of a face, from its Betza string.
fn moves(d: &mut Diagnostics, p: &PieceDecl) -> Vec<MoveSpec> {
    let at = p.moves.span.start;
    let limit = crate::limits::MAX_BETZA_CHARS;
    if p.moves.node.chars().count() > limit {
        d.report(
            Code::BetzaTooLong,
            p.moves.span.clone(),
            format!("the Betza string of {} is longer than {limit} characters", p.name.node),
        )
        .label("too long")
        .help("every shogi piece's moves fit in a few letters; a long string usually repeats components");
        return Vec::new();
    }
    let b = match betza::parse(&p.moves.node) {
        Ok(b) => b,
        Err(e) => {
            let end = (at + e.span.end)
                .max(at + e.span.start + 1)
                .min(p.moves.span.end.max(at + 1));
            let diag = d.report(
                Code::Betza,
                at + e.span.start..end,
                format!("bad Betza string for {}: {}", p.name.node, e.message),
            );
            if let Some(hint) = e.hint {
                diag.help(hint);
            }
            return Vec::new();
        }
    };
    if b.components.iter().any(|c| c.initial) {
        d.report(
            Code::BetzaUnsupported,
            p.moves.span.clone(),
            "initial moves (`i`) are parsed but not yet supported by the rule VM",
        )
        .label("initial move")
        .help("no shogi-family piece needs them; remove the `i` component");
    }
    b.components
        .iter()
        .map(|c| MoveSpec {
            vectors: c.vectors().to_vec(),
            range: c.range,
            modality: c.modality,
            hop: c.hop,
            lame: c.lame,
            second_leg: c.second_leg.as_ref().map(|leg| SecondLeg {
                vectors: leg.vectors().to_vec(),
                modality: leg.modality,
                range: leg.range,
                third: leg.third.as_ref().map(|t| ThirdLeg {
                    steps: t.steps.clone(),
                    modality: t.modality,
                }),
            }),
        })
        .collect()
}

/// The kanji name of the declaration: one or two characters.
fn kanji(d: &mut Diagnostics, p: &PieceDecl, k: &Spanned<String>) -> Option<Kanji> {
    match Kanji::new(&k.node) {
        // A control character is reported as such (`control-character`), not as a length.
        _ if k.node.chars().any(koma_syntax::hidden::is_refused) => None,
        Some(kanji) if !kanji.chars().any(char::is_whitespace) => Some(kanji),
        _ => {
            d.report(
                Code::KanjiLength,
                k.span.clone(),
                format!(
                    "the kanji name of {} must be one or two characters, not `{}`",
                    p.name.node, k.node
                ),
            )
            .label("kanji name")
            .help(
                "write what a shogi board shows for this face: one character (`kanji \"歩\"`), or two for the large games' pieces (`kanji \"奔王\"`)",
            );
            None
        }
    }
}
