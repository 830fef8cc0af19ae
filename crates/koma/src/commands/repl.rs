//! `koma repl [GAME]` (and `koma` alone): the REPL in a terminal, or commands read from standard input.

use std::io::IsTerminal;

use koma_draw::Style;
use koma_host::{Diagnostic, Host};
use koma_repl::{HostLoader, Session, run_script, run_terminal};

use crate::report::Report;

/// Diagnostics drawn for a terminal.
fn render_color(diagnostics: &[Diagnostic]) -> String {
    render(diagnostics, true)
}

/// Diagnostics drawn as plain text.
fn render_plain(diagnostics: &[Diagnostic]) -> String {
    render(diagnostics, false)
}

fn render(diagnostics: &[Diagnostic], color: bool) -> String {
    crate::report::reports(diagnostics.to_vec())
        .iter()
        .map(|r| r.render(color))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Opens the REPL on `game` (mini shogi by default): interactive on a terminal, scripted otherwise.
pub fn run(game: Option<&str>, watch: bool, kanji: bool) -> Result<(), Vec<Report>> {
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let color = interactive && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let style = Style { color, kanji };
    let game = game.unwrap_or(koma_games::DEFAULT);
    let fail = |message: String| vec![Report::plain("koma::repl", message, None)];
    let loader = HostLoader {
        host: Host::disk(),
        render: if color { render_color } else { render_plain },
    };
    // A game that does not load is reported as every command reports it, not inside another report.
    crate::load::load(game)?;
    let mut session = Session::open(Box::new(loader), game, style).map_err(|text| {
        vec![Report::plain(
            "koma::repl",
            format!("cannot open {game}:\n{text}"),
            None,
        )]
    })?;
    session.allow_files();
    if interactive {
        return run_terminal(session, watch).map_err(fail);
    }
    if watch {
        crate::out::err(
            "koma: --watch needs a terminal (standard input and output); reading commands from the pipe without it",
        );
    }
    let stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    match run_script(&mut session, stdin, &mut stdout) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.map_err(|e| fail(e.to_string())),
    }
}
