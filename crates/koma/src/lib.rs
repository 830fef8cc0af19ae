//! The `koma` command line as a library: argument definitions, one module per command, loading games
//! by name or path, and miette rendering of every error (compile diagnostics, bad SFEN, bad USI moves).

pub mod args;
pub mod commands;
pub mod load;
pub mod out;
pub mod report;

pub use load::{GameSource, compile_game, read_game};
