//! Rule diffs: where two rule files stop behaving alike.
//!
//! Both games start from the first game's start position and are walked in lockstep, move for move (the same
//! USI names), by iterative deepening: at each depth every position is compared on its legal moves, its
//! outcome, and the position each common move leads to. The first depth with a difference is reported
//! whole: these are the shortest move sequences that tell the two rule files apart.

use std::collections::BTreeSet;
use std::sync::Arc;

use koma_vm::{Action, Game, Position, Rules};

/// What differs at one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// The two games start differently.
    Start {
        /// Why the second game cannot take the first game's start, or its own start when they differ.
        detail: String,
    },
    /// The legal moves differ.
    Moves {
        /// Legal only under the first game.
        only_before: Vec<String>,
        /// Legal only under the second.
        only_after: Vec<String>,
    },
    /// One game has ended (or ended otherwise).
    Outcome {
        /// The first game's outcome.
        before: String,
        /// The second game's.
        after: String,
    },
    /// A move legal in both leads to different positions.
    Position {
        /// The move.
        action: String,
        /// The first game's position after it.
        before: String,
        /// The second game's.
        after: String,
    },
}

/// A difference and the moves that reach it from the start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The moves from the start.
    pub line: Vec<String>,
    /// What differs there.
    pub change: Change,
}

/// The result of a diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The differences at the shallowest depth that has any (empty: none found).
    pub differences: Vec<Difference>,
    /// The deepest depth searched completely.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Whether the node budget stopped the search early.
    pub stopped: bool,
}

/// Walks both games from the first game's start up to `max_depth` plies or `max_nodes` positions.
pub fn diff(before: &Arc<Rules>, after: &Arc<Rules>, max_depth: u32, max_nodes: u64) -> Report {
    let a = Game::start(before);
    let b = match Position::from_sfen(after, &before.start_sfen) {
        Ok(p) => Game::new(p),
        Err(e) => {
            let change = Change::Start {
                detail: format!("the second game refuses the first one's start: {e}"),
            };
            return Report {
                differences: vec![Difference {
                    line: Vec::new(),
                    change,
                }],
                depth: 0,
                nodes: 0,
                stopped: false,
            };
        }
    };
    let mut walk = Walk {
        max_nodes,
        nodes: 0,
        found: Vec::new(),
        line: Vec::new(),
        stopped: false,
    };
    if before.start_sfen != after.start_sfen
        && Position::start(after).to_sfen() != a.position().to_sfen()
    {
        let detail = format!(
            "the start positions differ: {} / {}",
            before.start_sfen, after.start_sfen
        );
        walk.found.push(Difference {
            line: Vec::new(),
            change: Change::Start { detail },
        });
    }
    let mut depth = 0;
    for target in 0..=max_depth {
        walk.visit(&a, &b, target);
        if !walk.found.is_empty() || walk.stopped {
            break;
        }
        depth = target;
    }
    Report {
        differences: walk.found,
        depth,
        nodes: walk.nodes,
        stopped: walk.stopped,
    }
}

struct Walk {
    max_nodes: u64,
    nodes: u64,
    found: Vec<Difference>,
    line: Vec<String>,
    stopped: bool,
}

