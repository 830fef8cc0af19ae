//! `koma tune GAME` and `koma tune merge FILES...`: the evaluation's weights fitted to the game's own
//! self-play, written to `NAME.weights`.

use std::io::{IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use koma_engine::{Evaluator, Term, Weights};
use koma_selfplay::{GameRecord, Plan};
use koma_tune::{Fit, Progress, Sample};
use koma_vm::Rules;

use crate::args::{FitArgs, TuneArgs, TuneMerge};
use crate::report::Report;

fn fail(message: String) -> Vec<Report> {
    vec![Report::plain("koma::tune", message, None)]
}

/// One position in ten (by its key, so that a position reached in several games is held out in all of them)
/// is held out: those positions judge the fit and are not fitted.
const HELD_OUT_EVERY: u64 = 10;

/// Plays the self-play games, fits the weights and writes them (or, with `--shard`, writes the shard's games).
pub fn run(o: &TuneArgs) -> Result<(), Vec<Report>> {
    let game = o.game.as_deref().ok_or_else(|| {
        fail("give a game: `koma tune GAME` (a .game file or an embedded game's name)".into())
    })?;
    let loaded = crate::load::load(game)?;
    let rules = loaded.rules().clone();
    let shard = super::selfplay::shard(o.shard.as_deref())?;
    let start = start_weights(&o.fit, &rules)?;
    let eval = Evaluator::new(&rules).with_weights(start.clone());
    let plan = Plan {
        seed: o.seed,
        movetime: None,
        nodes: Some(o.nodes),
        random_plies: o.random_plies,
        max_plies: o.max_plies,
    };
    let line = crate::progress::Games::new("self-play for tuning");
    let records =
        koma_selfplay::run_watched(&loaded, &eval, &plan, o.games, o.fit.jobs, shard, &|p| {
            line.show(p)
        });
    line.clear();
    if o.shard.is_some() {
        let settings = super::selfplay::settings(&loaded, game, &plan, o.games);
        crate::say!("{}", koma_selfplay::json_lines(&settings, &records));
        return Ok(());
    }
    let made_by = command(game, &plan, o.games, &o.fit);
    fit_and_write(&loaded, game, &o.fit, &start, &records, &plan, &made_by)
}

/// `koma tune merge FILES...`: the weights fitted to the games of a run's shards.
pub fn merge(command: &TuneMerge) -> Result<(), Vec<Report>> {
    let TuneMerge::Merge { files, game, fit } = command;
    let (loaded, settings, records) = super::selfplay::merged_shards(files, game.as_deref())?;
    let start = start_weights(fit, loaded.rules())?;
    let plan = Plan {
        seed: settings.seed,
        movetime: None,
        nodes: settings
            .limit
            .strip_prefix("nodes ")
            .and_then(|n| n.parse().ok()),
        random_plies: settings.random_plies,
        max_plies: settings.max_plies,
    };
    let source = game.clone().unwrap_or_else(|| settings.source.clone());
    let made_by = match plan.nodes {
        Some(_) if records.len() as u64 == settings.games => format!(
            "{} (played in {} shard files, fitted by koma tune merge)",
            self::command(&source, &plan, settings.games, fit),
            files.len()
        ),
        _ => format!(
            "koma tune merge of {} of the {} games of a run of seed {} with {}",
            records.len(),
            settings.games,
            settings.seed,
            settings.limit
        ),
    };
    fit_and_write(&loaded, &source, fit, &start, &records, &plan, &made_by)
}

/// Takes the games' quiet positions, fits the weights to them and writes them, saying what changed.
fn fit_and_write(
    loaded: &koma_host::Loaded,
    game: &str,
    o: &FitArgs,
    start: &Weights,
    records: &[GameRecord],
    plan: &Plan,
    made_by: &str,
) -> Result<(), Vec<Report>> {
    let rules = loaded.rules();
    let eval = Evaluator::new(rules).with_weights(start.clone());
    let terminal = std::io::stderr().is_terminal();
    let (distinct, training, held) = positions(loaded, &eval, records, plan, o.positions);
    if training.is_empty() || held.is_empty() {
        return Err(fail(format!(
            "{} games gave no quiet positions to fit: play more games (--games)",
            records.len()
        )));
    }
    let fit = Fit {
        iterations: o.iterations,
        jobs: o.jobs,
        lambda: o.lambda,
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
    let tuned = fit.run(start, &training, &held, &mut |p: Progress| {
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
        format!("koma weights for {} ({})", rules.name, game),
        format!("made by: {made_by}"),
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
    let text = tuned.weights.to_text(rules, &header);
    let out = o.out.clone().unwrap_or_else(|| default_path(loaded, game));
    std::fs::write(&out, &text).map_err(|e| fail(format!("cannot write {out}: {e}")))?;
    crate::say!(
        "{} distinct games of {}; {} quiet positions fitted, {} held out (one position in {})",
        distinct,
        records.len(),
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
    say_changes(rules, start, &tuned.weights);
    crate::say!("wrote {out}");
    let _ = std::io::stdout().flush();
    Ok(())
}

/// The weights the fit starts from: `--from FILE`, or the game's initial weights.
fn start_weights(o: &FitArgs, rules: &Arc<Rules>) -> Result<Weights, Vec<Report>> {
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

/// The distinct games' quiet positions: the number of distinct games, the positions to fit, and one position
/// in ten held out (chosen by the position's key); at most `most` to fit (a choice by the run's seed), the
/// held-out ones cut in the same proportion. A game that repeats an earlier one move for move is left out, and
/// a position is held out wherever it occurs, so that the held-out error is not measured on what was fitted.
fn positions(
    loaded: &koma_host::Loaded,
    eval: &Evaluator,
    records: &[GameRecord],
    plan: &Plan,
    most: Option<usize>,
) -> (usize, Vec<Sample>, Vec<Sample>) {
    let distinct: Vec<GameRecord> = koma_selfplay::distinct(records)
        .into_iter()
        .cloned()
        .collect();
    let skip = plan.random_plies + 2;
    let (held, training): (Vec<Sample>, Vec<Sample>) =
        koma_tune::samples(loaded.rules(), eval, &distinct, skip)
            .into_iter()
            .partition(|s| s.key % HELD_OUT_EVERY == HELD_OUT_EVERY - 1);
    let (training, held) = match most {
        Some(n) if n < training.len() => {
            let keep_held = (held.len() as u128 * n as u128 / training.len() as u128) as usize;
            (
                koma_tune::pick(training, n, plan.seed),
                koma_tune::pick(held, keep_held.max(1), plan.seed ^ 1),
            )
        }
        _ => (training, held),
    };
    (distinct.len(), training, held)
}

/// The command that makes the same weights, as the file's header gives it.
fn command(game: &str, plan: &Plan, games: u64, o: &FitArgs) -> String {
    format!(
        "koma tune {} --games {} --nodes {} --seed {} --random-plies {} --max-plies {} --iterations {}{}{}{}",
        game,
        games,
        plan.nodes.unwrap_or_default(),
        plan.seed,
        plan.random_plies,
        plan.max_plies,
        o.iterations,
        o.positions
            .map(|n| format!(" --positions {n}"))
            .unwrap_or_default(),
        if o.lambda > 0.0 {
            format!(" --lambda {}", o.lambda)
        } else {
            String::new()
        },
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
