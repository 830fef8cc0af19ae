//! `koma moves GAME`: the legal moves of a position, one per line.

use koma_notation::Notation;

use crate::args::PositionArgs;
use crate::load::load_game;
use crate::report::Report;

/// Prints what may be played now: the legal moves (as USI, or in `notation`), then the opening options that
/// apply (`designate X`, `swap`). Once the game is over, nothing is printed, and standard error says how it
/// ended.
pub fn run(args: &PositionArgs, notation: &str) -> Result<(), Vec<Report>> {
    let game = load_game(args)?;
    let rules = game.position().rules().clone();
    let notation = Notation::named(notation).unwrap_or_default();
    notation
        .fits(&rules)
        .map_err(|why| vec![Report::plain("koma::notation", why, None)])?;
    if let Some(outcome) = game.outcome() {
        crate::out::err(&format!(
            "the game is over: {}",
            game.outcome_words(outcome)
        ));
    }
    let pos = game.position();
    let legal = game.legal_moves();
    let last_to = game.moves().last().map(|m| m.to());
    for action in game.playable() {
        match action {
            koma_vm::Action::Move(mv) if notation != Notation::Usi => {
                crate::say!("{}", notation.write_among(pos, &legal, mv, last_to));
            }
            _ => crate::say!("{}", rules.action_name(action)),
        }
    }
    Ok(())
}
