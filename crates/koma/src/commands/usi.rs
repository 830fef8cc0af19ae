//! `koma usi GAME`: the game as a USI engine, reading protocol lines from standard input.

use std::sync::Arc;

use koma_usi::Session;

use crate::report::Report;

/// Answers USI lines until `quit` or the end of input, either of which stops a running search at once.
pub fn run(game: &str) -> Result<(), Vec<Report>> {
    let loaded = crate::load::load(game)?;
    let out: koma_usi::Output = Arc::new(|line: &str| crate::out::line(line));
    let eval = crate::load::evaluator(&loaded)?;
    let session = Session::with_evaluator(&loaded.rules().name, loaded.rules(), eval, out);
    koma_usi::serve(session, std::io::BufReader::new(std::io::stdin()));
    Ok(())
}
