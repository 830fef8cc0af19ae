//! The piece table: one line per piece, its columns aligned: one space after the longest name, two after
//! the other columns.
//!
//! ```text
//! piece King    K   moves "K"    royal                kanji "玉" "王"
//! piece Rook    R   moves "R"    promotes to Dragon   kanji "飛"
//! piece Dragon  +R  moves "RF"                        kanji "龍"
//! ```

use koma_syntax::{OutlineStatement, Span};

use crate::tokens::words;

/// One piece line's columns.
#[derive(Debug, Clone)]
pub(crate) struct Row {
    name: String,
    letter: String,
    moves: String,
    /// `royal`, `promotes to …`, `flips to … [on …]`, in that order.
    rule: String,
    /// `kanji "…" ["…"]`.
    kanji: String,
}

/// The columns of a piece statement (its outline items: name, letter, moves string, attributes).
pub(crate) fn row(source: &str, statement: &OutlineStatement) -> Row {
    let text = |span: &Span| words(source, span.clone());
    let mut items = statement.items.iter();
    let mut next = || items.next().map(text).unwrap_or_default();
    let (name, letter, moves) = (next(), next(), next());
    let mut attributes: Vec<String> = statement.items.iter().skip(3).map(text).collect();
    attributes.sort_by_key(|a| match a.split(' ').next() {
        Some("royal") => 0,
        Some("promotes") => 1,
        Some("flips") => 2,
        _ => 3,
    });
    let (kanji, rule): (Vec<String>, Vec<String>) =
        attributes.into_iter().partition(|a| a.starts_with("kanji"));
    Row {
        name,
        letter,
        moves,
        rule: rule.join(" "),
        kanji: kanji.join(" "),
    }
}

/// The lines of a table of rows, aligned.
pub(crate) fn table(rows: &[&Row]) -> Vec<String> {
    let width = |f: fn(&Row) -> &str| rows.iter().map(|r| f(r).chars().count()).max().unwrap_or(0);
    let name = width(|r| &r.name);
    let letter = width(|r| &r.letter);
    let moves = width(|r| &r.moves);
    let rule = width(|r| &r.rule);
    rows.iter()
        .map(|r| {
            let mut line = String::from("piece ");
            pad(&mut line, &r.name, name, 1);
            pad(&mut line, &r.letter, letter, 2);
            line.push_str("moves ");
            pad(&mut line, &r.moves, moves, 2);
            pad(&mut line, &r.rule, rule, 2);
            line.push_str(&r.kanji);
            line.truncate(line.trim_end().len());
            line
        })
        .collect()
}

/// `text`, then spaces to `width` and `gap` more (nothing when the column is empty throughout).
fn pad(line: &mut String, text: &str, width: usize, gap: usize) {
    if width == 0 {
        return;
    }
    line.push_str(text);
    line.extend(std::iter::repeat_n(' ', width - text.chars().count() + gap));
}
