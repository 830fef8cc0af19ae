//! Completion candidates: command names, piece names, the legal moves of the current position.

use koma_vm::FaceId;

use crate::command::COMMANDS;
use crate::session::Session;

/// Where the word under the cursor starts, and the words it could become.
pub fn complete(s: &Session, line: &str, pos: usize) -> (usize, Vec<String>) {
    let before = &line[..pos.min(line.len())];
    let start = before.rfind(' ').map_or(0, |i| i + 1);
    let word = &before[start..];
    let words: Vec<&str> = before[..start].split_whitespace().collect();
    let candidates: Vec<String> = match words.first() {
        None => COMMANDS.iter().map(|c| c.name.to_string()).collect(),
        Some(&("play" | "explain")) => legal_moves(s),
        Some(&("piece" | "designate")) => piece_words(s),
        Some(&"help") => COMMANDS.iter().map(|c| c.name.to_string()).collect(),
        Some(&"option") if words.len() == 1 => s
            .core
            .options()
            .iter()
            .map(|(k, _)| k.name().to_string())
            .collect(),
        Some(&"option") => vec!["on".into(), "off".into()],
        Some(&"set") if words.len() == 1 => {
            vec!["names".into(), "color".into(), "notation".into()]
        }
        Some(&"set") if words.get(1) == Some(&"names") => vec!["kanji".into(), "letters".into()],
        Some(&"set") if words.get(1) == Some(&"notation") => koma_notation::Notation::ALL
            .iter()
            .map(|n| n.name().to_string())
            .collect(),
        Some(&"set") => vec!["on".into(), "off".into()],
        Some(&"position") if words.len() == 1 => vec!["startpos".into(), "sfen".into()],
        Some(&"position") => vec!["moves".into()],
        _ => Vec::new(),
    };
    let mut out: Vec<String> = candidates
        .into_iter()
        .filter(|c| c.starts_with(word))
        .collect();
    out.sort();
    out.dedup();
    (start, out)
}

/// The legal moves as USI.
fn legal_moves(s: &Session) -> Vec<String> {
    s.core.legal_move_names()
}

fn piece_words(s: &Session) -> Vec<String> {
    let r = s.rules();
    FaceId::all(r.faces.len())
        .flat_map(|f| [r.face(f).name.clone(), r.face_text(f)])
        .collect()
}
