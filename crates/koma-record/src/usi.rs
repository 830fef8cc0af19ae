//! The USI `position` line: `position startpos moves 7g7f 3c3d` or `position sfen SFEN moves ...`.

use std::sync::Arc;

use koma_vm::{Game, Position, Rules};

use crate::record::{RecordError, Replay};

/// Reads a `position` line (the word `position` may be left out); blank lines and `#` comments are skipped.
pub fn read(rules: &Arc<Rules>, text: &str) -> Result<Replay, RecordError> {
    let Some((n, line)) = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .find(|(_, l)| !l.is_empty() && !l.starts_with('#'))
    else {
        return Err(RecordError::at(0, "no position line"));
    };
    let words = line.strip_prefix("position").unwrap_or(line).trim();
    let (start, moves) = match words.split_once("moves") {
        Some((s, m)) => (s.trim(), m.trim()),
        None => (words, ""),
    };
    let game = if start == "startpos" {
        Game::start(rules)
    } else if let Some(sfen) = start.strip_prefix("sfen") {
        let p = Position::from_sfen(rules, sfen.trim())
            .map_err(|e| RecordError::at(n, format!("the start position: {e}")))?;
        Game::new(p)
    } else {
        return Err(RecordError::at(
            n,
            "expected `position startpos` or `position sfen SFEN`",
        ));
    };
    let mut replay = Replay::of(game);
    for word in moves.split_whitespace() {
        replay
            .game
            .play_text(word)
            .map_err(|e| RecordError::at(n, format!("move {}: {e}", replay.moves().len() + 1)))?;
    }
    Ok(replay)
}

/// The `position` line of a replayed game (`startpos` when it starts from the game's start).
pub fn write(replay: &Replay) -> String {
    let mut line = match replay.other_start() {
        None => "position startpos".to_string(),
        Some(start) => format!("position sfen {start}"),
    };
    let moves = replay.move_names();
    if !moves.is_empty() {
        line.push_str(" moves ");
        line.push_str(&moves.join(" "));
    }
    line.push('\n');
    line
}
