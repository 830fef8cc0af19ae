//! Rule diffs: where two rule files stop behaving alike.
//!
//! Both games start from the same position (the first game's start, or a position given as SFEN) and are
//! walked in lockstep, move for move (the same USI names). Two walks:
//! - breadth first, by iterative deepening: at each depth every position is compared on its legal moves, its
//!   outcome, and the position each common move leads to. The first depth with a difference is reported whole:
//!   these are the shortest move sequences that tell the two rule files apart;
//! - seeded random playouts (`playouts`), which reach rules that matter only deep in a game (a win condition,
//!   a repetition rule) where a breadth-first walk cannot go. A playout runs until an end rule decides it, its
//!   first difference, or the ply limit. End rules are sought on purpose: at every position of a playout each
//!   common move is tried in both games and their outcomes compared (so an end rule that fires after any move,
//!   in either version, is seen), and every second playout soon starts to shuffle (each player takes back its
//!   own last move when it can) to make positions repeat.
//!
//! Both stop at a node budget, a time limit, or a stop flag.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use koma_vm::Rng;
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

/// How far a diff looks.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The breadth-first walk goes at most this many plies deep.
    pub max_depth: u32,
    /// Positions visited at most, over both walks.
    pub max_nodes: u64,
    /// Time the diff may take at most.
    pub limit: Option<Duration>,
    /// Start from this SFEN (read under both rule files) instead of the first game's start.
    pub from: Option<String>,
    /// Random playouts played after the breadth-first walk found nothing.
    pub playouts: u32,
    /// The seed of the playouts: the same seed plays the same playouts.
    pub seed: u64,
    /// Plies at most in one playout (a safety bound: playouts are meant to run until an end rule decides).
    pub playout_plies: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            max_depth: 4,
            max_nodes: 2_000_000,
            limit: None,
            from: None,
            playouts: 0,
            seed: 1,
            playout_plies: 2000,
        }
    }
}

/// Why a diff stopped before it had looked everywhere it was asked to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cutoff {
    /// The node budget ran out.
    Nodes,
    /// The time limit ran out.
    Time,
    /// The stop flag was set (Ctrl-C).
    Interrupted,
}

/// How the playouts of a diff ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlayoutEnds {
    /// Decided by an end rule, alike in both games.
    pub by_end_rule: u32,
    /// Stopped at a difference.
    pub by_difference: u32,
    /// Stopped at the ply limit, undecided.
    pub at_ply_limit: u32,
    /// The ply limit.
    pub ply_limit: u32,
}

/// The result of a diff.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The differences at the shallowest depth that has any, or those the playouts found (empty: none found).
    pub differences: Vec<Difference>,
    /// The deepest depth searched completely.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Playouts played to their end (a game's end, a difference or the ply limit).
    pub playouts: u32,
    /// How the playouts ended.
    pub ends: PlayoutEnds,
    /// Why the diff stopped early, if it did.
    pub cutoff: Option<Cutoff>,
}

