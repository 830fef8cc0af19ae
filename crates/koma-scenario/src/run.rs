//! Running scenarios against compiled rules.

use std::collections::BTreeSet;
use std::sync::Arc;

use koma_vm::spec::OptionKind;
use koma_vm::{Action, Game, GameResult, Position, Rules, Span, UsiError};

use crate::ast::{From, Scenario, ScenarioFile, Spanned, Step, Verdict};

/// Every reason name `illegal ... because` accepts, with the aliases shogi players use.
pub const REASONS: &[(&str, &str)] = &[
    ("no-piece", "no-piece"),
    ("not-your-piece", "not-your-piece"),
    ("cannot-reach", "cannot-reach"),
    ("blocked", "blocked"),
    ("own-piece-on-target", "own-piece-on-target"),
    ("cannot-promote", "cannot-promote"),
    ("must-promote", "must-promote"),
    ("leaves-king-in-check", "leaves-king-in-check"),
    ("not-in-hand", "not-in-hand"),
    ("drop-face", "drop-face"),
    ("drop-outside-zone", "drop-outside-zone"),
    ("outside-region", "outside-region"),
    ("game-over", "game-over"),
    ("drop-on-occupied", "drop-on-occupied"),
    ("drop-on-dead-square", "drop-on-dead-square"),
    ("drop-on-blocked-file", "drop-on-blocked-file"),
    ("nifu", "drop-on-blocked-file"),
    ("drop-mates", "drop-mates"),
    ("uchifuzume", "drop-mates"),
    ("capture-compulsory", "capture-compulsory"),
    ("lion-protected", "lion-protected"),
    ("lion-counter-strike", "lion-counter-strike"),
    ("outranked", "outranked"),
    ("jump-without-capture", "jump-without-capture"),
    ("royal-burns", "royal-burns"),
    ("protected", "protected"),
    ("designated", "designated"),
];

/// A step that did not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The step's text.
    pub span: Span,
    /// What was expected and what happened.
    pub message: String,
}

/// The result of one scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioResult {
    /// The scenario's name.
    pub name: String,
    /// Where it is written.
    pub span: Span,
    /// The first step that failed, if any.
    pub failure: Option<Failure>,
}

/// Runs every scenario of `file` under `rules`.
pub fn run(file: &ScenarioFile, rules: &Arc<Rules>) -> Vec<ScenarioResult> {
    file.scenarios
        .iter()
        .map(|s| ScenarioResult {
            name: s.name.node.clone(),
            span: s.name.span.clone(),
            failure: run_one(s, rules).err(),
        })
        .collect()
}

/// `name: N scenarios, M failed` and one line per scenario.
pub fn summary(name: &str, results: &[ScenarioResult]) -> String {
    let failed = results.iter().filter(|r| r.failure.is_some()).count();
    let mut out = vec![format!(
        "{name}: {} scenarios, {failed} failed",
        results.len()
    )];
    for r in results {
        out.push(format!(
            "  {}  {}",
            if r.failure.is_some() { "FAIL" } else { "ok  " },
            r.name
        ));
    }
    out.join("\n")
}

fn fail<T>(span: &Span, message: impl Into<String>) -> Result<T, Failure> {
    Err(Failure {
        span: span.clone(),
        message: message.into(),
    })
}

fn run_one(s: &Scenario, rules: &Arc<Rules>) -> Result<(), Failure> {
    let pos = match &s.from.node {
        From::Start => Position::start(rules),
        From::Sfen(sfen) => match Position::from_sfen(rules, sfen) {
            Ok(p) => p,
            Err(e) => return fail(&s.from.span, format!("the SFEN is refused: {e}")),
        },
    };
    let mut game = Game::new(pos);
    for step in &s.steps {
        run_step(&mut game, step)?;
    }
    Ok(())
}

fn run_step(game: &mut Game, step: &Spanned<Step>) -> Result<(), Failure> {
    let span = &step.span;
    let rules = game.position().rules().clone();
    match &step.node {
        Step::Play(actions) => {
            for a in actions {
                let action = find_action(game, &a.node).map_err(|why| Failure {
                    span: a.span.clone(),
                    message: format!("cannot play {}: {why}", a.node),
                })?;
                game.apply(action).map_err(|e| Failure {
                    span: a.span.clone(),
                    message: e.to_string(),
                })?;
            }
        }
        Step::Option { name, on } => {
            let kind = OptionKind::ALL.into_iter().find(|k| k.name() == name);
            if !kind.is_some_and(|k| game.set_option(k, *on)) {
                return fail(span, format!("this game declares no option `{name}`"));
            }
        }
        Step::MovesAre(expected) => compare_sets(span, expected, &action_names(game, None))?,
        Step::MovesOf { square, moves } => {
            let Some((sq, _)) = rules
                .parse_square(square)
                .filter(|(_, n)| *n == square.len())
            else {
                return fail(span, format!("{square} is not a square of this board"));
            };
            compare_sets(span, moves, &action_names(game, Some(sq)))?;
        }
        Step::Legal(actions) => {
            for a in actions {
                if let Err(why) = find_action(game, &a.node) {
                    return fail(
                        &a.span,
                        format!("expected {} to be legal, but it is not: {why}", a.node),
                    );
                }
            }
        }
        Step::Illegal { action, reason } => illegal(game, span, action, reason)?,
        Step::Perft { depth, count } => {
            if *depth > 6 {
                return fail(
                    span,
                    "perft in a scenario goes at most 6 plies deep; deeper counts belong in benchmarks",
                );
            }
            let limit = Some(koma_vm::walk_limits::INTERACTIVE);
            let got = match game.divide_within(*depth, 1, limit, &koma_vm::Watch::new()) {
                Ok(divided) => divided.iter().map(|(_, n)| n).sum::<u64>(),
                Err(stopped) => {
                    return fail(span, format!("perft {depth} was not counted: {stopped}"));
                }
            };
            if got != *count {
                return fail(span, format!("perft {depth}: expected {count}, got {got}"));
            }
        }
        Step::SfenIs(expected) => {
            let got = game.position().to_sfen();
            let normal = Position::from_sfen(&rules, expected).map(|p| p.to_sfen());
            if normal.as_deref() != Ok(got.as_str()) {
                return fail(
                    span,
                    format!("expected the position\n  {expected}\nbut it is\n  {got}"),
                );
            }
        }
        Step::ResultIs { verdict, by } => result(game, span, *verdict, by.as_deref())?,
    }
    Ok(())
}

