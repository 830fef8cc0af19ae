//! SFEN: reading and writing positions, sized to the board.
//!
//! `BOARD SIDE HAND [CHECKS] [MOVE-NUMBER]`: ranks from the second player's side separated by `/`, each from
//! the highest file down to file 1, uppercase for the first player, `+` before a promoted face, digits for
//! empty squares; `b` or `w`; the hand (`-`, or e.g. `2Pp`); in a game with an `N checks` rule, the checks
//! each player still has to give (`3+3`, as Fairy-Stockfish writes it); an optional move number. A game
//! with a counter-strike lion rule keeps no hand, and its third field is the counter-strike square (`-` for
//! none), as lishogi writes chu shogi's.

use std::sync::Arc;

use crate::bitboard::BitSet;
use crate::face::FaceId;
use crate::piece_letter::{PieceLetter, is_mark};
use crate::player::Player;
use crate::pos::Pos;
use crate::rules::Rules;
use crate::span::Span;
use crate::square::Square;
use crate::tables::sets::Sets;
use crate::zobrist::HAND_MAX;

/// A malformed or impossible SFEN.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SfenError {
    /// What is wrong.
    pub message: String,
    /// Where in the SFEN text.
    pub span: Span,
    /// How to put it right, when this error knows better than a reminder of the SFEN syntax.
    pub help: Option<String>,
}

/// A piece on a square where no move or drop of these rules could have put it. When no move of the piece goes
/// forward, that is the likelier mistake, and the help says so.
fn cannot_stand(rules: &Rules, owner: Player, face: FaceId, sq: Square, span: Span) -> SfenError {
    let name = &rules.face(face).name;
    let why = if rules.dead_squares(owner, face).has(sq) {
        "could never move again"
    } else {
        "must have promoted on arriving"
    };
    let backward = rules
        .face(face)
        .moves
        .iter()
        .flat_map(|m| &m.vectors)
        .all(|&(_, dy)| dy <= 0);
    let help = if backward {
        format!(
            "no move of the {name} goes forward: in Betza, `f` is forward (toward the opponent) and `b` backward; \
             a lance is `fR`, a pawn `fW`"
        )
    } else {
        format!(
            "the square is the trouble, not the SFEN's spelling: no move or drop of these rules could put the \
             {name} there; put it on another square, or its promoted face there"
        )
    };
    SfenError {
        message: format!(
            "{name} on {} {why}, and no drop could put it there",
            rules.square_name(sq)
        ),
        span,
        help: Some(help),
    }
}

/// The bytes a piece's text takes at the start of `text` when it is not a piece of the game: a character,
/// and the marks after it.
fn token_len(text: &str) -> usize {
    let first = text.chars().next().map_or(0, char::len_utf8);
    first + text[first..].chars().take_while(|&c| is_mark(c)).count()
}

fn sfen_err<T>(span: Span, message: impl Into<String>) -> Result<T, SfenError> {
    Err(SfenError {
        message: message.into(),
        span,
        help: None,
    })
}

