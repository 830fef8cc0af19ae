//! The session without a terminal: random command storms never panic and never leave a position that fails
//! the VM's own checks; completion offers commands, pieces and legal moves.

use koma_draw::Style;
use koma_host::{Embedded, Host, Memory};
use koma_repl::{HostLoader, Session, complete};
use koma_vm::{Player, Position, Rng};

fn messages(diagnostics: &[koma_host::Diagnostic]) -> String {
    diagnostics
        .iter()
        .map(|d| d.message.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

fn open(name: &str) -> Session {
    let loader = HostLoader {
        host: Host::embedded(),
        render: messages,
    };
    Session::open(Box::new(loader), name, Style::default()).unwrap()
}

/// A game that extends 9x9 shogi and changes one rule: `rules` and `explain` quote the inherited lines with
/// the file they are in, and the game's own lines by their line alone.
#[test]
fn rules_and_explain_quote_inherited_lines_with_their_file() {
    let child = "game \"Shogi without stalemate talk\" extends \"shogi\"\n\
                 end { no legal move: side to move loses }\n";
    let loader = HostLoader {
        host: Host::new((Memory::new().with("child.game", child), Embedded)),
        render: messages,
    };
    let mut s = Session::open(Box::new(loader), "child.game", Style::default()).unwrap();
    let rules = s.execute("rules").text;
    assert!(
        !rules.contains("inherited from the game this one extends"),
        "{rules}"
    );
    assert!(
        rules.contains("line 2: end { no legal move: side to move loses }"),
        "{rules}"
    );
    let shogi = koma_games::find("shogi").unwrap().source;
    let zone_line = shogi
        .lines()
        .position(|l| l.starts_with("promotion zone"))
        .unwrap()
        + 1;
    assert!(
        rules.contains(&format!("shogi line {zone_line}: promotion zone")),
        "{rules}"
    );
    let explain = s.execute("explain 7g7c").text;
    let pawn_line = shogi
        .lines()
        .position(|l| l.starts_with("piece Pawn"))
        .unwrap()
        + 1;
    assert!(
        explain.contains(&format!("shogi line {pawn_line}: piece Pawn")),
        "{explain}"
    );
}

/// The VM's own checks on a position: the incremental key, the SFEN round trip, and king safety of every
/// generated move.
fn assert_sound(pos: &Position, context: &str) {
    assert_eq!(pos.key(), pos.compute_key(), "{context}: key");
    let again = Position::from_sfen(pos.rules(), &pos.to_sfen())
        .unwrap_or_else(|e| panic!("{context}: {e}"));
    assert_eq!(&again, pos, "{context}: SFEN round trip");
    if !pos.rules().royals_capturable {
        let us: Player = pos.side_to_move();
        for mv in pos.legal_moves() {
            let mut after = pos.clone();
            after.make(mv);
            assert!(
                !after.royal_attacked(us),
                "{context}: {mv:?} leaves the king attacked"
            );
        }
    }
}

/// Words to build commands from, drawn for the current position.
struct Words {
    legal: String,
    sq: String,
    letter: &'static str,
    junk: &'static str,
    sfen: String,
}

/// One of `items`.
fn pick<'a>(rng: &mut Rng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len())]
}

fn words(rng: &mut Rng, s: &Session) -> Words {
    let pos = s.position();
    let rules = pos.rules();
    let moves = pos.legal_moves();
    let legal = moves
        .get(rng.below(moves.len().max(1)))
        .map_or_else(|| "5e5d".into(), |&m| rules.move_name(m));
    let file = 1 + rng.below(rules.files as usize + 1);
    let rank = (b'a' + rng.below(rules.ranks as usize + 1) as u8) as char;
    Words {
        legal,
        sq: format!("{file}{rank}"),
        letter: pick(
            rng,
            &[
                "P", "p", "K", "k", "+P", "G", "g", "S", "R", "b", "N", "L", "T", "Q", "+K", "",
            ],
        ),
        junk: pick(
            rng,
            &[
                "",
                "x",
                "9z9z",
                "P*",
                "+",
                "5e",
                "\u{7389}",
                "play",
                "--",
                "100000000000",
                "🐉",
            ],
        ),
        sfen: pos.to_sfen(),
    }
}

/// A command, sometimes valid, sometimes not.
fn random_command(rng: &mut Rng, s: &Session) -> String {
    let Words {
        legal,
        sq,
        letter,
        junk,
        sfen,
    } = words(rng, s);
    let cut = rng.below(sfen.len());
    match rng.below(34) {
        0..=9 => format!("play {legal}"),
        10 => format!("play {legal} {junk}"),
        11 => format!("explain {legal}"),
        12 => format!("explain {junk}{sq}"),
        13 => format!("undo {}", rng.below(4)),
        14 => "redo".into(),
        15 => format!("put {letter} {sq}"),
        16 => format!("remove {sq}"),
        17 => format!("hand {}{letter}", pick(rng, &["+", "-", ""])),
        18 => pick(
            rng,
            &[
                "turn",
                "clear",
                "reset",
                "position startpos",
                "swap",
                "sfen",
                "history",
                "result",
            ],
        )
        .into(),
        19 => format!(
            "option {} {}",
            pick(rng, &["pie", "designate", "x"]),
            pick(rng, &["on", "off", "maybe"])
        ),
        20 => format!("designate {letter}"),
        21 => format!("position sfen {sfen} moves {legal}"),
        22 => format!("position sfen {}{junk}", &sfen[..cut]),
        23 => format!("perft {}", rng.below(3)),
        24 => format!("divide {}", rng.below(3)),
        25 => format!("piece {letter}"),
        26 => pick(
            rng,
            &[
                "moves",
                "board",
                "rules",
                "help",
                "help play",
                "set names kanji",
                "set color on",
                "set notation western",
                "set notation japanese",
                "set notation generic",
                "set notation usi",
            ],
        )
        .into(),
        27 => format!("{junk} {junk}"),
        28 => "x".repeat(rng.below(300)),
        29 => format!("undo {}", "9".repeat(rng.below(30))),
        30 => "reload".into(),
        31 => format!("go nodes {}", rng.below(60)),
        32 => format!(
            "computer plays {} nodes {}",
            pick(rng, &["first", "second", "off", "both"]),
            1 + rng.below(30)
        ),
        _ => format!(
            "{} {sq} {legal}",
            pick(rng, &["put", "play", "hand", "option", "set", "moves"])
        ),
    }
}

#[test]
fn ten_thousand_random_commands_never_panic_or_break_the_position() {
    let mut rng = Rng(0x5eed_0fc0_ffee);
    let mut errors = 0;
    for game in koma_games::GAMES {
        let mut s = open(game.name);
        for i in 0..2000 {
            let line = random_command(&mut rng, &s);
            let before = s.position().to_sfen();
            let reply = s.execute(&line);
            if reply.text.starts_with("error:") {
                errors += 1;
                assert!(
                    !reply.text.contains('\n'),
                    "{}: `{line}` gave a multi-line error: {}",
                    game.name,
                    reply.text
                );
                assert!(
                    reply.text.len() < 1200,
                    "{}: `{line}`: error too long",
                    game.name
                );
                assert_eq!(
                    s.position().to_sfen(),
                    before,
                    "{}: `{line}` failed but changed the position",
                    game.name
                );
            }
            assert_sound(
                s.position(),
                &format!("{} after command {i} `{line}`", game.name),
            );
        }
    }
    assert!(
        errors > 1000,
        "only {errors} commands were refused: the storm is too tame"
    );
}

#[test]
fn completion_offers_commands_pieces_and_legal_moves() {
    let s = open("minishogi");
    assert_eq!(complete(&s, "mo", 2), (0, vec!["moves".to_string()]));
    assert_eq!(complete(&s, "play 5d", 7), (5, vec!["5d5c".to_string()]));
    let (start, pieces) = complete(&s, "piece Si", 8);
    assert_eq!((start, pieces), (6, vec!["Silver".to_string()]));
    let (_, all) = complete(&s, "explain ", 8);
    assert_eq!(all.len(), 14);
    assert_eq!(complete(&s, "set names k", 11).1, vec!["kanji".to_string()]);
}

#[test]
fn a_failed_command_changes_nothing() {
    let mut s = open("minishogi");
    s.execute("play 5d5c 1b1c");
    let before = (s.position().to_sfen(), s.execute("history").text);
    for line in [
        "play 5e4e",
        "play 2e1d 9z9z",
        "put P 1a",
        "position sfen nonsense",
        "undo 99x",
        "hand -p",
        "designate G",
    ] {
        let reply = s.execute(line);
        assert!(
            reply.text.starts_with("error:"),
            "`{line}` was accepted: {}",
            reply.text
        );
        assert_eq!(
            (s.position().to_sfen(), s.execute("history").text),
            before,
            "`{line}` changed the session"
        );
    }
}

#[test]
fn undo_redo_and_reset_walk_the_history() {
    let mut s = open("minishogi");
    let start = s.position().to_sfen();
    s.execute("play 5d5c 1b1c 5c5b");
    let end = s.position().to_sfen();
    s.execute("undo 3");
    assert_eq!(s.position().to_sfen(), start);
    for _ in 0..3 {
        s.execute("redo");
    }
    assert_eq!(s.position().to_sfen(), end);
    assert!(s.execute("redo").text.starts_with("error: nothing to redo"));
    s.execute("reset");
    assert_eq!(s.position().to_sfen(), start);
    assert!(s.execute("quit").quit);
}

/// `set notation` writes the last move, the legal moves and the computer's line in that notation; `play`
/// takes moves in any notation and the history keeps them as USI.
#[test]
fn moves_are_written_and_read_in_the_notation_set() {
    let mut s = open("shogi");
    let board = s.execute("set notation japanese").text;
    assert!(!board.starts_with("error"), "{board}");
    let after = s.execute("play 7g7f △３四歩 角成").text;
    assert!(after.contains("`角成` is not a legal move here"), "{after}");
    let after = s.execute("play 7g7f △３四歩 ２二角成").text;
    assert!(after.contains("last move: ▲２二角成"), "{after}");
    let moves = s.execute("moves").text;
    assert!(
        moves.contains("△同　銀") && moves.contains("△５二金右"),
        "{moves}"
    );
    s.execute("set notation western");
    assert!(s.execute("moves").text.contains("G4a-5b"));
    let said = s.execute("play Sx2b").text;
    assert!(said.contains("last move: Sx2b"), "{said}");
    let history = s.execute("history").text;
    assert!(
        history.contains("7g7f") && history.contains("3a2b"),
        "{history}"
    );
    s.execute("set notation generic");
    let go = s.execute("go depth 2").text;
    let line = go.lines().find(|l| l.contains("line:")).unwrap_or_default();
    assert!(
        [
            "Pawn", "Silver", "Gold", "Bishop", "Rook", "King", "Lance", "Knight"
        ]
        .iter()
        .any(|name| line.contains(name)),
        "{go}"
    );
    // A text that names two moves says which they are, and nothing changes.
    let sfen = s.position().to_sfen();
    let two = s.execute("play G-5h").text;
    assert!(two.contains("could be any of 6i5h, 4i5h"), "{two}");
    assert_eq!(s.position().to_sfen(), sfen);
    let refused = s.execute("set notation kif").text;
    assert!(
        refused.starts_with("error: cannot set `notation`"),
        "{refused}"
    );
}

/// The computer in the REPL: `go` shows a legal best move without playing it, `values` lists every face,
/// `computer plays both` plays the game to an end its rules give, and its moves can be taken back.
#[test]
fn the_computer_thinks_and_plays() {
    let mut s = open("minishogi");
    let before = s.position().to_sfen();
    let go = s.execute("go depth 3").text;
    let at = go.find("best move ").expect("a best move");
    assert_eq!(s.position().to_sfen(), before, "go plays nothing");
    let best = go[at + "best move ".len()..]
        .split_whitespace()
        .next()
        .unwrap();
    let mv = s.position().parse_usi(best).unwrap();
    assert!(s.position().legal_moves().contains(&mv));
    let values = s.execute("values").text;
    for face in &s.rules().faces {
        assert!(values.contains(&face.name), "{values}");
    }
    assert!(
        values.contains("the tuned weights of minishogi.weights"),
        "mini shogi ships tuned weights: {values}"
    );
    let mut m = open("minishogi");
    m.execute("position sfen k4/5/1G3/5/4K b G 1");
    let go = m.execute("go depth 3").text;
    assert!(
        go.contains("best move G*5b") && go.contains("win in 1"),
        "{go}"
    );
    let mut both = open("micromini");
    let played = both.execute("computer plays both nodes 500").text;
    assert!(played.contains("game over"), "{played}");
    assert!(both.game().outcome().is_some());
    let n = both.game().moves().len();
    both.execute("computer plays off");
    both.execute("undo 2");
    assert_eq!(both.game().moves().len(), n - 2);
    for bad in [
        "go sideways",
        "go depth 0",
        "analyse 99",
        "computer plays nobody",
        "computer",
        "hint now",
    ] {
        let reply = both.execute(bad).text;
        assert!(
            reply.starts_with("error:") && !reply.contains('\n'),
            "{bad}: {reply}"
        );
    }
}

/// Two kings on an empty board, with no repetition rule: a game that can go on for ever.
const SHUFFLE: &str = "game \"Shuffle\"\nboard 3 x 3\npiece King K moves \"K\" royal\nstart \"k2/3/2K b - 1\"\nend { no legal move: side to move loses }\n";

#[test]
fn undo_takes_moves_back_in_place_after_a_long_game() {
    let loader = HostLoader {
        host: Host::new(Memory::new().with("shuffle.game", SHUFFLE)),
        render: messages,
    };
    let mut s = Session::open(Box::new(loader), "shuffle.game", Style::default()).unwrap();
    let cycle = "1c1b 3a3b 1b1c 3b3a ";
    for _ in 0..50 {
        let line = format!("play {}", cycle.repeat(100));
        assert!(!s.execute(&line).text.starts_with("error"));
    }
    assert_eq!(s.game().moves().len(), 20_000);
    // 2,000 undos: each takes one move back; none plays the game again from the start (which, at 20,000
    // moves a time, would take minutes even here).
    for _ in 0..2_000 {
        assert!(!s.execute("undo").text.starts_with("error"));
    }
    assert_eq!(s.game().moves().len(), 18_000);
    assert!(s.position().to_sfen().starts_with("k2/3/2K b - "));
    assert!(s.execute("redo").text.contains("last move: 1c1b"));
}

#[test]
fn reload_of_a_file_that_is_gone_keeps_the_rules_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("minishogi");
    std::fs::write(&file, SHUFFLE).unwrap();
    let loader = HostLoader {
        host: Host::disk(),
        render: messages,
    };
    let name = file.display().to_string();
    let mut s = Session::open(Box::new(loader), &name, Style::default()).unwrap();
    assert_eq!(s.rules().name, "Shuffle");
    std::fs::remove_file(&file).unwrap();
    let reply = s.execute("reload").text;
    assert!(reply.contains("is no longer there"), "{reply}");
    assert_eq!(s.rules().name, "Shuffle", "not the embedded mini shogi");
}

