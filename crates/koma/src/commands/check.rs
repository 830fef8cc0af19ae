//! `koma check GAME`: compile a game and report every diagnostic.

use crate::load::{compile_game, read_game};
use crate::report::Report;

/// Compiles the game, prints its warnings on standard error and a one-line summary.
pub fn run(game: &str) -> Result<(), Vec<Report>> {
    let source = read_game(game).map_err(|r| vec![r])?;
    let (compiled, warnings) = compile_game(&source)?;
    let count = warnings.len();
    for w in warnings {
        eprintln!("{:?}", miette::Report::new(w));
    }
    let r = &compiled.rules;
    println!(
        "{}: ok — {} x {} board, {} piece faces, {count} warning(s)",
        source.name,
        r.files,
        r.ranks,
        r.faces.len()
    );
    Ok(())
}
