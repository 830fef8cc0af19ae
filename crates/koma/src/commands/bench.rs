//! `koma bench [GAME...]`: perft speed from the start position, in leaves per second.

use std::time::Instant;

use koma_host::walks;
use koma_vm::{Position, Watch};

use crate::commands::perft::refused;
use crate::load::load_rules;
use crate::progress::Line;
use crate::report::Report;

/// Runs perft `runs` times per game on `threads` threads and reports the fastest. Each game's walk is
/// measured first and refused if one run would take longer than [`walks::COMMAND`].
pub fn run(games: &[String], depth: u32, runs: u32, threads: usize) -> Result<(), Vec<Report>> {
    let games = if games.is_empty() {
        vec![koma_games::DEFAULT.to_string()]
    } else {
        games.to_vec()
    };
    // The game column is as wide as the longest name asked for (`examples/washogi.game`), 12 at least.
    let width = games
        .iter()
        .map(|g| g.chars().count())
        .max()
        .unwrap_or(0)
        .max(12);
    crate::say!(
        "{:<width$} {:>5} {:>12} {:>10} {:>14}",
        "game",
        "depth",
        "leaves",
        "best ms",
        "leaves/s"
    );
    for game in &games {
        let rules = load_rules(game)?;
        let pos = Position::start(&rules);
        let line = Line::new(format!("bench {game} {depth}"));
        let report = |p| line.show(p);
        let refuse = |stopped| vec![refused(depth, stopped)];
        pos.guard(depth, threads, walks::COMMAND, &Watch::new())
            .map_err(refuse)?;
        let mut best = f64::MAX;
        let mut leaves = 0;
        for _ in 0..runs.max(1) {
            let watch = Watch::new().limit(walks::COMMAND).report(&report);
            let t = Instant::now();
            leaves = if threads > 1 {
                let divided = pos.divide_watched(depth, threads, &watch);
                divided.map_err(refuse)?.iter().map(|(_, n)| n).sum()
            } else {
                pos.clone().perft_watched(depth, &watch).map_err(refuse)?
            };
            best = best.min(t.elapsed().as_secs_f64());
        }
        line.clear();
        crate::say!(
            "{:<width$} {:>5} {:>12} {:>10.1} {:>14.0}",
            game,
            depth,
            leaves,
            best * 1e3,
            leaves as f64 / best
        );
    }
    Ok(())
}
