//! Every command the READMEs and `docs/` show runs as written, from the repository root of a fresh clone: `cargo run
//! --release -- ARGS` and `koma ARGS` run this build of koma, and each must exit as its comment says (0, or 1
//! where the comment says "exits 1").
//!
//! Three kinds of line are not run here, each for a reason it prints: `cargo test --workspace` (it is what runs
//! this test), the match in `target/ci-venv` (`.ci/run` runs that very line), and GNU `parallel` when it is not
//! installed.

mod common;

use std::process::{Command, Stdio};

/// The shell lines of every ```sh block of a Markdown file, continuation lines joined.
fn shell_lines(markdown: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut inside = false;
    let mut pending = String::new();
    for line in markdown.lines() {
        if line.starts_with("```") {
            inside = line == "```sh";
            continue;
        }
        if !inside || line.trim_start().starts_with('#') || line.trim().is_empty() {
            continue;
        }
        match line.strip_suffix('\\') {
            Some(head) => pending.push_str(head),
            None => {
                pending.push_str(line);
                lines.push(std::mem::take(&mut pending));
            }
        }
    }
    lines
}

/// The example `play` as `cargo test` built it, beside this build of koma.
fn play_example() -> Option<std::path::PathBuf> {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_koma")).parent()?;
    let play = bin.join("examples").join("play");
    play.is_file().then_some(play)
}

/// The line with `cargo run --release --` and `koma` replaced by this build of koma (and `cargo run --release
/// --example play` by the example `cargo test` built).
fn with_this_koma(line: &str) -> String {
    let koma = env!("CARGO_BIN_EXE_koma");
    if let (Some(rest), Some(play)) = (
        line.strip_prefix("cargo run --release --example play"),
        play_example(),
    ) {
        return format!("{}{rest}", play.display());
    }
    let line = line.replace("cargo run --release -- ", &format!("{koma} "));
    let line = match line.strip_prefix("cargo run --release") {
        Some(rest) if !rest.starts_with(" --example") => format!("{koma}{rest}"),
        _ => line,
    };
    line.split(' ')
        .map(|w| if w == "koma" { koma } else { w })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Lines that install or build what the browser build needs: `.ci/run` runs them as written, and they are not
/// run again from inside the test suite.
const BUILD_LINES: [&str; 3] = ["rustup target add", "cargo install", "tools/wasm-build.sh"];

/// Why a line is not run here, if it is not.
fn skipped(line: &str) -> Option<String> {
    if line.starts_with("cargo run --release --example") && play_example().is_none() {
        return Some("the example was not built beside this koma".into());
    }
    if line.starts_with("cargo test") {
        return Some("it is the command running this test".into());
    }
    if line.contains("target/release/koma") && !common::repo().join("target/release/koma").is_file()
    {
        return Some(
            "it runs the release build, which is not built (`cargo build --release`)".into(),
        );
    }
    if line.starts_with("target/ci-venv") || BUILD_LINES.iter().any(|b| line.starts_with(b)) {
        return Some(".ci/run runs this line as written".into());
    }
    if line.contains(" site ")
        && !common::repo()
            .join("target/wasm-pkg/koma_wasm_bg.wasm")
            .is_file()
    {
        return Some("the browser build is not built (`tools/wasm-build.sh`)".into());
    }
    let has = |program: &str| {
        Command::new(program)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if (line.starts_with("parallel ") || line.contains("selfplay merge")) && !has("parallel") {
        return Some("GNU parallel is not installed (the merge reads its shards)".into());
    }
    None
}

fn run_readme(path: &str, expect_lines: usize) {
    let repo = common::repo();
    let text = std::fs::read_to_string(repo.join(path)).unwrap();
    let lines = shell_lines(&text);
    assert!(lines.len() >= expect_lines, "{path}: {lines:?}");
    for line in &lines {
        if let Some(why) = skipped(line) {
            if line.starts_with("target/ci-venv") || BUILD_LINES.iter().any(|b| line.starts_with(b))
            {
                let ci = std::fs::read_to_string(repo.join(".ci/run")).unwrap();
                let ci = ci.replace("\\\n", "");
                let joined: Vec<String> = ci
                    .lines()
                    .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                    .collect();
                let want = line.split_whitespace().collect::<Vec<_>>().join(" ");
                // (.ci/run's `match` runs a match and shows its last lines, or all of them when it fails.)
                assert!(
                    joined
                        .iter()
                        .any(|l| l.strip_prefix("match ").unwrap_or(l).starts_with(&want)),
                    "{path}: `{line}` is said to be run by .ci/run as written, and .ci/run does not hold it"
                );
            }
            common::skipped(&format!("{path}: not run here ({why}): {line}"));
            continue;
        }
        let command = with_this_koma(line);
        let out = Command::new("sh")
            .arg("-c")
            .arg(&command)
            .current_dir(&repo)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let want = if line.contains("# ") && line.contains("exits 1") {
            1
        } else {
            0
        };
        assert_eq!(
            out.status.code(),
            Some(want),
            "{path}: `{line}`\nstdout: {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn every_command_of_the_readme_runs_as_written() {
    run_readme("README.md", 12);
}

#[test]
fn every_command_of_the_docs_runs_as_written() {
    let docs = common::repo().join("docs");
    let mut names: Vec<String> = std::fs::read_dir(&docs)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .collect();
    names.sort();
    assert!(names.len() >= 5, "{names:?}");
    for name in &names {
        run_readme(&format!("docs/{name}"), 0);
    }
    let lines: usize = names
        .iter()
        .map(|n| shell_lines(&std::fs::read_to_string(docs.join(n)).unwrap()).len())
        .sum();
    assert!(lines >= 25, "the docs show {lines} commands");
    for made in [
        "judkins.html",
        "shard0.jsonl",
        "shard1.jsonl",
        "shard2.jsonl",
        "shard3.jsonl",
    ] {
        let _ = std::fs::remove_file(common::repo().join(made));
    }
}

#[test]
fn every_command_of_the_variant_authors_readme_runs_as_written() {
    run_readme("examples/my-variant/README.md", 4);
    let _ = std::fs::remove_file(common::repo().join("before.game"));
}

#[test]
fn readme_lines_are_read_as_a_shell_reads_them() {
    let md = "text\n```sh\n# a comment\ncargo run --release -- perft minishogi 3\nkoma a \\\n  b\n```\n```text\nnot this\n```\n";
    assert_eq!(
        shell_lines(md),
        ["cargo run --release -- perft minishogi 3", "koma a   b"]
    );
    assert!(with_this_koma("cargo run --release").ends_with("koma"));
    assert!(!with_this_koma("printf 'x' | koma repl").contains(" koma "));
}