impl<B: BitSet> Pos<B> {
    /// Reads an SFEN such as `rbsgk/4p/5/P4/KGSBR b - 1` and checks that it is a position of these rules.
    /// The move number may be left out.
    pub(crate) fn from_sfen(
        rules: &Arc<Rules>,
        sets: &Arc<Sets<B>>,
        text: &str,
    ) -> Result<Pos<B>, SfenError> {
        if let Some((at, c)) = text.char_indices().find(|(_, c)| !c.is_ascii()) {
            return sfen_err(at..at + c.len_utf8(), format!("unexpected character `{c}`"));
        }
        let mut fields = fields(text);
        // The checks field, `3+3`, is told from a move number by its `+`.
        let checks = match fields.get(3) {
            Some(&(at, f)) if f.contains('+') => {
                fields.remove(3);
                Some((at, f))
            }
            _ => None,
        };
        let Some(&(board_at, board)) = fields.first() else {
            return sfen_err(
                0..text.len(),
                "empty SFEN: expected `BOARD SIDE HAND [MOVE-NUMBER]`",
            );
        };
        if fields.len() > 4 {
            return sfen_err(
                fields[4].0..text.len(),
                "too many fields: expected `BOARD SIDE HAND [MOVE-NUMBER]`",
            );
        }
        let mut pos = Pos::empty(rules.clone(), sets.clone());
        let mut count = pos.read_board(board, board_at)?;
        let Some(&(side_at, side)) = fields.get(1) else {
            return sfen_err(
                board_at..board_at + board.len(),
                "missing side to move: expected `b` or `w` after the board",
            );
        };
        pos.side = match side {
            "b" => Player::First,
            "w" => Player::Second,
            _ => {
                return sfen_err(
                    side_at..side_at + side.len(),
                    "the side to move must be `b` (first player) or `w`",
                );
            }
        };
        match fields.get(2) {
            Some(&(at, field)) if rules.lion_rules.counter_strike.is_some() => {
                pos.root_counter_strike = read_counter_strike(rules, field, at)?;
            }
            Some(&(hand_at, hand)) => pos.read_hand(hand, hand_at, &mut count)?,
            None => {}
        }
        if let Some((at, field)) = checks {
            pos.checks = read_checks(rules, field, at)?;
        }
        if let Some(&(n_at, n)) = fields.get(3) {
            pos.move_number = match n.parse() {
                Ok(n) if n >= 1 => n,
                _ => {
                    return sfen_err(
                        n_at..n_at + n.len(),
                        "the move number must be a whole number from 1",
                    );
                }
            };
        }
        pos.key = pos.compute_key();
        if !rules.royals_capturable && pos.royal_attacked(pos.side.opponent()) {
            return Err(pos.opponent_in_check(board, board_at));
        }
        Ok(pos)
    }

    /// The error for a position whose side not to move is in check: the king's square in the board field,
    /// and a piece that attacks it.
    fn opponent_in_check(&self, board: &str, board_at: usize) -> SfenError {
        let r = &*self.rules;
        let them = self.side.opponent();
        let occ = self.occupied();
        let king = self
            .royals(them)
            .into_iter()
            .find(|&k| self.attacked_with(k, self.side, occ, self.by_player[self.side.index()]));
        let attacker = king.and_then(|k| {
            self.occupied_by(self.side).find_map(|sq| {
                let p = self.piece_at(sq)?;
                let hits = self.attacks_of(sq, occ).has(k);
                hits.then(|| format!("the {} on {}", r.face(p.face).name, r.square_name(sq)))
            })
        });
        let (span, king_text) = match king {
            Some(k) => (
                board_span(r, board, board_at, k),
                format!(
                    "the {} on {}",
                    r.face(self.piece_at(k).expect("a royal").face).name,
                    r.square_name(k)
                ),
            ),
            None => (board_at..board_at + board.len(), "a king".to_string()),
        };
        let mover = match them {
            Player::First => "first",
            Player::Second => "second",
        };
        SfenError {
            message: format!(
                "{king_text} is attacked by {}, but the {mover} player is not to move: its king could be captured",
                attacker.unwrap_or_else(|| "a piece".to_string())
            ),
            span,
            help: Some(format!(
                "a position with check has the checked player to move: write `{}` as the side to move, or move the attacker",
                if them == Player::First { "b" } else { "w" }
            )),
        }
    }

    /// Reads the board field, which starts at byte `at` of the SFEN; returns the number of pieces.
    fn read_board(&mut self, board: &str, at: usize) -> Result<usize, SfenError> {
        let ranks = self.rules.ranks;
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != ranks as usize {
            return sfen_err(
                at..at + board.len(),
                format!(
                    "the board has {} rows, but this game has {ranks} ranks",
                    rows.len()
                ),
            );
        }
        let mut count = 0;
        let mut row_at = at;
        for (r, row) in rows.iter().enumerate() {
            count += self.read_row(row, row_at, r)?;
            row_at += row.len() + 1;
        }
        Ok(count)
    }

