//! The games that ship with koma, embedded in the binary as `.game` sources: the games of `games/` and the
//! examples of `examples/`.

/// An embedded game: its short name and its source text.
#[derive(Debug, Clone, Copy)]
pub struct EmbeddedGame {
    /// The name used on the command line, e.g. `minishogi`.
    pub name: &'static str,
    /// The file it came from, relative to the repository root.
    pub path: &'static str,
    /// The `.game` source.
    pub source: &'static str,
    /// Whether it is one of the examples (`examples/`) rather than a game of `games/`.
    pub example: bool,
    /// The evaluation's tuned weights (`NAME.weights` beside the game), when they ship.
    pub weights: Option<&'static str>,
}

macro_rules! game {
    ($name:literal) => {
        EmbeddedGame {
            name: $name,
            path: concat!("games/", $name, ".game"),
            source: include_str!(concat!("../../../games/", $name, ".game")),
            example: false,
            weights: None,
        }
    };
    ($name:literal, tuned) => {
        EmbeddedGame {
            weights: Some(include_str!(concat!("../../../games/", $name, ".weights"))),
            ..game!($name)
        }
    };
    (example $dir:literal / $name:literal) => {
        EmbeddedGame {
            name: $name,
            path: concat!("examples/", $dir, $name, ".game"),
            source: include_str!(concat!("../../../examples/", $dir, $name, ".game")),
            example: true,
            weights: None,
        }
    };
    (example $dir:literal / $name:literal, tuned) => {
        EmbeddedGame {
            weights: Some(include_str!(concat!(
                "../../../examples/",
                $dir,
                $name,
                ".weights"
            ))),
            ..game!(example $dir / $name)
        }
    };
}

/// Every embedded game.
pub const GAMES: &[EmbeddedGame] = &[
    game!("minishogi", tuned),
    game!("microshogi", tuned),
    game!("judkins", tuned),
    game!("gorogoro", tuned),
    game!("micromini"),
    game!("shogi", tuned),
];

/// Every embedded example, under the name of its file.
pub const EXAMPLES: &[EmbeddedGame] = &[
    game!(example "" / "dobutsu"),
    game!(example "" / "euroshogi"),
    game!(example "" / "kyotoshogi", tuned),
    game!(example "" / "torishogi", tuned),
    game!(example "" / "shoshogi"),
    game!(example "" / "checkshogi"),
    game!(example "" / "antiminishogi"),
    game!(example "" / "micromini-pie"),
    game!(example "" / "gorogoro-seed-endings"),
    game!(example "my-variant/" / "four-by-four"),
    // New games go last: the fuzz targets pick a game by its place in this list.
    game!(example "" / "annanshogi"),
    game!(example "" / "chushogi"),
    game!(example "" / "chennis"),
    game!(example "" / "washogi"),
    game!(example "" / "daishogi"),
    game!(example "" / "tenjikushogi"),
    game!(example "" / "daidaishogi"),
    game!(example "" / "makadaidaishogi"),
    game!(example "" / "taishogi"),
    game!(example "" / "taikyokushogi"),
];

/// The games, then the examples.
pub fn all() -> impl Iterator<Item = &'static EmbeddedGame> {
    GAMES.iter().chain(EXAMPLES)
}

/// The game `cargo run` opens when none is named.
pub const DEFAULT: &str = "minishogi";

/// Finds an embedded game or example by name (case-insensitive).
pub fn find(name: &str) -> Option<&'static EmbeddedGame> {
    all().find(|g| g.name.eq_ignore_ascii_case(name))
}
