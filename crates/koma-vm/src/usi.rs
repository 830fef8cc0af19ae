//! USI: square names and moves in the game's own coordinates.
//!
//! Squares are written shogi-style: the file number counted from the first player's right (`1` ..
//! `files`), then the rank letter counted from the second player's side (`a` .. `z`, then `aa` .. `aj` on boards
//! of more than 26 ranks). On mini shogi the
//! first player's king starts on `5e`. Moves are `5e4d`, `2e1a+` (promote) or `P*3c` (drop); a move in two
//! legs names its middle square between the two, `6f5e6d`, as lishogi writes a lion's move.

use crate::bitboard::BitSet;
use crate::explain::IllegalReason;
use crate::face::FaceId;
use crate::moves::Move;
use crate::piece_letter::PieceLetter;
use crate::player::Player;
use crate::pos::Pos;
use crate::rules::Rules;
use crate::span::Span;
use crate::square::{Square, rank_letters, read_rank_letters};

/// A USI move that cannot be read or is not legal here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UsiError {
    /// The text is not a USI move.
    #[error("`{text}` is not a move: {why}")]
    Syntax {
        /// The text given.
        text: String,
        /// What is wrong with it.
        why: String,
        /// The offending part.
        span: Span,
    },
    /// The move is well formed but not legal in this position.
    #[error("{text} is not legal here: {reason}")]
    Illegal {
        /// The text given.
        text: String,
        /// Why it is not legal.
        reason: IllegalReason,
    },
}

impl Rules {
    /// The USI text of a square: `5e`.
    pub fn square_name(&self, sq: Square) -> String {
        let (x, y) = self.coords(sq);
        format!("{}{}", self.files - x, rank_letters(self.ranks - 1 - y))
    }

    /// Reads a square name at the start of `text`; returns the square and the bytes used.
    pub fn parse_square(&self, text: &str) -> Option<(Square, usize)> {
        let digits = text.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let file: u8 = text[..digits].parse().ok()?;
        let (row, letters) = read_rank_letters(&text.as_bytes()[digits..], self.ranks)?;
        if !(1..=self.files).contains(&file) {
            return None;
        }
        let x = self.files - file;
        let y = self.ranks - 1 - row;
        Some((self.square(x, y)?, digits + letters))
    }

    /// The USI text of a move: `5e4d`, `2e1a+`, `P*3c`, and in two legs `6f5e6d`.
    pub fn move_name(&self, mv: Move) -> String {
        match mv.from() {
            Some(from) => format!(
                "{}{}{}{}",
                self.square_name(from),
                mv.mid().map(|m| self.square_name(m)).unwrap_or_default(),
                self.square_name(mv.to()),
                if mv.is_promotion() { "+" } else { "" }
            ),
            None => format!(
                "{}*{}",
                self.face_text(mv.face_after()),
                self.square_name(mv.to())
            ),
        }
    }
}

impl<B: BitSet> Pos<B> {
    /// Reads a USI move and checks that it is legal here.
    pub fn parse_usi(&self, text: &str) -> Result<Move, UsiError> {
        let candidate = self.read_usi(text)?;
        let legal = self.legal_moves();
        let same = |m: Move| match candidate.from() {
            // A board move is named by its squares and promotion; a flip on capture follows from them.
            Some(_) => {
                m.from() == candidate.from()
                    && m.mid() == candidate.mid()
                    && m.to() == candidate.to()
                    && m.is_promotion() == candidate.is_promotion()
            }
            None => m == candidate,
        };
        if let Some(&mv) = legal.iter().find(|&&m| same(m)) {
            return Ok(mv);
        }
        Err(UsiError::Illegal {
            text: text.to_string(),
            reason: self.why_illegal(candidate).unwrap_or(IllegalReason::Other),
        })
    }

    /// Reads a USI drop, `P*3c`, whose `*` is at byte `star`.
    fn read_drop(&self, text: &str, star: usize) -> Result<Move, UsiError> {
        let r = &self.rules;
        let syntax = |why: &str, span: Span| syntax_error(text, why, span);
        let written = &text[..star];
        let (promoted, c) = match written.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, written),
        };
        let Some((c, owner)) = PieceLetter::parse(c) else {
            return Err(syntax(
                "a drop starts with one piece letter, as in `P*3c` or `N'*3c`",
                0..star,
            ));
        };
        let id = match r.face_by_letter(c, promoted) {
            Some(id) if owner == Player::First => id,
            Some(_) => {
                let upper = text[..star].to_ascii_uppercase();
                return Err(syntax(
                    &format!(
                        "drops use the uppercase letter, whoever drops: did you mean `{upper}*{}`?",
                        &text[star + 1..]
                    ),
                    0..star,
                ));
            }
            None => {
                return Err(syntax(
                    "unknown piece letter (drops use uppercase letters)",
                    0..star,
                ));
            }
        };
        let rest = &text[star + 1..];
        let (to, used) = r
            .parse_square(rest)
            .ok_or_else(|| syntax("bad target square", star + 1..text.len()))?;
        if used != rest.len() {
            return Err(syntax(
                "unexpected text after the square",
                star + 1 + used..text.len(),
            ));
        }
        Ok(Move::drop(to, id))
    }

    /// Reads the shape of a USI move without checking legality.
    fn read_usi(&self, text: &str) -> Result<Move, UsiError> {
        let r = &self.rules;
        let syntax = |why: &str, span: Span| syntax_error(text, why, span);
        if let Some((at, c)) = text.char_indices().find(|(_, c)| !c.is_ascii_graphic()) {
            return Err(syntax("unexpected character", at..at + c.len_utf8()));
        }
        if text.is_empty() {
            return Err(syntax("empty move", 0..0));
        }
        if let Some(star) = text.find('*') {
            return self.read_drop(text, star);
        }
        let (from, a) = r
            .parse_square(text)
            .ok_or_else(|| syntax("bad origin square", 0..text.len().min(2)))?;
        let (mut to, mut b) = r
            .parse_square(&text[a..])
            .ok_or_else(|| syntax("bad target square", a..text.len()))?;
        // A third square: the second was the middle of a move in two legs.
        let mut mid = None;
        if let Some((last, c)) = r.parse_square(&text[a + b..]) {
            mid = Some(to);
            (to, b) = (last, b + c);
        }
        let tail = &text[a + b..];
        let promotes = match tail {
            "" => false,
            "+" => true,
            _ => return Err(syntax("only `+` may follow the squares", a + b..text.len())),
        };
        let face_after = match self.piece_at(from) {
            Some(p) if promotes => r.face(p.face).promotes_to.unwrap_or(p.face),
            Some(p) => p.face,
            None => FaceId::new(0),
        };
        Ok(match mid {
            Some(mid) if mid != to => Move::two_leg(from, mid, to, face_after, promotes),
            Some(_) => return Err(syntax("a second leg cannot end where it starts", a..a + b)),
            None => Move::board(from, to, face_after, promotes),
        })
    }
}

/// A USI text that is not a move: `why`, at `span`.
fn syntax_error(text: &str, why: &str, span: Span) -> UsiError {
    UsiError::Syntax {
        text: text.to_string(),
        why: why.to_string(),
        span,
    }
}