impl Walk {
    /// Compares the positions `left` plies below, at depth `left == 0` only (shallower ones were compared before).
    fn visit(&mut self, a: &Game, b: &Game, left: u32) {
        if self.stopped {
            return;
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.stopped = true;
            return;
        }
        let (oa, ob) = (outcome(a), outcome(b));
        if left == 0 && oa != ob {
            self.record(Change::Outcome {
                before: oa.clone(),
                after: ob.clone(),
            });
        }
        if !oa.is_empty() || !ob.is_empty() {
            return;
        }
        let (ra, rb) = (a.position().rules().clone(), b.position().rules().clone());
        let names_a: Vec<(String, Action)> = a
            .actions()
            .into_iter()
            .map(|x| (ra.action_name(x), x))
            .collect();
        let names_b: Vec<(String, Action)> = b
            .actions()
            .into_iter()
            .map(|x| (rb.action_name(x), x))
            .collect();
        if left == 0 {
            let sa: BTreeSet<&String> = names_a.iter().map(|(n, _)| n).collect();
            let sb: BTreeSet<&String> = names_b.iter().map(|(n, _)| n).collect();
            if sa != sb {
                let only_before = sa.difference(&sb).map(|s| s.to_string()).collect();
                let only_after = sb.difference(&sa).map(|s| s.to_string()).collect();
                self.record(Change::Moves {
                    only_before,
                    only_after,
                });
            }
            return;
        }
        for (n, xa) in &names_a {
            let Some((_, xb)) = names_b.iter().find(|(m, _)| m == n) else {
                continue;
            };
            let (mut ca, mut cb) = (a.clone(), b.clone());
            if ca.apply(*xa).is_err() || cb.apply(*xb).is_err() {
                continue;
            }
            self.line.push(n.clone());
            let (pa, pb) = (ca.position().to_sfen(), cb.position().to_sfen());
            if pa != pb {
                if left == 1 {
                    self.line.pop();
                    self.record(Change::Position {
                        action: n.clone(),
                        before: pa,
                        after: pb,
                    });
                    continue;
                }
            } else {
                self.visit(&ca, &cb, left - 1);
            }
            self.line.pop();
        }
    }

    fn record(&mut self, change: Change) {
        self.found.push(Difference {
            line: self.line.clone(),
            change,
        });
    }
}

/// The outcome in words, empty while the game goes on.
fn outcome(game: &Game) -> String {
    let Some(o) = game.outcome() else {
        return String::new();
    };
    let rules = game.position().rules();
    format!(
        "{} by `{}`",
        o.result.words(),
        rules.end_rules[o.rule].words(rules)
    )
}

/// The report as text, naming the two games.
pub fn render(report: &Report, before: &str, after: &str) -> String {
    let mut out = Vec::new();
    if report.differences.is_empty() {
        let why = if report.stopped {
            format!(" (stopped after {} positions)", report.nodes)
        } else {
            String::new()
        };
        out.push(format!(
            "no difference up to depth {}{why}: {} positions compared",
            report.depth, report.nodes
        ));
        return out.join("\n");
    }
    let plies = report
        .differences
        .iter()
        .map(|d| d.line.len() + usize::from(matches!(d.change, Change::Position { .. })))
        .min()
        .unwrap_or(0);
    out.push(format!(
        "{} difference(s) after {plies} plies ({} positions compared); the shortest lines:",
        report.differences.len(),
        report.nodes
    ));
    for d in report.differences.iter().take(12) {
        let line = if d.line.is_empty() {
            "from the start".to_string()
        } else {
            format!("after {}", d.line.join(" "))
        };
        out.push(format!(
            "  {line}:\n    {}",
            change_text(&d.change, before, after)
        ));
    }
    if report.differences.len() > 12 {
        out.push(format!(
            "  … and {} more at the same depth",
            report.differences.len() - 12
        ));
    }
    out.join("\n")
}

/// One change in words, naming the two games.
fn change_text(change: &Change, before: &str, after: &str) -> String {
    match change {
        Change::Start { detail } => detail.clone(),
        Change::Moves {
            only_before,
            only_after,
        } => {
            let mut t = Vec::new();
            if !only_before.is_empty() {
                t.push(format!(
                    "legal only under {before}: {}",
                    only_before.join(" ")
                ));
            }
            if !only_after.is_empty() {
                t.push(format!(
                    "legal only under {after}: {}",
                    only_after.join(" ")
                ));
            }
            t.join("\n    ")
        }
        Change::Outcome {
            before: x,
            after: y,
        } => {
            let said = |s: &String| {
                if s.is_empty() {
                    "the game goes on".to_string()
                } else {
                    s.clone()
                }
            };
            format!("{before}: {}; {after}: {}", said(x), said(y))
        }
        Change::Position {
            action,
            before: x,
            after: y,
        } => {
            format!(
                "{action} leads to different positions:\n      {before}: {x}\n      {after}: {y}"
            )
        }
    }
}
