//! SFEN positions and USI moves, sized to the board.
//!
//! Squares are written shogi-style: the file number counted from the first player's right (`1` ..
//! `files`), then the rank letter counted from the second player's side (`a` ..). On mini shogi the
//! first player's king starts on `5e`.

use std::ops::Range;
use std::sync::Arc;

use crate::bitboard::Square;
use crate::position::{Move, Position};
use crate::rules::{Rules, Side, HAND_MAX};

/// A malformed or impossible SFEN.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SfenError {
    /// What is wrong.
    pub message: String,
    /// Where in the SFEN text.
    pub span: Range<usize>,
}

fn sfen_err<T>(span: Range<usize>, message: impl Into<String>) -> Result<T, SfenError> {
    Err(SfenError {
        message: message.into(),
        span,
    })
}

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
        span: Range<usize>,
    },
    /// The move is well formed but not legal in this position.
    #[error("{text} is not legal here: {reason}")]
    Illegal {
        /// The text given.
        text: String,
        /// Why it is not legal.
        reason: crate::explain::IllegalReason,
    },
}

impl Rules {
    /// The USI text of a square: `5e`.
    pub fn square_name(&self, sq: Square) -> String {
        let (x, y) = self.coords(sq);
        format!(
            "{}{}",
            self.files - x,
            (b'a' + (self.ranks - 1 - y)) as char
        )
    }

    /// Reads a square name at the start of `text`; returns the square and the bytes used.
    pub fn parse_square(&self, text: &str) -> Option<(Square, usize)> {
        let digits = text.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let file: u8 = text[..digits].parse().ok()?;
        let rank = *text.as_bytes().get(digits)?;
        if !(1..=self.files).contains(&file)
            || !rank.is_ascii_lowercase()
            || rank - b'a' >= self.ranks
        {
            return None;
        }
        let x = self.files - file;
        let y = self.ranks - 1 - (rank - b'a');
        Some((self.square(x, y)?, digits + 1))
    }

    /// The USI text of a move: `5e4d`, `2e1a+`, `P*3c`.
    pub fn move_name(&self, mv: Move) -> String {
        match mv.from() {
            Some(from) => format!(
                "{}{}{}",
                self.square_name(from),
                self.square_name(mv.to()),
                if mv.is_promotion() { "+" } else { "" }
            ),
            None => format!(
                "{}*{}",
                self.piece_text(mv.piece()),
                self.square_name(mv.to())
            ),
        }
    }
}

impl Position {
    /// Reads an SFEN such as `rbsgk/4p/5/P4/KGSBR b - 1` and checks that it is a position of these rules.
    /// The move number may be left out.
    pub fn from_sfen(rules: &Arc<Rules>, text: &str) -> Result<Position, SfenError> {
        if let Some((at, c)) = text.char_indices().find(|(_, c)| !c.is_ascii()) {
            return sfen_err(at..at + c.len_utf8(), format!("unexpected character `{c}`"));
        }
        let mut pos = Position::empty(rules.clone());
        let fields: Vec<(usize, &str)> = text
            .split(' ')
            .scan(0usize, |at, f| {
                let start = *at;
                *at += f.len() + 1;
                Some((start, f))
            })
            .filter(|(_, f)| !f.is_empty())
            .collect();
        let whole = 0..text.len();
        let Some(&(board_at, board)) = fields.first() else {
            return sfen_err(
                whole,
                "empty SFEN: expected `BOARD SIDE HAND [MOVE-NUMBER]`",
            );
        };
        if fields.len() > 4 {
            return sfen_err(
                fields[4].0..text.len(),
                "too many fields: expected `BOARD SIDE HAND [MOVE-NUMBER]`",
            );
        }
        let (w, h) = (rules.files, rules.ranks);
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != h as usize {
            return sfen_err(
                board_at..board_at + board.len(),
                format!(
                    "the board has {} rows, but this game has {h} ranks",
                    rows.len()
                ),
            );
        }
        let mut total_pieces = 0usize;
        let mut row_at = board_at;
        for (r, row) in rows.iter().enumerate() {
            let y = h - 1 - r as u8;
            let mut x: u32 = 0;
            let bytes = row.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                let c = bytes[i] as char;
                let at = row_at + i;
                if c.is_ascii_digit() {
                    let n_len = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                    let n: u32 = row[i..i + n_len].parse().unwrap_or(u32::MAX);
                    if n == 0 {
                        return sfen_err(
                            at..at + n_len,
                            "an empty-square count must be at least 1",
                        );
                    }
                    x = x.saturating_add(n);
                    i += n_len;
                    continue;
                }
                let promoted = c == '+';
                let (letter, len) = if promoted {
                    match bytes.get(i + 1) {
                        Some(&b) => (b as char, 2),
                        None => {
                            return sfen_err(at..at + 1, "`+` must be followed by a piece letter")
                        }
                    }
                } else {
                    (c, 1)
                };
                let Some(id) = rules.piece_by_letter(letter, promoted) else {
                    return sfen_err(
                        at..at + len,
                        format!("`{}` is not a piece of this game", &row[i..i + len]),
                    );
                };
                if x >= w as u32 {
                    return sfen_err(
                        at..at + len,
                        format!("row {} is wider than {w} files", r + 1),
                    );
                }
                let side = if letter.is_ascii_uppercase() {
                    Side::First
                } else {
                    Side::Second
                };
                let sq = rules.square(x as u8, y).expect("inside the board");
                if rules.forced[rules.sp(side, id)].has(sq) {
                    return sfen_err(
                        at..at + len,
                        format!(
                            "{} on {} could never move again",
                            rules.pieces[id as usize].name,
                            rules.square_name(sq)
                        ),
                    );
                }
                pos.put(side, id, sq);
                total_pieces += 1;
                x += 1;
                i += len;
            }
            if x != w as u32 {
                return sfen_err(
                    row_at..row_at + row.len(),
                    format!("row {} covers {x} files, but the board has {w}", r + 1),
                );
            }
            row_at += row.len() + 1;
        }

