//! Royalty counted per player, checks that win, compulsory captures: what the statements do beyond the
//! examples' scenario files, and how a file that gets them wrong is told.

mod common;

use common::{koma, scratch, stderr, stdout};

/// A child of shogi that declares the King again without `royal`: the lint points at that line, not at the
/// start position.
#[test]
fn check_rules_without_king_points_at_the_line_that_removed_the_royal() {
    let dir = scratch("royal-removed");
    let game = dir.join("kingless.game");
    std::fs::write(
        &game,
        "game \"Kingless Shogi\" extends \"shogi\"\n\npiece King K moves \"K\"\n",
    )
    .unwrap();
    let o = koma(&["lint", &game.display().to_string(), "--format", "json"]);
    let out = stdout(&o);
    let finding = out
        .lines()
        .find(|l| l.contains("check-rules-without-king"))
        .unwrap_or_else(|| panic!("no finding in {out}"));
    assert!(finding.contains("\"line\":3"), "{finding}");
    assert!(finding.contains("no royal pieces"), "{finding}");
    // With `no royal pieces` the game means it, and the lint says nothing.
    std::fs::write(
        &game,
        "game \"Kingless Shogi\" extends \"shogi\"\n\npiece King K moves \"K\"\nno royal pieces\n",
    )
    .unwrap();
    let o = koma(&["lint", &game.display().to_string(), "--format", "json"]);
    assert!(
        !stdout(&o).contains("check-rules-without-king"),
        "{}",
        stdout(&o)
    );
}

/// The checks field: written by the game's smallest N, read back, refused where it makes no sense.
#[test]
fn the_checks_field_counts_down_and_is_refused_where_no_checks_are_counted() {
    let dir = scratch("checks-field");
    let game = dir.join("three.game");
    let test_game = "crates/koma-games/tests/games/threecheck-minishogi.game";
    std::fs::copy(common::repo().join(test_game), &game).unwrap();
    let path = game.display().to_string();
    // One check given by the first player: 2+3 left.
    let scenarios = dir.join("three.scenarios");
    std::fs::write(
        &scenarios,
            "game \"three.game\"\n\
             scenario \"a check is counted\" {\n  from \"3k1/5/5/5/K3R b - 1\"\n  play 1e2e\n  \
             sfen is \"3k1/5/5/5/K2R1 w - 2+3 2\"\n  result is ongoing\n}\n\
             scenario \"the third check wins\" {\n  from \"3k1/5/5/5/K3R b - 1+3 1\"\n  play 1e2e\n  \
             result is first player wins by \"3 checks\"\n}\n",
    )
    .unwrap();
    let o = koma(&["test", &scenarios.display().to_string()]);
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    // More checks left than the rule asks for, or a field in a game that counts none.
    let o = koma(&["moves", &path, "--sfen", "4k/5/5/5/K3R b - 4+3 1"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("from 0 to 3"), "{}", stderr(&o));
    let o = koma(&["moves", "minishogi", "--sfen", "4k/5/5/5/K3R b - 1+1 1"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("counts no checks"), "{}", stderr(&o));
}

/// Under `N checks`, taking away the Pawn-drop mate ban lets a mating Pawn drop win as a check.
#[test]
fn a_mating_pawn_drop_wins_as_a_check_once_the_ban_is_taken_away() {
    let dir = scratch("drop-mate-check");
    let game = dir.join("check-drop.game");
    std::fs::write(
        &game,
        "game \"Check Shogi, mating drops\" extends \"checkshogi\"\n\
         without drop rule no Pawn giving checkmate\n",
    )
    .unwrap();
    let sfen = "8k/6S2/7G1/9/9/9/9/9/K8 b P 1+1 1";
    let with_ban = stdout(&koma(&["moves", "checkshogi", "--sfen", sfen]));
    assert!(!with_ban.lines().any(|m| m == "P*1b"), "{with_ban}");
    let without = stdout(&koma(&[
        "moves",
        &game.display().to_string(),
        "--sfen",
        sfen,
    ]));
    assert!(without.lines().any(|m| m == "P*1b"), "{without}");
}

/// `without captures are compulsory` gives back the quiet moves and the drops.
#[test]
fn without_compulsory_captures_every_move_is_back() {
    let dir = scratch("without-compulsory");
    let game = dir.join("free.game");
    std::fs::write(
        &game,
        "game \"Anti-mini shogi, captures free\" extends \"antiminishogi\"\nwithout captures are compulsory\n",
    )
    .unwrap();
    let sfen = "k4/5/2p2/3G1/4K b P 1";
    let forced = stdout(&koma(&["moves", "antiminishogi", "--sfen", sfen]));
    assert_eq!(forced.trim(), "2d3c");
    let free = stdout(&koma(&[
        "moves",
        &game.display().to_string(),
        "--sfen",
        sfen,
    ]));
    assert!(free.lines().count() > 10, "{free}");
    assert!(free.lines().any(|m| m.starts_with("P*")), "{free}");
}
