//! Tuning on mini shogi, from a few quick games: the fit's model of the evaluation is the engine's evaluation
//! (to the rounding of king danger), the fit lowers the training error and keeps the weights of least held-out
//! error, and the same seed makes the same weights.

use koma_engine::Evaluator;
use koma_host::Host;
use koma_selfplay::{Plan, Shard};
use koma_tune::{Fit, Sample, error, samples};

fn positions(seed: u64) -> (Vec<Sample>, Vec<Sample>, Evaluator) {
    let loaded = Host::embedded().load("minishogi").unwrap();
    let eval = Evaluator::new(loaded.rules());
    let plan = Plan {
        seed,
        movetime: None,
        nodes: Some(300),
        random_plies: 6,
        max_plies: 200,
    };
    let records = koma_selfplay::run_watched(&loaded, &eval, &plan, 40, 2, Shard::ALL, &|_| {});
    let (held, fitted): (Vec<_>, Vec<_>) = records.into_iter().partition(|r| r.index % 5 == 4);
    (
        samples(loaded.rules(), &eval, &fitted, 8),
        samples(loaded.rules(), &eval, &held, 8),
        eval,
    )
}

#[test]
fn the_fit_models_the_engines_evaluation() {
    let (fitted, _, eval) = positions(3);
    assert!(fitted.len() > 100, "{}", fitted.len());
    let w: Vec<f64> = eval.weights().values.iter().map(|&v| v as f64).collect();
    for s in &fitted {
        let modelled = koma_tune::evaluate(s, &w).0;
        let engine = s.trace.score(&eval.weights().values) as f64;
        // The engine rounds each king's danger down to a centipawn; the model does not.
        assert!(
            (modelled - engine).abs() < 2.0,
            "{modelled} against {engine}"
        );
        assert!((0.0..=1.0).contains(&s.result));
    }
}

/// On a few hundred positions the fit lowers the training error; the weights it keeps are those of the step
/// with the least held-out error (the starting weights when no step beat them, as can happen with so few).
#[test]
fn the_fit_lowers_the_training_error_keeps_the_best_held_out_and_repeats_from_its_seed() {
    let (fitted, held, eval) = positions(5);
    let run = || {
        let fit = Fit {
            iterations: 40,
            jobs: 2,
            ..Fit::default()
        };
        let mut held_out = Vec::new();
        let tuned = fit.run(eval.weights(), &fitted, &held, &mut |p| {
            held_out.push(p.held_out);
            true
        });
        (tuned, held_out)
    };
    let (a, held_out) = run();
    let start: Vec<f64> = eval.weights().values.iter().map(|&v| v as f64).collect();
    let end: Vec<f64> = a.weights.values.iter().map(|&v| v as f64).collect();
    let last = Fit {
        iterations: 40,
        jobs: 2,
        ..Fit::default()
    };
    // Held out against its own positions, the step kept is the one of least training error.
    let trained = last.run(eval.weights(), &fitted, &fitted, &mut |_| true);
    let trained: Vec<f64> = trained.weights.values.iter().map(|&v| v as f64).collect();
    assert!(
        error(&fitted, &trained, a.scale) < error(&fitted, &start, a.scale),
        "the training error falls"
    );
    let least = held_out.iter().copied().fold(a.before, f64::min);
    assert_eq!(a.after, least, "the best step's held-out error is kept");
    assert!(a.after <= a.before);
    assert!((error(&held, &end, a.scale) - a.after).abs() < 1e-3);
    let (b, _) = run();
    assert_eq!(a, b, "the same seed makes the same weights");
}

#[test]
fn the_weights_do_not_depend_on_the_threads_that_fit_them() {
    let (fitted, held, eval) = positions(7);
    // Enough positions for several blocks of the gradient.
    let many: Vec<Sample> = fitted.iter().cycle().take(10_000).cloned().collect();
    let with = |jobs| {
        let fit = Fit {
            iterations: 15,
            jobs,
            ..Fit::default()
        };
        fit.run(eval.weights(), &many, &held, &mut |_| true)
    };
    let one = with(1);
    assert_eq!(one, with(2));
    assert_eq!(one, with(3));
}

#[test]
fn pick_chooses_that_many_in_order_by_the_seed() {
    let (fitted, _, _) = positions(3);
    let n = fitted.len() / 3;
    let a = koma_tune::pick(fitted.clone(), n, 9);
    assert_eq!(a.len(), n);
    assert_eq!(a, koma_tune::pick(fitted.clone(), n, 9), "the same seed");
    assert_ne!(a, koma_tune::pick(fitted.clone(), n, 10), "another seed");
    // In their order: each picked sample comes later in the list than the one before.
    let mut at = 0;
    for s in &a {
        let found = fitted[at..].iter().position(|f| f == s).expect("in order");
        at += found + 1;
    }
    assert_eq!(koma_tune::pick(fitted.clone(), fitted.len() + 5, 1), fitted);
}
