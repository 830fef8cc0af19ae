//! Every crate's modules import each other without circles: each concept builds only on simpler ones.
//!
//! A module's imports are the crate modules its source names with `crate::` or `super::` (in paths and in
//! `use crate::{a, b::c}` groups); a module may name its own submodules. The crate root (`lib.rs`) only
//! declares and re-exports, so it is left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The module path of a source file: `tables/rays.rs` → `tables::rays`, `lints/mod.rs` → `lints`.
fn module_of(rel: &Path) -> String {
    rel.with_extension("")
        .to_string_lossy()
        .replace("/mod", "")
        .replace('/', "::")
}

/// The first lowercase path segment(s) after a prefix: `tables::rays` when it names a nested module.
fn segment(rest: &str) -> String {
    rest.chars()
        .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
        .collect()
}

/// Module → the modules of the same crate it names.
fn imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    let mut dirs = vec![src.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let modules: BTreeSet<String> = files
        .iter()
        .map(|p| module_of(p.strip_prefix(src).unwrap()))
        .collect();
    // The longest known module a path of segments names.
    let resolve = |path: &[String]| -> Option<String> {
        (1..=path.len())
            .rev()
            .map(|n| path[..n].join("::"))
            .find(|m| modules.contains(m))
    };
    let mut graph = BTreeMap::new();
    for path in &files {
        let module = module_of(path.strip_prefix(src).unwrap());
        if module == "lib" || module == "main" {
            continue;
        }
        let parent: Vec<String> = module
            .rsplit_once("::")
            .map(|(p, _)| p.split("::").map(str::to_string).collect())
            .unwrap_or_default();
        let text = std::fs::read_to_string(path).unwrap();
        let mut deps = BTreeSet::new();
        for (prefix, base) in [("crate::", Vec::new()), ("super::", parent.clone())] {
            for (at, _) in text.match_indices(prefix) {
                let rest = &text[at + prefix.len()..];
                let mut heads: Vec<Vec<String>> = Vec::new();
                if let Some(group) = rest.strip_prefix('{') {
                    let body = &group[..group.find('}').unwrap_or(group.len())];
                    for item in body.split(',') {
                        heads.push(item.trim().split("::").map(segment).collect());
                    }
                } else {
                    let mut segs = Vec::new();
                    let mut r = rest;
                    loop {
                        let s = segment(r);
                        if s.is_empty() {
                            break;
                        }
                        r = &r[s.len()..];
                        segs.push(s);
                        match r.strip_prefix("::") {
                            Some(next) => r = next,
                            None => break,
                        }
                    }
                    heads.push(segs);
                }
                for segs in heads {
                    let full: Vec<String> = base.iter().cloned().chain(segs).collect();
                    if let Some(dep) = resolve(&full)
                        && dep != module
                        && !dep.starts_with(&format!("{module}::"))
                    {
                        deps.insert(dep);
                    }
                }
            }
        }
        graph.insert(module, deps);
    }
    graph
}

/// The first import circle in a graph, as `a → b → a`.
fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<String> {
    fn visit<'a>(
        m: &'a str,
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<String> {
        if done.contains(m) {
            return None;
        }
        if let Some(at) = path.iter().position(|&p| p == m) {
            return Some(path[at..].join(" → ") + " → " + m);
        }
        path.push(m);
        for dep in graph.get(m).into_iter().flatten() {
            if let Some(c) = visit(dep, graph, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(m);
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|m| visit(m, graph, &mut Vec::new(), &mut done))
}

#[test]
fn no_crate_has_an_import_circle() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut checked = 0;
    let mut circles = Vec::new();
    for entry in std::fs::read_dir(&crates).unwrap() {
        let src = entry.unwrap().path().join("src");
        if !src.is_dir() {
            continue;
        }
        checked += 1;
        if let Some(c) = circle(&imports(&src)) {
            circles.push(format!("{}: {c}", src.display()));
        }
    }
    assert!(checked >= 12, "only {checked} crates found");
    assert!(
        circles.is_empty(),
        "import circles:\n{}",
        circles.join("\n")
    );
}

#[test]
fn the_guard_sees_a_circle() {
    let graph = BTreeMap::from([
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["a".to_string()])),
    ]);
    assert_eq!(circle(&graph).as_deref(), Some("a → b → a"));
    let vm = imports(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../koma-vm/src"));
    assert!(
        vm["tables::rays"].contains("bitboard"),
        "{:?}",
        vm["tables::rays"]
    );
}
