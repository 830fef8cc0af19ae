//! The section's ways to end a game as koma's `end { ... }` block.

use super::faces::Faces;
use super::model::Model;
use super::start::Start;
use super::zones::{region, result_words, zone_words};

/// Writes the end block: the rules that end a game at once first, then no legal move, repetition and
/// moves without progress.
pub(super) fn write(
    m: &mut Model,
    faces: &Faces,
    start: &Start,
    files: u8,
    ranks: u8,
    out: &mut String,
) {
    let mut rules: Vec<String> = Vec::new();
    flag(m, files, ranks, &mut rules);
    extinction(m, &mut rules);
    checks(m, start, &mut rules);
    let mate = m.scalar("checkmateValue").unwrap_or("loss").to_string();
    let stalemate = m.scalar("stalemateValue").unwrap_or("draw").to_string();
    match (result_words(&mate), result_words(&stalemate)) {
        (Some(a), Some(b)) => {
            if a != b {
                rules.push(format!("stalemate: {b}"));
            }
            rules.push(format!("no legal move: {a}"));
        }
        _ => {
            let line = m.line("checkmateValue").or(m.line("stalemateValue"));
            m.issue(
                "checkmateValue",
                line,
                "a checkmate or stalemate value koma cannot say",
            );
        }
    }
    repetition(m, &mut rules);
    let moves: u32 = m
        .scalar("nMoveRule")
        .and_then(|n| n.parse().ok())
        .unwrap_or(50);
    if moves > 0 {
        let types = m.scalar("nMoveRuleTypes").unwrap_or("-");
        let piece = types
            .chars()
            .next()
            .and_then(|c| faces.names.get(&c.to_ascii_lowercase().to_string()));
        match piece {
            Some(name) => rules.push(format!(
                "{moves} moves without capture or {name} move: draw"
            )),
            None => rules.push(format!("{moves} moves without capture: draw")),
        }
    }
    out.push_str("\nend {\n");
    for r in rules {
        out.push_str(&format!("  {r}\n"));
    }
    out.push_str("}\n");
}

/// `king reaches ZONE [safely]: its owner wins`: the royal piece as the flag piece.
fn flag(m: &mut Model, files: u8, ranks: u8, rules: &mut Vec<String>) {
    if let Some(flag) = m.scalar("flagPiece").map(str::to_string) {
        let white = region(m.scalar("flagRegionWhite").unwrap_or("-"), files, ranks);
        let black = region(m.scalar("flagRegionBlack").unwrap_or("-"), files, ranks);
        let royal = m.letter_of("king").or_else(|| {
            m.scalar("extinctionPieceTypes")
                .and_then(|t| t.chars().next())
                .map(|c| c.to_ascii_lowercase())
        });
        let words = white
            .zip(black)
            .and_then(|(w, b)| zone_words(&w, &b, files, ranks));
        match words {
            Some(words) if royal.map(|c| c.to_string()) == Some(flag.to_ascii_lowercase()) => {
                let safely = if m.flag("flagPieceSafe") {
                    " safely"
                } else {
                    ""
                };
                rules.push(format!("king reaches {words}{safely}: its owner wins"));
            }
            _ => {
                let line = m.line("flagPiece");
                m.issue(
                    "flagPiece",
                    line,
                    "a flag that is not the royal piece reaching whole ranks",
                );
            }
        }
    }
}

/// `king captured` or `no pieces left`: extinction.
fn extinction(m: &mut Model, rules: &mut Vec<String>) {
    if let Some(value) = m
        .scalar("extinctionValue")
        .filter(|v| *v != "none")
        .map(str::to_string)
    {
        let all = m.scalar("extinctionPieceTypes") == Some("*");
        match (all, value.as_str()) {
            (false, "loss") => rules.push("king captured: side to move loses".into()),
            (true, v) if result_words(v).is_some() => {
                rules.push(format!(
                    "no pieces left: {}",
                    result_words(v).unwrap_or("draw")
                ));
            }
            _ => {
                let line = m.line("extinctionValue");
                m.issue(
                    "extinctionValue",
                    line,
                    format!("extinction with the value `{value}`"),
                );
            }
        }
    }
}

/// `N checks: checker wins`.
fn checks(m: &mut Model, start: &Start, rules: &mut Vec<String>) {
    if m.flag("checkCounting") {
        // A FEN without counts lets the next check win, as Fairy-Stockfish reads it.
        match start.checks.or(Some((1, 1))) {
            Some((a, b)) if a == b => rules.push(format!(
                "{a} {}: checker wins",
                if a == 1 { "check" } else { "checks" }
            )),
            _ => {
                let line = m.line("checkCounting");
                m.issue(
                    "checkCounting",
                    line,
                    "check counting needs the same count for both players in startFen",
                );
            }
        }
    }
}

/// `repetition N with perpetual check: checker loses` and `repetition N: R`.
fn repetition(m: &mut Model, rules: &mut Vec<String>) {
    let n: u32 = m
        .scalar("nFoldRule")
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    if m.flag("perpetualCheckIllegal") {
        rules.push(format!(
            "repetition {n} with perpetual check: checker loses"
        ));
    }
    let value = m.scalar("nFoldValue").unwrap_or("draw").to_string();
    let result = match (value.as_str(), m.flag("nFoldValueAbsolute")) {
        ("draw", _) => Some("draw"),
        ("loss", false) => Some("side to move loses"),
        ("win", false) => Some("side to move wins"),
        ("loss", true) => Some("first player loses"),
        ("win", true) => Some("first player wins"),
        _ => None,
    };
    match result {
        Some(r) => rules.push(format!("repetition {n}: {r}")),
        None => {
            let line = m.line("nFoldValue");
            m.issue("nFoldValue", line, format!("a repetition value `{value}`"));
        }
    }
}