    /// Reads row `r` (0 = the second player's side) of the board field; returns the number of pieces.
    fn read_row(&mut self, row: &str, row_at: usize, r: usize) -> Result<usize, SfenError> {
        let rules = self.rules.clone();
        let (w, y) = (rules.files as u32, rules.ranks - 1 - r as u8);
        let (mut x, mut count, mut i) = (0u32, 0, 0);
        let bytes = row.as_bytes();
        while i < bytes.len() {
            let at = row_at + i;
            let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
            if digits > 0 {
                let n: u32 = row[i..i + digits].parse().unwrap_or(u32::MAX);
                if n == 0 {
                    return sfen_err(at..at + digits, "an empty-square count must be at least 1");
                }
                x = x.saturating_add(n);
                i += digits;
                continue;
            }
            let plus = usize::from(bytes[i] == b'+');
            if plus == 1 && i + 1 == bytes.len() {
                return sfen_err(at..at + 1, "`+` must be followed by a piece letter");
            }
            let read = PieceLetter::read(&row[i + plus..]);
            let face = read.and_then(|(letter, _, _)| rules.face_by_letter(letter, plus == 1));
            let (Some((_, owner, n)), Some(face)) = (read, face) else {
                let len = plus + token_len(&row[i + plus..]);
                let text = &row[i..i + len];
                return sfen_err(
                    at..at + len,
                    format!("`{text}` is not a piece of this game"),
                );
            };
            let len = plus + n;
            if x >= w {
                return sfen_err(
                    at..at + len,
                    format!("row {} is wider than {w} files", r + 1),
                );
            }
            let sq = rules.square(x as u8, y).expect("inside the board");
            if !rules.can_stand(owner, face, sq) {
                return Err(cannot_stand(&rules, owner, face, sq, at..at + len));
            }
            self.put(owner, face, sq);
            count += 1;
            x += 1;
            i += len;
        }
        if x != w {
            return sfen_err(
                row_at..row_at + row.len(),
                format!("row {} covers {x} files, but the board has {w}", r + 1),
            );
        }
        Ok(count)
    }

    /// Reads the hand field, which starts at byte `at`; `count` is the number of pieces so far.
    fn read_hand(&mut self, hand: &str, at: usize, count: &mut usize) -> Result<(), SfenError> {
        if hand == "-" {
            return Ok(());
        }
        let rules = self.rules.clone();
        let bytes = hand.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let start = i;
            let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
            let count_here: usize = if digits == 0 {
                1
            } else {
                hand[i..i + digits].parse().unwrap_or(usize::MAX)
            };
            i += digits;
            if i == bytes.len() {
                return sfen_err(
                    at + start..at + i,
                    "a count in the hand must be followed by a piece letter",
                );
            }
            let read = PieceLetter::read(&hand[i..]);
            let tile = read
                .and_then(|(letter, _, _)| rules.face_by_letter(letter, false))
                .filter(|id| rules.tiles.contains(id));
            let (Some((_, owner, n)), Some(tile)) = (read, tile) else {
                let end = i + token_len(&hand[i..]);
                let text = &hand[i..end];
                return sfen_err(
                    at + start..at + end,
                    format!("`{text}` cannot be held in hand in this game"),
                );
            };
            i += n;
            let span = at + start..at + i;
            if count_here == 0 {
                return sfen_err(span, "a hand count must be at least 1");
            }
            *count = count.saturating_add(count_here);
            if *count >= HAND_MAX {
                return sfen_err(
                    span,
                    format!("too many pieces: at most {} in a position", HAND_MAX - 1),
                );
            }
            let pf = self.rules.pf(owner, tile);
            self.hands[pf] += count_here as u8;
        }
        Ok(())
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
                        out.extend(r.face_text(p.face).chars().map(|c| p.owner.letter_case(c)));
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
        }
        out.push_str(match self.side {
            Player::First => " b ",
            Player::Second => " w ",
        });
        let mut hand = String::new();
        for player in Player::BOTH {
            for &tile in &r.tiles {
                let n = self.hand_count(player, tile);
                if n > 1 {
                    hand.push_str(&n.to_string());
                }
                if n > 0 {
                    hand.push_str(&r.face(tile).letter.text(player));
                }
            }
        }
        if r.lion_rules.counter_strike.is_some() {
            hand = self
                .counter_strike()
                .map_or("-".into(), |sq| r.square_name(sq));
        }
        out.push_str(if hand.is_empty() { "-" } else { &hand });
        out.push(' ');
        if let Some(goal) = r.check_goal() {
            let left = |p: Player| goal.saturating_sub(self.checks[p.index()] as u32);
            out.push_str(&format!(
                "{}+{} ",
                left(Player::First),
                left(Player::Second)
            ));
        }
        out.push_str(&self.move_number.to_string());
        out
    }
}

