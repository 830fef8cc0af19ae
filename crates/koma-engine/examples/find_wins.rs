//! Finds positions with a known shortest forced win, proven by the plain solver, for the engine's tests.
//!
//! `cargo run --release -p koma-engine --example find_wins -- GAME MOVES COUNT [checks] [SEED]`
//! prints `SFEN` lines whose side to move wins in exactly MOVES moves (no fewer).

use koma_engine::solver::{shortest_win, wins_within};
use koma_vm::Rng;
use koma_vm::{Game, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = &args[0];
    let moves: u32 = args[1].parse().unwrap();
    let count: usize = args[2].parse().unwrap();
    let checks = args.get(3).is_some_and(|a| a == "checks");
    let mut rng = Rng(args
        .get(4)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x9e37_79b9_7f4a_7c15));
    let loaded = koma_host::Host::disk().load(name).expect("compiles");
    let rules = loaded.rules().clone();
    let mut found = 0;
    let mut tries = 0;
    while found < count && tries < 2_000_000 {
        tries += 1;
        // A random game from the start, then a random position reached by random moves.
        let mut game = Game::new(Position::start(&rules));
        let plies = 4 + rng.below(60);
        for _ in 0..plies {
            if game.outcome().is_some() {
                break;
            }
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            game.play(legal[rng.below(legal.len())]);
        }
        if game.outcome().is_some() {
            continue;
        }
        let sfen = game.position().to_sfen();
        let mut fresh = Game::new(Position::from_sfen(&rules, &sfen).unwrap());
        if !wins_within(&mut fresh, moves, checks) {
            continue;
        }
        if shortest_win(&mut fresh, moves, checks) == Some(moves)
            && (moves == 1 || moves >= 4 || !wins_within(&mut fresh, moves - 1, false))
        {
            println!("{sfen}");
            found += 1;
        }
    }
}
