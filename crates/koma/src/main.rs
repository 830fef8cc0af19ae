//! `koma`: check `.game` files, list legal moves, count perft, measure speed.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use clap::{Parser, Subcommand};
use koma::report::Report;
use koma_vm::{Position, Rules};

#[derive(Parser)]
#[command(
    name = "koma",
    version,
    about = "Shogi-family games written as .game files: check them, list moves, count perft"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(clap::Args)]
struct PositionArgs {
    /// A .game file, or the name of an embedded game (`minishogi`).
    game: String,
    /// Start from this SFEN instead of the game's start position.
    #[arg(long)]
    sfen: Option<String>,
    /// USI moves to play first, separated by spaces (e.g. "5d5c 1b1c").
    #[arg(long)]
    moves: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    /// Compile a game and report every diagnostic.
    Check {
        /// A .game file, or the name of an embedded game.
        game: String,
    },
    /// List the legal moves of a position, one USI move per line.
    Moves {
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Count the leaves of the legal move tree to a depth.
    Perft {
        #[command(flatten)]
        position: PositionArgs,
        /// Depth in plies.
        #[arg(value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: u32,
        /// Print the count below each root move.
        #[arg(long)]
        divide: bool,
    },
    /// Measure perft speed (leaves per second, single-threaded).
    Bench {
        /// Games to measure (default: minishogi).
        games: Vec<String>,
        /// Perft depth.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: u32,
        /// Runs per game; the fastest counts.
        #[arg(long, default_value_t = 3)]
        runs: u32,
    },
    /// List the embedded games.
    Games,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => overview(),
        Some(Command::Check { game }) => check(&game),
        Some(Command::Moves { position }) => load_position(&position).map(|pos| {
            for mv in pos.legal_moves() {
                println!("{}", pos.rules().move_name(mv));
            }
        }),
        Some(Command::Perft {
            position,
            depth,
            divide,
        }) => load_position(&position).map(|mut pos| perft(&mut pos, depth, divide)),
        Some(Command::Bench { games, depth, runs }) => bench(&games, depth, runs),
        Some(Command::Games) => {
            for g in koma_games::GAMES {
                println!("{:<12} {}", g.name, g.path);
            }
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(reports) => {
            for r in reports {
                eprintln!("{:?}", miette::Report::new(r));
            }
            ExitCode::FAILURE
        }
    }
}

fn load_rules(game: &str) -> Result<Arc<Rules>, Vec<Report>> {
    let source = koma::read_game(game).map_err(|r| vec![r])?;
    let (compiled, _warnings) = koma::compile(&source)?;
    Ok(compiled.rules)
}

fn load_position(args: &PositionArgs) -> Result<Position, Vec<Report>> {
    let rules = load_rules(&args.game)?;
    let mut pos = match &args.sfen {
        None => Position::start(&rules),
        Some(s) => Position::from_sfen(&rules, s).map_err(|e| vec![Report::from_sfen(&e, s)])?,
    };
    if let Some(line) = &args.moves {
        let mut offset = 0;
        for word in line.split(' ') {
            if !word.is_empty() {
                let mv = pos
                    .parse_usi(word)
                    .map_err(|e| vec![Report::from_usi(&e, line, offset, word.len())])?;
                pos.make(mv);
            }
            offset += word.len() + 1;
        }
    }
    Ok(pos)
}

fn overview() -> Result<(), Vec<Report>> {
    let rules = load_rules(koma_games::DEFAULT)?;
    let pos = Position::start(&rules);
    println!("{} — start position ({})\n", rules.name, pos.to_sfen());
    println!("{}\n", pos.diagram());
    let moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| rules.move_name(m))
        .collect();
    println!("{} legal moves: {}", moves.len(), moves.join(" "));
    println!("\nTry `koma --help`, `koma perft minishogi 4 --divide` or `koma check games/minishogi.game`.");
    Ok(())
}

fn check(game: &str) -> Result<(), Vec<Report>> {
    let source = koma::read_game(game).map_err(|r| vec![r])?;
    let (compiled, warnings) = koma::compile(&source)?;
    let count = warnings.len();
    for w in warnings {
        eprintln!("{:?}", miette::Report::new(w));
    }
    let r = &compiled.rules;
    println!(
        "{}: ok — {} x {} board, {} piece faces, {count} warning(s)",
        source.name,
        r.files,
        r.ranks,
        r.pieces.len()
    );
    Ok(())
}

fn perft(pos: &mut Position, depth: u32, divide: bool) {
    let total = if divide {
        let mut total = 0;
        for (mv, n) in pos.divide(depth) {
            println!("{}: {n}", pos.rules().move_name(mv));
            total += n;
        }
        println!();
        total
    } else {
        pos.perft(depth)
    };
    println!("Nodes searched: {total}");
}

fn bench(games: &[String], depth: u32, runs: u32) -> Result<(), Vec<Report>> {
    let games = if games.is_empty() {
        vec![koma_games::DEFAULT.to_string()]
    } else {
        games.to_vec()
    };
    println!(
        "{:<12} {:>5} {:>12} {:>10} {:>14}",
        "game", "depth", "leaves", "best ms", "leaves/s"
    );
    for game in &games {
        let rules = load_rules(game)?;
        let mut pos = Position::start(&rules);
        let mut best = f64::MAX;
        let mut leaves = 0;
        for _ in 0..runs.max(1) {
            let t = Instant::now();
            leaves = pos.perft(depth);
            best = best.min(t.elapsed().as_secs_f64());
        }
        println!(
            "{:<12} {:>5} {:>12} {:>10.1} {:>14.0}",
            game,
            depth,
            leaves,
            best * 1e3,
            leaves as f64 / best
        );
    }
    Ok(())
}
