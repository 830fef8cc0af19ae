//! `koma moves GAME`: the legal moves of a position, one per line.

use crate::args::PositionArgs;
use crate::load::load_game;
use crate::report::Report;

/// Prints the legal moves as USI, then the opening options that apply (`designate X`, `swap`).
pub fn run(args: &PositionArgs) -> Result<(), Vec<Report>> {
    let game = load_game(args)?;
    let rules = game.position().rules().clone();
    for action in game.actions() {
        crate::say!("{}", rules.action_name(action));
    }
    Ok(())
}
