//! What a new user met: a diff that can fail CI, examples by name, the second king's kanji, progress only on a
//! terminal. Each through the binary.

mod common;

use common::{koma, scratch, stderr, stdout};

/// Mini shogi without its first end rule: checkmate no longer ends the game.
fn minishogi_without_mate(dir: &std::path::Path) -> String {
    let source = koma_games::find("minishogi").unwrap().source;
    let edited: String = source
        .lines()
        .filter(|l| !l.contains("no legal move: side to move loses"))
        .map(|l| format!("{l}\n"))
        .collect();
    let path = dir.join("no-mate.game");
    std::fs::write(&path, edited).unwrap();
    path.display().to_string()
}

#[test]
fn diff_exits_1_on_a_difference_like_diff_does() {
    let out = koma(&["diff", "micromini", "micromini-pie"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("legal only under micromini-pie: swap"));
    let out = koma(&["diff", "minishogi", "games/minishogi.game"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).starts_with("no difference"));
}

#[test]
fn diff_from_a_position_reaches_rules_that_matter_deep_in_a_game() {
    let dir = scratch("from");
    let edited = minishogi_without_mate(&dir);
    // One ply deep from the start, with no playouts, both games agree.
    let out = koma(&[
        "diff",
        "minishogi",
        &edited,
        "--depth",
        "1",
        "--playouts",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    // The playouts played unless told otherwise find the missing mate rule.
    let out = koma(&["diff", "minishogi", &edited, "--depth", "1"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    // From a position one move before mate, they do not.
    let mate_in_one = "k4/5/1G3/5/4K b G 1";
    let out = koma(&[
        "diff",
        "minishogi",
        &edited,
        "--depth",
        "1",
        "--playouts",
        "0",
        "--from",
        mate_in_one,
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("the game goes on"),
        "{}",
        stdout(&out)
    );
    let out = koma(&["diff", "minishogi", &edited, "--from", "not an sfen"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("koma::diff-from"), "{}", stderr(&out));
}

#[test]
fn seeded_random_playouts_find_what_a_shallow_walk_cannot() {
    let dir = scratch("playouts");
    let edited = minishogi_without_mate(&dir);
    let args = [
        "diff",
        "minishogi",
        &edited,
        "--depth",
        "1",
        "--playouts",
        "30",
    ];
    let out = koma(&args);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let text = stdout(&out);
    assert!(text.contains("random playout"), "{text}");
    assert!(text.contains("no legal move: side to move loses"), "{text}");
    assert_eq!(
        stdout(&koma(&args)),
        text,
        "the same seed plays the same playouts"
    );
}

#[test]
fn playouts_seek_end_rules_and_find_a_changed_repetition_rule() {
    let dir = scratch("repetition");
    let source = koma_games::find("minishogi").unwrap().source;
    assert!(source.contains("repetition 4: first player loses"));
    let edited = dir.join("repetition-draws.game");
    std::fs::write(
        &edited,
        source.replace("repetition 4: first player loses", "repetition 4: draw"),
    )
    .unwrap();
    let edited = edited.display().to_string();
    let out = koma(&[
        "diff",
        "minishogi",
        &edited,
        "--depth",
        "2",
        "--playouts",
        "10",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let text = stdout(&out);
    assert!(text.contains("found in 10 random playouts ("), "{text}");
    assert!(text.contains("decided by an end rule"), "{text}");
    assert!(
        text.contains("second player wins by `repetition 4: first player loses`")
            && text.contains("draw by `repetition 4: draw`"),
        "{text}"
    );
    // Without a difference, the report says how the playouts ended.
    let out = koma(&[
        "diff",
        "minishogi",
        "minishogi",
        "--depth",
        "2",
        "--playouts",
        "4",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(
        stdout(&out).starts_with(
            "no difference up to depth 2 and in 4 random playouts (4 decided by an end rule)"
        ),
        "{}",
        stdout(&out)
    );
}

#[test]
fn examples_are_embedded_under_their_names() {
    let out = koma(&["card", "kyotoshogi"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("Kyoto Shogi"));
    let games = stdout(&koma(&["games"]));
    for example in [
        "kyotoshogi",
        "dobutsu",
        "torishogi",
        "euroshogi",
        "four-by-four",
    ] {
        let line = games.lines().find(|l| l.starts_with(example)).unwrap_or("");
        assert!(line.contains("example"), "{example}: {games}");
    }
}

#[test]
fn the_second_players_king_has_its_own_kanji() {
    let out = common::koma(&["repl", "minishogi", "--kanji"]);
    let board = stdout(&out);
    assert!(board.contains("v王"), "{board}");
    assert!(board.contains(" 玉"), "{board}");
    assert!(!board.contains("v玉"), "{board}");
}

#[test]
fn progress_lines_stay_off_a_pipe() {
    let out = koma(&["perft", "minishogi", "6"]);
    assert!(out.status.success());
    assert_eq!(
        stderr(&out),
        "",
        "no progress line when standard error is not a terminal"
    );
}

/// A variant with one mistake, `edit` applied to mini shogi's text; what `koma check` prints, its wrapped lines
/// joined.
fn check_edited(dir: &std::path::Path, name: &str, edit: impl Fn(&str) -> String) -> String {
    let source = koma_games::find("minishogi").unwrap().source;
    let path = dir.join(format!("{name}.game"));
    std::fs::write(&path, edit(source)).unwrap();
    let out = koma(&["check", &path.display().to_string()]);
    flat(&stderr(&out))
}

/// Text with miette's line wrapping undone: words joined by single spaces, frame bars left out.
fn flat(text: &str) -> String {
    text.split_whitespace()
        .filter(|w| *w != "│")
        .collect::<Vec<_>>()
        .join(" ")
}

/// Mini shogi with a lance in the first player's hand, moving as `moves` says.
fn with_lance(moves: &str) -> impl Fn(&str) -> String + '_ {
    move |s: &str| {
        s.replace(
            "piece Pawn    P   moves \"fW\"",
            &format!("piece Lance L moves \"{moves}\" promotes to Tokin2\npiece Tokin2 +L moves \"WfF\"\npiece Pawn    P   moves \"fW\""),
        )
        .replace("KGSBR b - 1", "KGSBR b L 1")
    }
}

#[test]
fn betza_and_name_mistakes_are_named_by_their_cause() {
    let dir = scratch("mistakes");
    // A lance written `bR`: named where its moves are written.
    let err = check_edited(&dir, "lance-back", with_lance("bR"));
    assert!(err.contains("koma::lint::never-forward"), "{err}");
    assert!(err.contains("a lance is `fR`"), "{err}");
    // `fL`: the camel, and what a lance is.
    let err = check_edited(&dir, "lance-camel", with_lance("fL"));
    assert!(err.contains("the camel"), "{err}");
    assert!(
        err.contains("a lance (a rook forward only) is `fR`"),
        "{err}"
    );
    // Piece names a letter or two away.
    let err = check_edited(&dir, "pawns", |s| {
        s.replace("no Pawn on a file", "no Pawns on a file")
    });
    assert!(err.contains("did you mean `Pawn`?"), "{err}");
    let err = check_edited(&dir, "hawke", |s| {
        s.replace(
            "piece Horse   +B  moves \"BW\"",
            "piece Hawk    +B  moves \"BW\"",
        )
        .replace("promotes to Horse", "promotes to Hawke")
    });
    assert!(err.contains("did you mean `Hawk`?"), "{err}");
    // `ranks 1-3`.
    let err = check_edited(&dir, "ranks", |s| {
        s.replace("promotion zone last 1 rank", "promotion zone ranks 1-3")
    });
    assert!(err.contains("`1..3`"), "{err}");
    // A lowercase drop in a scenario.
    let scenarios = dir.join("drop.scenarios");
    std::fs::write(
        &scenarios,
        "game \"minishogi\"\nscenario \"d\" {\n  from \"k4/5/5/5/4K b G 1\"\n  play g*3c\n}\n",
    )
    .unwrap();
    let err = flat(&stderr(&koma(&["test", &scenarios.display().to_string()])));
    assert!(err.contains("did you mean `G*3c`?"), "{err}");
}
