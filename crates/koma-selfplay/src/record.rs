//! What one game of self-play leaves: its result, its moves, how each face was used, and the engine's score
//! at each ply.

use serde::{Deserialize, Serialize};

/// How a face was used in one game (both players together).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct FaceUse {
    /// Board moves of a piece showing this face.
    pub moved: u32,
    /// Drops of this face.
    pub dropped: u32,
    /// Moves that promoted a piece to this face.
    pub promoted: u32,
    /// Captures of a piece showing this face.
    pub captured: u32,
}

/// One game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Its number in the run (0-based): with the run's seed it decides the game.
    pub index: u64,
    /// `first`, `second` or `draw`: who won, by the game's end rules; `unfinished` at the ply limit.
    pub result: String,
    /// Plies played.
    pub plies: u32,
    /// The end rule that decided, by its index in the game's `end` block.
    pub end_rule: Option<usize>,
    /// The moves, as USI.
    pub moves: Vec<String>,
    /// How each face was used, by face index.
    pub faces: Vec<FaceUse>,
    /// The engine's score of the position before each ply (the search that chose the ply), from the first
    /// player's side, in centipawns, mate scores and larger ones clipped to ±3000. (Runs of older koma wrote
    /// it as `material`.)
    #[serde(alias = "material")]
    pub evaluation: Vec<i32>,
}

impl GameRecord {
    /// The first player's score: 1 for a win, 1/2 for a draw or an unfinished game, 0 for a loss.
    pub fn first_player_score(&self) -> f64 {
        match self.result.as_str() {
            "first" => 1.0,
            "second" => 0.0,
            _ => 0.5,
        }
    }
}

/// What every line of a run's JSON lines starts with: the settings, so that shards of different runs are
/// not merged by mistake.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The game's name, from its `game "..."` line.
    pub game: String,
    /// Games in the whole run (all shards).
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// `movetime MS` or `nodes N`.
    pub limit: String,
    /// Random plies at the start of each game.
    pub random_plies: u32,
    /// The longest game, in plies.
    pub max_plies: u32,
    /// The game as the run was asked for it (a `.game` file or an embedded game's name), so that a merge
    /// needs no `--game`; empty in the lines of older runs.
    #[serde(default)]
    pub source: String,
}

/// One JSON line: the settings and one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// The run's settings.
    pub settings: Settings,
    /// The game.
    pub record: GameRecord,
}

/// The games of `records` that do not repeat an earlier one move for move, in their order.
pub fn distinct(records: &[GameRecord]) -> Vec<&GameRecord> {
    let mut seen = std::collections::HashSet::new();
    records.iter().filter(|g| seen.insert(&g.moves)).collect()
}