/// The third field of a game with a counter-strike lion rule, which keeps no hand: the counter-strike square
/// (`-` for none), as lishogi writes it for chu shogi.
fn read_counter_strike(rules: &Rules, field: &str, at: usize) -> Result<Option<Square>, SfenError> {
    if field == "-" {
        return Ok(None);
    }
    match rules.parse_square(field) {
        Some((sq, used)) if used == field.len() => Ok(Some(sq)),
        _ => sfen_err(
            at..at + field.len(),
            "this game keeps no hand: its third field is the counter-strike square of the lion rules, such as `7g`, or `-`",
        ),
    }
}

/// The checks field `A+B`: how many checks the first and the second player still have to give under the
/// game's `N checks` rule (Fairy-Stockfish's reading), made into checks given.
fn read_checks(rules: &Rules, field: &str, at: usize) -> Result<[u8; 2], SfenError> {
    let whole = at..at + field.len();
    let Some(goal) = rules.check_goal() else {
        return sfen_err(
            whole,
            "this game counts no checks, so its SFEN has no checks field (`A+B`)",
        );
    };
    let (a, b) = field.split_once('+').unwrap_or((field, ""));
    let left = |text: &str| match text.parse::<u32>() {
        Ok(n) if n <= goal => Some((goal - n) as u8),
        _ => None,
    };
    match (left(a), left(b)) {
        (Some(first), Some(second)) => Ok([first, second]),
        _ => Err(SfenError {
            message: format!(
                "the checks field must be `A+B`: the checks each player still has to give, from 0 to {goal}"
            ),
            span: whole,
            help: Some(format!(
                "the game's `{goal} check{}` rule starts at `{goal}+{goal}`",
                if goal == 1 { "" } else { "s" }
            )),
        }),
    }
}

/// The space-separated fields of an SFEN, with the byte where each starts.
fn fields(text: &str) -> Vec<(usize, &str)> {
    text.split(' ')
        .scan(0usize, |at, f| {
            let start = *at;
            *at += f.len() + 1;
            Some((start, f))
        })
        .filter(|(_, f)| !f.is_empty())
        .collect()
}

/// The bytes of the board field (which starts at `at`) that stand for square `sq`.
fn board_span(rules: &Rules, board: &str, at: usize, sq: Square) -> Span {
    let (x, y) = rules.coords(sq);
    let row = rules.ranks - 1 - y;
    let mut offset = at;
    for (r, text) in board.split('/').enumerate() {
        if r == row as usize {
            let mut file = 0u32;
            let bytes = text.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                let start = i;
                if bytes[i].is_ascii_digit() {
                    let digits = bytes[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                    file += text[i..i + digits].parse::<u32>().unwrap_or(1);
                    i += digits;
                    continue;
                }
                i += if bytes[i] == b'+' { 2 } else { 1 };
                if file == u32::from(x) {
                    return offset + start..offset + i.min(bytes.len());
                }
                file += 1;
            }
        }
        offset += text.len() + 1;
    }
    at..at + board.len()
}
