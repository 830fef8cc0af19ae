//! Runs the `.perft` suites in `tests/perft/`: every `perft DEPTH NODES` line whose node count is within
//! the cap. Deeper counts belong in `koma bench`.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use koma_vm::{Position, Rules, SetType};

/// Lines with more nodes than this are skipped, to keep the test run short.
const NODE_CAP: u64 = 10_000_000;

/// The cap for the second run of every suite, in the 256-bit sets of 16x16 boards.
const WIDE_NODE_CAP: u64 = 1_000_000;

/// The cap for the third run of every suite, in the sets of any board (up to 36x36).
const ANY_NODE_CAP: u64 = 300_000;

struct Case {
    id: String,
    game: String,
    sfen: String,
    counts: Vec<(u32, u64)>,
}

fn read_suite(path: &Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{}:{}: bad line", path.display(), n + 1));
        match key {
            "id" => cases.push(Case {
                id: value.into(),
                game: String::new(),
                sfen: String::new(),
                counts: Vec::new(),
            }),
            "game" => cases.last_mut().unwrap().game = value.into(),
            "sfen" => cases.last_mut().unwrap().sfen = value.into(),
            "perft" => {
                let (d, nodes) = value.split_once(' ').unwrap();
                cases
                    .last_mut()
                    .unwrap()
                    .counts
                    .push((d.parse().unwrap(), nodes.parse().unwrap()));
            }
            other => panic!("{}:{}: unknown key {other}", path.display(), n + 1),
        }
    }
    cases
}

/// An embedded game by name, or a `.game` file by its path from the repository root; with a set type, its
/// rules built in that type rather than the narrowest that holds the board.
fn load(game: &str, set_type: Option<SetType>) -> Arc<Rules> {
    let name = if game.ends_with(".game") {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(game)
            .display()
            .to_string()
    } else {
        game.to_string()
    };
    let compiled = koma_host::Host::disk()
        .load(&name)
        .unwrap_or_else(|d| panic!("{game}: {d:?}"))
        .compiled;
    match set_type {
        Some(t) => Arc::new(Rules::build_in(&compiled.spec, Some(t)).unwrap()),
        None => compiled.rules,
    }
}

#[test]
fn perft_suites() {
    let checked = run_suites(None, NODE_CAP);
    assert!(checked > 100, "only {checked} perft lines ran");
}

/// Every suite again with the tables and positions in the wide sets: the set type changes nothing.
#[test]
fn perft_suites_in_wide_sets() {
    let checked = run_suites(Some(SetType::Wide), WIDE_NODE_CAP);
    assert!(checked > 100, "only {checked} perft lines ran");
}

/// Every suite again in the sets of any board, which boards above 16x16 use.
#[test]
fn perft_suites_in_the_sets_of_any_board() {
    let checked = run_suites(Some(SetType::Any), ANY_NODE_CAP);
    assert!(checked > 100, "only {checked} perft lines ran");
}

/// Runs every line of every suite up to `cap` nodes, in `set_type` if one is given; returns how many ran.
fn run_suites(set_type: Option<SetType>, cap: u64) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut rules: HashMap<String, Arc<Rules>> = HashMap::new();
    let mut checked = 0;
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
    {
        for case in read_suite(path) {
            let r = rules
                .entry(case.game.clone())
                .or_insert_with(|| load(&case.game, set_type));
            let mut pos =
                Position::from_sfen(r, &case.sfen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
            let again = Position::from_sfen(r, &pos.to_sfen()).unwrap();
            assert_eq!(again, pos, "{} SFEN round trip", case.id);
            for &(depth, nodes) in case.counts.iter().filter(|(_, n)| *n <= cap) {
                assert_eq!(
                    pos.perft(depth),
                    nodes,
                    "{} ({}) perft {depth}, sets: {set_type:?}",
                    case.id,
                    path.display()
                );
                checked += 1;
            }
        }
    }
    checked
}