        let Some(&(side_at, side)) = fields.get(1) else {
            return sfen_err(
                board_at..board_at + board.len(),
                "missing side to move: expected `b` or `w` after the board",
            );
        };
        pos.side = match side {
            "b" => Side::First,
            "w" => Side::Second,
            _ => {
                return sfen_err(
                    side_at..side_at + side.len(),
                    "the side to move must be `b` (first player) or `w`",
                )
            }
        };
        if pos.side == Side::Second {
            pos.key ^= rules.zobrist_side;
        }

        if let Some(&(hand_at, hand)) = fields.get(2) {
            if hand != "-" {
                let bytes = hand.as_bytes();
                let mut i = 0;
                while i < bytes.len() {
                    let start = i;
                    let n_len = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                    let count: usize = if n_len == 0 {
                        1
                    } else {
                        hand[i..i + n_len].parse().unwrap_or(usize::MAX)
                    };
                    i += n_len;
                    let Some(&b) = bytes.get(i) else {
                        return sfen_err(
                            hand_at + start..hand_at + i,
                            "a count in the hand must be followed by a piece letter",
                        );
                    };
                    let letter = b as char;
                    i += 1;
                    let span = hand_at + start..hand_at + i;
                    let id = rules.piece_by_letter(letter, false);
                    let Some(id) = id.filter(|id| rules.hand_pieces.contains(id)) else {
                        return sfen_err(
                            span,
                            format!("`{letter}` cannot be held in hand in this game"),
                        );
                    };
                    if count == 0 {
                        return sfen_err(span, "a hand count must be at least 1");
                    }
                    total_pieces = total_pieces.saturating_add(count);
                    if total_pieces >= HAND_MAX {
                        return sfen_err(
                            span,
                            format!("too many pieces: at most {} in a position", HAND_MAX - 1),
                        );
                    }
                    let side = if letter.is_ascii_uppercase() {
                        Side::First
                    } else {
                        Side::Second
                    };
                    for _ in 0..count {
                        pos.add_to_hand(side, id, 1);
                    }
                }
            }
        }
        if let Some(&(n_at, n)) = fields.get(3) {
            pos.move_number = match n.parse() {
                Ok(n) if n >= 1 => n,
                _ => {
                    return sfen_err(
                        n_at..n_at + n.len(),
                        "the move number must be a whole number from 1",
                    )
                }
            };
        }
        if !rules.royals_capturable && pos.royal_attacked(pos.side.flip()) {
            return sfen_err(
                whole,
                "the side that is not to move is in check: its king could be captured",
            );
        }
        Ok(pos)
    }

    /// The position as SFEN.
    pub fn to_sfen(&self) -> String {
        let r = &self.rules;
        let mut out = String::new();
        for row in 0..r.ranks {
            if row > 0 {
                out.push('/');
            }
            let y = r.ranks - 1 - row;
            let mut empty = 0;
            for x in 0..r.files {
                match self.piece_at(r.square(x, y).expect("on board")) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let text = r.piece_text(p.id);
                        out.push_str(&if p.side == Side::First {
                            text
                        } else {
                            text.to_ascii_lowercase()
                        });
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
        }
        out.push_str(if self.side == Side::First {
            " b "
        } else {
            " w "
        });
        let mut hand = String::new();
        for side in Side::BOTH {
            for &id in &r.hand_pieces {
                let n = self.hand_count(side, id);
                if n > 1 {
                    hand.push_str(&n.to_string());
                }
                if n > 0 {
                    let c = r.pieces[id as usize].letter;
                    hand.push(if side == Side::First {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    });
                }
            }
        }
        out.push_str(if hand.is_empty() { "-" } else { &hand });
        out.push(' ');
        out.push_str(&self.move_number.to_string());
        out
    }

    /// Reads a USI move and checks that it is legal here.
    pub fn parse_usi(&self, text: &str) -> Result<Move, UsiError> {
        let candidate = self.read_usi(text)?;
        let legal = self.legal_moves();
        let same = |m: Move| match candidate.from() {
            // A board move is named by its squares and promotion; a flip on capture follows from them.
            Some(_) => {
                m.from() == candidate.from()
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
            reason: self
                .why_illegal(candidate)
                .unwrap_or(crate::explain::IllegalReason::Other),
        })
    }

    /// Reads the shape of a USI move without checking legality.
    fn read_usi(&self, text: &str) -> Result<Move, UsiError> {
        let r = &self.rules;
        let syntax = |why: &str, span: Range<usize>| UsiError::Syntax {
            text: text.to_string(),
            why: why.to_string(),
            span,
        };
        if let Some((at, c)) = text.char_indices().find(|(_, c)| !c.is_ascii_graphic()) {
            return Err(syntax("unexpected character", at..at + c.len_utf8()));
        }
        if text.is_empty() {
            return Err(syntax("empty move", 0..0));
        }
        if let Some(star) = text.find('*') {
            let letter = &text[..star];
            let (promoted, l) = match letter.strip_prefix('+') {
                Some(rest) => (true, rest),
                None => (false, letter),
            };
            let mut chars = l.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(syntax(
                    "a drop starts with one piece letter, as in `P*3c`",
                    0..star,
                ));
            };
            let id = r
                .piece_by_letter(c, promoted)
                .filter(|_| c.is_ascii_uppercase())
                .ok_or_else(|| {
                    syntax(
                        "unknown piece letter (drops use uppercase letters)",
                        0..star,
                    )
                })?;
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
            return Ok(Move::drop(id, to));
        }
        let (from, a) = r
            .parse_square(text)
            .ok_or_else(|| syntax("bad origin square", 0..text.len().min(2)))?;
        let (to, b) = r
            .parse_square(&text[a..])
            .ok_or_else(|| syntax("bad target square", a..text.len()))?;
        let tail = &text[a + b..];
        let promotes = match tail {
            "" => false,
            "+" => true,
            _ => return Err(syntax("only `+` may follow the squares", a + b..text.len())),
        };
        let piece = match self.piece_at(from) {
            Some(p) => {
                if promotes {
                    r.pieces[p.id as usize].promotes_to.unwrap_or(p.id)
                } else {
                    p.id
                }
            }
            None => 0,
        };
        Ok(Move::board(from, to, piece, promotes))
    }

    /// A text picture of the board, ranks top to bottom from the second player's side.
    pub fn diagram(&self) -> String {
        let r = &self.rules;
        let cell = 3;
        let mut out = String::from(" ");
        for f in (1..=r.files).rev() {
            out.push_str(&format!("{f:>cell$}"));
        }
        out.push('\n');
        for row in 0..r.ranks {
            let y = r.ranks - 1 - row;
            out.push(' ');
            for x in 0..r.files {
                let s = match self.piece_at(r.square(x, y).expect("on board")) {
                    None => ".".to_string(),
                    Some(p) => {
                        let t = r.piece_text(p.id);
                        if p.side == Side::First {
                            t
                        } else {
                            t.to_ascii_lowercase()
                        }
                    }
                };
                out.push_str(&format!("{s:>cell$}"));
            }
            out.push_str(&format!("  {}\n", (b'a' + row) as char));
        }
        for side in [Side::Second, Side::First] {
            let held: Vec<String> = r
                .hand_pieces
                .iter()
                .filter(|&&id| self.hand_count(side, id) > 0)
                .map(|&id| {
                    format!(
                        "{}{}",
                        r.pieces[id as usize].letter,
                        match self.hand_count(side, id) {
                            1 => String::new(),
                            n => format!("x{n}"),
                        }
                    )
                })
                .collect();
            let who = if side == Side::First {
                "first "
            } else {
                "second"
            };
            out.push_str(&format!(
                " hand {who}: {}\n",
                if held.is_empty() {
                    "-".into()
                } else {
                    held.join(" ")
                }
            ));
        }
        out.push_str(&format!(
            " {} to move",
            if self.side == Side::First {
                "first player"
            } else {
                "second player"
            }
        ));
        out
    }
}
