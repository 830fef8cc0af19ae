//! `koma usi GAME`: the game as a USI engine, reading protocol lines from standard input.

use std::io::BufRead;
use std::sync::Arc;

use koma_usi::{Control, Session};

use crate::report::Report;

/// Answers USI lines until `quit` or the end of input (where a running search ends by its limits first).
pub fn run(game: &str) -> Result<(), Vec<Report>> {
    let loaded = crate::load::load(game)?;
    let out: koma_usi::Output = Arc::new(|line: &str| crate::out::line(line));
    let mut session = Session::new(&loaded.rules().name, loaded.rules(), out);
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if session.handle(&line) == Control::Quit {
            return Ok(());
        }
    }
    session.wait();
    Ok(())
}
