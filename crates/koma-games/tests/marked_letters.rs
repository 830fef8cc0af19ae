//! Piece letters with marks (`G'`, `S!`): a test game that is mini shogi with its Gold written `G'` and its
//! Silver `S!` plays move for move as mini shogi, and its SFEN and USI texts read back to what they were.

use std::sync::Arc;

use koma_vm::{Game, Position, Rules};

mod common;

fn marked() -> Arc<Rules> {
    common::test_game("marked-minishogi")
}

/// Mini shogi's SFEN written with the marked letters.
fn with_marks(sfen: &str) -> String {
    let mut fields: Vec<String> = sfen.split(' ').map(str::to_string).collect();
    for i in [0, 2] {
        fields[i] = fields[i]
            .chars()
            .flat_map(|c| match c {
                'G' | 'g' => vec![c, '\''],
                'S' | 's' => vec![c, '!'],
                _ => vec![c],
            })
            .collect();
    }
    fields.join(" ")
}

#[test]
fn marked_letters_play_as_the_game_they_rename() {
    let (mini, marked) = (common::rules("minishogi"), marked());
    let mut drops_seen = 0;
    for seed in 0..8u64 {
        let (mut a, mut b) = (Game::start(&mini), Game::start(&marked));
        for ply in 0..120u64 {
            if a.outcome().is_some() {
                break;
            }
            let (ma, mb) = (a.legal_moves(), b.legal_moves());
            assert_eq!(ma.len(), mb.len(), "seed {seed} ply {ply}");
            let pick = ((seed * 7919 + ply * 104_729) % ma.len() as u64) as usize;
            let pos = b.position();
            // Every USI text reads back as its move, drops of marked letters (`S!*3c`) among them.
            for &mv in &mb {
                let text = marked.move_name(mv);
                assert_eq!(pos.parse_usi(&text).unwrap(), mv, "{text}");
                drops_seen += usize::from(text.contains("!*") || text.contains("'*"));
            }
            a.play(ma[pick]);
            b.play(mb[pick]);
            let sfen = b.position().to_sfen();
            assert_eq!(
                sfen,
                with_marks(&a.position().to_sfen()),
                "seed {seed} ply {ply}"
            );
            let back = Position::from_sfen(&marked, &sfen).unwrap();
            assert_eq!(back.to_sfen(), sfen);
            assert_eq!(back.legal_moves().len(), b.legal_moves().len());
        }
    }
    assert!(drops_seen > 0, "the games dropped no marked piece");
}

#[test]
fn marked_letters_are_told_apart_and_errors_name_them() {
    let marked = marked();
    // `s'` is not a piece here (the Silver is `s!`), nor is a letter with four marks.
    for (sfen, says) in [
        (
            "rbs'g'k/4p/5/P4/KG'S!BR b - 1",
            "`s'` is not a piece of this game",
        ),
        (
            "rbs!!!!g'k/4p/5/P4/KG'S!BR b - 1",
            "`s!!!!` is not a piece of this game",
        ),
        ("rbs!g'k/4p/5/P4/KG'S!BR b 2G'' 1", "`G''` cannot be held"),
        (
            "rbs!g'k/4p/5/P4/KG'S!BR b 2 1",
            "followed by a piece letter",
        ),
    ] {
        let err = Position::from_sfen(&marked, sfen).unwrap_err();
        assert!(err.to_string().contains(says), "{sfen}: {err}");
    }
    let pos = Position::from_sfen(&marked, "rb2k/4p/5/P4/KG'S!BR b g's! 1").unwrap();
    assert_eq!(pos.to_sfen(), "rb2k/4p/5/P4/KG'S!BR b g's! 1");
    assert!(pos.parse_usi("S*3c").is_err());
    assert!(
        pos.parse_usi("s!*3c").is_err(),
        "drops are written in uppercase"
    );
}
