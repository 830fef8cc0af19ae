//! What the search threads share: the transposition table, the stop flag and the node count.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::order::Heuristics;
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
    /// What the threads learnt about quiet moves, kept for the next search of the same game.
    pub(crate) heuristics: Mutex<Vec<Heuristics>>,
}

impl Shared {
    /// A table of `megabytes` MiB, not stopped.
    pub fn new(megabytes: usize) -> Shared {
        Shared {
            tt: Table::new(megabytes),
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            heuristics: Mutex::new(Vec::new()),
        }
    }

    /// Forgets what earlier searches found: the table and the move histories (a new game).
    pub fn clear(&self) {
        self.tt.clear();
        self.heuristics
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clear();
    }

    /// A thread's heuristics for `rules`: those an earlier search of the same game left, or new ones.
    pub(crate) fn take_heuristics(&self, rules: &koma_vm::Rules) -> Heuristics {
        let mut kept = self.heuristics.lock().unwrap_or_else(|e| e.into_inner());
        match kept.pop() {
            Some(mut h) if h.fits(rules) => {
                h.new_search();
                h
            }
            _ => Heuristics::new(rules),
        }
    }

    /// Gives a thread's heuristics back for the next search.
    pub(crate) fn keep_heuristics(&self, heuristics: Heuristics) {
        self.heuristics
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(heuristics);
    }

    /// Asks every thread to stop; the search returns the best move found so far.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
