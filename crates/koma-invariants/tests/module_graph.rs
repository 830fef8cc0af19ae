//! Every crate's modules import each other without circles: each concept builds only on simpler ones.
//!
//! A module's imports are the crate modules its source names with `crate::` or `super::` (in paths and in
//! `use crate::{a, b::c}` groups), and the modules of the items it names through the crate root's re-exports
//! (`crate::Action`, where `lib.rs` says `pub use options::Action`); a module may name its own submodules.
//! Comments are not read. The crate root (`lib.rs`) only declares and re-exports, so it is left out.

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

/// The items the crate root re-exports, and the module each comes from: `pub use options::{Action, X};`.
fn reexports(src: &Path) -> BTreeMap<String, String> {
    let mut items = BTreeMap::new();
    let Ok(text) = std::fs::read_to_string(src.join("lib.rs")) else {
        return items;
    };
    for statement in text.split(';') {
        let Some(at) = statement.find("pub use ") else {
            continue;
        };
        let path = statement[at + "pub use ".len()..].trim();
        let (module, names) = match path.split_once("::{") {
            Some((module, group)) => (module, group.trim_end_matches('}').to_string()),
            None => match path.rsplit_once("::") {
                Some((module, name)) => (module, name.to_string()),
                None => continue,
            },
        };
        if module.starts_with("koma_") || module.contains(char::is_uppercase) {
            continue;
        }
        for name in names.split(',') {
            let name = name.trim();
            let name = name.rsplit(" as ").next().unwrap_or(name).trim();
            if !name.is_empty() {
                items.insert(name.to_string(), module.to_string());
            }
        }
    }
    items
}

/// An identifier at the start of `rest`.
fn identifier(rest: &str) -> String {
    rest.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// The lowercase segments of a path at the start of `rest`: `tables::rays` in `tables::rays::Ray`.
fn path_segments(rest: &str) -> Vec<String> {
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
    segs
}

/// Module → the modules of the same crate it names.
fn imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let reexported = reexports(src);
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
        // Comments (doc links among them) name what a reader may look at, not what the module builds on.
        let text: String = std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .map(|l| format!("{l}\n"))
            .collect();
        let mut deps = BTreeSet::new();
        for (prefix, base) in [("crate::", Vec::new()), ("super::", parent.clone())] {
            for (at, _) in text.match_indices(prefix) {
                let rest = &text[at + prefix.len()..];
                let mut heads: Vec<Vec<String>> = Vec::new();
                // An item the crate root re-exports, named through it: the module it comes from.
                let through_root = |item: &str| {
                    let name = identifier(item);
                    let module = reexported.get(&name)?;
                    (base.is_empty() && resolve(std::slice::from_ref(&name)).is_none())
                        .then(|| vec![module.clone()])
                };
                if let Some(group) = rest.strip_prefix('{') {
                    let body = &group[..group.find('}').unwrap_or(group.len())];
                    for item in body.split(',') {
                        let item = item.trim();
                        heads.push(
                            through_root(item)
                                .unwrap_or_else(|| item.split("::").map(segment).collect()),
                        );
                    }
                } else if let Some(head) = through_root(rest) {
                    heads.push(head);
                } else {
                    heads.push(path_segments(rest));
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
    // `use crate::Action;` names the module the crate root re-exports it from.
    assert!(vm["playable"].contains("options"), "{:?}", vm["playable"]);
    // A doc link is not an import.
    assert!(!vm["square"].contains("rules"), "{:?}", vm["square"]);
}