/// The action named `text` if it is allowed now, or why not.
fn find_action(game: &Game, text: &str) -> Result<Action, String> {
    game.parse_action(text).map_err(|e| match e {
        koma_vm::ActionError::Usi(UsiError::Illegal { reason, .. }) => reason.to_string(),
        other => other.to_string(),
    })
}

/// The names of what may be played now (nothing once the game is over), or of the moves of the piece on
/// `from`.
fn action_names(game: &Game, from: Option<koma_vm::Square>) -> BTreeSet<String> {
    let rules = game.position().rules().clone();
    game.playable()
        .into_iter()
        .filter(|a| from.is_none() || matches!(a, Action::Move(m) if m.from() == from))
        .map(|a| rules.action_name(a))
        .collect()
}

fn compare_sets(span: &Span, expected: &[String], got: &BTreeSet<String>) -> Result<(), Failure> {
    let expected: BTreeSet<String> = expected.iter().cloned().collect();
    if &expected == got {
        return Ok(());
    }
    let missing: Vec<&String> = expected.difference(got).collect();
    let extra: Vec<&String> = got.difference(&expected).collect();
    let mut message = String::from("the legal moves differ");
    if !missing.is_empty() {
        message.push_str(&format!("\n  expected but not legal: {}", join(&missing)));
    }
    if !extra.is_empty() {
        message.push_str(&format!("\n  legal but not expected: {}", join(&extra)));
    }
    fail(span, message)
}

fn join(list: &[&String]) -> String {
    list.iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

fn illegal(
    game: &Game,
    span: &Span,
    action: &str,
    reason: &Spanned<String>,
) -> Result<(), Failure> {
    let Some(&(_, wanted)) = REASONS.iter().find(|(name, _)| *name == reason.node) else {
        let names: Vec<&str> = REASONS.iter().map(|(n, _)| *n).collect();
        return fail(
            &reason.span,
            format!(
                "no reason is called `{}`; reasons: {}",
                reason.node,
                names.join(", ")
            ),
        );
    };
    if find_action(game, action).is_ok() {
        return fail(
            span,
            format!("expected {action} to be illegal ({wanted}), but it is legal"),
        );
    }
    let got = match game.position().parse_usi(action) {
        Err(UsiError::Illegal { reason, .. }) => reason.name(),
        Ok(_) => "designated",
        Err(_) if game.outcome().is_some() => "game-over",
        Err(e) => return fail(span, format!("{action} is not a move: {e}")),
    };
    let got = if game.outcome().is_some() {
        "game-over"
    } else {
        got
    };
    if got != wanted {
        return fail(
            span,
            format!("expected {action} to be illegal because {wanted}, but the reason is {got}"),
        );
    }
    Ok(())
}

fn result(game: &Game, span: &Span, verdict: Verdict, by: Option<&str>) -> Result<(), Failure> {
    let rules = game.position().rules().clone();
    let outcome = game.outcome();
    let got = match outcome.map(|o| o.result) {
        None => Verdict::Ongoing,
        Some(GameResult::Draw) => Verdict::Draw,
        Some(GameResult::Win(koma_vm::Player::First)) => Verdict::FirstPlayerWins,
        Some(GameResult::Win(koma_vm::Player::Second)) => Verdict::SecondPlayerWins,
    };
    let decided = outcome.map(|o| rules.end_rules[o.rule].words(&rules));
    let words = |v: Verdict| match v {
        Verdict::Ongoing => "ongoing",
        Verdict::Draw => "draw",
        Verdict::FirstPlayerWins => "first player wins",
        Verdict::SecondPlayerWins => "second player wins",
    };
    let by_text = decided
        .as_ref()
        .map_or(String::new(), |d| format!(" by `{d}`"));
    if got != verdict {
        return fail(
            span,
            format!(
                "expected {}, but the result is {}{by_text}",
                words(verdict),
                words(got)
            ),
        );
    }
    if let (Some(by), Some(o)) = (by, outcome) {
        let condition = rules.end_rules[o.rule].condition.words(&rules);
        // `last 1 rank` and `last rank` are the same zone.
        let same = |t: &str| {
            t.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .replace("last 1 rank", "last rank")
        };
        if same(&condition) != same(by) {
            return fail(
                span,
                format!(
                    "expected the rule `{by}` to decide, but it was `{}`",
                    decided.unwrap_or_default()
                ),
            );
        }
    }
    Ok(())
}
