//! Scores: centipawns from the side to move's view, and wins found at a known ply as mate scores.

/// A score in centipawns from the side to move's view; wins and losses are mate scores.
pub type Score = i32;

/// Larger than any score.
pub const INFINITE: Score = 32_000;
/// A win now; a win found `n` plies ahead scores `MATE - n`.
pub const MATE: Score = 31_000;
/// The deepest ply a search reaches.
pub const MAX_PLY: usize = 128;

/// The score of a win `ply` plies from the root.
pub fn win_in(ply: usize) -> Score {
    MATE - ply as Score
}

/// The score of a loss `ply` plies from the root.
pub fn loss_in(ply: usize) -> Score {
    -MATE + ply as Score
}

/// Whether a score is a found win or loss.
pub fn is_mate(score: Score) -> bool {
    score.abs() >= MATE - MAX_PLY as Score
}

/// A score as USI and the REPL print it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// Centipawns.
    Cp(Score),
    /// A win in this many plies (negative: a loss), as USI's `score mate N` counts them.
    Mate(i32),
}

/// How a score is shown: a mate score as the plies to the end, others in centipawns.
pub fn shown(score: Score) -> Shown {
    if is_mate(score) {
        let plies = MATE - score.abs();
        Shown::Mate(if score > 0 { plies } else { -plies })
    } else {
        Shown::Cp(score)
    }
}

/// A mate score stored in the table is made relative to the node; read back, relative to the root again.
pub fn to_table(score: Score, ply: usize) -> Score {
    if score >= MATE - MAX_PLY as Score {
        score + ply as Score
    } else if score <= -MATE + MAX_PLY as Score {
        score - ply as Score
    } else {
        score
    }
}

/// The inverse of [`to_table`].
pub fn from_table(score: Score, ply: usize) -> Score {
    if score >= MATE - MAX_PLY as Score {
        score - ply as Score
    } else if score <= -MATE + MAX_PLY as Score {
        score + ply as Score
    } else {
        score
    }
}

impl std::fmt::Display for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Shown::Cp(cp) => write!(f, "cp {cp}"),
            Shown::Mate(n) => write!(f, "mate {n}"),
        }
    }
}
