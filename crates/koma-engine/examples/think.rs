//! Searches a game's start position (or a SFEN) and prints each iteration.
//!
//! `cargo run --release -p koma-engine --example think -- GAME [MILLISECONDS] [THREADS] [SFEN]`

use std::time::Duration;

use koma_engine::{Engine, Limits, shown};
use koma_vm::{Game, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map_or("minishogi", String::as_str);
    let ms: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let threads: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let loaded = koma_host::Host::disk()
        .load(name)
        .expect("the game compiles");
    let rules = loaded.rules();
    let pos = match args.get(3) {
        Some(sfen) => Position::from_sfen(rules, sfen).expect("a position"),
        None => Position::start(rules),
    };
    let mut engine = Engine::new(rules);
    engine.threads = threads;
    let found = engine.search(
        &Game::new(pos),
        Limits::movetime(Duration::from_millis(ms)),
        &mut |r| {
            let line = &r.lines[0];
            let pv: Vec<String> = line.pv.iter().map(|&m| rules.move_name(m)).collect();
            println!(
                "depth {} seldepth {} score {} nodes {} nps {} pv {}",
                r.depth,
                r.seldepth,
                shown(line.score),
                r.nodes,
                (r.nodes as f64 / r.elapsed.as_secs_f64().max(1e-9)) as u64,
                pv.join(" ")
            );
        },
    );
    println!(
        "bestmove {} ({} nodes in {:?}, {} nodes/s)",
        found.best.map_or("none".into(), |m| rules.move_name(m)),
        found.nodes,
        found.elapsed,
        (found.nodes as f64 / found.elapsed.as_secs_f64()) as u64
    );
}
