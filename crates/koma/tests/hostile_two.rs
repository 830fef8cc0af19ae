//! Hostile input, round two: what a file, a scenario or a command line could still make koma do, each met
//! through the binary as a user meets it.

mod common;

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{koma, koma_with_input, scratch, stderr, stdout};

fn write(dir: &std::path::Path, name: &str, text: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Runs koma and fails the test if it is still running after `limit` (a hang), killing it.
fn koma_within(args: &[&str], limit: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .current_dir(common::repo())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("koma {args:?} still ran after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// No byte of a terminal control sequence: no escape, no bell, no C1 control, no bidi override.
fn assert_inert(text: &str) {
    for c in ['\u{1b}', '\u{7}', '\u{9b}', '\u{202e}', '\u{2066}'] {
        assert!(
            !text.contains(c),
            "U+{:04X} reached the output: {text:?}",
            c as u32
        );
    }
}

#[test]
fn a_scenario_names_no_file_outside_its_folder() {
    let dir = scratch("scenario-game");
    let path = write(&dir, "leak.scenarios", b"game \"/etc/passwd\"\n");
    let out = koma(&["test", &path]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("may name only a file in its own folder"),
        "{err}"
    );
    assert!(
        !err.contains("root:"),
        "nothing of the refused file is quoted: {err}"
    );
}

#[test]
fn escape_sequences_from_files_and_lines_never_reach_the_terminal() {
    let dir = scratch("escapes");
    // In a name position (a syntax error quotes what it found), in a parent, in a string.
    let token = write(
        &dir,
        "token.game",
        b"game \"t\"\npiece \x1b]0;PWNED\x07 K moves \"K\"\n",
    );
    write(&dir, "parent.game", b"game \"p\"\nboard \x1b[2J 3 x 3\n");
    let child = write(&dir, "child.game", b"game \"c\" extends \"parent.game\"\n");
    let string = write(&dir, "string.game", b"game \"x\x1b[2J\"\nboard 3 x 3\n");
    for file in [&token, &child, &string] {
        let out = koma(&["check", file]);
        assert_eq!(out.status.code(), Some(1), "{file}");
        assert_inert(&stderr(&out));
        assert_inert(&stdout(&out));
    }
    let out = koma(&["check", &string]);
    assert!(
        stderr(&out).contains("koma::control-character"),
        "{}",
        stderr(&out)
    );
    let out = koma_with_input(
        &["repl", "minishogi"],
        b"play \x1b]0;PWNED\x07\nsfen \x1b[2J\n",
    );
    assert_inert(&stdout(&out));
    assert!(stdout(&out).contains("error:"));
}

#[test]
fn bidirectional_formatting_characters_are_refused_in_names_and_kanji() {
    let dir = scratch("bidi");
    let name = write(
        &dir,
        "name.game",
        "game \"Mini \u{202e}igohs\"\nboard 3 x 3\npiece King K moves \"K\" royal\nstart \"2k/3/K2 b - 1\"\nend { no legal move: side to move loses }\n".as_bytes(),
    );
    let kanji = write(
        &dir,
        "kanji.game",
        "game \"k\"\nboard 3 x 3\npiece King K moves \"K\" royal kanji \"\u{2067}\"\nstart \"2k/3/K2 b - 1\"\nend { no legal move: side to move loses }\n".as_bytes(),
    );
    for file in [&name, &kanji] {
        let out = koma(&["check", file]);
        assert_eq!(out.status.code(), Some(1), "{file}");
        let err = stderr(&out);
        assert!(err.contains("koma::control-character"), "{err}");
        assert!(
            err.contains("bidirectional") || err.contains("right-to-left"),
            "{err}"
        );
        assert!(!err.contains("must be one character"), "{err}");
        assert_inert(&err);
    }
}

#[test]
fn the_markdown_card_escapes_every_text_from_the_file() {
    let dir = scratch("markdown");
    let game = write(
        &dir,
        "xss.game",
        b"game \"<script>alert(1)</script> <img src=x onerror=alert(2)> <iframe src=x> [x](javascript:alert(3))\"\nboard 3 x 3\npiece King K moves \"K\" royal\nstart \"2k/3/K2 b - 1\"\nend { no legal move: side to move loses }\n",
    );
    let out = koma(&["card", &game, "--format", "markdown"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let md = stdout(&out);
    for payload in ["<script", "<img", "<iframe", "[x](javascript:"] {
        assert!(!md.contains(payload), "{payload} got through:\n{md}");
    }
    assert!(md.starts_with("# &lt;script&gt;"), "{md}");
}

#[test]
fn moves_on_the_command_line_follow_the_opening_options() {
    let out = koma(&[
        "moves",
        "micromini",
        "--option",
        "designate=on",
        "--moves",
        "R*3c",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("designate"), "{}", stderr(&out));
    let out = koma(&[
        "moves",
        "micromini",
        "--option",
        "designate=on",
        "--moves",
        "designate R R*3c",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = koma(&["moves", "minishogi", "--moves", "swap"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("`pie` option is not switched on"), "{err}");
    assert!(!err.contains("origin"), "{err}");
}

#[test]
fn nothing_is_played_or_listed_after_the_end_of_a_game() {
    let cycle = "1e1d 5a5b 1d1e 5b5a";
    let ended = format!("{cycle} {cycle} {cycle}");
    let out = koma(&["moves", "minishogi", "--moves", &ended]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "",
        "no move may be played once the game is over"
    );
    assert!(
        stderr(&out).contains("the game is over"),
        "{}",
        stderr(&out)
    );
    let out = koma(&["moves", "minishogi", "--moves", &format!("{ended} 1e1d")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("koma::game-over"), "{}", stderr(&out));
}

#[test]
fn the_perft_estimate_is_measured_past_forced_plies() {
    // The first ply is forced (the king's one escape); the tree opens after it.
    let funnel = "r3k/5/5/2s2/K4 b - 1";
    let out = koma(&["perft", "minishogi", "1", "--sfen", funnel]);
    assert!(
        stdout(&out).contains("Nodes searched: 1"),
        "{}",
        stdout(&out)
    );
    let out = koma_within(
        &["perft", "minishogi", "20", "--sfen", funnel],
        Duration::from_secs(60),
    );
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("koma::perft-too-deep") && err.contains("measured"),
        "{err}"
    );
}

/// A game with some 3,150 moves a position: 25 kinds of piece in each hand on a 16x8 board.
fn wide_game(dir: &std::path::Path) -> String {
    let letters = "ABCDEFGHIJLMNOPQRSTUVWXYZ";
    let mut text = String::from("game \"Wide\"\nboard 16 x 8\npiece King K moves \"K\" royal\n");
    for c in letters.chars() {
        text.push_str(&format!("piece P{c} {c} moves \"Q\"\n"));
    }
    text.push_str("captured pieces go to hand\n");
    text.push_str(&format!(
        "start \"k15/16/16/16/16/16/16/15K b {letters}{} 1\"\n",
        letters.to_lowercase()
    ));
    text.push_str("end {\n  no legal move: side to move loses\n}\n");
    write(dir, "wide.game", text.as_bytes())
}

#[test]
fn every_walk_of_the_move_tree_is_guarded() {
    let dir = scratch("wide");
    let wide = wide_game(&dir);
    let minute = Duration::from_secs(60);
    // The REPL's perft.
    let out = koma_with_input(&["repl", &wide], b"perft 4\nsfen\n");
    let text = stdout(&out);
    assert!(text.contains("perft 4 was not counted"), "{text}");
    assert!(text.contains("k15/16"), "the session goes on: {text}");
    // A scenario's perft step.
    let scenarios = write(
        &dir,
        "wide.scenarios",
        b"scenario \"deep\" {\n  from start\n  perft 4 is 1\n}\n",
    );
    let out = koma_within(&["test", &scenarios], minute);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("was not counted"), "{}", stderr(&out));
    // bench.
    let out = koma_within(&["bench", "minishogi", "--depth", "64"], minute);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("koma::perft-too-deep"));
    // The rules card keeps a bounded perft table.
    let out = koma_within(&["card", &wide], minute);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("depth 1: 3153"), "{}", stdout(&out));
    assert!(!stdout(&out).contains("depth 3:"), "{}", stdout(&out));
    // A rule diff stops at its time limit, and says that it is inconclusive, with its own status.
    let out = koma_within(&["diff", &wide, &wide, "--seconds", "2"], minute);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("inconclusive: no difference found up to depth"),
        "{}",
        stdout(&out)
    );
    assert!(
        stdout(&out).contains("stopped at the time limit"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn devices_and_pipes_are_refused_without_reading_them() {
    let minute = Duration::from_secs(60);
    let out = koma_within(&["test", "/dev/zero"], minute);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("not a regular file"),
        "{}",
        stderr(&out)
    );
    let dir = scratch("fifo");
    let fifo = dir.join("pipe.scenarios");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        common::skipped(
            "the FIFO half of devices_and_pipes_are_refused_without_reading_them: `mkfifo` is not available",
        );
        return;
    }
    let fifo = fifo.display().to_string();
    let out = koma_within(&["test", &fifo], minute);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("not a regular file"),
        "{}",
        stderr(&out)
    );
    // A parent must be a .game file: a FIFO of another name is not even looked at, and one named .game is
    // refused unopened.
    let game = write(
        &dir,
        "child.game",
        b"game \"c\" extends \"pipe.scenarios\"\n",
    );
    let out = koma_within(&["check", &game], minute);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no game named"), "{}", stderr(&out));
    assert!(
        Command::new("mkfifo")
            .arg(dir.join("pipe.game"))
            .status()
            .is_ok_and(|s| s.success())
    );
    let game = write(&dir, "child.game", b"game \"c\" extends \"pipe.game\"\n");
    let out = koma_within(&["check", &game], minute);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("not a regular file"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_parent_file_has_the_same_size_limit() {
    let dir = scratch("big-parent");
    let mut big = b"game \"big\"\n".to_vec();
    big.extend(std::iter::repeat_n(b"// padding\n".as_slice(), 200_000).flatten());
    write(&dir, "big.game", &big);
    let child = write(&dir, "child.game", b"game \"c\" extends \"big.game\"\n");
    let out = koma(&["check", &child]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("bytes"), "{}", stderr(&out));
}

#[test]
fn misleading_messages_say_what_happened() {
    let dir = scratch("messages");
    // A scenario file that is not UTF-8 is shown where.
    let bad = write(&dir, "bad.scenarios", b"game \"minishogi\"\n\xff\n");
    let err = stderr(&koma(&["test", &bad]));
    // The report wraps at 100 columns, where the scratch folder's name (it holds the process id) puts it.
    let flat = err
        .split_whitespace()
        .filter(|w| *w != "│")
        .collect::<Vec<_>>()
        .join(" ");
    assert!(flat.contains("line 2, column 1"), "{err}");
    // A failing `result is` step points at its own line.
    let result = write(
        &dir,
        "result.scenarios",
        b"game \"minishogi\"\nscenario \"r\" {\n  from start\n  result is draw\n\n}\n",
    );
    let err = stderr(&koma(&["test", &result]));
    let lines: Vec<&str> = err.lines().collect();
    let step = lines.iter().position(|l| l.ends_with("│   result is draw"));
    let underline = step.and_then(|i| lines.get(i + 1)).copied().unwrap_or("");
    assert!(
        underline.contains('┬'),
        "the step's own line is marked: {err}"
    );
    assert!(!err.contains("5 │ \n   ·"), "{err}");
    // A game that goes on was decided by no rule.
    let ongoing = write(
        &dir,
        "ongoing.scenarios",
        b"game \"minishogi\"\nscenario \"o\" {\n  from start\n  result is ongoing by \"stalemate\"\n}\n",
    );
    let out = koma(&["test", &ongoing]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("without `by`"), "{}", stderr(&out));
    // After the end, the REPL offers no moves.
    let cycle = "1e1d 5a5b 1d1e 5b5a";
    let script = format!("play {cycle} {cycle} {cycle}\nplay 1e1d\n");
    let text = stdout(&koma_with_input(&["repl", "minishogi"], script.as_bytes()));
    assert!(text.contains("the game is over"), "{text}");
    assert!(!text.contains("legal moves from there"), "{text}");
    // --watch without a terminal says so.
    let out = koma_with_input(&["repl", "minishogi", "--watch"], b"sfen\n");
    assert!(
        stderr(&out).contains("--watch needs a terminal"),
        "{}",
        stderr(&out)
    );
    // Both invalid files of a diff are reported.
    let out = koma(&["diff", "nothing-a.game", "nothing-b.game"]);
    let err = stderr(&out);
    assert!(
        err.contains("nothing-a.game") && err.contains("nothing-b.game"),
        "{err}"
    );
    // lint --list follows --format.
    let out = koma(&["lint", "--list", "--format", "json"]);
    let first = stdout(&out).lines().next().unwrap_or_default().to_string();
    assert!(
        first.starts_with('{') && first.contains("\"code\":\"koma::lint::"),
        "{first}"
    );
    // Lines ended by carriage returns alone are named.
    let cr = write(&dir, "cr.game", b"// mac\rgame \"x\"\rboard 3 x 3\r");
    let err = stderr(&koma(&["check", &cr]));
    assert!(err.contains("carriage return"), "{err}");
    // A control character in a kanji is named as such.
    let kanji = write(
        &dir,
        "kanji.game",
        b"game \"k\"\nboard 3 x 3\npiece King K moves \"K\" royal kanji \"\x01\"\nstart \"2k/3/K2 b - 1\"\nend { no legal move: side to move loses }\n",
    );
    let err = stderr(&koma(&["check", &kanji]));
    assert!(err.contains("koma::control-character"), "{err}");
    assert!(!err.contains("must be one character"), "{err}");
}
