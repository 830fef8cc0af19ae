//! A session on one game, with its answers as values, for every front end that talks about a game.
//!
//! - [`Session`] holds the loaded game, the start, the opening options and the actions played, and changes
//!   them whole or not at all; every action is played through `Game::play_text`;
//! - [`describe`] says the rules and a piece in words, [`explain`] why a move is illegal or what it does,
//!   each an [`Answer`]: its text, and the lines of the game file it quotes ([`Quote`]).
//!
//! The REPL prints these answers, the web board sends them as JSON and the language server turns them into
//! hovers; none of them needs a terminal.

pub mod describe;
pub mod explain;
mod quote;
mod session;
pub mod words;

pub use koma_host::Loaded;
pub use quote::{Answer, Quote};
pub use session::{
    HostLoader, Loader, Preloaded, ReplayError, Replayed, Session, apply, replays_on_this_thread,
    unknown_piece,
};
