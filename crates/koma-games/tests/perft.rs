//! Runs the `.perft` suites in `tests/perft/`: every `perft DEPTH NODES` line whose node count is within
//! the cap. Deeper counts belong in `koma bench`.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use koma_vm::{Position, Rules};

/// Lines with more nodes than this are skipped, to keep the test run short.
const NODE_CAP: u64 = 10_000_000;

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

/// An embedded game by name, or a `.game` file by its path from the repository root.
fn load(game: &str) -> Arc<Rules> {
    let name = if game.ends_with(".game") {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(game)
            .display()
            .to_string()
    } else {
        game.to_string()
    };
    koma_host::Host::disk()
        .load(&name)
        .unwrap_or_else(|d| panic!("{game}: {d:?}"))
        .compiled
        .rules
}

#[test]
fn perft_suites() {
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
                .or_insert_with(|| load(&case.game));
            let mut pos =
                Position::from_sfen(r, &case.sfen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
            for &(depth, nodes) in case.counts.iter().filter(|(_, n)| *n <= NODE_CAP) {
                assert_eq!(
                    pos.perft(depth),
                    nodes,
                    "{} ({}) perft {depth}",
                    case.id,
                    path.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} perft lines ran");
}
