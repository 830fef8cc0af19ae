//! `no PIECE giving checkmate` and its two readings, `or stalemate` and `in front of a royal piece`, on a
//! 5x5 board where a dropped Gold can mate from beside the King as well as from in front of it.

mod common;

use common::{koma, koma_with_input, scratch, stderr, stdout};

/// The game, with `RULE` for its one drop rule.
const GOLDS: &str = "game \"Golds\"\nboard 5 x 5\npiece King K moves \"K\" royal\n\
piece Gold G moves \"WfF\"\ncaptured pieces go to hand\ndrop rules { RULE }\n\
start \"4k/2G2/3G1/5/K4 b G 1\"\nend { no legal move: side to move loses }\n";

/// Gold drops in the two positions: `mates` (the King on 1a, Golds on 3b and 2c: G*2a mates from beside
/// the King, G*1b from in front of it) and `stalemates` (the Gold on 3b alone: G*1c takes the King's last
/// square without checking it).
const MATES: &str = "4k/2G2/3G1/5/K4 b G 1";
const STALEMATES: &str = "4k/2G2/5/5/K4 b G 1";

/// The drops of a Gold among `squares` that the rule `rule` allows in `sfen`.
fn allowed(rule: &str, sfen: &str, squares: &[&str]) -> Vec<String> {
    let dir = scratch("drop-mate");
    let name = rule.replace(' ', "-");
    let game = dir.join(format!("{name}.game"));
    std::fs::write(&game, GOLDS.replace("RULE", rule)).unwrap();
    let out = koma(&["moves", &game.display().to_string(), "--sfen", sfen]);
    assert!(out.status.success(), "{}", stderr(&out));
    let moves = stdout(&out);
    squares
        .iter()
        .map(|sq| format!("G*{sq}"))
        .filter(|mv| moves.lines().any(|l| l == mv))
        .collect()
}

#[test]
fn a_ban_on_every_square_bars_the_mate_from_beside_the_king() {
    assert!(allowed("no Gold giving checkmate", MATES, &["2a", "1b"]).is_empty());
    // A stalemate is no checkmate.
    assert_eq!(
        allowed("no Gold giving checkmate", STALEMATES, &["1c"]),
        ["G*1c"]
    );
}

#[test]
fn in_front_of_a_royal_piece_the_ban_holds_on_that_square_alone() {
    assert_eq!(
        allowed(
            "no Gold giving checkmate in front of a royal piece",
            MATES,
            &["2a", "1b"]
        ),
        ["G*2a"]
    );
}

#[test]
fn or_stalemate_bars_the_drop_that_leaves_no_move_without_checking() {
    assert!(allowed("no Gold giving checkmate or stalemate", STALEMATES, &["1c"]).is_empty());
    assert!(
        allowed(
            "no Gold giving checkmate or stalemate",
            MATES,
            &["2a", "1b"]
        )
        .is_empty()
    );
    // Off the square in front of the King, the stalemate is allowed again; 1c is not that square.
    assert_eq!(
        allowed(
            "no Gold giving checkmate or stalemate in front of a royal piece",
            STALEMATES,
            &["1c"]
        ),
        ["G*1c"]
    );
}

#[test]
fn the_reason_says_mate_or_stalemate() {
    let dir = scratch("drop-mate-why");
    let game = dir.join("golds.game");
    std::fs::write(
        &game,
        GOLDS.replace("RULE", "no Gold giving checkmate or stalemate"),
    )
    .unwrap();
    let input =
        format!("position sfen {MATES}\nexplain G*2a\nposition sfen {STALEMATES}\nexplain G*1c\n");
    let out = koma_with_input(&["repl", &game.display().to_string()], input.as_bytes());
    let text = stdout(&out);
    assert!(
        text.contains("G*2a is illegal: a Gold drop may not give checkmate"),
        "{text}"
    );
    assert!(
        text.contains(
            "G*1c is illegal: a Gold drop may not leave the opponent without a legal move (stalemate)"
        ),
        "{text}"
    );
}
