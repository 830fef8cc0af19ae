//! `koma games`: the embedded games.

use crate::report::Report;

/// Lists the embedded games, then the embedded examples, with their files.
pub fn run() -> Result<(), Vec<Report>> {
    for g in koma_games::all() {
        let kind = if g.example { "example" } else { "game" };
        crate::say!("{:<22} {:<8} {}", g.name, kind, g.path);
    }
    Ok(())
}
