//! The games that ship with koma, embedded in the binary as `.game` sources from `games/`.

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

macro_rules! game {
    ($name:literal) => {
        EmbeddedGame {
            name: $name,
            path: concat!("games/", $name, ".game"),
            source: include_str!(concat!("../../../games/", $name, ".game")),
        }
    };
}

/// Every embedded game.
pub const GAMES: &[EmbeddedGame] = &[
    game!("minishogi"),
    game!("microshogi"),
    game!("judkins"),
    game!("gorogoro"),
    game!("micromini"),
    game!("shogi"),
];

/// The game `cargo run` opens when none is named.
pub const DEFAULT: &str = "minishogi";

/// Finds an embedded game by name (case-insensitive).
pub fn find(name: &str) -> Option<&'static EmbeddedGame> {
    GAMES.iter().find(|g| g.name.eq_ignore_ascii_case(name))
}
