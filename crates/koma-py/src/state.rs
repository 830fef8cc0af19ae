//! A game state from the arguments of a stateless call: a SFEN (or `"startpos"`) and moves played from it.

use std::sync::Arc;

use koma_vm::{Game, Move, Position, Rules};
use pyo3::PyResult;

use crate::errors::value_error;

/// The longest SFEN or move text read, in bytes.
const MAX_TEXT: usize = 10_000;

/// Shortens `text` for an error message.
pub(crate) fn shown(text: &str) -> String {
    koma_host::text::shorten(text)
}

/// The position of `sfen` (`"startpos"` for the game's start).
pub(crate) fn position(rules: &Arc<Rules>, sfen: &str) -> PyResult<Position> {
    if sfen.len() > MAX_TEXT {
        return Err(value_error(format!(
            "a SFEN of {} bytes is too long",
            sfen.len()
        )));
    }
    if sfen.trim() == "startpos" {
        return Ok(Position::start(rules));
    }
    Position::from_sfen(rules, sfen)
        .map_err(|e| value_error(format!("bad SFEN `{}`: {}", shown(sfen), e.message)))
}

/// The game at `sfen` with `moves` played (each a USI move, or an opening option: `swap`, `designate NAME`).
pub(crate) fn game(rules: &Arc<Rules>, sfen: &str, moves: &[String]) -> PyResult<Game> {
    let mut game = Game::new(position(rules, sfen)?);
    for (i, text) in moves.iter().enumerate() {
        play(&mut game, text)
            .map_err(|e| value_error(format!("move {} of {}: {e}", i + 1, moves.len())))?;
    }
    Ok(game)
}

/// Plays `text` on `game`; `Err` in words, the game unchanged.
pub(crate) fn play(game: &mut Game, text: &str) -> Result<(), String> {
    if text.len() > MAX_TEXT {
        return Err(format!("a move of {} bytes is too long", text.len()));
    }
    game.play_text(text)
        .map(|_| ())
        .map_err(|e| format!("`{}`: {e}", shown(text)))
}

/// The legal move `text` in `game`'s position; `Err` as a `ValueError`.
pub(crate) fn legal_move(game: &Game, text: &str) -> PyResult<Move> {
    let mv = game
        .position()
        .parse_usi(text)
        .map_err(|e| value_error(format!("`{}`: {e}", shown(text))))?;
    Ok(mv)
}
