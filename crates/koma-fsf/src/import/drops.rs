//! The section's drop rules as koma's `drop rules { ... }`.

use super::faces::Faces;
use super::model::Model;
use super::zones::{region, zone_words};

/// Writes the drop rules, if the section has drops; `hands` is whether a hand holds pieces at the start
/// (which a section without drops cannot say).
pub(super) fn write(
    m: &mut Model,
    faces: &Faces,
    hands: bool,
    files: u8,
    ranks: u8,
    out: &mut String,
) {
    if !m.flag("pieceDrops") {
        if m.flag("capturesToHand") {
            let line = m.line("capturesToHand");
            m.issue(
                "capturesToHand",
                line,
                "captures to a hand from which nothing is dropped",
            );
        }
        if hands {
            let line = m.line("startFen");
            m.issue(
                "pieceDrops",
                line,
                "pieces in hand at the start that may never be dropped",
            );
        }
        return;
    }
    let mut rules = Vec::new();
    if m.flag("immobilityIllegal") {
        rules.push("no piece where it could never move".to_string());
    }
    if let Some(v) = m.scalar("dropNoDoubled").filter(|v| *v != "-") {
        let c = v.chars().next().unwrap_or('-').to_ascii_lowercase();
        if let Some(name) = faces.names.get(&c.to_string()) {
            let count: u32 = m
                .scalar("dropNoDoubledCount")
                .and_then(|n| n.parse().ok())
                .unwrap_or(1);
            rules.push(if count == 1 {
                format!("no {name} on a file holding an own {name}")
            } else {
                format!("no {name} on a file holding {count} own {name}s")
            });
        }
    }
    if m.flag("shogiPawnDropMateIllegal")
        && let Some(c) = m.letter_of("shogiPawn")
        && let Some(name) = faces.names.get(&c.to_string())
    {
        rules.push(format!("no {name} giving checkmate"));
    }
    if m.flag("dropPromoted") {
        if faces.flips {
            rules.push("either face up".into());
        } else {
            let line = m.line("dropPromoted");
            m.issue(
                "dropPromoted",
                line,
                "drops of promoted pieces, which koma has only for tiles that flip",
            );
        }
    }
    let white = m.scalar("dropRegionWhite").map(str::to_string);
    let black = m.scalar("dropRegionBlack").map(str::to_string);
    if white.is_some() || black.is_some() {
        let words = match (
            region(white.as_deref().unwrap_or("-"), files, ranks),
            region(black.as_deref().unwrap_or("-"), files, ranks),
        ) {
            (Some(w), Some(b)) => zone_words(&w, &b, files, ranks),
            _ => None,
        };
        match words {
            Some(words) => rules.push(format!("pieces only on {words}")),
            None => {
                let line = m.line("dropRegionWhite").or(m.line("dropRegionBlack"));
                m.issue("dropRegionWhite", line, "a drop region that is not whole ranks in one run, the same for both players turned round");
            }
        }
    }
    if !rules.is_empty() {
        out.push_str("\ndrop rules {\n");
        for r in rules {
            out.push_str(&format!("  {r}\n"));
        }
        out.push_str("}\n");
    }
}
