//! Helpers shared by the CLI's integration tests: the repository root and the `koma` binary run from it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `koma ARGS` from the repository root, with no standard input.
pub fn koma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .current_dir(repo())
        .output()
        .unwrap()
}

/// Standard output, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error, as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Says on the terminal that a test, or part of one, was skipped and why: written to standard error directly,
/// so that the test harness does not hide it behind a passing test.
pub fn skipped(what: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "skipped: {what}");
}