/// Diffs two rule files under `settings`; `stop` ends the diff early when it is set. `Err` when `from` is
/// not a position of the first game.
pub fn diff(
    before: &Arc<Rules>,
    after: &Arc<Rules>,
    settings: &Settings,
    stop: &AtomicBool,
) -> Result<Report, String> {
    let from = match &settings.from {
        Some(sfen) => {
            let p = Position::from_sfen(before, sfen).map_err(|e| format!("--from: {e}"))?;
            p.to_sfen()
        }
        None => before.start_sfen.clone(),
    };
    let a = if settings.from.is_some() {
        Game::new(Position::from_sfen(before, &from).map_err(|e| e.to_string())?)
    } else {
        Game::start(before)
    };
    let mut walk = Walk {
        max_nodes: settings.max_nodes,
        deadline: settings.limit.map(|l| Instant::now() + l),
        stop,
        nodes: 0,
        found: Vec::new(),
        line: Vec::new(),
        cutoff: None,
    };
    let b = match Position::from_sfen(after, &from) {
        Ok(p) => Game::new(p),
        Err(e) => {
            walk.record(Change::Start {
                detail: format!("the second game refuses the position both start from: {e}"),
            });
            return Ok(walk.report(0, 0, PlayoutEnds::default()));
        }
    };
    if settings.from.is_none()
        && before.start_sfen != after.start_sfen
        && Position::start(after).to_sfen() != a.position().to_sfen()
    {
        let detail = format!(
            "the start positions differ: {} / {}",
            before.start_sfen, after.start_sfen
        );
        walk.record(Change::Start { detail });
    }
    let mut depth = 0;
    for target in 0..=settings.max_depth {
        walk.visit(&a, &b, target);
        if !walk.found.is_empty() || walk.cutoff.is_some() {
            break;
        }
        depth = target;
    }
    let mut played = 0;
    let mut ends = PlayoutEnds {
        ply_limit: settings.playout_plies,
        ..PlayoutEnds::default()
    };
    if walk.found.is_empty() && walk.cutoff.is_none() {
        for i in 0..settings.playouts {
            let mut rng = Rng::mixed(settings.seed, u64::from(i));
            // Every second playout shuffles after a few random plies, to make positions repeat.
            let shuffle_from = (i % 2 == 1).then(|| rng.below(16) as u32);
            let end = walk.playout(&a, &b, settings.playout_plies, &mut rng, shuffle_from);
            if walk.cutoff.is_some() {
                break;
            }
            match end {
                End::Rule => ends.by_end_rule += 1,
                End::Difference => ends.by_difference += 1,
                End::Limit => ends.at_ply_limit += 1,
            }
            played += 1;
        }
        walk.found.sort_by_key(|d| d.line.len());
        walk.found.dedup_by(|x, y| x.line == y.line);
    }
    Ok(walk.report(depth, played, ends))
}

struct Walk<'s> {
    max_nodes: u64,
    deadline: Option<Instant>,
    stop: &'s AtomicBool,
    nodes: u64,
    found: Vec<Difference>,
    line: Vec<String>,
    cutoff: Option<Cutoff>,
}

