//! The repository carries only what koma's authors wrote: the settings that the test tools state for other
//! programs (Fairy-Stockfish's variants) are written in koma's own words, each section saying where its rules
//! come from, and no file under `tools/` says it holds text copied from another project.

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            if name != "node_modules" && name != "__pycache__" {
                files(&path, out);
            }
        } else if !name.ends_with("package-lock.json") {
            out.push(path);
        }
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn no_tool_says_it_holds_copied_text() {
    let mut all = Vec::new();
    files(&root().join("tools"), &mut all);
    assert!(all.len() > 5, "{all:?}");
    for path in all {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let lower = text.to_lowercase();
        for said in ["copied from", "copied with", "unchanged from", "verbatim"] {
            assert!(
                !lower.contains(said),
                "{} says `{said}`: write it in koma's own words",
                path.display()
            );
        }
    }
}

#[test]
fn every_variant_stated_for_fairy_stockfish_says_where_its_rules_come_from() {
    let text = std::fs::read_to_string(root().join("tools/fsf_variants.ini")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut sections = 0;
    for (i, line) in lines.iter().enumerate() {
        if !line.starts_with('[') {
            continue;
        }
        sections += 1;
        // The comment block just above the section.
        let comment: Vec<&str> = lines[..i]
            .iter()
            .rev()
            .take_while(|l| l.starts_with('#'))
            .copied()
            .collect();
        assert!(
            comment.len() >= 2,
            "{line}: say in a comment above it what the variant is and where its rules come from"
        );
        let said = comment.join(" ");
        assert!(
            said.contains("koma") || said.contains(".game"),
            "{line}: say which of koma's games or tests it serves: {said}"
        );
    }
    assert!(sections >= 2, "{text}");
}
