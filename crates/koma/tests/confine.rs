//! `confine NAME to ...`: regions a piece may not leave, on the test game `palace-minishogi.game` (each King
//! kept to the three files on its left and its first two ranks, each Silver to the middle three files), whose
//! perft suites in `koma-games` are Fairy-Stockfish's counts under the same mobility regions.

mod common;

use common::{koma, koma_with_input, repo, scratch, stderr, stdout};

fn palace() -> String {
    repo()
        .join("crates/koma-games/tests/games/palace-minishogi.game")
        .display()
        .to_string()
}

/// The legal moves of `game` in `sfen` that start with `prefix`, sorted.
fn moves(game: &str, sfen: &str, prefix: &str) -> Vec<String> {
    let out = koma(&["moves", game, "--sfen", sfen]);
    assert!(out.status.success(), "{}", stderr(&out));
    let mut list: Vec<String> = stdout(&out)
        .lines()
        .filter(|l| l.starts_with(prefix))
        .map(str::to_string)
        .collect();
    list.sort();
    list
}

#[test]
fn a_confined_piece_moves_and_is_dropped_only_inside_its_region() {
    let sfen = "4k/5/5/1K3/5 b S 1";
    // The King on 4d keeps to ranks 1..2 (e and d): not 5c, 4c or 3c.
    assert_eq!(
        moves(&palace(), sfen, "4d"),
        ["4d3d", "4d3e", "4d4e", "4d5d", "4d5e"]
    );
    assert_eq!(moves("minishogi", sfen, "4d").len(), 8);
    // The Silver is dropped on files 2..4 alone.
    let drops = moves(&palace(), sfen, "S*");
    assert_eq!(drops.len(), 14, "{drops:?}");
    assert!(
        drops.iter().all(|d| ["2", "3", "4"].contains(&&d[2..3])),
        "{drops:?}"
    );
}

#[test]
fn a_confined_piece_attacks_nothing_outside_its_region() {
    // The first player's Silver on 2c would attack 1b, but file 1 lies outside its region: the second
    // player's King may step there. 2b, straight ahead of the Silver, stays attacked.
    let sfen = "4k/5/3S1/5/K4 w - 1";
    assert_eq!(moves(&palace(), sfen, "1a"), ["1a1b", "1a2a"]);
    assert_eq!(moves("minishogi", sfen, "1a"), ["1a2a"]);
}

#[test]
fn explain_names_the_region_and_quotes_its_line() {
    let input =
        "position sfen 4k/5/5/1K3/5 b S 1\nexplain 4d4c\nexplain S*1c\nrules\npiece Silver\n";
    let out = koma_with_input(&["repl", &palace()], input.as_bytes());
    let text = stdout(&out);
    assert!(
        text.contains(
            "4d4c is illegal: the King is confined to its region, and 4c lies outside it"
        ),
        "{text}"
    );
    assert!(
        text.contains("line 7: confine King to files 3..5, ranks 1..2"),
        "{text}"
    );
    assert!(
        text.contains(
            "S*1c is illegal: the Silver is confined to its region, and 1c lies outside it"
        ),
        "{text}"
    );
}

#[test]
fn a_child_replaces_the_region_of_the_same_piece() {
    let dir = scratch("confine-child");
    std::fs::copy(palace(), dir.join("palace.game")).unwrap();
    let child = dir.join("narrow.game");
    std::fs::write(
        &child,
        "game \"Narrow Palace\" extends \"palace.game\"\nconfine King to file 4\n",
    )
    .unwrap();
    let child = child.display().to_string();
    assert_eq!(moves(&child, "4k/5/5/1K3/5 b - 1", "4d"), ["4d4c", "4d4e"]);
    // The Silver keeps the parent's region.
    let out = koma(&["card", &child]);
    assert!(
        stdout(&out).contains("confined to files 2..4 (counted from its owner's side)"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_piece_confined_twice_is_reported_at_the_second_line() {
    let dir = scratch("confine-twice");
    let game = dir.join("twice.game");
    std::fs::write(
        &game,
        "game \"Twice\" extends \"minishogi\"\nconfine King to ranks 1..2\nconfine King to file 3\n",
    )
    .unwrap();
    let out = koma(&["check", &game.display().to_string()]);
    assert!(!out.status.success());
    let text = stderr(&out);
    assert!(text.contains("koma::duplicate-statement"), "{text}");
    assert!(text.contains("King is confined twice"), "{text}");
    assert!(
        text.contains("first one") && text.contains("second one"),
        "{text}"
    );
}
