//! Rules of the language checked against what Fairy-Stockfish (pyffish) gives for the same game, written out
//! here so that the test needs no Python.

mod common;

use common::{koma, scratch, stdout};

const HOPPER: &str = "game \"Hopper\"\nboard 5 x 5\npiece King K moves \"K\" royal\n\
piece Hopper H moves \"pR\" promotes to Flyer\npiece Flyer +H moves \"RF\"\npromotion zone last 1 rank\n\
stranded pieces must promote\ncaptured pieces go to hand\nDROPS\nstart \"4k/5/5/K4/H4 b H 1\"\n\
end { no legal move: side to move loses }\n";

/// A pure hopper (`pR`, a cannon) has no move on an empty board, yet it is never stuck: a square on its line
/// is enough, as Fairy-Stockfish decides it. pyffish, for the same game (`customPiece1 = h:pR`, promotion
/// zone the last rank), lists `a1a3 a1a4 a1a5 a1a5+` for the hopper and 22 drops.
#[test]
fn a_pure_hopper_is_not_immobile() {
    let dir = scratch("hopper");
    let plain = dir.join("hopper.game");
    std::fs::write(&plain, HOPPER.replace("DROPS\n", "")).unwrap();
    let moves = stdout(&koma(&["moves", &plain.display().to_string()]));
    let mut hopper: Vec<&str> = moves.lines().filter(|m| m.starts_with("5e")).collect();
    hopper.sort_unstable();
    assert_eq!(hopper, ["5e5a", "5e5a+", "5e5b", "5e5c"]);
    let ruled = dir.join("hopper-drops.game");
    let drops = "drop rules { no piece where it could never move }\n";
    std::fs::write(&ruled, HOPPER.replace("DROPS\n", drops)).unwrap();
    let moves = stdout(&koma(&["moves", &ruled.display().to_string()]));
    assert_eq!(moves.lines().filter(|m| m.starts_with("H*")).count(), 22);
    // A hopper may stand on the board at the start on any square.
    let far = dir.join("hopper-far.game");
    std::fs::write(
        &far,
        HOPPER
            .replace("DROPS\n", drops)
            .replace("4k/5/5/K4/H4", "H3k/5/5/K4/5"),
    )
    .unwrap();
    assert!(
        koma(&["check", &far.display().to_string()])
            .status
            .success()
    );
}

/// Two `king reaches` rules keep their own zones and results: a king on rank 3 is a draw by the second rule,
/// not a win by the first rule's zone merged with the second's.
#[test]
fn two_goal_zone_rules_are_not_merged() {
    let dir = scratch("zones");
    let game = dir.join("zones.game");
    std::fs::write(
        &game,
        "game \"Zones\"\nboard 5 x 5\npiece King K moves \"K\" royal\npiece Gold G moves \"WfF\"\n\
         captured pieces go to hand\nstart \"4k/5/5/K4/4G b - 1\"\nend {\n  king reaches last rank: its owner wins\n\
         \x20 king reaches rank 3: draw\n  no legal move: side to move loses\n}\n",
    )
    .unwrap();
    let scenarios = dir.join("zones.scenarios");
    std::fs::write(
        &scenarios,
        "game \"zones.game\"\n\
         scenario \"rank 3 is a draw\" {\n  from start\n  play 5d5c\n  result is draw by \"king reaches rank 3\"\n}\n\
         scenario \"the last rank wins\" {\n  from \"5/K3k/5/5/4G b - 1\"\n  play 5b5a\n  \
         result is first player wins by \"king reaches last rank\"\n}\n",
    )
    .unwrap();
    let out = koma(&["test", &scenarios.display().to_string()]);
    assert!(
        out.status.success(),
        "{}{}",
        stdout(&out),
        common::stderr(&out)
    );
}

