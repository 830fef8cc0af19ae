//! What the search threads share: the transposition table, the stop flag and the node count.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::tt::Table;

/// Shared by every thread of a search, and kept between searches (the table).
#[derive(Debug)]
pub struct Shared {
    /// The transposition table.
    pub tt: Table,
    /// Set to stop every thread as soon as it looks.
    pub stop: AtomicBool,
    /// Nodes visited by every thread in the current search.
    pub nodes: AtomicU64,
}

impl Shared {
    /// A table of `megabytes` MiB, not stopped.
    pub fn new(megabytes: usize) -> Shared {
        Shared {
            tt: Table::new(megabytes),
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
        }
    }

    /// Asks every thread to stop; the search returns the best move found so far.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