impl Walk<'_> {
    fn report(self, depth: u32, playouts: u32, ends: PlayoutEnds) -> Report {
        Report {
            differences: self.found,
            depth,
            nodes: self.nodes,
            playouts,
            ends,
            cutoff: self.cutoff,
        }
    }

    /// Counts a visit; `false` when the budget, the clock or the stop flag says to stop.
    fn count(&mut self) -> bool {
        if self.cutoff.is_some() {
            return false;
        }
        self.nodes += 1;
        self.cutoff = if self.nodes > self.max_nodes {
            Some(Cutoff::Nodes)
        } else if self.stop.load(Ordering::Relaxed) {
            Some(Cutoff::Interrupted)
        } else if self.nodes.is_multiple_of(64)
            && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            Some(Cutoff::Time)
        } else {
            None
        };
        self.cutoff.is_none()
    }

    /// The actions of a game by their names.
    fn named(game: &Game) -> Vec<(String, Action)> {
        let rules = game.position().rules().clone();
        game.actions()
            .into_iter()
            .map(|x| (rules.action_name(x), x))
            .collect()
    }

    /// Compares one position of both games on its outcome and its moves; `true` if they agree.
    fn compare_here(
        &mut self,
        oa: &str,
        ob: &str,
        na: &[(String, Action)],
        nb: &[(String, Action)],
    ) -> bool {
        if oa != ob {
            self.record(Change::Outcome {
                before: oa.to_string(),
                after: ob.to_string(),
            });
            return false;
        }
        let sa: BTreeSet<&String> = na.iter().map(|(n, _)| n).collect();
        let sb: BTreeSet<&String> = nb.iter().map(|(n, _)| n).collect();
        if sa != sb {
            let only_before = sa.difference(&sb).map(|s| s.to_string()).collect();
            let only_after = sb.difference(&sa).map(|s| s.to_string()).collect();
            self.record(Change::Moves {
                only_before,
                only_after,
            });
            return false;
        }
        true
    }

    /// Compares the positions `left` plies below, at depth `left == 0` only (shallower ones were compared before).
    fn visit(&mut self, a: &Game, b: &Game, left: u32) {
        if !self.count() {
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
        let (names_a, names_b) = (Self::named(a), Self::named(b));
        if left == 0 {
            self.compare_here(&oa, &ob, &names_a, &names_b);
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

    /// One random playout in lockstep, up to `plies` plies: at each position both games are compared, every
    /// common move is tried in both for an end rule that fires in one game only, then a move legal in both is
    /// played (from ply `shuffle_from` on, the reverse of the mover's own last move when there is one), until a
    /// difference, the end of the game or the ply limit.
    fn playout(
        &mut self,
        a: &Game,
        b: &Game,
        plies: u32,
        rng: &mut Rng,
        shuffle_from: Option<u32>,
    ) -> End {
        let (mut a, mut b) = (a.clone(), b.clone());
        self.line.clear();
        let mut end = End::Limit;
        for ply in 0..=plies {
            if !self.count() {
                break;
            }
            let (oa, ob) = (outcome(&a), outcome(&b));
            let (na, nb) = if oa.is_empty() && ob.is_empty() {
                (Self::named(&a), Self::named(&b))
            } else {
                (Vec::new(), Vec::new())
            };
            if !self.compare_here(&oa, &ob, &na, &nb) {
                end = End::Difference;
                break;
            }
            if na.is_empty() {
                end = End::Rule;
                break;
            }
            if ply == plies {
                break;
            }
            let common: Vec<(&String, Action, Action)> = na
                .iter()
                .filter_map(|(n, xa)| {
                    let (_, xb) = nb.iter().find(|(m, _)| m == n)?;
                    Some((n, *xa, *xb))
                })
                .collect();
            if !self.ends_alike(&mut a, &mut b, &common) {
                end = End::Difference;
                break;
            }
            let shuffle = shuffle_from.is_some_and(|s| ply >= s);
            let back = if shuffle {
                take_back(&a, &common)
            } else {
                None
            };
            let pick = back.unwrap_or_else(|| rng.below(common.len()));
            let (n, xa, xb) = common[pick];
            if a.apply(xa).is_err() || b.apply(xb).is_err() {
                break;
            }
            let (pa, pb) = (a.position().to_sfen(), b.position().to_sfen());
            if pa != pb {
                self.record(Change::Position {
                    action: n.clone(),
                    before: pa,
                    after: pb,
                });
                end = End::Difference;
                break;
            }
            self.line.push(n.clone());
        }
        self.line.clear();
        end
    }

    /// Tries every common move in both games and compares the outcomes after it; `false` (the difference
    /// recorded) when an end rule fires after a move in one game only, or differently.
    fn ends_alike(
        &mut self,
        a: &mut Game,
        b: &mut Game,
        common: &[(&String, Action, Action)],
    ) -> bool {
        for (n, xa, xb) in common {
            let (Action::Move(ma), Action::Move(mb)) = (xa, xb) else {
                continue;
            };
            if !self.count() {
                return true;
            }
            a.play(*ma);
            b.play(*mb);
            let (oa, ob) = (outcome(a), outcome(b));
            a.undo();
            b.undo();
            if oa != ob {
                self.line.push((*n).clone());
                self.record(Change::Outcome {
                    before: oa,
                    after: ob,
                });
                self.line.pop();
                return false;
            }
        }
        true
    }

    fn record(&mut self, change: Change) {
        self.found.push(Difference {
            line: self.line.clone(),
            change,
        });
    }
}

/// How a playout ended.
enum End {
    Rule,
    Difference,
    Limit,
}

/// Where in `common` (the moves legal in both games, in the first game's order) the move is that takes back
/// the mover's own last move (its piece back where it came from, unpromoted), if there is one.
fn take_back(game: &Game, common: &[(&String, Action, Action)]) -> Option<usize> {
    let moves = game.moves();
    let own = *moves.get(moves.len().checked_sub(2)?)?;
    let from = own.from()?;
    common.iter().position(|(_, xa, _)| {
        matches!(xa, Action::Move(m) if m.from() == Some(own.to())
            && m.to() == from
            && !m.is_drop()
            && !m.is_promotion())
    })
}

/// The outcome in words, empty while the game goes on.
fn outcome(game: &Game) -> String {
    game.outcome()
        .map_or(String::new(), |o| game.outcome_words(o))
}

/// The report as text, naming the two games.
pub fn render(report: &Report, before: &str, after: &str) -> String {
    let mut out = Vec::new();
    if report.differences.is_empty() {
        let why = match report.cutoff {
            Some(Cutoff::Nodes) => {
                format!(" (stopped at the budget of {} positions)", report.nodes - 1)
            }
            Some(Cutoff::Time) => " (stopped at the time limit)".to_string(),
            Some(Cutoff::Interrupted) => " (stopped)".to_string(),
            None => String::new(),
        };
        let playouts = if report.playouts > 0 {
            format!(" and in {}", playout_words(report))
        } else {
            String::new()
        };
        out.push(if report.cutoff.is_some() {
            format!(
                "inconclusive: no difference found up to depth {}{playouts}, but the walk was cut short{why}: {} positions compared, depth {} not finished",
                report.depth,
                report.nodes,
                report.depth + 1
            )
        } else {
            format!(
                "no difference up to depth {}{playouts}: {} positions compared",
                report.depth, report.nodes
            )
        });
        return out.join("\n");
    }
    let plies = report
        .differences
        .iter()
        .map(|d| d.line.len() + usize::from(matches!(d.change, Change::Position { .. })))
        .min()
        .unwrap_or(0);
    let n = report.differences.len();
    out.push(if report.playouts > 0 {
        format!(
            "no difference up to depth {}; {n} found in {} ({} positions compared); the shortest lines, \
             from {plies} plies:",
            report.depth,
            playout_words(report),
            report.nodes
        )
    } else {
        format!(
            "{n} difference(s) after {plies} plies ({} positions compared); the shortest lines:",
            report.nodes
        )
    });
    // Identical findings are told once, with the first line that shows them and how many others do.
    let mut findings: Vec<(String, &Difference, usize)> = Vec::new();
    for d in &report.differences {
        let text = change_text(&d.change, before, after);
        match findings.iter_mut().find(|(t, _, _)| *t == text) {
            Some((_, _, more)) => *more += 1,
            None => findings.push((text, d, 0)),
        }
    }
    for (text, d, more) in findings.iter().take(12) {
        let line = if d.line.is_empty() {
            "from the start".to_string()
        } else {
            format!("after {}", d.line.join(" "))
        };
        let others = match more {
            0 => String::new(),
            1 => " (and 1 other line)".to_string(),
            n => format!(" (and {n} other lines)"),
        };
        out.push(format!("  {line}{others}:\n    {text}"));
    }
    if findings.len() > 12 {
        out.push(format!(
            "  … and {} more findings at the same depth",
            findings.len() - 12
        ));
    }
    out.join("\n")
}

/// The playouts and how they ended, in words: `12 random playouts (9 decided by an end rule, 1 at the
/// 2000-ply limit, 2 stopped at a difference)`.
fn playout_words(report: &Report) -> String {
    let e = report.ends;
    let mut parts = Vec::new();
    if e.by_end_rule > 0 {
        parts.push(format!("{} decided by an end rule", e.by_end_rule));
    }
    if e.at_ply_limit > 0 {
        parts.push(format!(
            "{} undecided at the {}-ply limit",
            e.at_ply_limit, e.ply_limit
        ));
    }
    if e.by_difference > 0 {
        parts.push(format!("{} stopped at a difference", e.by_difference));
    }
    let s = if report.playouts == 1 { "" } else { "s" };
    format!(
        "{} random playout{s} ({})",
        report.playouts,
        parts.join(", ")
    )
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