/// A hopper's range counts the screen's square: koma's `pW2` is Fairy-Stockfish's `pR2`, which pyffish gives as
/// `a1a3` behind an adjacent screen, `a1c1` sideways, and nothing when the screen is two squares away.
#[test]
fn a_hoppers_range_counts_the_screen() {
    let dir = scratch("hopper-range");
    let game = dir.join("hop2.game");
    std::fs::write(
        &game,
        HOPPER.replace("DROPS\n", "").replace("\"pR\"", "\"pW2\""),
    )
    .unwrap();
    let game = game.display().to_string();
    for (sfen, want) in [
        ("4k/5/5/K4/H4 b - 1", vec!["5e5c"]),
        ("4k/5/5/5/HK3 b - 1", vec!["5e3e"]),
        ("4k/5/K4/5/H4 b - 1", vec![]),
    ] {
        let moves = stdout(&koma(&["moves", &game, "--sfen", sfen]));
        let hopper: Vec<&str> = moves.lines().filter(|m| m.starts_with("5e")).collect();
        assert_eq!(hopper, want, "{sfen}");
    }
}

/// A tile that flips on every move is stranded by its flip, not for want of a promotion: the lint's help does
/// not offer one.
#[test]
fn a_stranded_flip_tile_is_not_told_to_promote() {
    let dir = scratch("flip");
    let game = dir.join("flip.game");
    std::fs::write(
        &game,
        "game \"Flip\"\nboard 3 x 3\npiece King K moves \"K\" royal\n\
         piece Pawn P moves \"fW\" flips to Gold on every move\npiece Gold +P moves \"fW\"\n\
         captured pieces leave the game\nstart \"1k1/3/PK1 b - 1\"\n\
         end {\n  no legal move: side to move loses\n  repetition 4: draw\n}\n",
    )
    .unwrap();
    let err = common::stderr(&koma(&["lint", &game.display().to_string()]));
    assert!(err.contains("koma::lint::stranded-by-move"), "{err}");
    assert!(err.contains("its other face"), "{err}");
    assert!(!err.contains("give it a promotion"), "{err}");
}

/// `without` takes an inherited statement or rule away, one at a time: shogi without nifu, without the
/// pawn-drop mate ban and without forced promotion of stranded pieces is the same game as shogi's file with those
/// three lines deleted.
#[test]
fn without_takes_inherited_rules_away_one_at_a_time() {
    let dir = scratch("without");
    let child = dir.join("free.game");
    std::fs::write(
        &child,
        "game \"Free Shogi\" extends \"shogi\"\nwithout stranded pieces must promote\n\
         without drop rule no Pawn on a file holding an own Pawn   // nifu\n\
         without drop rule no Pawn   giving checkmate\n",
    )
    .unwrap();
    let shogi = koma_games::find("shogi").unwrap().source;
    let written_out: String = shogi
        .lines()
        .filter(|l| {
            !l.starts_with("stranded pieces must promote")
                && !l.contains("no Pawn on a file holding an own Pawn")
                && !l.contains("no Pawn giving checkmate")
        })
        .map(|l| match l.starts_with("game ") {
            true => "game \"Free Shogi\"\n".to_string(),
            false => format!("{l}\n"),
        })
        .collect();
    let full = dir.join("free-full.game");
    std::fs::write(&full, written_out).unwrap();
    let (child, full) = (child.display().to_string(), full.display().to_string());
    let card = |g: &str| stdout(&koma(&["card", g]));
    assert_eq!(card(&child), card(&full));
    // A second pawn on a file, a pawn dropped with mate, a pawn left on the last rank: all allowed now.
    for sfen in [
        "4k4/9/9/9/9/9/4P4/9/4K4 b P 1",
        "k8/9/1G7/9/9/9/9/9/8K b P 1",
        "4k4/9/4P4/9/9/9/9/9/4K4 b - 1",
    ] {
        let moves = |g: &str| stdout(&koma(&["moves", g, "--sfen", sfen]));
        assert_eq!(moves(&child), moves(&full), "{sfen}");
    }
    let moves = stdout(&koma(&[
        "moves",
        &child,
        "--sfen",
        "4k4/9/9/9/9/9/4P4/9/4K4 b P 1",
    ]));
    assert!(
        moves.lines().any(|m| m == "P*5c"),
        "a second pawn on file 5 (nifu is gone): {moves}"
    );
    let moves = stdout(&koma(&[
        "moves",
        &child,
        "--sfen",
        "4k4/9/4P4/9/9/9/9/9/4K4 b - 1",
    ]));
    assert!(
        moves.lines().any(|m| m == "5c5b"),
        "no forced promotion before the last rank: {moves}"
    );
    let out = koma(&["check", "games/errors/without-nothing.game"]);
    assert!(common::stderr(&out).contains("koma::without-nothing"));
}
