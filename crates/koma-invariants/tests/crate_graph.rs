//! What the crates depend on, read from their manifests: the web board and the language server get their
//! answers from `koma-session`, and carry neither the REPL nor its terminal crates.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Crate → the packages in the `[dependencies]` table of its manifest (not dev- or build-dependencies).
fn manifests() -> BTreeMap<String, BTreeSet<String>> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut graph = BTreeMap::new();
    for entry in std::fs::read_dir(&crates).unwrap() {
        let manifest = entry.unwrap().path().join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&manifest) else {
            continue;
        };
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("name = "))
            .expect("a package name")
            .trim_matches('"')
            .to_string();
        let mut deps = BTreeSet::new();
        let mut in_deps = false;
        for line in text.lines() {
            if line.starts_with('[') {
                in_deps = line.trim() == "[dependencies]";
            } else if in_deps && let Some((dep, _)) = line.split_once(['=', '.']) {
                deps.insert(dep.trim().to_string());
            }
        }
        graph.insert(name, deps);
    }
    graph
}

/// Every package `name` depends on, through the workspace's crates (outside packages are leaves here; the
/// terminal crates are direct dependencies of the REPL).
fn closure(graph: &BTreeMap<String, BTreeSet<String>>, name: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![name.to_string()];
    while let Some(next) = todo.pop() {
        for dep in graph.get(&next).into_iter().flatten() {
            if seen.insert(dep.clone()) {
                todo.push(dep.clone());
            }
        }
    }
    seen
}

#[test]
fn the_web_board_and_the_language_server_carry_no_repl() {
    let graph = manifests();
    assert!(
        closure(&graph, "koma-repl").contains("rustyline"),
        "the reading of the manifests finds the REPL's terminal crates"
    );
    for front in ["koma-web", "koma-lsp", "koma-session"] {
        let deps = closure(&graph, front);
        for banned in ["koma-repl", "rustyline", "notify", "ctrlc"] {
            assert!(
                !deps.contains(banned),
                "{front} depends on {banned}: {deps:?}"
            );
        }
    }
    for front in ["koma-web", "koma-lsp", "koma-repl"] {
        assert!(closure(&graph, front).contains("koma-session"), "{front}");
    }
    // Cards and rule diffs need no search engine.
    for crate_ in ["koma-draw", "koma-diff"] {
        assert!(!closure(&graph, crate_).contains("koma-engine"), "{crate_}");
    }
}
