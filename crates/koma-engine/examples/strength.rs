//! Two settings of the engine against each other, from seeded openings (two random plies among the engine's
//! good moves), colours alternating: the first setting's score with a 95% interval.
//!
//! `cargo run --release -p koma-engine --example strength -- GAME GAMES NODES_A NODES_B`

use koma_engine::{Engine, Limits};
use koma_vm::Rng;
use koma_vm::{Game, GameResult, Player};

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let rules = koma_host::Host::disk()
        .load(&a[0])
        .expect("compiles")
        .compiled
        .rules;
    let games: usize = a[1].parse().unwrap();
    let (na, nb): (u64, u64) = (a[2].parse().unwrap(), a[3].parse().unwrap());
    let mut rng = Rng(0x1234_5678);
    let (mut ea, mut eb) = (Engine::new(&rules), Engine::new(&rules));
    let mut scores = Vec::new();
    for g in 0..games {
        let mut game = Game::start(&rules);
        for _ in 0..2 {
            let legal = game.legal_moves();
            game.play(legal[rng.below(legal.len())]);
        }
        // Each opening is played twice, colours swapped.
        let a_first = g % 2 == 0;
        ea.clear();
        eb.clear();
        while game.outcome().is_none() && game.moves().len() < 400 {
            let a_to_move = (game.position().side_to_move() == Player::First) == a_first;
            let (engine, n) = if a_to_move {
                (&mut ea, na)
            } else {
                (&mut eb, nb)
            };
            let Some(mv) = engine.search(&game, Limits::nodes(n), &mut |_| {}).best else {
                break;
            };
            game.play(mv);
        }
        let score = match game.outcome().map(|o| o.result) {
            Some(GameResult::Win(p)) => f64::from(u8::from((p == Player::First) == a_first)),
            _ => 0.5,
        };
        scores.push(score);
        if g % 2 == 1 {
            rng.0 = rng.0.wrapping_add(0x9e37_79b9);
        } else {
            rng.0 = rng.0.wrapping_sub(0);
        }
    }
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    println!(
        "{} games: nodes {na} vs {nb}: score {mean:.3} ± {:.3}",
        scores.len(),
        1.96 * (var / n).sqrt()
    );
}
