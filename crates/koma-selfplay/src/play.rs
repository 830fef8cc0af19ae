//! Playing one game of self-play: a few opening plies chosen at random among the engine's good moves, then
//! the engine against itself to an end its rules give (or the ply limit).

use std::sync::Arc;
use std::time::Duration;

use koma_engine::{Engine, Limits, Shown, shown};
use koma_vm::Rng;
use koma_vm::{Game, GameResult, Player, Rules};

use crate::record::{FaceUse, GameRecord};

/// Nodes per move when neither a move time nor a node count is given.
pub const DEFAULT_NODES: u64 = 20_000;

/// How each game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// The run's seed.
    pub seed: u64,
    /// Time per move, or…
    pub movetime: Option<Duration>,
    /// …nodes per move (reproducible).
    pub nodes: Option<u64>,
    /// Opening plies chosen at random among the engine's four best moves within a pawn of the best.
    pub random_plies: u32,
    /// The longest game, in plies.
    pub max_plies: u32,
}

impl Plan {
    fn limits(&self) -> Limits {
        match (self.nodes, self.movetime) {
            (Some(n), _) => Limits::nodes(n),
            (None, Some(t)) => Limits::movetime(t),
            (None, None) => Limits::nodes(DEFAULT_NODES),
        }
    }
}

/// Plays game number `index` of a run.
pub fn play(rules: &Arc<Rules>, engine: &mut Engine, plan: &Plan, index: u64) -> GameRecord {
    play_following(rules, engine, plan, index, &[])
}

/// [`play`], its opening plies taken from `opening` (USI moves) while they are legal here: the same openings
/// in two versions of a game, where the rules allow them.
pub fn play_following(
    rules: &Arc<Rules>,
    engine: &mut Engine,
    plan: &Plan,
    index: u64,
    given_opening: &[String],
) -> GameRecord {
    let mut rng = Rng::mixed(plan.seed, index);
    let mut game = Game::start(rules);
    let mut faces = vec![FaceUse::default(); rules.faces.len()];
    let mut evaluation = Vec::new();
    let mut moves = Vec::new();
    engine.clear();
    while game.outcome().is_none() && (moves.len() as u32) < plan.max_plies {
        let opening = (moves.len() as u32) < plan.random_plies;
        engine.multipv = if opening { 4 } else { 1 };
        // An opening ply searches two plies deep for its four lines, within the budget of any other move: on
        // the largest boards two plies of every line cost more than a whole game's moves.
        let limits = if opening {
            Limits {
                depth: Some(2),
                ..plan.limits()
            }
        } else {
            plan.limits()
        };
        let found = engine.search(&game, limits, &mut |_| {});
        let Some(mut best) = found.best else { break };
        let mut score = found.lines[0].score;
        let given = if opening {
            given_opening.get(moves.len()).and_then(|text| {
                let mv = game.position().parse_usi(text).ok()?;
                game.legal_moves().contains(&mv).then_some(mv)
            })
        } else {
            None
        };
        if let Some(mv) = given {
            best = mv;
            score = found
                .lines
                .iter()
                .find(|l| l.pv.first() == Some(&mv))
                .map_or(score, |l| l.score);
        } else if opening && found.depth == 0 {
            // The budget did not cover one ply of the four lines (the largest boards at a few hundred nodes):
            // the opening ply is any legal move, which keeps the games apart.
            let legal = game.legal_moves();
            best = legal[rng.below(legal.len())];
        } else if opening {
            let good: Vec<_> = found
                .lines
                .iter()
                .filter(|l| l.score >= found.lines[0].score - 100)
                .collect();
            let pick = good[rng.below(good.len())];
            best = pick.pv[0];
            score = pick.score;
        }
        count(&game, best, &mut faces);
        let side = game.position().side_to_move();
        let clamped = match shown(score) {
            Shown::Mate(_) => score.signum() * 3000,
            Shown::Cp(cp) => cp.clamp(-3000, 3000),
        };
        evaluation.push(if side == Player::First {
            clamped
        } else {
            -clamped
        });
        moves.push(rules.move_name(best));
        game.play(best);
    }
    let outcome = game.outcome();
    GameRecord {
        index,
        result: result_word(outcome.map(|o| o.result)).to_string(),
        plies: moves.len() as u32,
        end_rule: outcome.map(|o| o.rule),
        moves,
        faces,
        evaluation,
    }
}

/// A result as a record writes it: `first`, `second`, `draw`, or `unfinished` when the game did not end.
pub(crate) fn result_word(result: Option<GameResult>) -> &'static str {
    match result {
        Some(GameResult::Win(Player::First)) => "first",
        Some(GameResult::Win(Player::Second)) => "second",
        Some(GameResult::Draw) => "draw",
        None => "unfinished",
    }
}

/// Counts what a move does with which face.
pub(crate) fn count(game: &Game, mv: koma_vm::Move, faces: &mut [FaceUse]) {
    let pos = game.position();
    for victim in pos.taken_by(mv).into_iter().flatten() {
        faces[victim.face.index()].captured += 1;
    }
    match mv.from().and_then(|f| pos.piece_at(f)) {
        Some(mover) => {
            faces[mover.face.index()].moved += 1;
            if mv.is_promotion() {
                faces[mv.face_after().index()].promoted += 1;
            }
        }
        None => faces[mv.face_after().index()].dropped += 1,
    }
}
