//! The tactics suite: forced wins are found and scored as mates. A hundred positions whose shortest forced
//! win the plain solver proves (checkmates in one to five moves in mini shogi, 9x9 and Judkins shogi; king-try
//! and goal-zone wins in the 3x3 game and Dōbutsu). Within a fixed node budget, the engine must score each as
//! a win no longer than the proven one, and its line, played out, must end in a win by the rule the fixture
//! names.

use koma_engine::solver::wins_within;
use koma_engine::{Engine, Limits, Shown, shown};
use koma_vm::{Game, GameResult, Position};

/// `GAME | SFEN | MOVES | WORDS`: the side to move wins in MOVES of its moves, by a rule whose words contain
/// WORDS. `checks` after MOVES: the proof looks at checking moves only (deeper mates).
const FIXTURES: &str = include_str!("wins.txt");

/// The search's budget for each position: about a fifth of what it visits in a second on this machine's kind
/// (the wall time of the whole suite at one second a position is a figure of the benchmark notes, not of this
/// test, which must give the same answer on any machine).
const NODES: u64 = 100_000;

#[test]
fn forced_wins_are_found_and_scored_as_mates() {
    let host = koma_host::Host::disk();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
    let mut checked = 0;
    let mut slowest = (0, std::time::Duration::ZERO);
    for line in FIXTURES
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let name = if f[0].ends_with(".game") {
            format!("{root}{}", f[0])
        } else {
            f[0].to_string()
        };
        let rules = host
            .load(&name)
            .unwrap_or_else(|d| panic!("{d:?}"))
            .compiled
            .rules;
        let mut words = f[2].split_whitespace();
        let moves: u32 = words.next().unwrap().parse().unwrap();
        let checks_only = words.next() == Some("checks");
        let pos = Position::from_sfen(&rules, f[1]).unwrap_or_else(|e| panic!("{line}: {e}"));
        let attacker = pos.side_to_move();
        let mut game = Game::new(pos);
        assert!(
            wins_within(&mut game, moves, checks_only),
            "{line}: the solver finds no win"
        );
        let found = Engine::new(&rules).search(&game, Limits::nodes(NODES), &mut |_| {});
        slowest = slowest.max((found.nodes, found.elapsed));
        let line_score = found.lines[0].score;
        let Shown::Mate(plies) = shown(line_score) else {
            panic!("{line}: scored {:?}, not as a mate", shown(line_score));
        };
        assert!(
            plies > 0 && (plies as u32) < 2 * moves,
            "{line}: the engine scores a win in {plies} plies; the solver proves one in {} plies",
            2 * moves - 1
        );
        for &mv in &found.lines[0].pv {
            assert!(
                game.legal_moves().contains(&mv),
                "{line}: the line plays an illegal move"
            );
            game.play(mv);
        }
        let outcome = game
            .outcome()
            .unwrap_or_else(|| panic!("{line}: the line does not end the game"));
        assert_eq!(outcome.result, GameResult::Win(attacker), "{line}");
        let rule = rules.end_rules[outcome.rule].words(&rules);
        assert!(
            f[3].split(" or ").any(|words| rule.contains(words)),
            "{line}: ended by `{rule}`"
        );
        checked += 1;
    }
    assert!(checked >= 100, "only {checked} fixtures");
    eprintln!(
        "the most nodes a win took: {} ({:?} on this machine)",
        slowest.0, slowest.1
    );
}