/// The computer reads the weights beside a game's file (and again after `reload`); a broken weights file makes
/// `go` say which line is wrong, and changes nothing.
#[test]
fn the_computer_reads_the_weights_beside_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mini.game");
    std::fs::write(&file, include_str!("../../../games/minishogi.game")).unwrap();
    std::fs::write(
        dir.path().join("mini.weights"),
        "tempo 10\nmobility Rook fast\n",
    )
    .unwrap();
    let loader = HostLoader {
        host: Host::disk(),
        render: messages,
    };
    let mut s = Session::open(
        Box::new(loader),
        &file.display().to_string(),
        Style::default(),
    )
    .unwrap();
    let sfen = s.game().position().to_sfen();
    let reply = s.execute("go depth 2").text;
    assert!(
        reply.contains("mini.weights: line 2: `fast` is not a whole number"),
        "{reply}"
    );
    assert_eq!(s.game().position().to_sfen(), sfen);
    std::fs::write(
        dir.path().join("mini.weights"),
        "tempo 10\nmobility Rook 5\n",
    )
    .unwrap();
    let reply = s.execute("reload").text;
    assert!(!reply.contains("error"), "{reply}");
    let reply = s.execute("go depth 2").text;
    assert!(reply.contains("best move"), "{reply}");
}

