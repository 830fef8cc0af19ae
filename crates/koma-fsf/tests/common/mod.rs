//! What the export and import tests share: the shipped games variants.ini can say, and loading a game.

use koma_host::{Host, Loaded};

/// Every shipped game that `koma export fsf` writes.
pub const EXPORTED: [&str; 14] = [
    "minishogi",
    "judkins",
    "gorogoro",
    "shogi",
    "microshogi",
    "examples/torishogi.game",
    "examples/kyotoshogi.game",
    "examples/euroshogi.game",
    "examples/dobutsu.game",
    "examples/shoshogi.game",
    "examples/checkshogi.game",
    "examples/antiminishogi.game",
    "examples/chennis.game",
    "examples/gorogoro-seed-endings.game",
];

/// An embedded game by name, or a `.game` file by its path from the repository's root.
pub fn load(name: &str) -> Loaded {
    let path = format!("{}/../../{name}", env!("CARGO_MANIFEST_DIR"));
    Host::disk()
        .load(if name.ends_with(".game") { &path } else { name })
        .unwrap_or_else(|e| panic!("{name}: {e:?}"))
}
