//! `koma lsp` driven by a real LSP client: the pytest-lsp suite in `tools/lsp/`, run in the virtual
//! environment that `.ci/run` makes. Skipped, saying so, when that environment or pytest-lsp is missing; failed instead when `CI`
//! is set.

mod common;

#[test]
fn a_real_lsp_client_drives_koma_lsp() {
    match common::venv_python(&["pytest_lsp"]) {
        Some(python) => common::pytest(&python, "tools/lsp"),
        None => common::needs(
            "the LSP client tests need pytest-lsp in target/ci-venv (`.ci/run` installs it)",
        ),
    }
}
