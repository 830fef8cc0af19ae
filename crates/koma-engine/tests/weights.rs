//! The evaluation's weights: what tuning reads from a position (its trace) gives back the engine's own
//! evaluation on random positions of every embedded game; a weights file written for a game reads back as the
//! same weights; and a file with a term the game does not have, a number that is not one, or a line with no
//! weight is refused with its line.

use koma_engine::{Evaluator, Term, Weights};
use koma_host::Host;
use koma_vm::Rng;
use koma_vm::{Game, Player};

/// Random games of every embedded game, `plies` deep, calling `visit` on each position with an evaluator whose
/// weights are all different from the initial ones (so that every term takes part), with the initial weights,
/// and with the initial weights less every term read from attacks (so that the evaluation skips the attacks).
fn random_positions(plies: usize, mut visit: impl FnMut(&str, &Evaluator, &Game)) {
    for embedded in koma_games::all() {
        let rules = Host::embedded().load(embedded.name).unwrap().compiled.rules;
        let initial = Evaluator::new(&rules);
        // Before tuning, threats are read from attacks.
        assert!(initial.weights().uses_attacks(), "{}", embedded.name);
        let mut weights = initial.weights().clone();
        for (i, w) in weights.values.iter_mut().enumerate() {
            *w += (i as i32 * 37) % 23 - 11;
        }
        let perturbed = initial.with_weights(weights);
        assert!(perturbed.weights().uses_attacks());
        let mut weights = initial.weights().clone();
        for (i, w) in weights.values.iter_mut().enumerate() {
            if weights.layout.term(i).reads_attacks() {
                *w = 0;
            }
        }
        let plain = initial.with_weights(weights);
        assert!(!plain.weights().uses_attacks());
        for eval in [&perturbed, &initial, &plain] {
            for seed in 0..4 {
                let mut rng = Rng::mixed(seed, 0);
                let mut game = Game::start(&rules);
                for _ in 0..plies {
                    visit(embedded.name, eval, &game);
                    let moves = game.legal_moves();
                    if moves.is_empty() || game.outcome().is_some() {
                        break;
                    }
                    game.play(moves[rng.below(moves.len())]);
                }
            }
        }
    }
}

#[test]
fn a_trace_scores_as_the_evaluation_does() {
    let mut checked = 0;
    random_positions(60, |name, eval, game| {
        let pos = game.position();
        let first = eval.trace(pos).score(&eval.weights().values);
        let ours = if pos.side_to_move() == Player::First {
            first
        } else {
            -first
        };
        assert_eq!(
            ours.clamp(-20_000, 20_000),
            eval.evaluate(pos),
            "{name}: {}",
            pos.to_sfen()
        );
        checked += 1;
    });
    assert!(checked > 1000, "{checked}");
}

#[test]
fn weights_files_read_back_as_written() {
    for embedded in koma_games::all() {
        let rules = Host::embedded().load(embedded.name).unwrap().compiled.rules;
        let eval = Evaluator::new(&rules);
        let mut weights = eval.weights().clone();
        for (i, w) in weights.values.iter_mut().enumerate() {
            *w = ((i as i64 * 7919) % 2001 - 1000) as i32;
        }
        let text = weights.to_text(&rules, &["a test".to_string()]);
        assert!(text.starts_with("# a test\n"));
        let back = Weights::parse(&rules, eval.weights(), &text).unwrap();
        // The names of the terms written, one a line before its value (taikyoku shogi has half a million).
        let written: std::collections::HashSet<&str> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.rsplit_once(' ').map(|(name, _)| name))
            .collect();
        // Terms a game cannot use are not written; they keep the base weights.
        for i in 0..weights.values.len() {
            let term = weights.layout.term(i);
            assert_eq!(weights.layout.index(term), i, "{}", embedded.name);
            if written.contains(term.name(&rules).as_str()) {
                assert_eq!(back.values[i], weights.values[i], "{}", term.name(&rules));
            } else {
                assert_eq!(back.values[i], eval.weights().values[i]);
            }
        }
    }
}

