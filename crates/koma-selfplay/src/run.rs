//! A run: the games of one shard played on several threads, each game decided by the run's seed and its
//! number, so that the shards of a run together play exactly the games of the whole run.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use koma_engine::Engine;
use koma_host::Loaded;

use crate::play::{Plan, play};
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
}

/// Plays this shard's games of a run of `games` games on `jobs` threads; the records come back in game order.
pub fn run(loaded: &Loaded, plan: &Plan, games: u64, jobs: usize, shard: Shard) -> Vec<GameRecord> {
    let mine: Vec<u64> = (0..games)
        .filter(|i| i % shard.count.max(1) == shard.index)
        .collect();
    let next = AtomicU64::new(0);
    let records = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, mine.len().max(1)) {
            scope.spawn(|| {
                let mut engine = Engine::new(loaded.rules());
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed) as usize;
                    let Some(&index) = mine.get(k) else { break };
                    let record = play(loaded.rules(), &mut engine, plan, index);
                    records
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .push(record);
                }
            });
        }
    });
    let mut records = records.into_inner().unwrap_or_else(|p| p.into_inner());
    records.sort_by_key(|r| r.index);
    records
}
