//! The `.game` text of a section's model: board, pieces, promotion, drops, royalty, start and end rules.

use super::model::{Model, NOT_RULES};

/// The keys this writer reads; any other key of the section (besides [`NOT_RULES`]) is refused.
const READ: [&str; 43] = [
    "maxFile",
    "maxRank",
    "startFen",
    "pieceDrops",
    "capturesToHand",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "mandatoryPiecePromotion",
    "mandatoryPawnPromotion",
    "pieceDemotion",
    "piecePromotionOnCapture",
    "dropPromoted",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "immobilityIllegal",
    "shogiPawnDropMateIllegal",
    "dropRegionWhite",
    "dropRegionBlack",
    "mustCapture",
    "checkmateValue",
    "stalemateValue",
    "nFoldRule",
    "nFoldValue",
    "nFoldValueAbsolute",
    "perpetualCheckIllegal",
    "nMoveRule",
    "nMoveRuleTypes",
    "extinctionValue",
    "extinctionPieceTypes",
    "extinctionPseudoRoyal",
    "extinctionPieceCount",
    "flagPiece",
    "flagRegionWhite",
    "flagRegionBlack",
    "flagPieceSafe",
    "checkCounting",
    "castling",
    "doubleStep",
    "chess960",
    "checking",
    "promotedPieceType",
    "flagMove",
    "stalematePieceCount",
];

/// The `.game` text; what cannot be said goes to `m.issues`.
pub(super) fn game(name: &str, m: &mut Model) -> String {
    for (key, (_, line)) in m.scalars.clone() {
        if !READ.contains(&key.as_str())
            && !NOT_RULES.contains(&key.as_str())
            && !super::regions::is_region_key(&key)
        {
            m.issue(&key, line, format!("`{key}` has no statement in koma"));
        }
    }
    let number = |v: Option<&str>, default: u8| -> Option<u8> {
        let Some(v) = v else { return Some(default) };
        match v.parse::<u8>() {
            Ok(n) => Some(n),
            Err(_) => v
                .chars()
                .next()
                .filter(char::is_ascii_lowercase)
                .map(|c| c as u8 - b'a' + 1),
        }
    };
    let files = number(m.scalar("maxFile"), 8).unwrap_or(0);
    let ranks = number(m.scalar("maxRank"), 8).unwrap_or(0);
    if !(1..=26).contains(&files) || !(1..=26).contains(&ranks) {
        let line = m.line("maxFile").or(m.line("maxRank"));
        m.issue("maxFile", line, "the board's size");
        return String::new();
    }
    for (key, want) in [
        ("castling", "false"),
        ("chess960", "false"),
        ("checking", "true"),
        ("flagMove", "false"),
        ("stalematePieceCount", "false"),
    ] {
        let value = m
            .scalar(key)
            .unwrap_or(if key == "castling" { "true" } else { want })
            .to_string();
        let matters =
            key != "castling" || (m.letter_of("king").is_some() && m.letter_of("rook").is_some());
        if value != want && matters {
            let line = m.line(key);
            m.issue(
                key,
                line,
                format!("`{key} = {value}` has no statement in koma"),
            );
        }
    }
    let Some(start) = super::start::read(m, files, ranks) else {
        return String::new();
    };
    let mut out = format!(
        "// {name}, imported by koma import fsf from a variants.ini section.\ngame \"{name}\"\n\nboard {files} x {ranks}\n\n"
    );
    let faces = super::faces::write(m, &start, files, ranks, &mut out);
    super::regions::write(m, &faces, files, ranks, &mut out);
    super::drops::write(m, &faces, start.hands, files, ranks, &mut out);
    out.push_str(&format!("\nstart \"{}\"\n", start.sfen));
    super::ends::write(m, &faces, &start, files, ranks, &mut out);
    out
}
