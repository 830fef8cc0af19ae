//! Prints, for `GAME N SFEN` lines on standard input, how the engine's winning line ends.
use std::io::BufRead;

use koma_engine::{Engine, Limits, shown};
use koma_vm::{Game, Position};

fn main() {
    let host = koma_host::Host::disk();
    for line in std::io::stdin().lock().lines() {
        let line = line.unwrap();
        let mut parts = line.splitn(3, ' ');
        let (g, n, sfen) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        let rules = host.load(g).unwrap().compiled.rules;
        let n: u32 = n.parse().unwrap();
        let mut game = Game::new(Position::from_sfen(&rules, sfen).unwrap());
        let found = Engine::new(&rules).search(&game, Limits::depth(2 * n + 1), &mut |_| {});
        for &mv in &found.lines[0].pv {
            game.play(mv);
        }
        let rule = game
            .outcome()
            .map(|o| rules.end_rules[o.rule].words(&rules));
        println!(
            "{g} | {sfen} | {n} | {:?} {:?}",
            shown(found.lines[0].score),
            rule
        );
    }
}
