//! `range capture`, position by position: what a ranked slider may jump and take, what shields a piece from
//! it, and the check rules when it may take a king by jumping. The exact counts are in the perft suites
//! (`tenjiku-generals-*.perft`, from tools/shogivar_tables.py).

use koma_vm::{Position, Rules};
use std::sync::Arc;

mod common;
use common::{moves_from, test_game};

/// The moves of the piece on 8p along file 8.
fn up_file_8(pos: &Position) -> Vec<String> {
    moves_from(pos, "8p")
        .into_iter()
        .filter(|m| m[2..].starts_with('8'))
        .collect()
}

fn at(rules: &Arc<Rules>, sfen: &str) -> Position {
    Position::from_sfen(rules, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

#[test]
fn a_rook_general_jumps_lower_pieces_of_both_sides_and_stops_at_its_own_rank() {
    let rules = test_game("tenjiku-generals");
    // Black's Rook General on 8p looks up file 8: its own Pawn (8o), White's Gold (8l), White's Pawn (8i),
    // White's Bishop General (8f, its own rank), White's Pawn (8c).
    let pos = at(
        &rules,
        "16/16/8p7/16/16/8b'7/16/16/8p7/16/16/8g7/16/16/8P7/K7R'6k b - 1",
    );
    let up = up_file_8(&pos);
    // Nothing before its own Pawn; beyond it, the Gold and the Pawn it may take by jumping; the Bishop
    // General ends the line, and the Pawn behind it is out of reach.
    assert_eq!(up, ["8p8i", "8p8l"], "{up:?}");
}

#[test]
fn the_first_piece_on_the_line_is_taken_whatever_its_rank() {
    let rules = test_game("tenjiku-generals");
    // The Rook General next to White's Great General takes it by a plain capture, and may not jump it.
    let pos = at(
        &rules,
        "16/16/16/16/16/16/16/16/16/16/16/16/8p7/16/8g'7/K7R'6k b - 1",
    );
    let up = up_file_8(&pos);
    assert_eq!(up, ["8p8o"], "{up:?}");
}

#[test]
fn a_king_ranked_highest_is_taken_only_along_an_open_line() {
    let rules = test_game("tenjiku-generals");
    // White's King behind a Pawn on Black's Great General's file: the General takes the Pawn, not the King.
    let pos = at(
        &rules,
        "16/16/16/16/16/16/16/16/16/16/8k7/8p7/16/16/16/K7G'7 b - 1",
    );
    let up = up_file_8(&pos);
    assert_eq!(up, ["8p8l", "8p8m", "8p8n", "8p8o"], "{up:?}");
}

#[test]
fn an_unranked_king_is_checked_through_lower_pieces_and_shielded_only_by_rank() {
    let rules = test_game("range-check");
    // White's General on 5a looks down file 5 past Black's Pawn on 5d to Black's King on 5e: check.
    let pos = at(&rules, "g'4/4k/5/P4/K4 b G'Gp 1");
    assert!(pos.in_check());
    let mut all: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| pos.rules().move_name(m))
        .collect();
    all.sort();
    // The King steps aside, or a General is dropped between (a Gold, of lower rank, shields nothing, and the
    // Pawn's step leaves it in the line).
    assert_eq!(all, ["5e4d", "5e4e", "G'*5b", "G'*5c"], "{all:?}");
    // Dropped between, the General ends the check.
    let mut shielded = pos.clone();
    shielded.make(pos.parse_usi("G'*5c").unwrap());
    assert!(!shielded.royal_attacked(koma_vm::Player::First));
}

#[test]
fn range_capture_is_part_of_the_rules_card() {
    let rules = test_game("tenjiku-generals");
    let words = rules
        .range_capture_words()
        .expect("the game says range capture");
    assert!(
        words.contains("King > GreatGeneral, GreatGeneralPromoted > ViceGeneral"),
        "{words}"
    );
    let general = rules
        .faces
        .iter()
        .position(|f| f.name == "RookGeneral")
        .unwrap();
    let general = koma_vm::FaceId::new(general as u16);
    assert!(rules.captures_by_range(general));
    assert_eq!(rules.range_rank(general), Some((4, 4)));
}

#[test]
fn a_refused_range_capture_names_what_refuses_it() {
    let rules = test_game("tenjiku-generals");
    let pos = at(
        &rules,
        "16/16/8p7/16/16/8b'7/16/16/8p7/16/16/8g7/16/16/8P7/K7R'6k b - 1",
    );
    let refusal = |usi: &str| match pos.parse_usi(usi) {
        Ok(_) => panic!("{usi} is legal"),
        Err(koma_vm::UsiError::Illegal { reason, .. }) => reason,
        Err(e) => panic!("{usi}: {e}"),
    };
    // Beyond the Bishop General, of the Rook General's own rank.
    let beyond = refusal("8p8c");
    assert_eq!(beyond.name(), "outranked");
    assert!(
        beyond.to_string().contains("BishopGeneral on 8f"),
        "{beyond}"
    );
    assert!(beyond.origin().is_some());
    // The Bishop General itself.
    assert_eq!(refusal("8p8f").name(), "outranked");
    // An empty square past the Pawn it could jump.
    let empty = refusal("8p8n");
    assert_eq!(empty.name(), "jump-without-capture");
    assert_eq!(
        empty.to_string(),
        "the RookGeneral jumps only to capture, and 8n is empty (range capture)"
    );
}

/// The moves of the piece on `from` along its file.
fn along_file(pos: &Position, from: &str) -> Vec<String> {
    let file = &from[..1];
    let mut out: Vec<String> = moves_from(pos, from)
        .into_iter()
        .filter(|m| &m[2..3] == file)
        .collect();
    out.sort();
    out
}

#[test]
fn taking_every_piece_jumped_the_general_passes_friend_and_foe_and_stops_before_its_list() {
    let rules = test_game("range-takes");
    // Black's Great General on 5h looks up file 5: its own Pawn (5f), its own Gold (5d), White's Gold (5b) and
    // White's King (5a), which its list names.
    let pos = at(&rules, "4k4/4g4/9/4G4/9/4P4/9/4G'4/K8 b - 1");
    // It stops on every empty square on the way and takes the enemy Gold; never on its own pieces, and the
    // King ends the line before it.
    assert_eq!(
        along_file(&pos, "5h"),
        ["5h5b", "5h5c", "5h5e", "5h5g", "5h5i"]
    );
    // A piece of its list is not taken even next to it: an enemy Great General on 5g ends the line at once.
    let pos = at(&rules, "4k4/9/9/9/9/9/4g'4/4G'4/K8 b - 1");
    assert_eq!(along_file(&pos, "5h"), ["5h5i"]);
}

#[test]
fn a_jump_takes_what_it_passes_and_unmake_puts_it_back() {
    let rules = test_game("range-takes");
    let sfen = "4k4/4g4/9/4G4/9/4P4/9/4G'4/K8 b - 1";
    let mut pos = at(&rules, sfen);
    let key = pos.key();
    let mv = pos.parse_usi("5h5b").expect("the jump to the enemy Gold");
    let jumped: Vec<String> = pos
        .jumped_by(mv)
        .into_iter()
        .map(|sq| rules.square_name(sq))
        .collect();
    assert_eq!(jumped, ["5f", "5d"]);
    pos.make(mv);
    // The Pawn, the Gold of its own side and White's Gold are gone: the General stands on 5b.
    assert_eq!(pos.to_sfen(), "4k4/4G'4/9/9/9/9/9/9/K8 w - 2");
    pos.unmake();
    assert_eq!(pos.to_sfen(), sfen);
    assert_eq!(pos.key(), key);
}

#[test]
fn a_range_capturer_takes_the_piece_its_short_jump_passes_over() {
    let rules = test_game("range-takes");
    // The Vice General's two-square jump along file 5 passes over White's Pawn on 5d, and takes it, as the
    // engine does for every straight move of a piece that captures by range.
    let mut pos = at(&rules, "4k4/9/9/4p4/4V'4/9/9/9/K8 b - 1");
    let mv = pos.parse_usi("5e5c").expect("the Vice General's jump");
    pos.make(mv);
    assert_eq!(pos.to_sfen(), "4k4/9/4V'4/9/9/9/9/9/K8 w - 2");
}

#[test]
fn a_listed_piece_refuses_the_jump_in_words() {
    let rules = test_game("range-takes");
    let pos = at(&rules, "4k4/4g4/9/4G4/9/4P4/9/4G'4/K8 b - 1");
    match pos.parse_usi("5h5a") {
        Err(koma_vm::UsiError::Illegal { reason, .. }) => {
            assert_eq!(reason.name(), "outranked");
            assert_eq!(
                reason.to_string(),
                "the GreatGeneral may not take by a jump the King on 5a (range capture)"
            );
        }
        other => panic!("5h5a: {other:?}"),
    }
    let words = rules
        .range_capture_words()
        .expect("the game says range capture");
    assert!(
        words.contains("GreatGeneral may not jump King, GreatGeneral")
            && words.contains("takes every piece it jumps"),
        "{words}"
    );
}

/// Exchange values for `range-takes.game`: each face's value by name.
fn range_takes_values(rules: &Arc<Rules>) -> koma_vm::ExchangeValues {
    let by_face = rules
        .faces
        .iter()
        .map(|f| match f.name.as_str() {
            "King" => 1000,
            "GreatGeneral" => 12,
            "ViceGeneral" => 10,
            "Gold" => 5,
            "Pawn" => 1,
            other => panic!("a face the test does not value: {other}"),
        })
        .collect();
    koma_vm::ExchangeValues::new(rules, by_face)
}

#[test]
fn static_exchange_counts_the_pieces_a_jump_takes() {
    let rules = test_game("range-takes");
    let values = range_takes_values(&rules);
    // Taking White's Gold on 5b costs the General its own Pawn and Gold, which it jumps: 5 - 1 - 5.
    let pos = at(&rules, "k8/4g4/9/4G4/9/4P4/9/4G'4/K8 b - 1");
    let mv = pos.parse_usi("5h5b").expect("the jump to the enemy Gold");
    assert_eq!(pos.exchange_value(mv, &values), -1);
    assert!(!pos.exchange_at_least(mv, &values, 0));
    // Over White's Pawn instead, the jump wins both: 5 + 1. Taking the Pawn alone wins 1.
    let pos = at(&rules, "k8/4g4/9/4p4/9/9/9/4G'4/K8 b - 1");
    let mv = pos.parse_usi("5h5b").expect("the jump to the enemy Gold");
    assert_eq!(pos.exchange_value(mv, &values), 6);
    let mv = pos.parse_usi("5h5d").expect("the capture of the Pawn");
    assert_eq!(pos.exchange_value(mv, &values), 1);
}

#[test]
fn a_jump_that_takes_the_movers_own_last_king_loses_the_game() {
    let rules = test_game("range-takes");
    // Black's Vice General jumps back over its own King (5d-5f): the jump takes the King, and Black loses at
    // once, as the engine ends the game.
    let pos = at(&rules, "4k4/9/9/4V'4/4K4/9/9/9/9 b - 1");
    let mut game = koma_vm::Game::new(pos);
    let mv = game
        .position()
        .parse_usi("5d5f")
        .expect("the jump over its own King");
    assert!(game.legal_moves().contains(&mv));
    game.play(mv);
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(
        outcome.result,
        koma_vm::GameResult::Win(koma_vm::Player::Second)
    );
    assert!(game.legal_moves().is_empty());
}
