//! The games that ship with koma, embedded in the binary as `.game` sources from `games/`.

use koma_compile::{compile, Compiled, Diagnostic};

/// An embedded game: its short name and its source text.
#[derive(Debug, Clone, Copy)]
pub struct EmbeddedGame {
    /// The name used on the command line, e.g. `minishogi`.
    pub name: &'static str,
    /// The file it came from, relative to the repository root.
    pub path: &'static str,
    /// The `.game` source.
    pub source: &'static str,
}

/// Every embedded game.
pub const GAMES: &[EmbeddedGame] = &[EmbeddedGame {
    name: "minishogi",
    path: "games/minishogi.game",
    source: include_str!("../../../games/minishogi.game"),
}];

/// The game `cargo run` opens when none is named.
pub const DEFAULT: &str = "minishogi";

/// Finds an embedded game by name (case-insensitive).
pub fn find(name: &str) -> Option<&'static EmbeddedGame> {
    GAMES.iter().find(|g| g.name.eq_ignore_ascii_case(name))
}

/// Compiles an embedded game.
pub fn load(name: &str) -> Option<Result<Compiled, Vec<Diagnostic>>> {
    find(name).map(|g| compile(g.source))
}
