//! The `koma` command line as a library: loading games by name or path, and turning every kind of
//! error (compile diagnostics, bad SFEN, bad USI moves) into miette reports.

pub mod report;

use std::path::Path;

use koma_compile::Compiled;
use report::Report;

/// Where a game's source came from, for messages.
#[derive(Debug, Clone)]
pub struct GameSource {
    /// A display name: the path, or `minishogi` for an embedded game.
    pub name: String,
    /// The source text.
    pub text: String,
}

/// Reads a game argument: a path to a `.game` file, or the name of an embedded game.
pub fn read_game(arg: &str) -> Result<GameSource, Report> {
    let path = Path::new(arg);
    if path.is_file() {
        return std::fs::read_to_string(path)
            .map(|text| GameSource {
                name: arg.to_string(),
                text,
            })
            .map_err(|e| Report::plain("koma::io", format!("cannot read {arg}: {e}"), None));
    }
    match koma_games::find(arg) {
        Some(g) => Ok(GameSource {
            name: g.name.to_string(),
            text: g.source.to_string(),
        }),
        None => {
            let names: Vec<&str> = koma_games::GAMES.iter().map(|g| g.name).collect();
            Err(Report::plain(
                "koma::unknown-game",
                format!("`{arg}` is neither a .game file nor an embedded game"),
                Some(format!("embedded games: {}", names.join(", "))),
            ))
        }
    }
}

/// Compiles a game source; on failure returns one report per diagnostic.
pub fn compile(source: &GameSource) -> Result<(Compiled, Vec<Report>), Vec<Report>> {
    let to_reports = |diags: &[koma_compile::Diagnostic]| {
        diags
            .iter()
            .map(|d| Report::from_compile(d, &source.name, &source.text))
            .collect::<Vec<_>>()
    };
    let dir = Path::new(&source.name).parent().map(Path::to_path_buf);
    let parents = |name: &str| -> Option<String> {
        let beside = dir.as_ref().map(|d| d.join(name)).filter(|p| p.is_file());
        match beside {
            Some(path) => std::fs::read_to_string(path).ok(),
            None => koma_games::parent_source(name),
        }
    };
    match koma_compile::compile_with(&source.text, &parents) {
        Ok(c) => {
            let warnings = to_reports(&c.warnings);
            Ok((c, warnings))
        }
        Err(diags) => Err(to_reports(&diags)),
    }
}
