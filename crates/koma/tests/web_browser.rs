//! `koma serve` in real headless Chromium: the Selenium suite in `tools/web/`, run in the virtual environment
//! that `.ci/run` makes. Skipped, saying so, without that environment, Selenium, Chromium or chromedriver.

mod common;

use std::process::Command;

fn installed(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn the_web_board_in_a_real_browser() {
    let python = common::repo().join("target/ci-venv/bin/python");
    let has_selenium = python.is_file()
        && Command::new(&python)
            .args(["-c", "import selenium"])
            .output()
            .is_ok_and(|o| o.status.success());
    let missing: Vec<&str> = [
        (!has_selenium).then_some("selenium in target/ci-venv"),
        (!installed("chromium") && !installed("chromium-browser")).then_some("chromium"),
        (!installed("chromedriver")).then_some("chromedriver (Debian: chromium-driver)"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !missing.is_empty() {
        common::skipped(&format!(
            "the browser tests of `koma serve` need {} (`.ci/run` installs them)",
            missing.join(", ")
        ));
        return;
    }
    let o = Command::new(&python)
        .args([
            "-m",
            "pytest",
            "tools/web",
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
