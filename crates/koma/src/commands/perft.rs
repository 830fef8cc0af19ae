//! `koma perft GAME DEPTH [--divide]`: leaf counts, Stockfish-style.

use crate::args::PositionArgs;
use crate::load::{action_name, load_game};
use crate::report::Report;

/// Prints the perft count, split by root move with `divide`, ending with `Nodes searched: N`. Opening options
/// that apply count as plies.
pub fn run(args: &PositionArgs, depth: u32, divide: bool) -> Result<(), Vec<Report>> {
    let game = load_game(args)?;
    let rules = game.position().rules().clone();
    let total = if divide {
        let mut total = 0;
        for action in game.actions() {
            let mut next = game.clone();
            if next.apply(action).is_err() {
                continue;
            }
            let n = next.perft(depth - 1);
            crate::say!("{}: {n}", action_name(&rules, action));
            total += n;
        }
        crate::say!();
        total
    } else {
        game.perft(depth)
    };
    crate::say!("Nodes searched: {total}");
    Ok(())
}
