//! The section's pieces as koma's faces: each piece of the start, its promoted face (`+X`, moving as the
//! type it promotes to), royalty, and the promotion or flipping rules.

use std::collections::{BTreeMap, BTreeSet};

use super::model::Model;
use super::start::Start;
use super::zones::{Squares, region, zone_words};
use crate::betza::for_koma;

/// The faces written: koma's name of each base letter and of each promoted face (`+x`).
pub(super) struct Faces {
    /// Face text (`p`, `+p`, lower case) to its name.
    pub names: BTreeMap<String, String>,
    /// Whether tiles flip instead of promoting.
    pub flips: bool,
}

/// Writes the piece lines and the promotion, capture and royalty statements.
pub(super) fn write(m: &mut Model, start: &Start, files: u8, ranks: u8, out: &mut String) -> Faces {
    let all: BTreeSet<(u8, u8)> = (0..files)
        .flat_map(|x| (0..ranks).map(move |y| (x, y)))
        .collect();
    let white = region(
        m.scalar("promotionRegionWhite").unwrap_or("*8"),
        files,
        ranks,
    );
    let black = region(
        m.scalar("promotionRegionBlack").unwrap_or("*1"),
        files,
        ranks,
    );
    let flips = m.flag("pieceDemotion")
        && m.flag("mandatoryPiecePromotion")
        && white.as_ref() == Some(&all);
    let royal = royal_letters(m);
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    for &c in &start.letters {
        names.insert(c.to_string(), m.types[&c].name.clone());
    }
    let (lines, promotes) = piece_lines(m, start, &royal, flips, &mut names);
    out.push_str(&lines.join("\n"));
    out.push_str("\n\n");
    if promotes && !flips {
        promotion_rules(m, white.as_ref().zip(black.as_ref()), files, ranks, out);
    }
    if m.flag("immobilityIllegal") {
        out.push_str("stranded pieces must promote\n");
    }
    out.push_str(if m.flag("capturesToHand") {
        "captured pieces go to hand\n"
    } else {
        "captured pieces leave the game\n"
    });
    royalty(m, &royal, out);
    if m.flag("mustCapture") {
        out.push_str("captures are compulsory\n");
    }
    Faces { names, flips }
}

/// Each piece of the start, and its promoted face; whether any promotes.
fn piece_lines(
    m: &mut Model,
    start: &Start,
    royal: &BTreeSet<char>,
    flips: bool,
    names: &mut BTreeMap<String, String>,
) -> (Vec<String>, bool) {
    let mut lines = Vec::new();
    let mut promotes = false;
    for &c in &start.letters {
        let t = m.types[&c].clone();
        let betza = koma_betza(m, &t.key, t.line, &t.name, &t.betza);
        let mut line = format!(
            "piece {} {} moves \"{betza}\"",
            t.name,
            c.to_ascii_uppercase()
        );
        if royal.contains(&c) {
            line.push_str(" royal");
        }
        let target = m.promoted.get(&t.key).cloned();
        let target = target.and_then(|(key, _)| {
            m.types
                .iter()
                .find(|(_, u)| u.key == key)
                .map(|(l, u)| (*l, u.clone()))
        });
        if let Some((ul, u)) = target {
            promotes = true;
            let taken = names.values().any(|n| *n == u.name) || start.letters.contains(&ul);
            let name = if taken {
                format!("Promoted{}", t.name)
            } else {
                u.name.clone()
            };
            names.insert(format!("+{c}"), name.clone());
            line.push_str(&if flips {
                let on = if m.flag("piecePromotionOnCapture") {
                    ""
                } else {
                    " on every move"
                };
                format!(" flips to {name}{on}")
            } else {
                format!(" promotes to {name}")
            });
            lines.push(line);
            let betza = koma_betza(m, &u.key, u.line, &name, &u.betza);
            let mut promoted =
                format!("piece {name} +{} moves \"{betza}\"", c.to_ascii_uppercase());
            if royal.contains(&ul) {
                promoted.push_str(" royal");
            }
            lines.push(promoted);
        } else {
            lines.push(line);
        }
    }
    (lines, promotes)
}

/// The zone and the mandatory promotion.
fn promotion_rules(
    m: &mut Model,
    regions: Option<(&Squares, &Squares)>,
    files: u8,
    ranks: u8,
    out: &mut String,
) {
    match regions {
        Some((w, b)) => match zone_words(w, b, files, ranks) {
            Some(words) => out.push_str(&format!("promotion zone {words}\n")),
            None => {
                let line = m.line("promotionRegionWhite");
                m.issue("promotionRegionWhite", line, "a promotion region that is not whole ranks in one run, the same for both players turned round");
            }
        },
        _ => {
            let line = m.line("promotionRegionWhite");
            m.issue("promotionRegionWhite", line, "a region koma cannot read");
        }
    }
    if m.flag("mandatoryPiecePromotion") {
        out.push_str("promotion is mandatory\n");
    }
    for key in ["pieceDemotion", "piecePromotionOnCapture"] {
        if m.flag(key) {
            let line = m.line(key);
            m.issue(key, line, format!("`{key}` without flipping everywhere (mandatory promotion and the whole board as the zone)"));
        }
    }
}

/// The letters of the royal pieces: the king, or the pieces whose extinction ends the game.
fn royal_letters(m: &Model) -> BTreeSet<char> {
    let mut out: BTreeSet<char> = m.letter_of("king").into_iter().collect();
    if m.scalar("extinctionValue").is_some_and(|v| v != "none") {
        let types = m.scalar("extinctionPieceTypes").unwrap_or("");
        if types != "*" {
            out.extend(
                types
                    .chars()
                    .filter(char::is_ascii_alphabetic)
                    .map(|c| c.to_ascii_lowercase()),
            );
        }
    }
    out
}

fn royalty(m: &mut Model, royal: &BTreeSet<char>, out: &mut String) {
    let king = m.letter_of("king");
    let extinction = m.scalar("extinctionValue").is_some_and(|v| v != "none");
    let all = m.scalar("extinctionPieceTypes") == Some("*");
    let line = m.line("extinctionPieceTypes");
    match (king, extinction) {
        (Some(_), true) => m.issue(
            "extinctionPieceTypes",
            line,
            "extinction beside a king: koma's royal pieces are one or the other",
        ),
        (None, true) if all && royal.is_empty() => out.push_str("no royal pieces\n"),
        // Fairy-Stockfish's pseudo-royal pieces are counted before the move: a promotion to a second one does
        // not lift the protection of the first.
        (None, true) if m.flag("extinctionPseudoRoyal") => {
            out.push_str("royal pieces: the last one counts before the move\n")
        }
        (None, true) => out.push_str("kings may be captured\n"),
        (None, false) => m.issue(
            "king",
            None,
            "the section has neither a king nor an extinction rule",
        ),
        (Some(_), false) => {}
    }
    if m.scalar("extinctionPieceCount").is_some_and(|v| v != "0") {
        let line = m.line("extinctionPieceCount");
        m.issue(
            "extinctionPieceCount",
            line,
            "extinction at a count other than none left",
        );
    }
}

/// The Betza text koma reads as Fairy-Stockfish reads the section's; where there is none, an issue at the
/// line that gave it.
fn koma_betza(m: &mut Model, key: &str, line: Option<usize>, name: &str, betza: &str) -> String {
    match for_koma(betza) {
        Ok(text) => text,
        Err(why) => {
            m.issue(key, line, format!("{name} moves \"{betza}\": {why}"));
            betza.to_string()
        }
    }
}
