//! The USI protocol for any koma game: `koma usi GAME` makes a `.game` file an engine that shogi GUIs and
//! match runners can host. For games other than 9x9 shogi, positions and moves are written as koma writes
//! SFEN and USI for that game (board size and piece letters its own), as Fairy-Stockfish serves its variants.
//!
//! | concept | module |
//! |---|---|
//! | the GUI's input, read on a thread of its own | `input.rs` |
//! | protocol lines read into commands | `command.rs` |
//! | the session: game, engine, running search, answers | `session.rs` |
//! | `info` lines | `info.rs` |

mod command;
mod info;
mod input;
mod session;

pub use command::{Command, Go, parse};
pub use input::{MAX_LINE, serve};
pub use session::{Control, Output, Session};
