//! `koma moves GAME`: the legal moves of a position, one per line.

use crate::args::PositionArgs;
use crate::load::load_game;
use crate::report::Report;

/// Prints what may be played now: the legal moves as USI, then the opening options that apply (`designate
/// X`, `swap`). Once the game is over, nothing is printed, and standard error says how it ended.
pub fn run(args: &PositionArgs) -> Result<(), Vec<Report>> {
    let game = load_game(args)?;
    let rules = game.position().rules().clone();
    if let Some(outcome) = game.outcome() {
        crate::out::err(&format!(
            "the game is over: {}",
            game.outcome_words(outcome)
        ));
    }
    for action in game.playable() {
        crate::say!("{}", rules.action_name(action));
    }
    Ok(())
}
