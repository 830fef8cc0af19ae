//! The linter on every input the compiler accepts: mutated shipped games never make it panic, and each is
//! linted within a second.

use std::time::{Duration, Instant};

use koma_compile::Parsed;
use koma_lint::{Levels, lint};
use koma_vm::Rng;

/// A copy of `text` with a few characters, words or lines changed.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for _ in 0..1 + rng.below(3) {
        let i = rng.below(lines.len());
        match rng.below(5) {
            0 => {
                lines.remove(i);
            }
            1 => lines.insert(rng.below(lines.len()), lines[i].clone()),
            2 => {
                let words = [
                    "K",
                    "W",
                    "fR",
                    "fN",
                    "last 1 rank",
                    "ranks 1..2",
                    "3",
                    "royal",
                    "Pawn",
                    "Gold",
                    "draw",
                    "stalemate",
                ];
                let line = &lines[i];
                let cut = line
                    .char_indices()
                    .map(|(c, _)| c)
                    .nth(rng.below(line.chars().count().max(1)))
                    .unwrap_or(0);
                lines[i] = format!(
                    "{}{}{}",
                    &line[..cut],
                    words[rng.below(words.len())],
                    &line[cut..]
                );
            }
            3 => {
                lines[i] = lines[i]
                    .replace("fW", "bW")
                    .replace("last 1", "last 2")
                    .replace("W", "D")
            }
            _ => lines[i] = lines[i].chars().rev().collect(),
        }
        if lines.is_empty() {
            break;
        }
    }
    lines.join("\n")
}

/// A game that extends nothing, parsed and compiled.
fn compile(text: &str) -> Option<(Vec<Parsed>, koma_compile::Compiled)> {
    let chain = vec![Parsed::parse(std::sync::Arc::from(text), 0).ok()?];
    let compiled = koma_compile::compile(&chain).ok()?;
    Some((chain, compiled))
}

#[test]
fn the_linter_survives_every_mutation_the_compiler_accepts_within_a_second() {
    let mut rng = Rng(0x1e55_0f71_4e5e);
    let mut linted = 0;
    let mut slowest = Duration::ZERO;
    for i in 0..3000 {
        let game = &koma_games::GAMES[i % koma_games::GAMES.len()];
        let text = mutate(&mut rng, game.source);
        let Some((chain, compiled)) = compile(&text) else {
            continue;
        };
        let t = Instant::now();
        let findings = lint(&chain, &compiled, &Levels::default());
        slowest = slowest.max(t.elapsed());
        for f in &findings {
            assert!(
                f.span.end <= text.len() && text.is_char_boundary(f.span.start),
                "{}: {f:?}",
                game.name
            );
        }
        linted += 1;
    }
    assert!(linted > 300, "only {linted} mutations compiled");
    assert!(
        slowest < Duration::from_secs(1),
        "the slowest lint took {slowest:?}"
    );
}

#[test]
fn the_reference_lists_every_lint_with_its_level_and_summary() {
    let reference = include_str!("../../../grammar/README.md");
    for l in koma_lint::LINTS {
        let level = match l.default {
            koma_lint::Level::Allow => "allow",
            koma_lint::Level::Warn => "warn",
            koma_lint::Level::Deny => "deny",
        };
        let row = format!("| `{}` | {level} | {} |", l.name, l.summary);
        assert!(reference.contains(&row), "grammar/README.md lacks\n{row}");
    }
}

#[test]
fn repeated_betza_warnings_on_one_string_fold_into_one_finding() {
    let source = koma_games::find("minishogi").unwrap().source;
    let text = source.replacen("moves \"fW\"", &format!("moves \"{}\"", "W".repeat(250)), 1);
    let (chain, compiled) = compile(&text).unwrap();
    let findings = lint(&chain, &compiled, &Levels::default());
    let repeats: Vec<_> = findings
        .iter()
        .filter(|f| f.lint.name == "betza-repeated-component")
        .collect();
    assert_eq!(repeats.len(), 1, "{repeats:?}");
    assert!(
        repeats[0].message.contains("more like it"),
        "{}",
        repeats[0].message
    );
    assert!(repeats[0].related.len() <= 2);
}

/// `no-repetition-rule` is about captured pieces coming back by drops: where no piece can capture, it is quiet.
#[test]
fn no_repetition_rule_is_quiet_where_nothing_can_be_captured() {
    let game = |king: &str| {
        format!(
            "game \"Walkers\"\nboard 3 x 3\npiece King K moves \"{king}\" royal\ncaptured pieces go to hand\n\
             start \"2k/3/K2 b - 1\"\nend {{\n  no legal move: side to move loses\n}}\n"
        )
    };
    let fires = |text: &str| {
        let (chain, compiled) = compile(text).unwrap();
        lint(&chain, &compiled, &Levels::default())
            .iter()
            .any(|f| f.lint.name == "no-repetition-rule")
    };
    assert!(fires(&game("K")), "a king that captures");
    assert!(!fires(&game("mK")), "a king that never captures");
}
