//! One search thread: iterative deepening with aspiration windows, principal variation search with a
//! transposition table, reverse futility and null-move pruning, late move reductions, late move, futility
//! and history pruning, check extensions, and quiescence on captures (all moves when in check), which
//! reads and writes the table too.
//! The game's own end rules score every node: a win the rules give at ply N is a mate score.

use std::sync::atomic::Ordering;
use web_time::Instant;

use koma_vm::{Game, GameResult, Move};

use crate::eval::Evaluator;
use crate::limits::Limits;
use crate::order::{Context, Heuristics, Played};
use crate::score::{INFINITE, MAX_PLY, Score, from_table, is_mate, loss_in, to_table, win_in};
use crate::shared::Shared;
use crate::tt::{Bound, Entry};
use crate::twins::remove_twins;

/// What an iteration found: the line, its score and how deep it looked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The principal variation, its first move the move to play.
    pub pv: Vec<Move>,
    /// Its score for the side to move.
    pub score: Score,
}

/// A report after a finished iteration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Nodes so far, every thread counted.
    pub nodes: u64,
    /// Time so far.
    pub elapsed: std::time::Duration,
    /// The best lines, best first (one unless more were asked for).
    pub lines: Vec<Line>,
}

/// How many nodes pass between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 128;
/// Quiescence plies beyond which only captures that end the search are followed.
const MAX_QUIESCENCE: usize = 12;
/// Quiescence plies from which, out of check, a node with more than [`QUIESCENCE_WIDE`] captures that do not
/// lose follows only the recaptures (captures on the square the last move went to). On the largest boards
/// each side has many winning captures, and following every one of them to the end multiplies the tree by
/// their number at every ply; where captures are few (every smaller game, almost always) nothing changes.
const QUIESCENCE_RECAPTURES: usize = 4;
/// See [`QUIESCENCE_RECAPTURES`].
const QUIESCENCE_WIDE: usize = 6;

/// What a node's moves are searched with; `alpha` rises as they are.
struct NodeState {
    depth: i32,
    alpha: Score,
    beta: Score,
    ply: usize,
    in_check: bool,
    /// The table's move, legal here.
    hash: Option<Move>,
    /// The static evaluation (or the table's bound where it says more), at nodes where quiet moves may be
    /// pruned (not in check, not on the principal variation).
    stand: Option<Score>,
    /// Whether the static evaluation is better than at the side's last node (two plies up).
    improving: bool,
    /// On the principal variation (a window wider than null).
    pv: bool,
    /// Expected to fail high (a null-window node whose parent expects to fail low).
    cut: bool,
}

/// What an inner node generated before searching, to know whether the game is over: its captures, or all its
/// legal moves when it has no capture.
enum Generated {
    Captures(Vec<Move>),
    All(Vec<Move>),
}

/// What a node knows when it must be searched (see [`Worker::open`]).
struct Opened {
    /// The table's move, legal here.
    hash: Option<Move>,
    /// The moves generated (none when the table's move is legal: it is searched first).
    generated: Option<Generated>,
    /// The table's entry for the position.
    entry: Option<Entry>,
}

/// After one move of a node: go on, the move cut off, or the search was stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Next,
    Cut,
    Aborted,
}

/// One thread's search.
pub(crate) struct Worker<'a> {
    game: Game,
    eval: &'a Evaluator,
    shared: &'a Shared,
    limits: Limits,
    start: Instant,
    deadline: Option<Instant>,
    /// Whether this thread decides when to stop (and reports).
    main: bool,
    nodes: u64,
    unreported: u64,
    seldepth: usize,
    aborted: bool,
    heuristics: Heuristics,
    buffers: Vec<Vec<Move>>,
    /// Per ply, an inner node's captures, searched before its other moves are generated.
    captures: Vec<Vec<Move>>,
    /// Per ply, the moves searched so far at the node (their histories fall when another cuts off).
    quiets: Vec<Vec<Move>>,
    pv: Vec<Vec<Move>>,
    /// Per ply, whether the move played there was a null move.
    nulled: Vec<bool>,
    /// Per ply, the move played there (none for a null move), as the continuation histories know it.
    played: Vec<Option<Played>>,
    /// No null move before this ply (inside a null move's verification search).
    null_floor: usize,
    /// Static evaluations by position key (see [`Worker::evaluate`]).
    evals: Vec<(u64, Score)>,
    /// Per ply, the static evaluation of the inner node there (none in check or at the root).
    statics: Vec<Option<Score>>,
}

/// Entries of a search thread's cache of static evaluations (a power of two; 256 KiB).
const EVAL_CACHE: usize = 1 << 14;

impl Drop for Worker<'_> {
    /// The thread's heuristics go back to the shared state for the next search.
    fn drop(&mut self) {
        let heuristics = std::mem::replace(&mut self.heuristics, Heuristics::spent());
        self.shared.keep_heuristics(heuristics);
    }
}

