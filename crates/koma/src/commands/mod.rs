//! One module per command. Each returns its output on standard output and its errors as reports.

pub mod bench;
pub mod card;
pub mod check;
pub mod diff;
pub mod export;
pub mod fmt;
pub mod games;
pub mod import;
pub mod lint;
pub mod moves;
pub mod perft;
pub mod record;
pub mod repl;
pub mod selfplay;
mod selfplay_records;
pub mod serve;
pub mod site;
pub mod test;
pub mod tune;
pub mod usi;

use crate::args::{Command, ExportTo, ImportFrom};
use crate::report::Report;

/// Runs a command; `None` is `koma` without one.
pub fn run(command: Option<Command>) -> Result<(), Vec<Report>> {
    match command {
        None => repl::run(None, false, false),
        Some(Command::Check { games, format }) => check::run(&games, format),
        Some(Command::Moves { position, notation }) => moves::run(&position, &notation),
        Some(Command::Perft {
            position,
            depth,
            divide,
            force,
            threads,
        }) => perft::run(&position, depth, divide, force, threads as usize),
        Some(Command::Bench {
            games,
            depth,
            runs,
            threads,
        }) => bench::run(&games, depth, runs, threads as usize),
        Some(Command::Games) => games::run(),
        Some(Command::Fmt { files, check }) => fmt::run(&files, check),
        Some(Command::Serve { games, port, host }) => serve::run(&games, host, port),
        Some(Command::Site { dir, games }) => site::run(&dir, &games),
        Some(Command::Lsp) => {
            koma_lsp::run_stdio().map_err(|e| vec![Report::plain("koma::lsp", e, None)])
        }
        Some(Command::Card { game, format }) => card::run(&game, format),
        Some(Command::Test { paths }) => test::run(&paths),
        Some(Command::Lint {
            games,
            allow,
            warn,
            deny,
            format,
            list,
        }) => lint::run(&games, [allow, warn, deny], format, list),
        Some(Command::Diff {
            before,
            after,
            depth,
            nodes,
            from,
            playouts,
            seed,
            seconds,
        }) => {
            let settings = koma_diff::Settings {
                max_depth: depth,
                max_nodes: nodes,
                limit: Some(std::time::Duration::from_secs(seconds)),
                from,
                playouts,
                seed,
                ..koma_diff::Settings::default()
            };
            diff::run(&before, &after, &settings)
        }
        Some(Command::Repl { game, watch, kanji }) => repl::run(game.as_deref(), watch, kanji),
        Some(Command::Usi { game }) => usi::run(&game),
        Some(Command::Selfplay {
            merge: Some(merge), ..
        }) => selfplay::merge(&merge),
        Some(Command::Selfplay { merge: None, run }) => selfplay::run(&run),
        Some(Command::Record {
            file,
            game,
            from,
            to,
            shift_jis,
        }) => record::run(&file, &game, from, to, shift_jis),
        Some(Command::Import {
            from: ImportFrom::Fsf { file, variant, out },
        }) => import::fsf(&file, variant.as_deref(), out.as_deref()),
        Some(Command::Export {
            to: ExportTo::Fsf { game, name },
        }) => export::fsf(&game, name.as_deref()),
        Some(Command::Tune {
            merge: Some(merge), ..
        }) => tune::merge(&merge),
        Some(Command::Tune { merge: None, run }) => tune::run(&run),
    }
}
