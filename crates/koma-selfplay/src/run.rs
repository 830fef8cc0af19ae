//! A run: the games of one shard played on several threads, each game decided by the run's seed and its
//! number, so that the shards of a run together play exactly the games of the whole run.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use koma_engine::{Engine, Evaluator};
use koma_host::Loaded;

use crate::play::{Plan, play_following};
use crate::record::GameRecord;

/// Which part of a run to play: shard `index` of `count` plays the games whose number is `index` modulo
/// `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// This shard, from 0.
    pub index: u64,
    /// Shards in all.
    pub count: u64,
}

impl Shard {
    /// The whole run.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// The numbers of the games this shard plays in a run of `games` games.
    pub fn games(self, games: u64) -> impl Iterator<Item = u64> {
        (0..games).filter(move |i| i % self.count.max(1) == self.index)
    }
}

/// Plays this shard's games of a run of `games` games on `jobs` threads, with the game's initial
/// evaluation; the records come back in game order.
pub fn run(loaded: &Loaded, plan: &Plan, games: u64, jobs: usize, shard: Shard) -> Vec<GameRecord> {
    let eval = Evaluator::new(loaded.rules());
    run_watched(loaded, &eval, plan, games, jobs, shard, &|_| {})
}

/// How far a run has come, after each game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RunProgress {
    /// Games finished.
    pub done: usize,
    /// Games this shard plays.
    pub total: usize,
    /// Wins of the first player so far.
    pub first_wins: usize,
    /// Wins of the second player so far.
    pub second_wins: usize,
    /// Draws and unfinished games so far.
    pub draws: usize,
    /// Time since the run began.
    pub elapsed: std::time::Duration,
}

impl RunProgress {
    /// The time the rest of the run should take, at the pace so far.
    pub fn left(&self) -> Option<std::time::Duration> {
        (self.done > 0).then(|| {
            self.elapsed
                .mul_f64((self.total - self.done) as f64 / self.done as f64)
        })
    }
}

/// Plays this shard's games of a run with an engine that evaluates with `eval` (a game's tuned weights),
/// telling `progress` after each game; the records come back in game order.
pub fn run_watched(
    loaded: &Loaded,
    eval: &Evaluator,
    plan: &Plan,
    games: u64,
    jobs: usize,
    shard: Shard,
    progress: &(dyn Fn(RunProgress) + Sync),
) -> Vec<GameRecord> {
    Runs::new(loaded, eval, plan, jobs).play(games, shard, &[], progress)
}

/// The games of another run, replayed in this game: game `i` opens with the opening plies of `follow`'s game
/// `i` while they are legal here (then as its seed picks), so that two versions of a game are compared from
/// the same openings.
pub fn run_following(
    loaded: &Loaded,
    eval: &Evaluator,
    plan: &Plan,
    jobs: usize,
    follow: &[GameRecord],
    progress: &(dyn Fn(RunProgress) + Sync),
) -> Vec<GameRecord> {
    Runs::new(loaded, eval, plan, jobs).play(follow.len() as u64, Shard::ALL, follow, progress)
}

/// What every game of a run shares.
struct Runs<'a> {
    loaded: &'a Loaded,
    eval: &'a Evaluator,
    plan: &'a Plan,
    jobs: usize,
}

impl<'a> Runs<'a> {
    fn new(loaded: &'a Loaded, eval: &'a Evaluator, plan: &'a Plan, jobs: usize) -> Runs<'a> {
        Runs {
            loaded,
            eval,
            plan,
            jobs,
        }
    }

    fn play(
        &self,
        games: u64,
        shard: Shard,
        follow: &[GameRecord],
        progress: &(dyn Fn(RunProgress) + Sync),
    ) -> Vec<GameRecord> {
        let (loaded, eval, plan, jobs) = (self.loaded, self.eval, self.plan, self.jobs);
        let start = std::time::Instant::now();
        let mine: Vec<u64> = shard.games(games).collect();
        let next = AtomicU64::new(0);
        let records = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..jobs.clamp(1, mine.len().max(1)) {
                scope.spawn(|| {
                    let mut engine = Engine::with_evaluator(eval.clone());
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed) as usize;
                        let Some(&index) = mine.get(k) else { break };
                        let opening = follow
                            .iter()
                            .find(|r| r.index == index)
                            .map_or(&[][..], |r| &r.moves[..]);
                        let record =
                            play_following(loaded.rules(), &mut engine, plan, index, opening);
                        let mut all = records.lock().unwrap_or_else(|p| p.into_inner());
                        all.push(record);
                        let count = |r: &str| all.iter().filter(|g| g.result == r).count();
                        let (first_wins, second_wins) = (count("first"), count("second"));
                        progress(RunProgress {
                            done: all.len(),
                            total: mine.len(),
                            first_wins,
                            second_wins,
                            draws: all.len() - first_wins - second_wins,
                            elapsed: start.elapsed(),
                        });
                    }
                });
            }
        });
        let mut records = records.into_inner().unwrap_or_else(|p| p.into_inner());
        records.sort_by_key(|r| r.index);
        records
    }
}