#[test]
fn bad_weights_files_are_refused_with_their_line() {
    let rules = Host::embedded().load("minishogi").unwrap().compiled.rules;
    let base = Evaluator::new(&rules).weights().clone();
    let cases = [
        (
            "tempo 12\nsquare Queen 1a 900\n",
            2,
            "`square Queen 1a` is not a term",
        ),
        (
            "# comment\n\nmobility Rook many\n",
            3,
            "`many` is not a whole number",
        ),
        ("tempo\n", 1, "has no weight"),
        ("tempo 1000000\n", 1, "within ±100000"),
        ("square Silver 9z 10\n", 1, "is not a term"),
    ];
    for (text, line, words) in cases {
        let e = Weights::parse(&rules, &base, text).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.to_string().contains(words), "{text:?}: {e}");
    }
    let read = Weights::parse(
        &rules,
        &base,
        "tempo 12  # more tempo\nhand   Pawn 2   90\n",
    )
    .unwrap();
    assert_eq!(read.get(Term::Tempo), 12);
    let pawn = rules.faces.iter().position(|f| f.name == "Pawn").unwrap();
    let pawn = koma_vm::FaceId::new(pawn as u16);
    assert_eq!(read.get(Term::Hand(pawn, 1)), 90);
    assert_eq!(read.get(Term::Hand(pawn, 0)), base.get(Term::Hand(pawn, 0)));
}

/// Every shipped weights file reads for its game, says the command that made it, and that command is the
/// last one `tools/tune-all.sh` runs for it (a `retune` line tunes again from the weights the lines before it
/// made); every game that script tunes ships its file.
#[test]
fn every_shipped_weights_file_reads_and_is_made_by_tools_tune_all() {
    let script = include_str!("../../../tools/tune-all.sh");
    // `tune PATH GAMES [PLIES [LAMBDA]]` (PLIES 8 unless given, LAMBDA 0) and `retune PATH GAMES PLIES
    // LAMBDA SEED`, each as the command line it makes for the game, the last one kept.
    let mut listed: Vec<(&str, String)> = Vec::new();
    for line in script.lines() {
        let (retune, rest) = match (line.strip_prefix("tune "), line.strip_prefix("retune ")) {
            (Some(rest), _) => (false, rest),
            (_, Some(rest)) => (true, rest),
            _ => continue,
        };
        let words: Vec<&str> = rest.split(' ').collect();
        let (path, games) = (words[0], words[1]);
        let plies = words.get(2).copied().unwrap_or("8");
        let seed = if retune { words[4] } else { "1" };
        let mut made = format!(
            "# made by: koma tune {path} --games {games} --nodes 2000 --seed {seed} --random-plies {plies} --max-plies 400 --iterations 1000"
        );
        if let Some(lambda) = words.get(3) {
            made.push_str(&format!(" --lambda {lambda}"));
        }
        if retune {
            made.push_str(&format!(" --from {}", path.replace(".game", ".weights")));
        }
        listed.retain(|(p, _)| *p != path);
        listed.push((path, made));
    }
    let mut tuned = 0;
    for embedded in koma_games::all() {
        let loaded = Host::embedded().load(embedded.name).unwrap();
        let rules = loaded.rules();
        let entry = listed.iter().find(|(path, _)| *path == embedded.path);
        let Some(text) = embedded.weights else {
            assert!(
                entry.is_none(),
                "{} is tuned but ships no weights",
                embedded.path
            );
            continue;
        };
        tuned += 1;
        let base = Evaluator::new(rules);
        Weights::parse(rules, base.weights(), text)
            .unwrap_or_else(|e| panic!("{}: {e}", embedded.name));
        let (_, made) =
            entry.unwrap_or_else(|| panic!("{} is not in tools/tune-all.sh", embedded.path));
        assert!(
            text.lines().any(|l| l == made),
            "{}: no line {made}",
            embedded.name
        );
    }
    assert_eq!(
        tuned,
        listed.len(),
        "every game of tools/tune-all.sh ships weights"
    );
}
