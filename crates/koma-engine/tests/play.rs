//! Every shipped game and example, played by the engine: from the start and from 100 random positions,
//! `go movetime 100` returns a legal move within its time (with a margin for a loaded machine: this catches a
//! search that does not stop, not a slow one); and the engine plays each game against itself to an end its
//! rules give.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use koma_engine::{Engine, Limits};
use koma_vm::Rng;
use koma_vm::{Game, Rules};

/// Every shipped game and every example game, by name.
fn games() -> Vec<(String, Arc<Rules>)> {
    let host = koma_host::Host::disk();
    let mut names: Vec<String> = koma_games::GAMES
        .iter()
        .map(|g| g.name.to_string())
        .collect();
    let examples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    for dir in [examples.clone(), examples.join("my-variant")] {
        let mut found: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "game"))
            .map(|p| p.display().to_string())
            .collect();
        found.sort();
        names.extend(found);
    }
    names
        .into_iter()
        .map(|n| {
            let rules = host
                .load(&n)
                .unwrap_or_else(|d| panic!("{n}: {d:?}"))
                .compiled
                .rules;
            (n, rules)
        })
        .collect()
}

/// A game reached by random moves from the start, not over.
fn random_game(rules: &Arc<Rules>, rng: &mut Rng) -> Game {
    loop {
        let mut game = Game::start(rules);
        for _ in 0..rng.below(80) {
            let legal = game.legal_moves();
            if game.outcome().is_some() || legal.is_empty() {
                break;
            }
            game.play(legal[rng.below(legal.len())]);
        }
        if game.outcome().is_none() && !game.legal_moves().is_empty() {
            return game;
        }
    }
}

#[test]
fn go_movetime_100_answers_a_legal_move_in_time_from_the_start_and_random_positions() {
    let all = games();
    assert!(all.len() >= 12, "{} games", all.len());
    let movetime = Duration::from_millis(100);
    let margin = Duration::from_millis(400);
    let mut slowest = Duration::ZERO;
    for (name, rules) in &all {
        let engine = Engine::new(rules);
        let mut rng = Rng(0x5eed_0000 ^ name.len() as u64);
        let start = Game::start(rules);
        let mut positions = vec![start];
        positions.extend((0..100).map(|_| random_game(rules, &mut rng)));
        for game in &positions {
            engine.clear();
            let t = Instant::now();
            let found = engine.search(game, Limits::movetime(movetime), &mut |_| {});
            let took = t.elapsed();
            slowest = slowest.max(took);
            let best = found.best.unwrap_or_else(|| panic!("{name}: no move"));
            assert!(
                game.legal_moves().contains(&best),
                "{name}: {} is not legal in {}",
                rules.move_name(best),
                game.position().to_sfen()
            );
            assert!(
                took <= movetime + margin,
                "{name}: took {took:?} in {}",
                game.position().to_sfen()
            );
        }
    }
    eprintln!("slowest answer to go movetime 100: {slowest:?}");
}

/// Games the engine does not finish against itself at 2,000 nodes a move. In chu shogi, a weak search
/// shuffles its pieces and lions' passes for thousands of plies without losing material, so no rule ends the
/// game (its repetition rule makes the mover lose, so each side steers clear of a fourth repetition). Such a
/// game must be played this many plies with legal moves and no end; the others must end within 2,000. In
/// anti-mini shogi every piece taken goes to the taker's hand and comes back by a drop, so a player runs out
/// of pieces only by chance at this node count: games of 1,055 and over 2,000 plies were seen. In sho shogi
/// (no drops) a side far ahead in material may not find the mate of a lone king in 2,000 nodes, and avoids
/// the fourth repetition, a draw: a Dragon, a Gold and three promoted pieces chased a King and a Drunk
/// Elephant from ply 600 to 2,000. In Goro Goro shogi with the untuned evaluation (which counts threats to
/// pieces), both sides promote most of their pieces and then shuffle them around two guarded kings, each
/// side avoiding the fourth repetition: seen at ply 2,000 with eight promoted pieces on the board. In dai-dai
/// shogi (96 pieces a side on 17x17, a King taken only) 2,000 nodes a move see no way to the enemy King: a game
/// from the start was still going at ply 2,000, each side shuffling behind its wall of pieces; the ends of its
/// games are shown by `koma selfplay` at more nodes. Maka-dai-dai shogi (19x19) is the same; tai shogi (25x25,
/// 177 pieces a side) is given the same 200 plies. Taikyoku shogi (36x36, 402 pieces a side) is given 20: a move
/// takes about a third of a second at this node count, and a game from the start was still going at ply 2,000; its
/// ends (a King taken, a fourfold repetition) are shown by `koma selfplay` at 500 nodes a move.
const UNFINISHED: &[(&str, usize)] = &[
    ("chushogi.game", 400),
    ("antiminishogi.game", 1000),
    ("shoshogi.game", 1000),
    ("gorogoro", 1000),
    ("daidaishogi.game", 200),
    ("makadaidaishogi.game", 200),
    ("taishogi.game", 200),
    ("taikyokushogi.game", 20),
];

#[test]
fn the_engine_plays_every_game_against_itself_to_an_end_its_rules_give() {
    for (name, rules) in games() {
        let engine = Engine::new(&rules);
        let mut game = Game::start(&rules);
        let mut plies = 0;
        let unfinished = UNFINISHED.iter().find(|(n, _)| name.ends_with(n));
        while game.outcome().is_none() {
            if let Some((_, enough)) = unfinished
                && plies == *enough
            {
                break;
            }
            assert!(plies < 2000, "{name}: no end after {plies} plies");
            let best = engine.search(&game, Limits::nodes(2_000), &mut |_| {}).best;
            let best = best.unwrap_or_else(|| {
                panic!("{name}: no move, no end: {}", game.position().to_sfen())
            });
            assert!(game.legal_moves().contains(&best));
            game.play(best);
            plies += 1;
        }
        if unfinished.is_some() && game.outcome().is_none() {
            eprintln!("{name}: {plies} plies played, no end (expected at this node count)");
            continue;
        }
        let outcome = game.outcome().unwrap();
        eprintln!(
            "{name}: {} after {plies} plies by `{}`",
            outcome.result.words(),
            rules.end_rules[outcome.rule].words(&rules)
        );
    }
}
