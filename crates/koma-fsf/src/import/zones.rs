//! Regions of squares and results in koma's words.

use std::collections::BTreeSet;

/// Squares as (file, rank) from the first player's left and home rank.
pub(super) type Squares = BTreeSet<(u8, u8)>;

/// The squares of a region, as (file, rank) from the first player's left and home rank.
pub(super) fn region(text: &str, files: u8, ranks: u8) -> Option<BTreeSet<(u8, u8)>> {
    let mut out = BTreeSet::new();
    for word in text.split_whitespace() {
        if word == "-" {
            continue;
        }
        if let Some(rank) = word.strip_prefix('*') {
            let r: u8 = rank.parse::<u8>().ok()?.checked_sub(1)?;
            out.extend((0..files).map(|x| (x, r)));
        } else if let Some(file) = word.strip_suffix('*') {
            let x = (file.chars().next()? as u8).checked_sub(b'a')?;
            out.extend((0..ranks).map(|y| (x, y)));
        } else {
            let x = word.chars().next()? as u8;
            let y: u8 = word.get(1..)?.parse().ok()?;
            out.insert((x.checked_sub(b'a')?, y.checked_sub(1)?));
        }
    }
    Some(out)
}

/// A region as koma's zone words counted from the first player's side (`last 2 ranks`, `ranks 1..3`), when
/// it is whole ranks in one run and the second player's is the same turned round.
pub(super) fn zone_words(
    white: &BTreeSet<(u8, u8)>,
    black: &BTreeSet<(u8, u8)>,
    files: u8,
    ranks: u8,
) -> Option<String> {
    let rows: Vec<u8> = (0..ranks)
        .filter(|&y| (0..files).all(|x| white.contains(&(x, y))))
        .collect();
    let whole: BTreeSet<(u8, u8)> = rows
        .iter()
        .flat_map(|&y| (0..files).map(move |x| (x, y)))
        .collect();
    let mirror: BTreeSet<(u8, u8)> = whole
        .iter()
        .map(|&(x, y)| (files - 1 - x, ranks - 1 - y))
        .collect();
    let (&lo, &hi) = (rows.first()?, rows.last()?);
    if whole != *white || mirror != *black || usize::from(hi - lo) + 1 != rows.len() {
        return None;
    }
    Some(match (lo + 1, hi + 1) {
        (a, b) if b == ranks && a == b => "last rank".into(),
        (a, b) if b == ranks => format!("last {} ranks", b - a + 1),
        (a, b) if a == b => format!("rank {a}"),
        (a, b) => format!("ranks {a}..{b}"),
    })
}

/// koma's words for a value said of the side to move.
pub(super) fn result_words(value: &str) -> Option<&'static str> {
    match value {
        "win" => Some("side to move wins"),
        "loss" => Some("side to move loses"),
        "draw" => Some("draw"),
        _ => None,
    }
}
