//! The games a server was given: each by its number on the page, read only through the host, from the file
//! or embedded game it was given as, or from an edited text the page sends.

use std::path::PathBuf;

use koma_host::{Diagnostic, Host, Loaded, Origin};
use koma_lint::Levels;

/// One game the server was given.
#[derive(Debug, Clone)]
pub struct Served {
    /// The name it was given by (a path, or an embedded game's name).
    pub given: String,
    /// The game's own name (`game "..."`).
    pub title: String,
    /// The file it was read from, if it is one.
    pub path: Option<PathBuf>,
}

/// The games, and the host that reads them.
pub struct Games {
    host: Host,
    games: Vec<Served>,
}

impl Games {
    /// Reads each game once, from disk or among the embedded games, to check that it loads; the first that
    /// does not is the error.
    pub fn new(given: &[String]) -> Result<Games, Vec<Diagnostic>> {
        Games::with_host(Host::disk(), given)
    }

    /// [`Games::new`] with games read by `host` (the browser build's host holds the site's texts).
    pub fn with_host(host: Host, given: &[String]) -> Result<Games, Vec<Diagnostic>> {
        let mut games = Vec::new();
        for name in given {
            let loaded = host.load(name)?;
            games.push(Served {
                given: name.clone(),
                title: loaded.rules().name.clone(),
                path: match &loaded.sources.main().map(|f| f.origin.clone()) {
                    Some(Origin::File(path)) => {
                        Some(std::fs::canonicalize(path).unwrap_or(path.clone()))
                    }
                    _ => None,
                },
            });
        }
        Ok(Games { host, games })
    }

    /// The games, in the order given.
    pub fn list(&self) -> &[Served] {
        &self.games
    }

    /// Game number `index`.
    pub fn get(&self, index: usize) -> Option<&Served> {
        self.games.get(index)
    }

    /// The game's own text, read again now (the file may have changed on disk).
    pub fn source(&self, index: usize) -> Result<String, Vec<Diagnostic>> {
        let game = self.get(index).ok_or_else(|| vec![unknown(index)])?;
        let loaded = self.host.load(&game.given)?;
        Ok(loaded.text().to_string())
    }

    /// Game number `index` compiled, from its own text or from `text` (an edit on the page).
    pub fn load(&self, index: usize, text: Option<&str>) -> Result<Loaded, Vec<Diagnostic>> {
        let game = self.get(index).ok_or_else(|| vec![unknown(index)])?;
        match (text, &game.path) {
            (None, _) => self.host.load(&game.given),
            (Some(text), Some(path)) => self.host.load_buffer(path, text),
            (Some(text), None) => self.host.load_text(&game.given, text),
        }
    }

    /// Every diagnostic of `text` as game number `index`: one compile and one lint.
    pub fn check(&self, index: usize, text: &str) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
        let game = self.get(index).ok_or_else(|| vec![unknown(index)])?;
        let checked = match &game.path {
            Some(path) => self.host.check_buffer(path, text, &Levels::default()),
            None => self.host.check_text(&game.given, text, &Levels::default()),
        };
        Ok(checked.diagnostics)
    }
}

fn unknown(index: usize) -> Diagnostic {
    Diagnostic::error(
        "koma::web",
        format!("there is no game number {index} on this server"),
    )
}
