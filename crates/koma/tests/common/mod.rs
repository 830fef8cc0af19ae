//! Helpers shared by the CLI's integration tests: the repository root and the `koma` binary run from it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

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

/// A test, or part of one, that needs an external program which is missing: under CI (the `CI` variable set,
/// as `.ci/run` sets it after installing every such program) the test fails; elsewhere it is skipped, saying
/// so.
pub fn needs(what: &str) {
    if std::env::var_os("CI").is_some_and(|v| !v.is_empty()) {
        panic!("CI is set and this test cannot run: {what}");
    }
    skipped(what);
}

/// Says on the terminal that a test, or part of one, was skipped and why: written to standard error directly,
/// so that the test harness does not hide it behind a passing test.
pub fn skipped(what: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "skipped: {what}");
}

/// Runs `koma ARGS` from the repository root with `input` on standard input. A koma that refuses its arguments
/// exits without reading: the pipe may then be closed already, which is not a failure of the test.
pub fn koma_with_input(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Err(e) = child.stdin.take().unwrap().write_all(input) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

/// A fresh, empty folder for the test `name`, removed when the test passes and kept, with its path
/// printed, when it fails (to read what the test left there).
pub fn scratch(name: &str) -> Scratch {
    let dir = tempfile::Builder::new()
        .prefix(&format!("koma-test-{name}-"))
        .tempdir()
        .unwrap();
    Scratch(Some(dir))
}

/// A test's scratch folder: a path while it lives; see [`scratch`].
pub struct Scratch(Option<tempfile::TempDir>);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.as_ref().unwrap().path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let kept = self.0.take().unwrap().keep();
            eprintln!("the test's files are kept in {}", kept.display());
        }
    }
}

/// The Python of the virtual environment `.ci/run` makes, if it exists and can import every module of
/// `modules`.
pub fn venv_python(modules: &[&str]) -> Option<PathBuf> {
    let python = repo().join("target/ci-venv/bin/python");
    let imports = modules
        .iter()
        .map(|m| format!("import {m}"))
        .collect::<Vec<_>>()
        .join("; ");
    let ok = python.is_file()
        && Command::new(&python)
            .args(["-c", &imports])
            .output()
            .is_ok_and(|o| o.status.success());
    ok.then_some(python)
}

/// Runs the pytest suite in `folder` against this `koma` (as `KOMA_BIN`), fails the test if it fails, and
/// shows the lines it printed with timings.
pub fn pytest(python: &Path, folder: &str) {
    let o = Command::new(python)
        .args(["-m", "pytest", folder, "-q", "-s", "-p", "no:cacheprovider"])
        .env("KOMA_BIN", env!("CARGO_BIN_EXE_koma"))
        .current_dir(repo())
        .output()
        .expect("python runs");
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert!(out.contains(" passed"), "{out}");
    eprintln!(
        "{}",
        out.lines()
            .filter(|l| l.contains(" ms"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}
