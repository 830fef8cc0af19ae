//! The REPL in a real terminal (tmux): lines typed ahead or pasted all run in order, a bracketed paste runs
//! line by line, Ctrl-C stops a long perft and leaves the session and its position as they were, and a long
//! perft on the command line shows a progress line. Skipped, saying so, when tmux is not installed.

mod common;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux session running one program, killed when dropped.
struct Tmux {
    name: String,
    /// The REPL's data folder (its history), removed with the session.
    data: PathBuf,
}

impl Tmux {
    /// Starts `command` in a new detached tmux session, or `None` (with a message) without tmux.
    fn start(test: &str, command: &str) -> Option<Tmux> {
        let installed = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success());
        if !installed {
            common::needs(&format!(
                "{test}: tmux is not installed, so the REPL cannot be driven in a terminal"
            ));
            return None;
        }
        let name = format!("koma-{test}-{}", std::process::id());
        let data = std::env::temp_dir().join(&name);
        std::fs::create_dir_all(&data).unwrap();
        let status = Command::new("tmux")
            .args(["new-session", "-d", "-s", &name, "-x", "120", "-y", "200"])
            .arg(format!(
                "env XDG_DATA_HOME={} NO_COLOR=1 {command}",
                data.display()
            ))
            .status()
            .unwrap();
        assert!(status.success());
        Some(Tmux { name, data })
    }

    fn keys(&self, keys: &[&str]) {
        let status = Command::new("tmux")
            .args(["send-keys", "-t", &self.name])
            .args(keys)
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// Pastes `text` as a terminal does: bracketed, since the line editor asks for it.
    fn paste(&self, text: &str) {
        let buffer = format!("{}-paste", self.name);
        let set = Command::new("tmux")
            .args(["set-buffer", "-b", &buffer, text])
            .status()
            .unwrap();
        assert!(set.success());
        let paste = Command::new("tmux")
            .args(["paste-buffer", "-p", "-d", "-b", &buffer, "-t", &self.name])
            .status()
            .unwrap();
        assert!(paste.success());
    }

    fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["capture-pane", "-p", "-S", "-200", "-t", &self.name])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the screen shows `text`, and returns the screen.
    fn wait_for(&self, text: &str) -> String {
        let started = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "waited 30 s for {text:?}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.name])
            .status();
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

fn repl() -> String {
    format!("{} repl minishogi", env!("CARGO_BIN_EXE_koma"))
}

#[test]
fn lines_typed_ahead_all_run_in_order() {
    let Some(t) = Tmux::start("typeahead", &repl()) else {
        return;
    };
    t.wait_for("\nkoma>");
    // Three lines arrive at once, before the first has been answered.
    t.keys(&["moves\nplay 5d5c\nsfen\n"]);
    let screen = t.wait_for("rbsgk/4p/P4/5/KGSBR w - 2\n");
    let at = |s: &str| {
        screen
            .find(s)
            .unwrap_or_else(|| panic!("no {s:?} in\n{screen}"))
    };
    assert!(at("koma> moves") < at("koma> play 5d5c"));
    assert!(at("koma> play 5d5c") < at("koma> sfen"));
    assert!(screen.contains("14 legal moves"), "{screen}");
}

#[test]
fn a_bracketed_paste_runs_line_by_line() {
    let Some(t) = Tmux::start("paste", &repl()) else {
        return;
    };
    t.wait_for("\nkoma>");
    t.paste("play 5d5c\nplay 1b1c\nsfen");
    t.keys(&["Enter"]);
    let screen = t.wait_for("\nrbsgk/5/P3p/5/KGSBR b ");
    assert!(!screen.contains("too many arguments"), "{screen}");
    assert!(screen.contains("koma> play 1b1c"), "{screen}");
}

#[test]
fn ctrl_c_stops_a_long_perft_and_keeps_the_session() {
    let Some(t) = Tmux::start("ctrl-c", &repl()) else {
        return;
    };
    t.wait_for("\nkoma>");
    t.keys(&["play 5d5c", "Enter"]);
    t.wait_for("last move: 5d5c");
    t.keys(&["perft 7", "Enter"]);
    std::thread::sleep(Duration::from_millis(700));
    t.keys(&["C-c"]);
    t.wait_for("perft 7: stopped (Ctrl-C)");
    t.keys(&["sfen", "Enter"]);
    let screen = t.wait_for("rbsgk/4p/P4/5/KGSBR w - 2\n");
    assert!(!screen.contains("Nodes searched"), "{screen}");
}

#[test]
fn a_long_perft_shows_its_progress_on_a_terminal() {
    let command = format!("{} perft minishogi 7", env!("CARGO_BIN_EXE_koma"));
    let Some(t) = Tmux::start("progress", &format!("sh -c '{command}; sleep 30'")) else {
        return;
    };
    let screen = t.wait_for(" pieces (");
    assert!(screen.contains("perft 7: "), "{screen}");
    assert!(screen.contains("left"), "{screen}");
    let screen = t.wait_for("Nodes searched:");
    assert!(
        !screen.contains(" pieces ("),
        "the line is cleared at the end:\n{screen}"
    );
}
