//! Reading a move written in any notation, by writing every legal move and finding the one that matches.

use koma_vm::{Move, Position, Square};

use crate::Notation;

/// A text that names no legal move, or more than one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    /// What went wrong, in one line.
    pub message: String,
    /// The text names several moves (else none).
    pub ambiguous: bool,
}

impl std::fmt::Display for NotationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NotationError {}

/// The longest text read; a longer one is refused before any work.
const MAX_TEXT: usize = 64;

/// The legal move of `pos` that `text` writes in any notation that fits the game: USI (`2g2f`), Western
/// (`P-2f`), Japanese (`▲２六歩`, `同　歩` on `last_to`, the last move's square) or generic (`Pawn 2f`).
/// Side marks (`▲△☗☖`) and spaces are optional; Western letters may be in any case when that names one move.
/// Western and generic texts may leave out the origin square; a text that then names two moves is refused,
/// saying which. Moves that lead to the same position (a lion's pass by one empty square or another) are one move: the
/// first of them is read.
pub fn read(pos: &Position, text: &str, last_to: Option<Square>) -> Result<Move, NotationError> {
    let fail = |message: String| {
        Err(NotationError {
            message,
            ambiguous: false,
        })
    };
    if text.chars().count() > MAX_TEXT {
        return fail(format!("a move is at most {MAX_TEXT} characters"));
    }
    let wanted = normal(text);
    if wanted.is_empty() {
        return fail("no move given".into());
    }
    let legal = pos.legal_moves();
    let mut written: Vec<(String, Move)> = Vec::new();
    for notation in Notation::ALL {
        if notation.fits(pos.rules()).is_err() {
            continue;
        }
        for &mv in &legal {
            written.push((normal(&notation.write_among(pos, &legal, mv, last_to)), mv));
            if let Some(letters) = crate::western::letters_of(notation) {
                // Without the origin that tells two pieces apart, as a reader may write it.
                let bare = crate::western::write_telling(pos, &legal, mv, letters, false);
                written.push((normal(&bare), mv));
            }
            if notation == Notation::Japanese && last_to == Some(mv.to()) {
                // A move to the last move's square may also name the square.
                written.push((normal(&notation.write_among(pos, &legal, mv, None)), mv));
            }
        }
    }
    let exact = matches(&written, |w| *w == wanted);
    let mut found = if exact.is_empty() {
        matches(&written, |w| w.eq_ignore_ascii_case(&wanted))
    } else {
        exact
    };
    if found.len() > 1 && found.iter().all(|&m| after(pos, m) == after(pos, found[0])) {
        // Twins (a lion passing by one empty square or another): one move, whichever way it is said.
        found.truncate(1);
    }
    match found.as_slice() {
        [mv] => Ok(*mv),
        [] => fail(format!(
            "`{}` is not a legal move here",
            text.trim().chars().take(MAX_TEXT).collect::<String>()
        )),
        several => Err(NotationError {
            ambiguous: true,
            message: format!(
                "`{}` could be any of {}: say which with its USI text",
                text.trim(),
                several
                    .iter()
                    .map(|&m| pos.rules().move_name(m))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }),
    }
}

/// The key of the position `mv` leads to.
fn after(pos: &Position, mv: Move) -> u64 {
    let mut next = pos.clone();
    next.make(mv);
    next.key()
}

/// The distinct moves whose written text `accept` takes.
fn matches(written: &[(String, Move)], accept: impl Fn(&String) -> bool) -> Vec<Move> {
    let mut found: Vec<Move> = Vec::new();
    for (text, mv) in written {
        if accept(text) && !found.contains(mv) {
            found.push(*mv);
        }
    }
    found
}

/// A text as compared: without side marks and spaces (full-width too).
fn normal(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '▲' | '△' | '☗' | '☖'))
        .collect()
}
