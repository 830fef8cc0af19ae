//! `koma perft GAME DEPTH [--divide]`: leaf counts, Stockfish-style.

use crate::args::PositionArgs;
use crate::load::load_game;
use crate::report::Report;

/// Prints the perft count, split by root move with `divide`, ending with `Nodes searched: N`. Opening options
/// that apply count as plies.
pub fn run(
    args: &PositionArgs,
    depth: u32,
    divide: bool,
    force: bool,
    threads: usize,
) -> Result<(), Vec<Report>> {
    let game = load_game(args)?;
    let estimate = estimate(&game, depth);
    if !force && estimate > ONE_HOUR_OF_NODES {
        return Err(vec![Report::plain(
            "koma::perft-too-deep",
            format!(
                "perft {depth} would visit about {estimate:.1e} positions: about {} at 50 M positions a second",
                duration(estimate / 50e6)
            ),
            Some("add --force to run it anyway (Ctrl-C stops it), or use a smaller depth".into()),
        )]);
    }
    let rules = game.position().rules().clone();
    let total = if divide {
        let mut total = 0;
        for action in game.actions() {
            let mut next = game.clone();
            if next.apply(action).is_err() {
                continue;
            }
            let n = next.perft_threads(depth - 1, threads);
            crate::say!("{}: {n}", rules.action_name(action));
            total += n;
        }
        crate::say!();
        total
    } else {
        game.perft_threads(depth, threads)
    };
    crate::say!("Nodes searched: {total}");
    Ok(())
}

/// Positions an hour of perft visits at 50 M a second.
const ONE_HOUR_OF_NODES: f64 = 50e6 * 3600.0;

/// A rough count of the leaves of perft `depth`: the first two plies' branching, carried on.
fn estimate(game: &koma_vm::Game, depth: u32) -> f64 {
    if depth <= 3 {
        return 0.0;
    }
    let one = game.perft(1).max(1) as f64;
    let two = game.perft(2).max(1) as f64;
    one * (two / one).powi(depth as i32 - 1)
}

/// Seconds in words.
fn duration(seconds: f64) -> String {
    match seconds {
        s if s < 3600.0 * 48.0 => format!("{:.0} hours", s / 3600.0),
        s if s < 86400.0 * 365.0 * 2.0 => format!("{:.0} days", s / 86400.0),
        s => format!("{:.0e} years", s / (86400.0 * 365.0)),
    }
}
