//! The section's `startFen` as koma's SFEN, and the pieces it holds.

use std::collections::BTreeSet;

use super::model::Model;

/// The start position.
pub(super) struct Start {
    /// koma's SFEN of it.
    pub sfen: String,
    /// The letters (lower case) of the pieces on the board, unpromoted, and in hand.
    pub letters: BTreeSet<char>,
    /// The checks each player has still to give (`3+3`), when the FEN counts them.
    pub checks: Option<(u32, u32)>,
    /// Whether a hand holds pieces at the start.
    pub hands: bool,
}

/// Reads the start FEN; a piece it does not know or a row of the wrong length is an issue.
pub(super) fn read(m: &mut Model, files: u8, ranks: u8) -> Option<Start> {
    let line = m.line("startFen");
    let Some(fen) = m.scalar("startFen").map(str::to_string) else {
        m.issue("startFen", None, "the section has no startFen");
        return None;
    };
    let fail = |m: &mut Model, why: String| {
        m.issue("startFen", line, why);
        None
    };
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let Some(&first) = fields.first() else {
        return fail(m, "an empty startFen".into());
    };
    let (board, hand) = match first.split_once('[') {
        Some((b, h)) => (b, Some(h.trim_end_matches(']'))),
        None => (first, None),
    };
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != usize::from(ranks) {
        return fail(
            m,
            format!("startFen has {} rows for {ranks} ranks", rows.len()),
        );
    }
    let mut letters = match board_letters(m, &rows, files) {
        Ok(l) => l,
        Err(why) => return fail(m, why),
    };
    let mut counts: Vec<(char, u32)> = Vec::new();
    for c in hand.unwrap_or("").chars().filter(|&c| c != '-') {
        if !m.types.contains_key(&c.to_ascii_lowercase()) {
            return fail(
                m,
                format!("startFen's hand holds `{c}`, which no piece of the section is"),
            );
        }
        letters.insert(c.to_ascii_lowercase());
        match counts.iter_mut().find(|(l, _)| *l == c) {
            Some((_, n)) => *n += 1,
            None => counts.push((c, 1)),
        }
    }
    counts.sort_by_key(|&(c, _)| (c.is_ascii_lowercase(), c.to_ascii_lowercase()));
    let hand_text: String = counts
        .iter()
        .map(|&(c, n)| {
            if n > 1 {
                format!("{n}{c}")
            } else {
                c.to_string()
            }
        })
        .collect();
    let side = match fields.get(1) {
        Some(&"b") => "w",
        _ => "b",
    };
    let checks = fields.iter().find_map(|f| {
        let (a, b) = f.split_once('+')?;
        Some((a.parse().ok()?, b.parse().ok()?))
    });
    let checks_text = checks.map_or(String::new(), |(a, b): (u32, u32)| format!("{a}+{b} "));
    let hands = !hand_text.is_empty();
    let hand_text = if hand_text.is_empty() {
        "-".to_string()
    } else {
        hand_text
    };
    Some(Start {
        sfen: format!("{board} {side} {hand_text} {checks_text}1"),
        letters,
        checks,
        hands,
    })
}

/// The letters (lower case, unpromoted) of the pieces on the board; a row of the wrong width or an unknown
/// letter is an error.
fn board_letters(m: &Model, rows: &[&str], files: u8) -> Result<BTreeSet<char>, String> {
    let mut letters = BTreeSet::new();
    for row in rows {
        let mut width = 0u32;
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            width = width.saturating_add(digits.parse::<u32>().unwrap_or(0));
            digits.clear();
            if c == '+' {
                continue;
            }
            if !m.types.contains_key(&c.to_ascii_lowercase()) {
                return Err(format!(
                    "startFen holds `{c}`, which no piece of the section is"
                ));
            }
            letters.insert(c.to_ascii_lowercase());
            width += 1;
        }
        width = width.saturating_add(digits.parse::<u32>().unwrap_or(0));
        if width != u32::from(files) {
            return Err(format!(
                "startFen's row `{row}` is not {files} squares wide"
            ));
        }
    }
    Ok(letters)
}
