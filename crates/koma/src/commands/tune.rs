//! `koma tune GAME`: the evaluation's weights fitted to the game's own self-play, written to `NAME.weights`.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use koma_engine::{Evaluator, Term, Weights};
use koma_selfplay::{Plan, Shard};
use koma_tune::{Fit, Progress};
use koma_vm::Rules;

use crate::args::TuneArgs;
use crate::report::Report;

fn fail(message: String) -> Vec<Report> {
    vec![Report::plain("koma::tune", message, None)]
}

/// Every tenth game (by number) is held out: its positions judge the fit and are not fitted.
const HELD_OUT_EVERY: u64 = 10;

/// Plays the self-play games, fits the weights and writes them.
pub fn run(o: &TuneArgs) -> Result<(), Vec<Report>> {
    let loaded = crate::load::load(&o.game)?;
    let rules = loaded.rules().clone();
    let start = start_weights(o, &rules)?;
    let eval = Evaluator::new(&rules).with_weights(start.clone());
    let terminal = std::io::stderr().is_terminal();
    let (training, held) = positions(o, &loaded, &eval);
    if training.is_empty() || held.is_empty() {
        return Err(fail(format!(
            "{} games gave no quiet positions to fit: play more games (--games)",
            o.games
        )));
    }
    let fit = Fit {
        iterations: o.iterations,
        jobs: o.jobs,
        ..Fit::default()
    };
    // Ctrl-C during the fit ends it: the best weights so far are written.
    let interrupted = Arc::new(AtomicBool::new(false));
    let flag = interrupted.clone();
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
    });
    let tuned = fit.run(&start, &training, &held, &mut |p: Progress| {
        if interrupted.load(Ordering::Relaxed) {
            return false;
        }
        if terminal && (p.iteration.is_multiple_of(10) || p.iteration == o.iterations) {
            eprint!(
                "\r\x1b[Kfitting: step {}/{}, held-out error {:.5}",
                p.iteration, o.iterations, p.held_out
            );
        }
        true
    });
    if terminal {
        eprint!("\r\x1b[K");
    }
    let header = vec![
        format!("koma weights for {} ({})", rules.name, o.game),
        format!("made by: {}", command(o)),
        format!(
            "positions: {} fitted, {} held out; held-out error {:.5} before, {:.5} after (step {}), scale {:.3}",
            training.len(),
            held.len(),
            tuned.before,
            tuned.after,
            tuned.best_iteration,
            tuned.scale
        ),
    ];
    let text = tuned.weights.to_text(&rules, &header);
    let out = o
        .out
        .clone()
        .unwrap_or_else(|| default_path(&loaded, &o.game));
    std::fs::write(&out, &text).map_err(|e| fail(format!("cannot write {out}: {e}")))?;
    crate::say!(
        "{} quiet positions fitted, {} held out (every {}th game)",
        training.len(),
        held.len(),
        HELD_OUT_EVERY
    );
    crate::say!(
        "held-out error: {:.5} before, {:.5} after (step {} of {})",
        tuned.before,
        tuned.after,
        tuned.best_iteration,
        o.iterations
    );
    say_changes(&rules, &start, &tuned.weights);
    crate::say!("wrote {out}");
    let _ = std::io::stdout().flush();
    Ok(())
}

/// The weights the fit starts from: `--from FILE`, or the game's initial weights.
fn start_weights(o: &TuneArgs, rules: &Arc<Rules>) -> Result<Weights, Vec<Report>> {
    let base = Evaluator::new(rules);
    match &o.from {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| fail(format!("cannot read {path}: {e}")))?;
            Weights::parse(rules, base.weights(), &text).map_err(|e| fail(format!("{path}: {e}")))
        }
        None => Ok(base.weights().clone()),
    }
}

/// The self-play games' quiet positions: those to fit, and those of every tenth game, held out.
fn positions(
    o: &TuneArgs,
    loaded: &koma_host::Loaded,
    eval: &Evaluator,
) -> (Vec<koma_tune::Sample>, Vec<koma_tune::Sample>) {
    let plan = Plan {
        seed: o.seed,
        movetime: None,
        nodes: Some(o.nodes),
        random_plies: o.random_plies,
        max_plies: o.max_plies,
    };
    let line = crate::progress::Games::new("self-play for tuning");
    let records =
        koma_selfplay::run_watched(loaded, eval, &plan, o.games, o.jobs, Shard::ALL, &|p| {
            line.show(p)
        });
    line.clear();
    let (held, training): (Vec<_>, Vec<_>) = records
        .into_iter()
        .partition(|r| r.index % HELD_OUT_EVERY == HELD_OUT_EVERY - 1);
    let skip = o.random_plies + 2;
    (
        koma_tune::samples(loaded.rules(), eval, &training, skip),
        koma_tune::samples(loaded.rules(), eval, &held, skip),
    )
}

/// The command that makes the same weights, as the file's header gives it.
fn command(o: &TuneArgs) -> String {
    format!(
        "koma tune {} --games {} --nodes {} --seed {} --random-plies {} --max-plies {} --iterations {}{}",
        o.game,
        o.games,
        o.nodes,
        o.seed,
        o.random_plies,
        o.max_plies,
        o.iterations,
        o.from
            .as_ref()
            .map(|f| format!(" --from {f}"))
            .unwrap_or_default()
    )
}

/// Prints the weights that moved most, in words and pawns.
fn say_changes(rules: &Rules, start: &Weights, tuned: &Weights) {
    crate::say!("the largest changes, in pawns:");
    let mut changes: Vec<(usize, i32)> = (0..start.values.len())
        .map(|i| (i, tuned.values[i] - start.values[i]))
        .filter(|&(_, d)| d != 0)
        .collect();
    changes.sort_by_key(|&(i, d)| (std::cmp::Reverse(d.abs()), i));
    for &(i, d) in changes.iter().take(12) {
        let term: Term = start.layout.term(i);
        crate::say!(
            "  {}: {:+.2} (now {:.2})",
            term.words(rules),
            d as f64 / 100.0,
            tuned.values[i] as f64 / 100.0
        );
    }
}

/// `NAME.weights` beside the game's file, or in the current folder for an embedded game.
fn default_path(loaded: &koma_host::Loaded, game: &str) -> String {
    match loaded.path() {
        Some(path) => path.with_extension("weights").display().to_string(),
        None => format!("{game}.weights"),
    }
}
