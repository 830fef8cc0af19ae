//! `koma games`: the embedded games.

use crate::report::Report;

/// Lists the embedded games with their files.
pub fn run() -> Result<(), Vec<Report>> {
    for g in koma_games::GAMES {
        crate::say!("{:<12} {}", g.name, g.path);
    }
    Ok(())
}
