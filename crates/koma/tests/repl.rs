//! REPL transcripts: each script under `tests/repl/` is piped through `koma repl GAME` and the output is
//! snapshot-tested under `snapshots/repl/`.
//!
//! A script starts with `# game: NAME` (an embedded game) or `# game file: NAME.game` (a copy of
//! `games/NAME.game` in a scratch folder, which `!replace OLD => NEW` lines edit between commands).

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A scratch folder for one script, emptied first.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("koma-repl-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs a script through the binary and returns what it printed.
fn transcript(script: &Path) -> String {
    let text = std::fs::read_to_string(script).unwrap();
    let first = text.lines().next().unwrap_or_default();
    let name = script.file_stem().unwrap().to_string_lossy().to_string();
    let dir = scratch(&name);
    let game = if let Some(file) = first.strip_prefix("# game file: ") {
        // A bare name is a file of `games/`; a path is from the repository root.
        let from = if file.contains('/') {
            repo().join(file)
        } else {
            repo().join("games").join(file)
        };
        let name = Path::new(file).file_name().unwrap();
        std::fs::copy(from, dir.join(name)).unwrap();
        name.to_string_lossy().to_string()
    } else {
        first
            .strip_prefix("# game: ")
            .expect("a script names its game")
            .to_string()
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(["repl", &game])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut out = String::new();
    for line in text.lines() {
        if let Some(edit) = line.strip_prefix("!replace ") {
            // Wait until the REPL has answered everything so far, then edit the file.
            writeln!(stdin, "# sync").unwrap();
            stdin.flush().unwrap();
            loop {
                let mut l = String::new();
                assert!(
                    stdout.read_line(&mut l).unwrap() > 0,
                    "the REPL ended early"
                );
                out.push_str(&l);
                if l.trim_end() == "koma> # sync" {
                    break;
                }
            }
            let (old, new) = edit.split_once(" => ").expect("!replace OLD => NEW");
            let path = dir.join(&game);
            let source = std::fs::read_to_string(&path).unwrap();
            assert!(
                source.contains(old),
                "{}: `{old}` is not in the game file",
                script.display()
            );
            std::fs::write(&path, source.replacen(old, new, 1)).unwrap();
            out.push_str(&format!(
                "[the test harness edits {game}: `{old}` → `{new}`]\n"
            ));
        } else {
            writeln!(stdin, "{line}").unwrap();
        }
    }
    drop(stdin);
    stdout.read_to_string(&mut out).unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(
        status.success(),
        "{}: exit {status}\n{err}",
        script.display()
    );
    assert!(err.is_empty(), "{}: stderr\n{err}", script.display());
    let _ = std::fs::remove_dir_all(&dir);
    out
}

#[test]
fn transcripts() {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../../snapshots/repl");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("repl/*.repl", |path| {
            let out = transcript(path);
            assert!(!out.contains("panicked"), "{}", path.display());
            insta::assert_snapshot!(out);
        });
    });
}

#[test]
fn every_shipped_game_has_a_transcript() {
    for game in koma_games::GAMES {
        let script =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/repl/{}.repl", game.name));
        assert!(script.is_file(), "no REPL transcript for {}", game.name);
    }
}
