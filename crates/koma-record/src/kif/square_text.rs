//! Squares as KIF writes them: `７六` on boards of at most 9x9 (a full-width file, a kanji rank), `12十二` on
//! larger ones as lishogi writes chu shogi (a file in ASCII digits, the rank as a kanji number), and origins
//! `(77)` or ` （←12十二）`.

use koma_vm::{Rules, Square};

use crate::squares::{numbers, square};

/// The kanji digits one to nine.
const DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// Whether squares are written in the form of large boards (`12十二`, origins ` （←12十二）`).
pub(crate) fn large(rules: &Rules) -> bool {
    rules.files > 9 || rules.ranks > 9
}

/// `n` (1 to 99) as a kanji number: `六`, `十`, `十二`, `二十四`.
pub(crate) fn kanji_number(n: u8) -> String {
    let mut out = String::new();
    if n >= 20 {
        out.push(DIGITS[usize::from(n / 10) - 1]);
    }
    if n >= 10 {
        out.push('十');
    }
    if !n.is_multiple_of(10) {
        out.push(DIGITS[usize::from(n % 10) - 1]);
    }
    out
}

/// The number a kanji number at the start of `text` says, and the text after it.
fn read_kanji_number(text: &str) -> Option<(u8, &str)> {
    let mut value: u32 = 0;
    let mut digit: Option<u32> = None;
    let mut used = 0;
    for c in text.chars() {
        if let Some(d) = DIGITS.iter().position(|&k| k == c) {
            if digit.is_some() {
                break;
            }
            digit = Some(d as u32 + 1);
        } else if c == '十' && value == 0 {
            value = digit.take().unwrap_or(1) * 10;
        } else {
            break;
        }
        used += c.len_utf8();
    }
    let n = value + digit.unwrap_or(0);
    (used > 0 && n > 0 && n < 100).then(|| (n as u8, &text[used..]))
}

/// An ASCII or full-width digit's value.
fn digit(c: char) -> Option<u8> {
    match c {
        '0'..='9' => Some(c as u8 - b'0'),
        '０'..='９' => Some((c as u32 - 0xFF10) as u8),
        _ => None,
    }
}

/// The digits at the start of `text` and the text after them.
fn read_digits(text: &str) -> (Vec<u8>, &str) {
    let mut digits = Vec::new();
    let mut used = 0;
    for c in text.chars() {
        match digit(c) {
            Some(d) => digits.push(d),
            None => break,
        }
        used += c.len_utf8();
    }
    (digits, &text[used..])
}

/// The destination written for `sq`: `７六` on small boards, `12十二` on large ones.
pub(crate) fn destination(rules: &Rules, sq: Square) -> String {
    let (file, rank) = numbers(rules, sq);
    if large(rules) {
        format!("{file}{}", kanji_number(rank))
    } else {
        format!(
            "{}{}",
            char::from_u32(0xFF10 + u32::from(file)).unwrap_or('?'),
            kanji_number(rank)
        )
    }
}

/// The origin written after a piece: `(77)` on small boards, ` （←12十二）` on large ones.
pub(crate) fn origin(rules: &Rules, sq: Square) -> String {
    let (file, rank) = numbers(rules, sq);
    if large(rules) {
        format!(" （←{file}{}）", kanji_number(rank))
    } else {
        format!("({file}{rank})")
    }
}

/// A square at the start of `text` in any of KIF's forms (`７六`, `7六`, `12十二`), and the text after it.
pub(crate) fn read_square<'t>(rules: &Rules, text: &'t str) -> Option<(Square, &'t str)> {
    let (digits, rest) = read_digits(text);
    let file = match digits.as_slice() {
        [f] => *f,
        [a, b] => a * 10 + b,
        _ => return None,
    };
    let (rank, rest) = read_kanji_number(rest)?;
    Some((square(rules, file, rank)?, rest))
}

/// An origin in brackets at the start of `text`: `(77)` (file and rank as two digits), `(7六)`, `（←12十二）`.
pub(crate) fn read_origin(rules: &Rules, text: &str) -> Option<Square> {
    let inner = text
        .strip_prefix('(')
        .or_else(|| text.strip_prefix('（'))?
        .trim_start_matches('←')
        .trim_start();
    if let (digits, rest) = read_digits(inner)
        && let [file, rank] = digits.as_slice()
        && rest.starts_with([')', '）'])
    {
        return square(rules, *file, *rank);
    }
    let (sq, rest) = read_square(rules, inner)?;
    rest.starts_with([')', '）']).then_some(sq)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kanji_numbers_read_back() {
        for n in 1..100 {
            let text = kanji_number(n);
            assert_eq!(read_kanji_number(&text), Some((n, "")), "{n} {text}");
        }
        assert_eq!(kanji_number(12), "十二");
        assert_eq!(kanji_number(36), "三十六");
        assert_eq!(read_kanji_number("六歩"), Some((6, "歩")));
        assert_eq!(read_kanji_number("歩"), None);
    }
}
