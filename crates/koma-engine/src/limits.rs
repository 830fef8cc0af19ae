//! What bounds a search: depth, nodes, a time per move, a clock with increment or byoyomi, or nothing (until
//! told to stop).

use std::time::Duration;

/// A player's clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Clock {
    /// Time left on the main clock.
    pub time: Duration,
    /// Added after each move (Fischer increment).
    pub increment: Duration,
    /// Given for each move once the main time is spent (byoyomi).
    pub byoyomi: Duration,
}

/// The limits of one search; a search stops at the first limit it reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    /// The deepest iteration.
    pub depth: Option<u32>,
    /// Nodes to visit at most (a reproducible limit).
    pub nodes: Option<u64>,
    /// Time for this move.
    pub movetime: Option<Duration>,
    /// The clock of the side to move.
    pub clock: Option<Clock>,
}

/// What the engine keeps back from any time budget, for the time a move takes to reach the other side.
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(10);

impl Limits {
    /// Search to this depth.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// Search this many nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// Search for this long.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }

    /// Whether nothing bounds the search (it runs until stopped).
    pub fn is_infinite(&self) -> bool {
        self.depth.is_none()
            && self.nodes.is_none()
            && self.movetime.is_none()
            && self.clock.is_none()
    }

    /// The time budget: `(soft, hard)`. No new iteration starts after `soft`; the search stops at `hard`.
    pub fn budget(&self) -> Option<(Duration, Duration)> {
        let hard = match (self.movetime, self.clock) {
            (Some(t), _) => t,
            (None, Some(c)) => {
                let share = c.time / 30 + c.increment * 3 / 4 + c.byoyomi * 9 / 10;
                let cap = c.time / 2 + c.byoyomi * 9 / 10;
                share.min(cap).max(Duration::from_millis(1))
            }
            (None, None) => return None,
        };
        let hard = hard
            .saturating_sub(MOVE_OVERHEAD)
            .max(Duration::from_millis(1));
        // With a move time, or only byoyomi left (time not used is lost), the whole budget may be used;
        // with a main clock, no new iteration starts past 60% of the share.
        let byoyomi_only = self.clock.is_some_and(|c| c.time <= hard);
        let soft = if self.movetime.is_some() || byoyomi_only {
            hard
        } else {
            hard * 6 / 10
        };
        Some((soft, hard))
    }
}
