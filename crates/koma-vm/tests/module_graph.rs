//! The VM's modules import each other without circles: each concept builds only on simpler ones.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module name (`tables::rays`) → the crate modules its source names with `crate::` or `super::`.
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph = BTreeMap::new();
    let mut dirs = vec![src.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let rel = path.strip_prefix(&src).unwrap().with_extension("");
            let module = rel.to_string_lossy().replace("/mod", "").replace('/', "::");
            let parent = module.rsplit_once("::").map(|(p, _)| p.to_string());
            let text = std::fs::read_to_string(&path).unwrap();
            let mut deps = BTreeSet::new();
            for (prefix, base) in [("crate::", None), ("super::", parent.as_deref())] {
                for (at, _) in text.match_indices(prefix) {
                    let rest = &text[at + prefix.len()..];
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                        .collect();
                    let mut dep = match base {
                        Some(b) => format!("{b}::{name}"),
                        None => name,
                    };
                    let sub = &rest[dep.rsplit("::").next().unwrap().len()..];
                    if dep == "tables" && sub.starts_with("::") {
                        let inner: String = sub[2..]
                            .chars()
                            .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                            .collect();
                        if !inner.is_empty() {
                            dep = format!("tables::{inner}");
                        }
                    }
                    if dep != module && !dep.ends_with("::") && !dep.is_empty() {
                        deps.insert(dep);
                    }
                }
            }
            graph.insert(module, deps);
        }
    }
    graph
}

#[test]
fn no_module_imports_itself_through_others() {
    let graph = imports();
    assert!(graph.len() > 20, "the source tree was not found");
    // Depth-first search for a back edge.
    fn visit<'a>(
        m: &'a str,
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) {
        if done.contains(m) {
            return;
        }
        if let Some(at) = path.iter().position(|&p| p == m) {
            panic!("import circle: {}", path[at..].join(" → ") + " → " + m);
        }
        path.push(m);
        for dep in graph.get(m).into_iter().flatten() {
            visit(dep, graph, path, done);
        }
        path.pop();
        done.insert(m);
    }
    let mut done = BTreeSet::new();
    for m in graph.keys() {
        visit(m, &graph, &mut Vec::new(), &mut done);
    }
}
