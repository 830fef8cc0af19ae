//! koma's JSON record, for any game:
//!
//! ```json
//! {"game": "Mini Shogi", "start": "rbsgk/4p/5/P4/KGSBR b - 1", "moves": ["2e2d", "4a3b"],
//!  "end": "second player wins by `no legal move: side to move loses`", "headers": [["event", "club"]],
//!  "comments": [[1, "a common opening"]]}
//! ```
//!
//! `start` is an SFEN, `moves` are USI moves, `end` is how the game ended (by an end rule, in its words, or as
//! recorded), each comment comes after the number of moves given. Only `moves` is required.

use std::sync::Arc;

use koma_vm::{Game, Position, Rules};
use serde::{Deserialize, Serialize};

use crate::record::{RecordError, Replay};

/// The JSON record's fields.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonRecord {
    /// The game's name (as its `game` statement says).
    #[serde(default)]
    pub game: String,
    /// The start position (SFEN); the game's start when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The moves, in USI.
    pub moves: Vec<String>,
    /// How the game ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<String>,
    /// Headers, name and value.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub headers: Vec<(String, String)>,
    /// Comments, each after a number of moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<(usize, String)>,
}

/// Reads a JSON record, replaying its moves; a move that is not legal is an error naming the move.
pub fn read(rules: &Arc<Rules>, text: &str) -> Result<Replay, RecordError> {
    // (At the end of the text the parser counts the line after the last newline: the last line is named.)
    let last = text.lines().count().max(1);
    let record: JsonRecord = serde_json::from_str(text)
        .map_err(|e| RecordError::at(e.line().min(last), format!("not a JSON record: {e}")))?;
    if !record.game.is_empty() && record.game != rules.name {
        return Err(RecordError::at(
            0,
            format!(
                "the record is of `{}`, the rules are `{}`",
                record.game, rules.name
            ),
        ));
    }
    let game = match &record.start {
        Some(sfen) => Game::new(
            Position::from_sfen(rules, sfen)
                .map_err(|e| RecordError::at(0, format!("start: {e}")))?,
        ),
        None => Game::start(rules),
    };
    let mut replay = Replay::of(game);
    for (i, text) in record.moves.iter().enumerate() {
        replay
            .game
            .play_text(text)
            .map_err(|e| RecordError::at(0, format!("move {} `{text}`: {e}", i + 1)))?;
    }
    replay.headers = record.headers;
    replay.comments = record.comments;
    if replay.game.outcome().is_none() {
        replay.end = record.end;
    }
    Ok(replay)
}

/// The record of a replayed game.
pub fn record(replay: &Replay) -> JsonRecord {
    let rules = replay.game.position().rules();
    JsonRecord {
        game: rules.name.clone(),
        start: replay.other_start(),
        moves: replay.move_names(),
        end: replay.ending(),
        headers: replay.headers.clone(),
        comments: replay.comments.clone(),
    }
}

/// The JSON record of a replayed game, pretty-printed.
pub fn write(replay: &Replay) -> String {
    let mut text = serde_json::to_string_pretty(&record(replay)).unwrap_or_default();
    text.push('\n');
    text
}
