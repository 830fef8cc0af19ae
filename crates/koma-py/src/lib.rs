//! The Python module `koma`: any `.game` file's exact rules and its engine, for notebooks, training loops, bots
//! and tournament tools.
//!
//! ```python
//! import koma
//! mini = koma.Game("minishogi")
//! sfen = mini.start_sfen
//! mini.legal_moves(sfen, ["5e4d"])          # ['1a1b', ...], USI
//! mini.push(sfen, "5e4d")                   # the SFEN after the move
//! mini.perft(sfen, 4)                       # 1167 leaves... of the legal move tree
//! pos = mini.position()                     # a position to play on without parsing SFEN again
//! ```
//!
//! Calls in the spirit of pyffish take a SFEN (or `"startpos"`) and a list of moves and keep no state; a
//! [`position::Position`] keeps its game and history. Every bad argument is a Python exception (`ValueError`
//! for a bad SFEN or move, `koma.GameError` for a game that does not compile), never a crash.

use pyo3::prelude::*;

mod errors;
mod game;
mod planes;
mod position;
mod result;
mod search;
mod state;

/// The module `koma`.
#[pymodule]
fn koma(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::Game>()?;
    m.add_class::<position::Position>()?;
    m.add("GameError", m.py().get_type::<errors::GameError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
