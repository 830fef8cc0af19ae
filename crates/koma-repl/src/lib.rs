//! The koma REPL: explore a game's rules interactively.
//!
//! - [`command`] parses a line into a [`Command`] (with the help text of every command);
//! - [`Session`] holds the game, the start and the moves played, and answers a line with text: no terminal is
//!   needed, so transcripts are tested as strings;
//! - [`run_script`] answers commands read from a pipe; [`run_terminal`] is the thin rustyline front with
//!   completion, history and `--watch`.
//!
//! The game and the answers about it (the rules and a piece described, a move explained) come from
//! `koma-session`, which the web board and the language server share; board and piece drawings from
//! `koma-draw`, which the rules cards share.

pub mod command;
mod complete;
mod dispatch;
mod edit;
mod help;
mod records;
mod script;
mod session;
mod terminal;
mod think;
mod view;

pub use command::Command;
pub use complete::complete;
pub use koma_host::Loaded;
pub use script::run_script;
pub use session::{HostLoader, Loader, Preloaded, Reply, Session};
pub use terminal::{history_path, run_terminal};
