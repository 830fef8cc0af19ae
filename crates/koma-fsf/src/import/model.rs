//! A section as Fairy-Stockfish builds it, key by key: its piece types by letter, promotions by type, and
//! its other keys; and what koma cannot say of it.

use std::collections::BTreeMap;

use super::resolve::Setting;

/// A key of the section that koma cannot say, or says otherwise, and the line that set it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Issue {
    /// The key.
    pub key: String,
    /// The line of the file that set it (`None`: a built-in parent set it).
    pub line: Option<usize>,
    /// What is wrong, in one sentence.
    pub message: String,
}

/// Fairy-Stockfish's built-in piece types a shogi-family section may use: key, koma's name, Betza.
pub(super) const BUILT_IN_PIECES: [(&str, &str, &str); 17] = [
    ("shogiPawn", "Pawn", "fW"),
    ("lance", "Lance", "fR"),
    ("shogiKnight", "Knight", "fN"),
    ("silver", "Silver", "FfW"),
    ("gold", "Gold", "WfF"),
    ("bishop", "Bishop", "B"),
    ("rook", "Rook", "R"),
    ("dragonHorse", "Horse", "BW"),
    ("bers", "Dragon", "RF"),
    ("king", "King", "K"),
    ("commoner", "Commoner", "K"),
    ("wazir", "Wazir", "W"),
    ("fers", "Fers", "F"),
    ("knight", "ChessKnight", "N"),
    ("queen", "Queen", "Q"),
    ("soldier", "Soldier", "fsW"),
    ("cannon", "Cannon", "mRcpR"),
];

/// Keys that only tell a graphical interface or Fairy-Stockfish's own evaluation how to show or weigh the
/// game: nothing in the rules.
pub(super) const NOT_RULES: [&str; 6] = [
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
    "nnueAlias",
];

/// A piece type of the section.
#[derive(Debug, Clone)]
pub(super) struct Type {
    /// `shogiPawn`, `customPiece3`, `king`.
    pub key: String,
    /// koma's name for it.
    pub name: String,
    /// Its Betza.
    pub betza: String,
    /// The line that defined it.
    pub line: Option<usize>,
}

/// The section's state, built key by key as Fairy-Stockfish builds a variant.
#[derive(Default)]
pub(super) struct Model {
    /// Piece types by letter.
    pub types: BTreeMap<char, Type>,
    /// Promotion by type key.
    pub promoted: BTreeMap<String, (String, Option<usize>)>,
    /// Other keys: value and line, the last one set.
    pub scalars: BTreeMap<String, (String, Option<usize>)>,
    pub issues: Vec<Issue>,
}

impl Model {
    pub fn issue(&mut self, key: &str, line: Option<usize>, message: impl Into<String>) {
        self.issues.push(Issue {
            key: key.into(),
            line,
            message: message.into(),
        });
    }

    pub fn scalar(&self, key: &str) -> Option<&str> {
        self.scalars.get(key).map(|(v, _)| v.as_str())
    }

    pub fn flag(&self, key: &str) -> bool {
        self.scalar(key) == Some("true")
    }

    pub fn line(&self, key: &str) -> Option<usize> {
        self.scalars.get(key).and_then(|(_, l)| *l)
    }

    pub fn letter_of(&self, key: &str) -> Option<char> {
        self.types
            .iter()
            .find(|(_, t)| t.key == key)
            .map(|(c, _)| *c)
    }

    /// A piece key (`gold = g`, `customPiece1 = a:pR`, `king = k:KN`, `shogiPawn = -`).
    pub fn piece(&mut self, s: &Setting) -> bool {
        let custom = s.key.starts_with("customPiece");
        let built_in = BUILT_IN_PIECES.iter().find(|(k, _, _)| *k == s.key);
        if !custom && built_in.is_none() {
            return false;
        }
        self.types.retain(|_, t| t.key != s.key);
        let mut chars = s.value.chars();
        let Some(c) = chars.next().filter(char::is_ascii_alphabetic) else {
            return true; // `-`: the type is removed
        };
        let c = c.to_ascii_lowercase();
        let betza = match (s.value.split_once(':'), built_in) {
            (Some((_, b)), _) => b.trim().to_string(),
            (None, Some((_, _, b))) => (*b).to_string(),
            (None, None) => {
                self.issue(
                    &s.key,
                    s.line,
                    "a custom piece needs its Betza after the letter (`a:pR`)",
                );
                return true;
            }
        };
        let name = match built_in {
            Some((_, n, _)) => (*n).to_string(),
            None => format!("Custom{}", c.to_ascii_uppercase()),
        };
        self.types.insert(
            c,
            Type {
                key: s.key.clone(),
                name,
                betza,
                line: s.line,
            },
        );
        true
    }

    /// `promotedPieceType = p:g s:g`: by type, as Fairy-Stockfish keeps it.
    pub fn promotions(&mut self, s: &Setting) {
        for pair in s.value.split_whitespace() {
            let found = pair.split_once(':').and_then(|(a, b)| {
                let from = self
                    .types
                    .get(&a.chars().next()?.to_ascii_lowercase())?
                    .key
                    .clone();
                if b == "-" {
                    return Some((from, None));
                }
                let to = self
                    .types
                    .get(&b.chars().next()?.to_ascii_lowercase())?
                    .key
                    .clone();
                Some((from, Some(to)))
            });
            match found {
                Some((from, Some(to))) => {
                    self.promoted.insert(from, (to, s.line));
                }
                Some((from, None)) => {
                    self.promoted.remove(&from);
                }
                None => self.issue(
                    &s.key,
                    s.line,
                    format!("`{pair}` does not name two piece letters of the section"),
                ),
            }
        }
    }
}
