//! The engine: a game's evaluator, a shared table, and searches on one or more threads (Lazy SMP: every
//! thread searches the same root and they share what they find through the table).

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use koma_vm::{Game, Move, Rules};

use crate::eval::Evaluator;
use crate::limits::Limits;
use crate::search::{Line, Report, Worker};
use crate::shared::Shared;

/// The default table size, in MiB.
pub const DEFAULT_HASH_MB: usize = 64;

/// A search engine for one game.
#[derive(Debug, Clone)]
pub struct Engine {
    eval: Arc<Evaluator>,
    shared: Arc<Shared>,
    /// Search threads.
    pub threads: usize,
    /// How many best lines to report (`MultiPV`); the move played is the first.
    pub multipv: usize,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The move to play; `None` when there is no legal move.
    pub best: Option<Move>,
    /// The best lines of the last finished iteration, best first.
    pub lines: Vec<Line>,
    /// The depth of the last finished iteration.
    pub depth: u32,
    /// Nodes visited, every thread counted.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

impl Engine {
    /// An engine for a game, with values derived from its rules, one thread and a table of the default size.
    pub fn new(rules: &Arc<Rules>) -> Engine {
        Engine::with_evaluator(Evaluator::new(rules))
    }

    /// An engine with a given evaluator.
    pub fn with_evaluator(eval: Evaluator) -> Engine {
        Engine::with_shared(eval, Arc::new(Shared::new(DEFAULT_HASH_MB)))
    }

    /// An engine with a given evaluator and shared state: a front end that keeps the [`Shared`] across games
    /// (the REPL across `reload`) can stop any of its searches through it.
    pub fn with_shared(eval: Evaluator, shared: Arc<Shared>) -> Engine {
        Engine {
            eval: Arc::new(eval),
            shared,
            threads: 1,
            multipv: 1,
        }
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// A new table of `megabytes` MiB.
    pub fn set_hash(&mut self, megabytes: usize) {
        self.shared = Arc::new(Shared::new(megabytes));
    }

    /// Forgets what earlier searches found (a new game).
    pub fn clear(&self) {
        self.shared.clear();
    }

    /// What another thread holds to stop a running search (`stop`, Ctrl-C).
    pub fn stopper(&self) -> Arc<Shared> {
        self.shared.clone()
    }

    /// Searches the game's current position within `limits`, calling `report` after each finished
    /// iteration. Returns when a limit is reached or the search is stopped.
    pub fn search(&self, game: &Game, limits: Limits, report: &mut dyn FnMut(&Report)) -> Found {
        self.prepare();
        self.run(game, limits, report)
    }

    /// Clears the stop flag and the node count. [`Engine::search`] does it first; a caller that hands the
    /// search to another thread calls it before (then [`Engine::run`] there), so that a stop sent at once is
    /// not undone by the thread starting late.
    pub fn prepare(&self) {
        self.shared.tt.new_search();
        self.shared.stop.store(false, Ordering::Relaxed);
        self.shared.nodes.store(0, Ordering::Relaxed);
    }

    /// [`Engine::search`] without [`Engine::prepare`].
    pub fn run(&self, game: &Game, limits: Limits, report: &mut dyn FnMut(&Report)) -> Found {
        let start = web_time::Instant::now();
        let (lines, depth) = std::thread::scope(|scope| {
            for i in 1..self.threads.max(1) {
                let game = game.clone();
                let (eval, shared) = (&*self.eval, &*self.shared);
                scope.spawn(move || {
                    let mut helper = Worker::new(game, eval, shared, Limits::default(), false);
                    helper.run(1 + (i as u32 % 2), 1, 1, &mut |_| {});
                });
            }
            let mut main = Worker::new(game.clone(), &self.eval, &self.shared, limits, true);
            let found = main.run(1, 1, self.multipv, report);
            self.shared.stop.store(true, Ordering::Relaxed);
            found
        });
        Found {
            best: lines.first().and_then(|l| l.pv.first().copied()),
            depth,
            nodes: self.shared.nodes.load(Ordering::Relaxed),
            elapsed: start.elapsed(),
            lines,
        }
    }
}
