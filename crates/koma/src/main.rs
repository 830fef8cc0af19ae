//! `koma`: check `.game` files, list legal moves, count perft, measure speed.

use std::process::ExitCode;

use clap::Parser;
use koma::args::Cli;

fn main() -> ExitCode {
    match koma::commands::run(Cli::parse().command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(reports) => {
            for r in reports {
                koma::out::err(&format!("{:?}", miette::Report::new(r)));
            }
            ExitCode::FAILURE
        }
    }
}
