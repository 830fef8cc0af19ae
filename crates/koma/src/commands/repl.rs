//! `koma repl [GAME]` (and `koma` alone): the REPL in a terminal, or commands read from standard input.

use std::io::IsTerminal;

use koma_draw::Style;
use koma_repl::{Loaded, Loader, Session, run_script, run_terminal};

use crate::load::{compile_game, read_game};
use crate::report::Report;

/// Compiles games for the REPL; diagnostics are rendered for the terminal or as plain text.
struct CliLoader {
    color: bool,
}

impl Loader for CliLoader {
    fn load(&self, name: &str) -> Result<Loaded, String> {
        let render = |reports: Vec<Report>| {
            reports
                .iter()
                .map(|r| r.render(self.color))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let source = read_game(name).map_err(|r| render(vec![r]))?;
        let (compiled, _warnings) = compile_game(&source).map_err(render)?;
        let file = std::path::Path::new(name);
        Ok(Loaded {
            name: name.to_string(),
            text: source.text,
            rules: compiled.rules,
            file: file.is_file().then(|| file.to_path_buf()),
        })
    }
}

/// Opens the REPL on `game` (mini shogi by default): interactive on a terminal, scripted otherwise.
pub fn run(game: Option<&str>, watch: bool, kanji: bool) -> Result<(), Vec<Report>> {
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let color = interactive && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let style = Style { color, kanji };
    let game = game.unwrap_or(koma_games::DEFAULT);
    let fail = |message: String| vec![Report::plain("koma::repl", message, None)];
    let mut session =
        Session::open(Box::new(CliLoader { color }), game, style).map_err(|text| {
            vec![Report::plain(
                "koma::repl",
                format!("cannot open {game}:\n{text}"),
                None,
            )]
        })?;
    if interactive {
        return run_terminal(session, watch).map_err(fail);
    }
    let stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    match run_script(&mut session, stdin, &mut stdout) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(|e| fail(e.to_string())),
    }
}
