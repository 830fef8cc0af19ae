//! The board with coordinates on every side, both hands (or stocks), and the side to move.

use koma_vm::{Bitboard, FaceId, Kanji, Move, Player, Position, Rules, spec::Captures};

use crate::paint::{Paint, Style, pad_left};

/// What to point out on the board.
#[derive(Debug, Clone, Copy, Default)]
pub struct Marks {
    /// The move that led here: its squares are highlighted.
    pub last_move: Option<Move>,
}

/// How many columns a cell takes: three for letters (` +P`, more where letters carry marks), four for kanji
/// (` v歩`, six where a name has two: ` v奔王`).
fn cell_width(r: &Rules, style: &Style) -> usize {
    let letters = 1 + r.face_text_width();
    let names = r
        .faces
        .iter()
        .flat_map(|f| [f.kanji, f.kanji_second])
        .flatten();
    let kanji = 2 + 2 * names.map(Kanji::len).max().unwrap_or(1);
    if style.kanji {
        letters.max(kanji)
    } else {
        letters
    }
}

/// The position drawn from the first player's side: files along the top and bottom, ranks on both sides,
/// the second player's hand above and the first player's below, then who is to move.
pub fn board(pos: &Position, style: &Style, marks: &Marks) -> String {
    let r = pos.rules();
    let checked = if pos.in_check() {
        royal_squares(pos)
    } else {
        Bitboard::EMPTY
    };
    // Ranks past `z` take two letters (`aa`): the rank column is then two wide.
    let width = if r.ranks > 26 { 2 } else { 1 };
    let files_line = {
        let mut line = " ".repeat(2 + width);
        for f in (1..=r.files).rev() {
            line.push_str(&pad_left(&f.to_string(), cell_width(r, style)));
        }
        style.paint(Paint::Dim, &line)
    };
    let mut out = Vec::new();
    out.push(hand_line(pos, Player::Second, style));
    out.push(files_line.clone());
    for row in 0..r.ranks {
        let rank = koma_vm::rank_letters(row);
        let y = r.ranks - 1 - row;
        let mut line = style.paint(Paint::Dim, &format!(" {rank:>width$} "));
        for x in 0..r.files {
            let sq = r.square(x, y).expect("on the board");
            let text = pad_left(&cell(pos, sq, style), cell_width(r, style));
            let painted = if checked.has(sq) {
                style.paint(Paint::Check, &text)
            } else if marks
                .last_move
                .is_some_and(|m| m.to() == sq || m.from() == Some(sq))
            {
                style.paint(Paint::LastMove, &text)
            } else {
                match pos.piece_at(sq) {
                    Some(p) if p.owner == Player::First => style.paint(Paint::First, &text),
                    Some(_) => style.paint(Paint::Second, &text),
                    None => text,
                }
            };
            line.push_str(&painted);
        }
        line.push_str(&style.paint(Paint::Dim, &format!("  {rank}")));
        out.push(line);
    }
    out.push(files_line);
    out.push(hand_line(pos, Player::First, style));
    out.join("\n")
}

/// The text of one square: `.` or the piece, the second player's in lowercase (letters) or marked `v` (kanji).
fn cell(pos: &Position, sq: koma_vm::Square, style: &Style) -> String {
    let r = pos.rules();
    match pos.piece_at(sq) {
        None if style.kanji => "・".to_string(),
        None => ".".to_string(),
        Some(p) => match (style.kanji, r.face(p.face).kanji_of(p.owner)) {
            (true, Some(k)) if p.owner == Player::Second => format!("v{k}"),
            (true, Some(k)) => k.to_string(),
            _ => {
                let text = r.face_text(p.face);
                text.chars().map(|c| p.owner.letter_case(c)).collect()
            }
        },
    }
}

/// The squares of the side to move's royal pieces.
fn royal_squares(pos: &Position) -> Bitboard {
    let r = pos.rules();
    let us = pos.side_to_move();
    FaceId::all(r.faces.len())
        .filter(|&f| r.face(f).royal)
        .fold(Bitboard::EMPTY, |b, f| b | pos.pieces(us, f))
}

/// `second player  hand: p×2 g` (or `stock:` when captures leave the game).
fn hand_line(pos: &Position, player: Player, style: &Style) -> String {
    let r = pos.rules();
    let who = match player {
        Player::First => "first player ",
        Player::Second => "second player",
    };
    let to_move = if pos.side_to_move() == player {
        "  (to move)"
    } else {
        ""
    };
    // A game with the counter-strike rule holds nothing in hand: its SFEN has the square there instead.
    if r.lion_rules.counter_strike.is_some() {
        return match (player, pos.counter_strike()) {
            (p, Some(sq)) if p == pos.side_to_move() => format!(
                "{who}{to_move}   counter-strike on {}: only a lion may take a lion elsewhere",
                r.square_name(sq)
            ),
            _ => format!("{who}{to_move}").trim_end().to_string(),
        };
    }
    let held: Vec<String> = r
        .tiles
        .iter()
        .filter(|&&t| pos.hand_count(player, t) > 0)
        .map(|&t| {
            let name = face_name(r, t, player, style);
            match pos.hand_count(player, t) {
                1 => name,
                n => format!("{name}×{n}"),
            }
        })
        .collect();
    let what = match r.captures {
        Captures::GoToHand => "hand",
        Captures::LeaveTheGame => "stock",
    };
    let held = if held.is_empty() {
        "-".to_string()
    } else {
        held.join(" ")
    };
    format!("{who}  {what}: {held}{to_move}")
}

/// A face as the style draws it in `owner`'s hand: its kanji, or its SFEN letter in the owner's case (as on
/// the board and in the SFEN: lower case for the second player).
fn face_name(r: &Rules, face: FaceId, owner: Player, style: &Style) -> String {
    match (style.kanji, r.face(face).kanji_of(owner), owner) {
        (true, Some(k), _) => k.to_string(),
        (_, _, Player::First) => r.face_text(face),
        (_, _, Player::Second) => r.face_text(face).to_lowercase(),
    }
}
