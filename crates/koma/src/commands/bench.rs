//! `koma bench [GAME...]`: perft speed from the start position, in leaves per second.

use std::time::Instant;

use koma_vm::Position;

use crate::load::load_rules;
use crate::report::Report;

/// Runs perft `runs` times per game on `threads` threads and reports the fastest.
pub fn run(games: &[String], depth: u32, runs: u32, threads: usize) -> Result<(), Vec<Report>> {
    let games = if games.is_empty() {
        vec![koma_games::DEFAULT.to_string()]
    } else {
        games.to_vec()
    };
    crate::say!(
        "{:<12} {:>5} {:>12} {:>10} {:>14}",
        "game",
        "depth",
        "leaves",
        "best ms",
        "leaves/s"
    );
    for game in &games {
        let rules = load_rules(game)?;
        let mut pos = Position::start(&rules);
        let mut best = f64::MAX;
        let mut leaves = 0;
        for _ in 0..runs.max(1) {
            let t = Instant::now();
            leaves = if threads > 1 {
                pos.perft_threads(depth, threads)
            } else {
                pos.perft(depth)
            };
            best = best.min(t.elapsed().as_secs_f64());
        }
        crate::say!(
            "{:<12} {:>5} {:>12} {:>10.1} {:>14.0}",
            game,
            depth,
            leaves,
            best * 1e3,
            leaves as f64 / best
        );
    }
    Ok(())
}
