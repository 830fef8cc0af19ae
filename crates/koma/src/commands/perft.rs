//! `koma perft GAME DEPTH [--divide]`: leaf counts, Stockfish-style.

use koma_host::walks;
use koma_vm::{Stopped, Watch};

use crate::args::PositionArgs;
use crate::load::load_game;
use crate::progress::Line;
use crate::report::Report;

/// Prints the perft count, split by root move with `divide`, ending with `Nodes searched: N`. Opening options
/// that apply count as plies. The walk is measured first and refused if it would take longer than
/// [`walks::COMMAND`], unless `force`; on a terminal a progress line shows how far it has come.
pub fn run(
    args: &PositionArgs,
    depth: u32,
    divide: bool,
    force: bool,
    threads: usize,
) -> Result<(), Vec<Report>> {
    let game = load_game(args)?;
    let line = Line::new(format!("perft {depth}"));
    let report = |p| line.show(p);
    let watch = Watch::new().report(&report);
    let limit = (!force).then_some(walks::COMMAND);
    let divided = game.divide_within(depth, threads, limit, &watch);
    line.clear();
    let divided = divided.map_err(|stopped| vec![refused(depth, stopped)])?;
    let rules = game.position().rules().clone();
    if divide {
        for (action, n) in &divided {
            crate::say!("{}: {n}", rules.action_name(*action));
        }
        crate::say!();
    }
    let total: u64 = divided.iter().map(|(_, n)| n).sum();
    crate::say!("Nodes searched: {total}");
    Ok(())
}

/// The error of a walk that was refused or stopped.
pub fn refused(depth: u32, stopped: Stopped) -> Report {
    Report::plain(
        "koma::perft-too-deep",
        format!("perft {depth} was not counted: {stopped}"),
        Some("add --force to run it anyway (Ctrl-C stops it), or use a smaller depth".into()),
    )
}
