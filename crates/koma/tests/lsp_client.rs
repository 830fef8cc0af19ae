//! `koma lsp` driven by a real LSP client: the pytest-lsp suite in `tools/lsp/`, run in the virtual
//! environment that `.ci/run` makes. Skipped, saying so, when that environment or pytest-lsp is missing.

mod common;

use std::process::Command;

#[test]
fn a_real_lsp_client_drives_koma_lsp() {
    let python = common::repo().join("target/ci-venv/bin/python");
    let has_client = python.is_file()
        && Command::new(&python)
            .args(["-c", "import pytest_lsp"])
            .output()
            .is_ok_and(|o| o.status.success());
    if !has_client {
        common::skipped(
            "the LSP client tests need pytest-lsp in target/ci-venv (`.ci/run` installs it)",
        );
        return;
    }
    let o = Command::new(&python)
        .args([
            "-m",
            "pytest",
            "tools/lsp",
            "-q",
            "-s",
            "-p",
            "no:cacheprovider",
        ])
        .env("KOMA_BIN", env!("CARGO_BIN_EXE_koma"))
        .current_dir(common::repo())
        .output()
        .expect("python runs");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(out.contains(" passed"), "{out}");
    eprintln!(
        "{}",
        out.lines()
            .filter(|l| l.contains(" ms"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}