impl<'a> Worker<'a> {
    pub(crate) fn new(
        game: Game,
        eval: &'a Evaluator,
        shared: &'a Shared,
        limits: Limits,
        main: bool,
    ) -> Worker<'a> {
        let start = Instant::now();
        Worker {
            deadline: limits.budget().map(|(_, hard)| start + hard),
            game,
            eval,
            shared,
            limits,
            start,
            main,
            nodes: 0,
            unreported: 0,
            seldepth: 0,
            aborted: false,
            heuristics: shared.take_heuristics(eval.rules()),
            buffers: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(128)).collect(),
            captures: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(32)).collect(),
            quiets: (0..MAX_PLY + 2)
                .map(|_| Vec::with_capacity(MAX_TRIED))
                .collect(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            nulled: vec![false; MAX_PLY + 2],
            played: vec![None; MAX_PLY + 2],
            null_floor: 0,
            evals: vec![(0, 0); EVAL_CACHE],
            statics: vec![None; MAX_PLY + 2],
        }
    }

    /// The static evaluation of the current position, from the thread's cache when the position was
    /// evaluated before (a transposition, a search again after a reduction, the next iteration).
    fn evaluate(&mut self) -> Score {
        let pos = self.game.position();
        let key = pos.key();
        let slot = &mut self.evals[key as usize & (EVAL_CACHE - 1)];
        if slot.0 == key && key != 0 {
            return slot.1;
        }
        let score = self.eval.evaluate(pos);
        *slot = (key, score);
        score
    }

    /// Whether the static evaluation at `ply` is better than at the side's last node with one (two plies
    /// up, or four when that node was in check); true when there is none to compare with.
    fn improving(&self, ply: usize) -> bool {
        let Some(now) = self.statics[ply] else {
            return false;
        };
        [2, 4]
            .into_iter()
            .filter_map(|back| ply.checked_sub(back))
            .find_map(|p| self.statics[p])
            .is_none_or(|before| now > before)
    }

    /// Iterative deepening from depth `first`, stepping by `step`; calls `report` after each finished
    /// iteration (the main thread) and returns the last finished lines and their depth (0 when no iteration
    /// finished: then the line is the first legal move, unsearched).
    pub(crate) fn run(
        &mut self,
        first: u32,
        step: u32,
        multipv: usize,
        report: &mut dyn FnMut(&Report),
    ) -> (Vec<Line>, u32) {
        let mut root = self.game.legal_moves();
        remove_twins(self.game.position(), &mut root);
        if root.is_empty() {
            return (Vec::new(), 0);
        }
        let mut lines: Vec<Line> = vec![Line {
            pv: vec![root[0]],
            score: 0,
        }];
        let mut done = 0;
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .min(MAX_PLY as u32 - 8);
        let soft = self.limits.budget().map(|(soft, _)| soft);
        let mut depth = first.max(1);
        while depth <= max_depth {
            let mut found: Vec<Line> = Vec::new();
            for _ in 0..multipv.clamp(1, root.len()) {
                let excluded: Vec<Move> =
                    found.iter().filter_map(|l| l.pv.first().copied()).collect();
                let aspire = multipv == 1 && depth >= ASPIRATION_DEPTH && !is_mate(lines[0].score);
                let (score, settled) = if aspire {
                    self.aspire(depth as i32, &root, lines[0].score)
                } else {
                    self.root(depth as i32, &root, &excluded, -INFINITE, INFINITE)
                };
                if self.aborted {
                    // An interrupted iteration still improves on the last one once its first move (the last
                    // best move) has been searched: a move that beat it at this depth is better.
                    // It is reported, so that the move played is the first of the last line shown.
                    if settled && multipv == 1 {
                        let line = Line {
                            pv: self.pv[0].clone(),
                            score,
                        };
                        if line != lines[0] && self.main {
                            report(&self.report(depth, std::slice::from_ref(&line)));
                        }
                        lines = vec![line];
                    }
                    break;
                }
                found.push(Line {
                    pv: self.pv[0].clone(),
                    score,
                });
            }
            if self.aborted {
                break;
            }
            found.sort_by_key(|l| std::cmp::Reverse(l.score));
            lines = found;
            done = depth;
            if self.main {
                report(&self.report(depth, &lines));
            }
            let decided = is_mate(lines[0].score)
                && depth as i32 >= MATE_DEPTH_MARGIN + (crate::score::MATE - lines[0].score.abs());
            if decided
                || soft.is_some_and(|s| self.start.elapsed() >= s)
                || self.shared.stop.load(Ordering::Relaxed)
            {
                break;
            }
            depth += step;
        }
        self.flush_nodes();
        (lines, done)
    }

    /// The report of `lines` at `depth`.
    fn report(&self, depth: u32, lines: &[Line]) -> Report {
        Report {
            depth,
            seldepth: self.seldepth as u32,
            nodes: self.shared.nodes.load(Ordering::Relaxed) + self.unreported,
            elapsed: self.start.elapsed(),
            lines: lines.to_vec(),
        }
    }

    fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unreported, Ordering::Relaxed);
        self.unreported = 0;
    }

    /// An iteration searched with a window around the last iteration's score `last`, widened on the side it
    /// fails on until the score falls inside (aspiration windows). Returns as [`Worker::root`] does.
    fn aspire(&mut self, depth: i32, moves: &[Move], last: Score) -> (Score, bool) {
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let (score, settled) = self.root(depth, moves, &[], alpha, beta);
            if self.aborted || (score > alpha && score < beta) {
                return (score, settled);
            }
            delta += delta / 2;
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = score - delta;
            } else {
                beta = score + delta;
            }
            if delta > ASPIRATION_WINDOW * 16 {
                (alpha, beta) = (-INFINITE, INFINITE);
            }
            alpha = alpha.max(-INFINITE);
            beta = beta.min(INFINITE);
        }
    }

    /// The root of one iteration within the window `alpha`..`beta`: every legal move but the excluded ones,
    /// principal variation search. Returns the best score (a bound when outside the window) and whether a
    /// move was searched to the end and scored above `alpha` (when the search was stopped, the line in
    /// `pv[0]` is then the best of the moves searched).
    fn root(
        &mut self,
        depth: i32,
        moves: &[Move],
        excluded: &[Move],
        mut alpha: Score,
        beta: Score,
    ) -> (Score, bool) {
        let floor = alpha;
        let mut moves: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| !excluded.contains(m))
            .collect();
        let hash = self
            .shared
            .tt
            .probe(self.game.position().key())
            .and_then(|e| e.best);
        let first = self.pv[0]
            .first()
            .copied()
            .filter(|m| moves.contains(m))
            .or(hash);
        self.order(&mut moves, first, 0, true);
        let mut best = moves[0];
        let mut best_score = -INFINITE;
        let mut best_pv = vec![best];
        for (i, &mv) in moves.iter().enumerate() {
            self.play(mv, 0);
            let score = if i == 0 {
                -self.node(depth - 1, -beta, -alpha, 1, false, true)
            } else {
                let s = -self.node(depth - 1, -alpha - 1, -alpha, 1, true, true);
                if s > alpha && !self.aborted {
                    -self.node(depth - 1, -beta, -alpha, 1, false, true)
                } else {
                    s
                }
            };
            self.game.undo();
            if self.aborted {
                break;
            }
            best_score = best_score.max(score);
            if score > alpha {
                alpha = score;
                best = mv;
                best_pv = std::iter::once(mv)
                    .chain(self.pv[1].iter().copied())
                    .collect();
                if alpha >= beta {
                    break;
                }
            }
        }
        if !self.aborted && excluded.is_empty() && best_score > floor && best_score < beta {
            let key = self.game.position().key();
            self.store(key, Some(best), best_score, 0, depth, Bound::Exact);
        }
        self.pv[0] = best_pv;
        (best_score, best_score > floor)
    }

    /// Counts a node and looks at the limits now and then.
    fn visit(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.unreported += 1;
        self.seldepth = self.seldepth.max(ply);
        if let Some(limit) = self.limits.nodes
            && self.main
            && self.shared.nodes.load(Ordering::Relaxed) + self.unreported >= limit
        {
            self.aborted = true;
            self.shared.stop.store(true, Ordering::Relaxed);
        }
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            self.flush_nodes();
            if self.shared.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
            if self.main && self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted = true;
                self.shared.stop.store(true, Ordering::Relaxed);
            }
        }
        self.aborted
    }

    /// An inner node's first moves: its captures, or when it has none all its legal moves (each in its ply's
    /// buffer: give it back with [`Worker::keep`]); and the score the game's end rules give the position if it
    /// is over. The end rules read the emptiness of what was generated instead of generating the moves again.
    fn generate(&mut self, ply: usize) -> (Generated, Option<Score>) {
        let mut captures = std::mem::take(&mut self.captures[ply]);
        self.game.generate_captures(&mut captures);
        let (generated, end) = if captures.is_empty() {
            self.captures[ply] = captures;
            let mut moves = std::mem::take(&mut self.buffers[ply]);
            self.game.generate_legal(&mut moves);
            let end = self.outcome_after(&moves);
            (Generated::All(moves), end)
        } else {
            (
                Generated::Captures(captures),
                self.game.outcome_with_a_move(),
            )
        };
        (generated, end.map(|o| self.end_score(o, ply)))
    }

    /// Orders `moves` best first, `hash` first of all; with `exchange`, captures that lose material by static
    /// exchange last.
    fn order(&self, moves: &mut [Move], hash: Option<Move>, ply: usize, exchange: bool) {
        self.heuristics.order(
            self.game.position(),
            moves,
            hash,
            &self.eval.values,
            exchange.then_some(&self.eval.exchange),
            self.context(ply),
        );
    }

    /// The moves played one and two plies before `ply`.
    fn context(&self, ply: usize) -> Context {
        Context {
            ply,
            prev: ply.checked_sub(1).and_then(|p| self.played[p]),
            prev2: ply.checked_sub(2).and_then(|p| self.played[p]),
        }
    }

    /// Plays `mv` at `ply`, remembered for the continuation histories.
    fn play(&mut self, mv: Move, ply: usize) {
        self.play_told(mv, ply, true);
    }

    /// [`Worker::play`], told whether the move may give check (when not, the check is not looked for).
    fn play_told(&mut self, mv: Move, ply: usize, may_check: bool) {
        let player = self.game.position().side_to_move();
        self.played[ply] = Some(self.heuristics.played(player, mv));
        if may_check {
            self.game.play(mv);
        } else {
            self.game.play_without_check(mv);
        }
    }

    /// Gives a node's generated moves back to their ply's buffer: its captures, or all its moves.
    fn keep(&mut self, ply: usize, generated: Option<Generated>) {
        match generated {
            Some(Generated::Captures(captures)) => self.captures[ply] = captures,
            Some(Generated::All(moves)) => self.buffers[ply] = moves,
            None => {}
        }
    }

    /// The score of an ended game for the side to move, `ply` plies from the root.
    fn end_score(&self, outcome: koma_vm::Outcome, ply: usize) -> Score {
        match outcome.result {
            GameResult::Draw => 0,
            GameResult::Win(p) if p == self.game.position().side_to_move() => win_in(ply),
            GameResult::Win(_) => loss_in(ply),
        }
    }

    /// An inner node. The table's move, when legal, is searched before any other move is generated: a cutoff
    /// by it leaves the node without generating its moves (a legal move also tells the end rules that the
    /// side to move has one). `cut`: a cutoff is expected; `extend`: a check here is searched a ply deeper
    /// (the parent says no for a check that gives its piece away).
    fn node(
        &mut self,
        depth: i32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
        cut: bool,
        extend: bool,
    ) -> Score {
        self.pv[ply].clear();
        if self.visit(ply) {
            return 0;
        }
        let in_check = self.game.in_check();
        let mut depth = if in_check && ply < MAX_PLY / 2 && extend {
            depth + 1
        } else {
            depth
        };
        if depth <= 0 {
            return self.quiesce_node(alpha, beta, ply, 0, in_check);
        }
        let key = self.game.position().key();
        let Opened {
            hash,
            generated,
            entry,
        } = match self.open(depth, &mut alpha, &mut beta, ply, key) {
            Ok(opened) => opened,
            Err(score) => return score,
        };
        let pv_node = beta - alpha > 1;
        let evaluation = (!in_check).then(|| self.evaluate());
        self.statics[ply] = evaluation;
        let improving = self.improving(ply);
        let stand = evaluation
            .filter(|_| !pv_node)
            .map(|e| entry.map_or(e, |entry| table_estimate(entry, e, ply)));
        // Reverse futility: near the leaves, a static evaluation that beats beta by a margin per ply fails high.
        if let Some(stand) = stand
            && depth <= RFP_DEPTH
            && beta.abs() < MATE_BOUND
            && stand - RFP_MARGIN * (depth - improving as i32) >= beta
        {
            self.keep(ply, generated);
            return (stand + beta) / 2;
        }
        if let Some(stand) = stand
            && let Some(score) = self.null_move(depth, beta, ply, stand, cut)
        {
            self.keep(ply, generated);
            return score;
        }
        // Internal iterative reduction: a node the table knows no move for is searched one ply less.
        if hash.is_none() && depth >= IIR_DEPTH {
            depth -= 1;
        }
        let node = NodeState {
            depth,
            alpha,
            beta,
            ply,
            in_check,
            hash,
            stand,
            improving,
            pv: pv_node,
            cut,
        };
        let (best, best_score, bound) = self.moves(node, generated);
        if !self.aborted
            && let Some(best) = best
        {
            self.store(key, Some(best), best_score, ply, depth, bound);
        }
        best_score
    }

    /// What a node knows before searching its moves: the table's move if legal (else the generated moves),
    /// or, when the node needs no search, its score: the game is over, the table's bound settles the window,
    /// or the window (narrowed to the mate scores possible this far from the root) is empty.
    fn open(
        &mut self,
        depth: i32,
        alpha: &mut Score,
        beta: &mut Score,
        ply: usize,
        key: u64,
    ) -> Result<Opened, Score> {
        let entry = self.shared.tt.probe(key);
        let hash = entry
            .and_then(|e| e.best)
            .filter(|&m| self.game.position().is_legal(m));
        let (generated, end) = match hash {
            Some(_) => {
                let end = self.game.outcome_with_a_move();
                (None, end.map(|o| self.end_score(o, ply)))
            }
            None => {
                let (moves, end) = self.generate(ply);
                (Some(moves), end)
            }
        };
        let early = if let Some(score) = end {
            Some(score)
        } else if ply >= MAX_PLY {
            Some(self.evaluate())
        } else {
            *alpha = (*alpha).max(loss_in(ply));
            *beta = (*beta).min(win_in(ply + 1));
            (*alpha >= *beta).then_some(*alpha)
        };
        let early = early.or_else(|| {
            hash.and(entry)
                .and_then(|e| table_cut(e, depth, *alpha, *beta, ply))
        });
        match early {
            Some(score) => {
                self.keep(ply, generated);
                Err(score)
            }
            None => Ok(Opened {
                hash,
                generated,
                entry,
            }),
        }
    }

    /// Null-move pruning at a node outside the principal variation, not in check, whose evaluation `stand`
    /// is at least `beta`: if passing the move still scores `beta` against a search `R` plies shallower, the
    /// node fails high. Off in a row, below a verification search, and where zugzwang is real (no drops
    /// and little material). Deep nodes verify the cutoff with a search without null moves.
    fn null_move(
        &mut self,
        depth: i32,
        beta: Score,
        ply: usize,
        stand: Score,
        cut: bool,
    ) -> Option<Score> {
        if depth < 2
            || stand < beta
            || beta.abs() >= MATE_BOUND
            || ply < self.null_floor
            || self.nulled[ply.saturating_sub(1)]
            || !self.eval.may_pass(self.game.position())
        {
            return None;
        }
        let r = 3 + depth / 3 + ((stand - beta) / 200).min(3);
        self.nulled[ply] = true;
        self.played[ply] = None;
        self.game.play_null();
        let score = -self.node(depth - r, -beta, -beta + 1, ply + 1, !cut, true);
        self.game.undo_null();
        self.nulled[ply] = false;
        if self.aborted || score < beta {
            return None;
        }
        let score = if score >= MATE_BOUND { beta } else { score };
        if depth < NULL_VERIFY_DEPTH {
            return Some(score);
        }
        let floor = self.null_floor;
        self.null_floor = ply + (3 * (depth - r) / 4) as usize + 1;
        let verified = self.node(depth - r, beta - 1, beta, ply, false, true);
        self.null_floor = floor;
        (!self.aborted && verified >= beta).then_some(score)
    }

    /// The moves of an inner node, best first: the best move, its score and what the score says. The table's
    /// move comes first, before any other is generated; then the captures that do not lose by static
    /// exchange, before the other moves are generated; then the rest (unless `generated` holds some already).
    fn moves(
        &mut self,
        mut node: NodeState,
        generated: Option<Generated>,
    ) -> (Option<Move>, Score, Bound) {
        let ply = node.ply;
        let original_alpha = node.alpha;
        let mut best: Option<(Move, Score)> = None;
        let mut tried = std::mem::take(&mut self.quiets[ply]);
        tried.clear();
        let mut count = 0;
        let mut flow = Flow::Next;
        if let Some(h) = node.hash {
            flow = self.search_move(&mut node, &mut best, &mut tried, h, 0);
            count = 1;
        }
        let (mut captures, all) = match generated {
            Some(Generated::Captures(c)) => (c, None),
            Some(Generated::All(m)) => (std::mem::take(&mut self.captures[ply]), Some(m)),
            None => {
                let mut c = std::mem::take(&mut self.captures[ply]);
                if flow == Flow::Next {
                    self.game.generate_captures(&mut c);
                }
                (c, None)
            }
        };
        if all.is_some() || flow != Flow::Next {
            captures.clear();
        }
        // The captures that do not lose material, before the other moves are generated.
        let pos = self.game.position();
        remove_twins(pos, &mut captures);
        let exchange = &self.eval.exchange;
        captures.retain(|&m| Some(m) != node.hash && pos.exchange_at_least(m, exchange, 0));
        self.order(&mut captures, None, ply, true);
        if flow == Flow::Next {
            flow = self.search_list(&mut node, &mut best, &mut tried, &captures, &mut count);
        }
        let had_all = all.is_some();
        let mut moves = all.unwrap_or_else(|| std::mem::take(&mut self.buffers[ply]));
        if flow == Flow::Next {
            if !had_all {
                self.game.generate_legal(&mut moves);
            }
            remove_twins(self.game.position(), &mut moves);
            // A searched capture is looked for among the captures only.
            let pos = self.game.position();
            moves
                .retain(|&m| Some(m) != node.hash && !(pos.is_capture(m) && captures.contains(&m)));
            self.order(&mut moves, None, ply, true);
            flow = self.search_list(&mut node, &mut best, &mut tried, &moves, &mut count);
        }
        self.buffers[ply] = moves;
        self.captures[ply] = captures;
        self.quiets[ply] = tried;
        if flow == Flow::Aborted {
            return (None, 0, Bound::Exact);
        }
        let Some((best, best_score)) = best else {
            // No move, and no end rule says the game is over: nothing to search.
            return (None, 0, Bound::Exact);
        };
        (
            Some(best),
            best_score,
            bound_of(best_score, original_alpha, node.beta),
        )
    }

    /// Searches the moves of `list` in order, numbered from `count` on, until one cuts off or the search is
    /// stopped: how the last one went.
    fn search_list(
        &mut self,
        node: &mut NodeState,
        best: &mut Option<(Move, Score)>,
        tried: &mut Vec<Move>,
        list: &[Move],
        count: &mut usize,
    ) -> Flow {
        for &mv in list {
            let flow = self.search_move(node, best, tried, mv, *count);
            *count += 1;
            if flow != Flow::Next {
                return flow;
            }
        }
        Flow::Next
    }

    /// Searches the `i`th move (from 0) of a node, with its pruning and reduction, and updates the node's
    /// best move, window and line. Returns whether to go on, the move cut off, or the search was stopped.
    fn search_move(
        &mut self,
        node: &mut NodeState,
        best: &mut Option<(Move, Score)>,
        tried: &mut Vec<Move>,
        mv: Move,
        i: usize,
    ) -> Flow {
        let depth = node.depth;
        let best_score = best.map_or(-INFINITE, |(_, s)| s);
        let pos = self.game.position();
        let player = pos.side_to_move();
        let quiet = !pos.is_capture(mv) && !mv.is_promotion();
        let context = self.context(node.ply);
        let history = if quiet {
            self.heuristics.quiet_score(player, mv, context)
        } else {
            0
        };
        // Late quiet moves are searched shallower (late move reductions).
        let reduce = i >= 2 && depth >= 3 && quiet && !node.in_check;
        let r = if reduce {
            (reduction(depth, i, node.pv) + (!node.pv && !node.improving) as i32
                - history / HISTORY_REDUCTION)
                .clamp(0, depth - 2)
        } else {
            0
        };
        let prunable = self.prunable(node, mv, i, best_score, (quiet, history), r);
        // A move that gives check, or ends the game at once (a king reaching its goal, a king taken), is
        // never pruned: a mate near the leaves is always seen. A move that cannot check in a game where no
        // move ends it at once is pruned unplayed.
        let pos = self.game.position();
        let may_check = pos.may_give_check(mv);
        let immediate = pos.has_immediate_ends();
        if prunable && !may_check && !immediate {
            return Flow::Next;
        }
        // A check is extended (at the child) unless it gives its piece away by static exchange.
        let sound = may_check && pos.exchange_at_least(mv, &self.eval.exchange, 0);
        self.play_told(mv, node.ply, may_check);
        let checks = self.game.in_check();
        let forcing =
            checks || (prunable && immediate && self.game.position().immediate_end().is_some());
        if prunable && !forcing {
            self.game.undo();
            return Flow::Next;
        }
        // No reduction for a check; one more where a cutoff is expected.
        let r = if checks {
            0
        } else if reduce && node.cut {
            (r + 1).clamp(0, depth - 2)
        } else {
            r
        };
        let score = self.child(
            i == 0,
            depth - 1,
            r,
            (node.alpha, node.beta),
            node.ply + 1,
            (node.cut, !checks || sound),
        );
        self.game.undo();
        if self.aborted {
            return Flow::Aborted;
        }
        if score > best_score {
            *best = Some((mv, score));
            if score > node.alpha {
                node.alpha = score;
                self.adopt(node.ply, mv);
                if node.alpha >= node.beta {
                    self.heuristics.cutoff(
                        self.game.position(),
                        mv,
                        depth,
                        tried.as_slice(),
                        context,
                    );
                    return Flow::Cut;
                }
            }
        }
        if tried.len() < MAX_TRIED {
            tried.push(mv);
        }
        Flow::Next
    }

    /// Whether the `i`th move of a node may go unsearched (unless it gives check or ends the game): quiet
    /// moves past a count near the leaves (late move pruning), those whose best hope stays under alpha
    /// (futility), and those (and drops) that lose by static exchange more than a margin that grows with the
    /// depth left after the reduction `r`; captures that lose more than a margin near the leaves.
    fn prunable(
        &self,
        node: &NodeState,
        mv: Move,
        i: usize,
        best_score: Score,
        (quiet, history): (bool, i32),
        r: i32,
    ) -> bool {
        let depth = node.depth;
        if i == 0 || best_score <= -MATE_BOUND {
            return false;
        }
        let pos = self.game.position();
        let exchange = &self.eval.exchange;
        if !quiet {
            return node.stand.is_some()
                && depth <= FUTILITY_DEPTH
                && !pos.exchange_at_least(mv, exchange, -EXCHANGE_MARGIN * depth);
        }
        let left = depth - r;
        node.stand.is_some_and(|s| {
            (depth <= LMP_DEPTH && i >= LMP_BASE + (depth * depth) as usize)
                || (depth <= FUTILITY_DEPTH && s + FUTILITY_MARGIN * depth <= node.alpha)
                || (left <= HISTORY_PRUNING_DEPTH && history < -HISTORY_PRUNING * left)
        }) || (!node.in_check && {
            let left = (depth - 1 - r).max(0);
            !pos.exchange_at_least(mv, exchange, -QUIET_EXCHANGE_MARGIN * left * left)
        })
    }

    /// The score of a child node for the parent: the first move with the full window, the others with a null
    /// window (reduced by `r` plies, searched again at full depth and window when they beat alpha). `cut`:
    /// the parent expects a cutoff; `extend`: a check at the child is extended.
    fn child(
        &mut self,
        first: bool,
        depth: i32,
        r: i32,
        (alpha, beta): (Score, Score),
        ply: usize,
        (cut, extend): (bool, bool),
    ) -> Score {
        if first {
            let pv = beta - alpha > 1;
            return -self.node(depth, -beta, -alpha, ply, !pv && !cut, extend);
        }
        let mut s = -self.node(depth - r, -alpha - 1, -alpha, ply, true, extend);
        if s > alpha && r > 0 && !self.aborted {
            s = -self.node(depth, -alpha - 1, -alpha, ply, !cut, extend);
        }
        if s > alpha && s < beta && !self.aborted {
            s = -self.node(depth, -beta, -alpha, ply, false, extend);
        }
        s
    }

    /// `mv` is the best move at `ply` so far: its line is `mv` and the child's line.
    fn adopt(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// Quiescence: captures only (every move when in check), with the evaluation as a floor.
    fn quiesce(&mut self, alpha: Score, beta: Score, ply: usize, qply: usize) -> Score {
        self.pv[ply].clear();
        if self.visit(ply) {
            return 0;
        }
        let in_check = self.game.in_check();
        self.quiesce_node(alpha, beta, ply, qply, in_check)
    }

    /// A quiescence node, counted: a bound the table holds may settle it; else out of check the static
    /// evaluation stands and the captures that do not lose by static exchange are searched, in check every
    /// move (see [`Worker::quiescence_moves`]). Its result goes to the table below every search depth.
    fn quiesce_node(
        &mut self,
        mut alpha: Score,
        beta: Score,
        ply: usize,
        qply: usize,
        in_check: bool,
    ) -> Score {
        // The table: a bound that settles a null window ends the node, and a stored move is tried first.
        let key = self.game.position().key();
        let entry = self.shared.tt.probe(key);
        if let Some(e) = entry
            && let Some(score) = table_cut(e, QUIESCENCE_DEPTH, alpha, beta, ply)
        {
            return score;
        }
        let original_alpha = alpha;
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        if let Some(outcome) = self.quiescence_moves(&mut moves, in_check) {
            let score = self.end_score(outcome, ply);
            self.keep(ply, Some(Generated::All(moves)));
            return score;
        }
        // The static evaluation stands out of check; in check it is read only if nothing is searched.
        let stand = (!in_check).then(|| self.evaluate());
        let mut best = -INFINITE;
        let settled = ply >= MAX_PLY
            || match stand {
                None => qply > MAX_QUIESCENCE / 2,
                Some(stand) => stand >= beta || qply >= MAX_QUIESCENCE,
            };
        if settled {
            self.keep(ply, Some(Generated::All(moves)));
            if let Some(stand) = stand
                && stand >= beta
                && ply < MAX_PLY
            {
                self.store(key, None, stand, ply, QUIESCENCE_DEPTH, Bound::Lower);
            }
            return stand.unwrap_or_else(|| self.evaluate());
        }
        if let Some(stand) = stand {
            alpha = alpha.max(stand);
            best = stand;
        }
        if !in_check {
            self.keep_quiescent_captures(&mut moves, qply);
        }
        self.order(&mut moves, entry.and_then(|e| e.best), ply, false);
        let mut best_move = None;
        for &mv in moves.iter() {
            // In check, once a move escapes mate, the quiet escapes that lose material are not followed.
            if in_check && best > -MATE_BOUND && self.loses_quietly(mv) {
                continue;
            }
            let may_check = self.game.position().may_give_check(mv);
            self.play_told(mv, ply, may_check);
            let score = -self.quiesce(-beta, -alpha, ply + 1, qply + 1);
            self.game.undo();
            if self.aborted {
                self.buffers[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(mv);
                    self.adopt(ply, mv);
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = moves;
        let best = if best == -INFINITE {
            stand.unwrap_or_else(|| self.evaluate())
        } else {
            best
        };
        let bound = bound_of(best, original_alpha, beta);
        self.store(key, best_move, best, ply, QUIESCENCE_DEPTH, bound);
        best
    }

    /// Out of check, the captures a quiescence node at quiescence ply `qply` follows: not those that lose
    /// material by static exchange, and from [`QUIESCENCE_RECAPTURES`] on, among more than
    /// [`QUIESCENCE_WIDE`], only the recaptures.
    fn keep_quiescent_captures(&self, moves: &mut Vec<Move>, qply: usize) {
        let pos = self.game.position();
        let exchange = &self.eval.exchange;
        moves.retain(|&mv| !pos.is_capture(mv) || pos.exchange_at_least(mv, exchange, 0));
        if qply >= QUIESCENCE_RECAPTURES
            && moves.len() > QUIESCENCE_WIDE
            && let Some(last) = self.game.moves().last()
        {
            let square = last.to();
            moves.retain(|mv| mv.to() == square);
        }
    }

    /// Whether `mv` takes nothing and loses material by static exchange.
    fn loses_quietly(&self, mv: Move) -> bool {
        let pos = self.game.position();
        !pos.is_capture(mv) && !pos.exchange_at_least(mv, &self.eval.exchange, 0)
    }

    /// A quiescence node's moves, into `moves`, and the end rules' word on the position. In check every legal
    /// move, and the end rules read their emptiness; else the captures (and a royal piece's moves where a
    /// goal wins), and when there are none the end rules that ask whether the side has a move look for one
    /// themselves (and stop at the first).
    fn quiescence_moves(
        &mut self,
        moves: &mut Vec<Move>,
        in_check: bool,
    ) -> Option<koma_vm::Outcome> {
        if in_check || self.eval.has_goal() {
            self.game.generate_legal(moves);
            let end = self.outcome_after(moves);
            if !in_check {
                // A king's quiet move may reach its goal and win: the king's moves join the captures.
                let pos = self.game.position();
                moves.retain(|&m| {
                    pos.is_capture(m)
                        || m.from()
                            .and_then(|f| pos.piece_at(f))
                            .is_some_and(|p| pos.rules().face(p.face).royal)
                });
            }
            end
        } else {
            self.game.generate_captures(moves);
            self.outcome_after(moves)
        }
    }

    /// The end rules' word on the position, told that the side to move has a move when `moves` (legal moves
    /// or captures just generated) holds one; else they look for a move themselves where they need one.
    fn outcome_after(&self, moves: &[Move]) -> Option<koma_vm::Outcome> {
        if moves.is_empty() {
            self.game.outcome()
        } else {
            self.game.outcome_with_a_move()
        }
    }

    /// Stores a node's result in the table, its score made relative to the node.
    fn store(
        &self,
        key: u64,
        best: Option<Move>,
        score: Score,
        ply: usize,
        depth: i32,
        bound: Bound,
    ) {
        let entry = Entry {
            best,
            score: to_table(score, ply),
            depth,
            bound,
        };
        self.shared.tt.store(key, entry);
    }
}

/// What a node's best score says, searched with the window (`alpha`, `beta`).
fn bound_of(score: Score, alpha: Score, beta: Score) -> Bound {
    if score >= beta {
        Bound::Lower
    } else if score > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

/// The score a table entry gives without searching, when it was searched deep enough and its bound settles
/// the window (never at a principal variation node, whose line must be searched).
fn table_cut(e: Entry, depth: i32, alpha: Score, beta: Score, ply: usize) -> Option<Score> {
    if beta - alpha > 1 || e.depth < depth {
        return None;
    }
    let s = from_table(e.score, ply);
    let cut = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    cut.then_some(s)
}

/// A better estimate of a node's score than its static evaluation `evaluation`: the table's score where its
/// bound says the node is worth more (a lower bound above) or less (an upper bound below); mate scores
/// are left out.
fn table_estimate(entry: Entry, evaluation: Score, ply: usize) -> Score {
    let s = from_table(entry.score, ply);
    let better = match entry.bound {
        Bound::Exact => true,
        Bound::Lower => s > evaluation,
        Bound::Upper => s < evaluation,
    };
    if better && !is_mate(s) { s } else { evaluation }
}

/// The depth quiescence stores its scores at: below every search depth, so that they settle only
/// quiescence nodes.
const QUIESCENCE_DEPTH: i32 = 0;

/// An iteration that found a mate this many plies beyond the mate's length ends the search.
const MATE_DEPTH_MARGIN: i32 = 2;

/// Futility pruning of quiet moves applies up to this depth, with this margin per ply.
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_MARGIN: Score = 160;
/// Captures that lose more than this per ply of depth by static exchange are pruned near the leaves.
const EXCHANGE_MARGIN: Score = 100;
/// Reverse futility pruning applies up to this depth, with this margin per ply.
const RFP_DEPTH: i32 = 6;
const RFP_MARGIN: Score = 120;
/// Aspiration windows start this wide either side of the last iteration's score, from this depth.
const ASPIRATION_WINDOW: Score = 30;
const ASPIRATION_DEPTH: u32 = 5;
/// Quiet moves and drops that lose more than this times the square of the depth left after reduction, by
/// static exchange, are not searched.
const QUIET_EXCHANGE_MARGIN: Score = 40;
/// Late move pruning applies up to this depth, after `LMP_BASE + depth²` moves.
const LMP_DEPTH: i32 = 4;
const LMP_BASE: usize = 4;
/// Nodes at least this deep without a table move are searched a ply less.
const IIR_DEPTH: i32 = 4;
/// A null move's cutoff is verified from this depth on.
const NULL_VERIFY_DEPTH: i32 = 10;
/// Quiet moves whose history is below minus this per ply of depth left after reduction are pruned, up to
/// this depth left.
const HISTORY_PRUNING: i32 = 6000;
const HISTORY_PRUNING_DEPTH: i32 = 3;
/// History (butterfly and continuation together) lowers a late move's reduction by one ply per this much.
const HISTORY_REDUCTION: i32 = 8192;
/// The moves of a node whose histories fall when another cuts off, at most.
const MAX_TRIED: usize = 64;
/// Scores beyond this are mates: pruning waits until a move has scored better than being mated.
const MATE_BOUND: Score = crate::score::MATE - MAX_PLY as Score;

/// The late move reduction of the `i`th move (from 0) at `depth`: logarithmic in both, one less on the
/// principal variation.
fn reduction(depth: i32, i: usize, pv_node: bool) -> i32 {
    let r = 1.0 + (depth as f64).ln() * (i as f64).ln() / 1.5;
    (r as i32 - pv_node as i32).max(1)
}
