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
