//! Japanese notation: `▲２六歩`, `△同銀成`, `▲５八金右`, with the words the Japan Shogi Association's
//! notation uses to tell a piece from another of the same kanji that could go to the same square.

use koma_vm::{Move, Player, Position, Rules, Square};

use crate::aim::{declines, rivals};

/// The text of `mv`, a legal move of `pos` (whose pieces all have kanji); `last_to` is the last move's square.
pub(crate) fn write(pos: &Position, legal: &[Move], mv: Move, last_to: Option<Square>) -> String {
    let rules = pos.rules();
    let side = pos.side_to_move();
    let mark = match side {
        Player::First => '▲',
        Player::Second => '△',
    };
    let to = mv.to();
    let face = match mv.from().and_then(|f| pos.piece_at(f)) {
        Some(piece) => piece.face,
        None => mv.face_after(),
    };
    let own = rules.face(face).kanji;
    let kanji = own.map_or_else(|| "?".to_string(), |k| k.to_string());
    let same = |f| rules.face(f).kanji == own;
    let others = rivals(pos, legal, mv.from(), to, same);
    let Some(from) = mv.from() else {
        let drop = if others.is_empty() { "" } else { "打" };
        return format!("{mark}{}{kanji}{drop}", square(rules, to));
    };
    let words = if others.is_empty() {
        String::new()
    } else {
        tell_apart(pos, side, from, to, &others)
    };
    let promotion = if mv.is_promotion() {
        "成"
    } else if declines(legal, mv) {
        "不成"
    } else {
        ""
    };
    match mv.mid() {
        Some(mid) if to == from && pos.piece_at(mid).is_some() => {
            format!("{mark}{}{kanji}{words}居喰い", square(rules, mid))
        }
        Some(_) if to == from => format!("{mark}{kanji}{words}じっと"),
        Some(mid) => format!(
            "{mark}{}・{}{kanji}{words}{promotion}",
            square(rules, mid),
            square(rules, to)
        ),
        None if last_to == Some(to) => format!("{mark}同　{kanji}{words}{promotion}"),
        None => format!("{mark}{}{kanji}{words}{promotion}", square(rules, to)),
    }
}

/// A square as Japanese notation writes it: the file in full-width digits, the rank in kanji (`２六`).
pub(crate) fn square(rules: &Rules, sq: Square) -> String {
    let (x, y) = rules.coords(sq);
    let file = (rules.files - x).to_string();
    let rank = rules.ranks - y;
    file.chars()
        .map(|c| char::from_u32(c as u32 - '0' as u32 + 0xFF10).unwrap_or(c))
        .chain(kanji_number(rank).chars())
        .collect()
}

/// A number from 1 to 99 in kanji: `六`, `十`, `十二`, `二十三`.
pub(crate) fn kanji_number(n: u8) -> String {
    const DIGITS: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
    let (tens, ones) = (n / 10, n % 10);
    let mut out = String::new();
    if tens > 1 {
        out.push(DIGITS[usize::from(tens)]);
    }
    if tens > 0 {
        out.push('十');
    }
    if ones > 0 || tens == 0 {
        out.push(DIGITS[usize::from(ones)]);
    }
    out
}

/// Where a square is for `side`: how far forward (toward the other side) and how far to the right.
fn seen_by(rules: &Rules, side: Player, sq: Square) -> (i32, i32) {
    let (x, y) = rules.coords(sq);
    let (x, y) = (i32::from(x), i32::from(y));
    match side {
        Player::First => (y, x),
        Player::Second => (-y, -x),
    }
}

/// The words that tell the piece on `from` from the `others` that could also go to `to`: `直` for a stepping
/// piece going straight forward past another on its rank; else the way it goes (`上` forward, `引` back, `寄`
/// sideways) when no other would go that way; else the side it stands on among them (`右`, `左`, `中` between
/// two), with the way it goes when that is not enough.
fn tell_apart(pos: &Position, side: Player, from: Square, to: Square, others: &[Square]) -> String {
    let rules = pos.rules();
    let at = |sq| seen_by(rules, side, sq);
    let (ahead, _) = at(to);
    let way = |sq| match at(sq).0.cmp(&ahead) {
        std::cmp::Ordering::Less => "上",
        std::cmp::Ordering::Greater => "引",
        std::cmp::Ordering::Equal => "寄",
    };
    let (row, column) = at(from);
    let stepper = pos
        .piece_at(from)
        .is_some_and(|p| rules.face(p.face).moves.iter().all(|m| m.range == 1));
    if stepper && column == at(to).1 && row < ahead && others.iter().any(|&o| at(o).0 == row) {
        return "直".into();
    }
    let mine = way(from);
    if others.iter().all(|&o| way(o) != mine) {
        return mine.into();
    }
    let columns: Vec<i32> = others.iter().map(|&o| at(o).1).collect();
    let most_right = columns.iter().copied().max().unwrap_or(column);
    let most_left = columns.iter().copied().min().unwrap_or(column);
    let side_word = |right: bool, left: bool| match (right, left) {
        (true, false) => "右",
        (false, true) => "左",
        _ => "中",
    };
    if most_right < column
        || most_left > column
        || (others.len() == 2 && most_right > column && most_left < column)
    {
        return side_word(most_right < column, most_left > column).into();
    }
    format!(
        "{}{mine}",
        side_word(most_right <= column, most_left >= column)
    )
}
