//! `koma serve` in real headless Chromium: the Selenium suite in `tools/web/`, run in the virtual environment
//! that `.ci/run` makes. Skipped, saying so, without that environment, Selenium, Chromium or chromedriver;
//! failed instead when `CI` is set.

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
    let python = common::venv_python(&["selenium"]);
    let missing: Vec<&str> = [
        python.is_none().then_some("selenium in target/ci-venv"),
        (!installed("chromium") && !installed("chromium-browser")).then_some("chromium"),
        (!installed("chromedriver")).then_some("chromedriver (Debian: chromium-driver)"),
    ]
    .into_iter()
    .flatten()
    .collect();
    match python {
        Some(python) if missing.is_empty() => common::pytest(&python, "tools/web"),
        _ => common::needs(&format!(
            "the browser tests of `koma serve` need {} (`.ci/run` installs them)",
            missing.join(", ")
        )),
    }
}