/// `reset` is the game's start even after editing; the second player's hand is written in its own case, as
/// on the board and in the SFEN; `go` without a terminal gives each iteration before its answer.
#[test]
fn reset_hands_and_go_say_what_the_help_says() {
    let mut s = open("minishogi");
    let start = s.position().to_sfen();
    s.execute("clear");
    assert_ne!(s.position().to_sfen(), start);
    s.execute("reset");
    assert_eq!(s.position().to_sfen(), start, "reset after clear");
    s.execute("position sfen rbsgk/4p/5/P4/KGSB1 w Rp 1");
    let view = s.execute("position sfen rbsgk/4p/5/P4/KGSB1 w Rp 1").text;
    assert!(view.contains("second player  hand: p  (to move)"), "{view}");
    assert!(view.contains("first player   hand: R"), "{view}");
    s.execute("reset");
    let go = s.execute("go depth 3").text;
    for depth in 1..=3 {
        assert!(go.contains(&format!("  depth  {depth}  score ")), "{go}");
    }
    assert!(go.contains("\nbest move "), "{go}");
}

/// `moves SQUARE` lists only the moves of the side to move's piece on that square, and says why when there is
/// none to list: an empty square, an enemy piece, a square the board does not have.
#[test]
fn moves_of_one_square() {
    let mut s = open("shogi");
    let all = s.execute("moves").text;
    assert!(all.starts_with("30 legal moves"), "{all}");
    let rook = s.execute("moves 2h").text;
    assert!(rook.starts_with("6 legal moves"), "{rook}");
    assert!(rook.contains("Rook 2h") && rook.contains("2h1h"), "{rook}");
    assert!(!rook.contains("7g7f"), "{rook}");
    let knight = s.execute("moves 8i").text;
    assert_eq!(knight, "0 legal moves\n  Knight 8i: none");
    for (line, said) in [
        ("moves 5e", "error: 5e is empty"),
        (
            "moves 5a",
            "error: the King on 5a is the second player's, and the first player is to move",
        ),
        ("moves 0z", "error: `0z` is not a square of this board"),
        ("moves 2h 8h", "error: too many arguments for `moves`"),
    ] {
        let text = s.execute(line).text;
        assert!(text.starts_with(said), "{line}: {text}");
    }
    s.execute("play 7g7f");
    let king = s.execute("moves 5a").text;
    assert!(
        king.starts_with("3 legal moves") && king.contains("5a4b"),
        "{king}"
    );
}
