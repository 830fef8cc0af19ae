//! `koma perft GAME DEPTH [--divide]`: leaf counts, Stockfish-style.

use crate::args::PositionArgs;
use crate::load::load_position;
use crate::report::Report;

/// Prints the perft count, split by root move with `divide`, ending with `Nodes searched: N`.
pub fn run(args: &PositionArgs, depth: u32, divide: bool) -> Result<(), Vec<Report>> {
    let mut pos = load_position(args)?;
    let total = if divide {
        let mut total = 0;
        for (mv, n) in pos.divide(depth) {
            println!("{}: {n}", pos.rules().move_name(mv));
            total += n;
        }
        println!();
        total
    } else {
        pos.perft(depth)
    };
    println!("Nodes searched: {total}");
    Ok(())
}
