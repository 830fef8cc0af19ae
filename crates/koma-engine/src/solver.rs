//! A plain AND/OR solver, independent of the search: whether the side to move can force a win by the game's
//! own end rules within N of its moves. Tests use it to prove the positions they give the engine.

use koma_vm::{Game, GameResult, Player};

/// Whether the side to move of `game` can force a win within `n` of its own moves. With `checks_only`, its
/// moves are limited to those that give check or end the game (as in tsume problems), which makes deep
/// searches affordable; a win found that way is a win all the same.
pub fn wins_within(game: &mut Game, n: u32, checks_only: bool) -> bool {
    let attacker = game.position().side_to_move();
    attack(game, attacker, n, checks_only)
}

/// The fewest moves within `max` in which the side to move forces a win, if it can.
pub fn shortest_win(game: &mut Game, max: u32, checks_only: bool) -> Option<u32> {
    (1..=max).find(|&n| wins_within(game, n, checks_only))
}

fn attack(game: &mut Game, attacker: Player, n: u32, checks_only: bool) -> bool {
    for mv in game.legal_moves() {
        game.play(mv);
        let won = match game.outcome() {
            Some(o) => o.result == GameResult::Win(attacker),
            None => {
                n > 1
                    && (!checks_only || game.position().in_check())
                    && defend(game, attacker, n - 1, checks_only)
            }
        };
        game.undo();
        if won {
            return true;
        }
    }
    false
}

/// Whether every reply of the defender (to move) loses within `n` more attacker moves.
fn defend(game: &mut Game, attacker: Player, n: u32, checks_only: bool) -> bool {
    for mv in game.legal_moves() {
        game.play(mv);
        let lost = match game.outcome() {
            Some(o) => o.result == GameResult::Win(attacker),
            None => attack(game, attacker, n, checks_only),
        };
        game.undo();
        if !lost {
            return false;
        }
    }
    true
}
