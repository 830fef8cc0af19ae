//! Every text of `piece` and `rules` says what the game's own rules say: for every face of every shipped
//! game, no drop words where no drop can arise, and the game's own promotion condition.

use koma_draw::Style;
use koma_host::Host;
use koma_repl::{HostLoader, Session};
use koma_vm::{FaceId, Player};

fn open(name: &str) -> Session {
    let loader = HostLoader {
        host: Host::embedded(),
        render: |d: &[koma_host::Diagnostic]| {
            d.iter()
                .map(|d| d.message.clone())
                .collect::<Vec<_>>()
                .join("\n")
        },
    };
    Session::open(Box::new(loader), name, Style::default()).unwrap()
}

#[test]
fn piece_and_rules_texts_follow_each_games_own_rules() {
    let mut checked = 0;
    for embedded in koma_games::all() {
        let rules = Host::embedded()
            .load(embedded.name)
            .unwrap()
            .rules()
            .clone();
        let mut s = open(embedded.name);
        let summary = s.execute("rules").text;
        let drops = rules.drops_arise();
        assert_eq!(
            summary.contains("drop rules:"),
            drops,
            "{}: {summary}",
            embedded.name
        );
        assert_eq!(
            summary.contains("there are no drops"),
            !drops,
            "{}: {summary}",
            embedded.name
        );
        for f in FaceId::all(rules.faces.len()) {
            let face = rules.face(f);
            let text = s.execute(&format!("piece {}", face.name)).text;
            let name = format!("{} {}", embedded.name, face.name);
            if !drops {
                assert!(!text.contains("dropped from hand"), "{name}: {text}");
                assert!(
                    text.contains("there are no drops in this game"),
                    "{name}: {text}"
                );
            }
            if face.promotes_to.is_some() && rules.promotion_by_capture {
                assert!(
                    text.contains("when its move captures, and must"),
                    "{name}: {text}"
                );
            } else if face.promotes_to.is_some() {
                let on_entry = rules.origins.promotion_on_entry.is_some();
                assert_eq!(
                    text.contains("on a move that enters the promotion zone, or a capture"),
                    on_entry,
                    "{name}: {text}"
                );
                assert_eq!(
                    text.contains("on a move that starts or ends in the promotion zone"),
                    !on_entry,
                    "{name}: {text}"
                );
                let stranded = !rules
                    .stranded_promotion_squares(Player::First, f)
                    .is_empty();
                assert_eq!(
                    text.contains("may also promote on any move to"),
                    stranded,
                    "{name}: {text}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 150, "{checked}");
}

/// A cannon (`mRcpR`): its diagram marks the squares it reaches by hopping beside its quiet slide, and its
/// words name both components.
#[test]
fn a_hopping_capture_is_drawn_and_named() {
    let game = include_str!("../../../games/minishogi.game")
        .replace(
            "moves \"R\"    promotes to Dragon",
            "moves \"mRcpR\" promotes to Dragon",
        )
        .replace("rbsgk/4p/5/P4/KGSBR", "rbsgk/p4/5/P4/KGSBR");
    let loader = HostLoader {
        host: Host::new((
            koma_host::Memory::new().with("cannon.game", &game),
            koma_host::Embedded,
        )),
        render: |d: &[koma_host::Diagnostic]| {
            d.iter()
                .map(|d| d.message.clone())
                .collect::<Vec<_>>()
                .join("\n")
        },
    };
    let mut s = Session::open(Box::new(loader), "cannon.game", Style::default()).unwrap();
    let text = s.execute("piece Rook").text;
    assert!(text.contains(" m~ m~  R m~ m~"), "{text}");
    assert!(
        text.contains("moves (to an empty square only): any distance orthogonally"),
        "{text}"
    );
    assert!(
        text.contains("captures only: any distance orthogonally, hopping over exactly one piece"),
        "{text}"
    );
    assert!(text.contains("~ hops over a piece"), "{text}");
}

#[test]
fn piece_texts_wrap_their_sentences_and_legend_at_100_columns() {
    // Chu shogi's Lion has the longest sentence of moves of the shipped games.
    let mut s = open("chushogi");
    let text = s.execute("piece Lion").text;
    assert!(text.contains("then a second"), "{text}");
    for line in text.lines() {
        // Quotes of the game file keep its lines as written; everything else fits in 100 columns.
        if line.trim_start().starts_with("line ") {
            continue;
        }
        assert!(
            line.chars().count() <= 100,
            "{} columns: {line}",
            line.chars().count()
        );
    }
    assert!(
        text.lines().any(|l| l.starts_with("~ hops over a piece")),
        "the legend breaks between its entries: {text}"
    );
}
