//! `koma moves GAME`: the legal moves of a position, one USI move per line.

use crate::args::PositionArgs;
use crate::load::load_position;
use crate::report::Report;

/// Prints the legal moves.
pub fn run(args: &PositionArgs) -> Result<(), Vec<Report>> {
    let pos = load_position(args)?;
    for mv in pos.legal_moves() {
        println!("{}", pos.rules().move_name(mv));
    }
    Ok(())
}
