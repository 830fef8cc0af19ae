//! Using koma as a library: load a game, list its moves, play some, count perft.
//!
//! Run with `cargo run --release --example play`.

use koma_vm::{Game, Position};

fn main() {
    // The host finds a game by name (a .game file, else an embedded game) and compiles it once;
    // `Host::load_text` does the same for any .game text.
    let loaded = koma_host::Host::disk()
        .load("minishogi")
        .expect("mini shogi compiles");
    let rules = loaded.rules().clone();

    let mut game = Game::start(&rules);
    let moves: Vec<String> = game
        .position()
        .legal_moves()
        .into_iter()
        .map(|m| rules.move_name(m))
        .collect();
    println!(
        "{}: {} legal moves at the start: {}",
        rules.name,
        moves.len(),
        moves.join(" ")
    );

    for usi in ["5d5c", "1b1c", "2e4c"] {
        let mv = game.position().parse_usi(usi).expect("a legal move");
        game.play(mv);
    }
    println!("\nafter 5d5c 1b1c 2e4c:\n{}", game.position().diagram());
    println!("SFEN: {}", game.position().to_sfen());

    match game.position().parse_usi("4c1a") {
        Ok(_) => println!("4c1a is legal"),
        Err(e) => println!("4c1a: {e}"),
    }

    let mut pos = Position::start(&rules);
    for depth in 1..=4 {
        println!("perft {depth}: {}", pos.perft(depth));
    }
}
