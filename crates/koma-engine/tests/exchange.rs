//! Static exchange values on hand-made positions, one for each kind of movement an exchange meets: leapers,
//! a slider behind another (x-ray), a hopper that recaptures over a screen, a lame leaper blocked and free, a
//! promotion as the piece takes, and a king that may only recapture an undefended square. Each expected value
//! is written with the pieces' exchange values, so the test holds whatever values the rules derive.

use std::sync::Arc;

use koma_engine::Evaluator;
use koma_vm::{ExchangeValues, Position, Rules};

/// Mini shogi with a cannon (a rook that hops over one piece to take) and a lame elephant (a two-square
/// diagonal leap blocked by a piece on the way).
const GAME: &str = r#"game "Exchange test" extends "minishogi"
piece Cannon   C  moves "pR"
piece Elephant E  moves "nA"
"#;

struct Exchange {
    rules: Arc<Rules>,
    values: ExchangeValues,
}

impl Exchange {
    fn new() -> Exchange {
        let loaded = koma_host::Host::embedded()
            .load_text("exchange.game", GAME)
            .unwrap_or_else(|d| panic!("{d:?}"));
        let rules = loaded.rules().clone();
        let values = Evaluator::new(&rules).exchange.clone();
        Exchange { rules, values }
    }

    /// The exchange value of the face named `name`.
    fn v(&self, name: &str) -> i32 {
        let face = self
            .rules
            .faces
            .iter()
            .position(|f| f.name == name)
            .unwrap_or_else(|| panic!("no face {name}"));
        self.values.by_face()[face]
    }

    /// The exchange value of the USI move `mv` in the position `sfen`.
    fn see(&self, sfen: &str, mv: &str) -> i32 {
        let pos = Position::from_sfen(&self.rules, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        let mv = pos
            .parse_usi(mv)
            .unwrap_or_else(|e| panic!("{sfen} {mv}: {e}"));
        pos.exchange_value(mv, &self.values)
    }
}

#[test]
fn an_undefended_piece_is_won_and_a_defended_one_costs_the_taker() {
    let x = Exchange::new();
    assert_eq!(x.see("4k/5/2p2/2G2/K4 b - 1", "3d3c"), x.v("Pawn"));
    // The Silver on 3b recaptures the Gold.
    assert_eq!(
        x.see("4k/2s2/2p2/2G2/K4 b - 1", "3d3c"),
        x.v("Pawn") - x.v("Gold")
    );
    // A quiet move and a drop exchange nothing until the move's piece is attacked.
    assert_eq!(x.see("4k/5/5/2G2/K4 b - 1", "3d3c"), 0);
    assert_eq!(x.see("4k/5/5/5/K4 b P 1", "P*3c"), 0);
}

#[test]
fn a_drop_where_it_can_be_taken_loses_the_piece() {
    let x = Exchange::new();
    // The Silver on 3b takes a Gold dropped on 3c.
    assert_eq!(x.see("4k/2s2/5/5/K4 b G 1", "G*3c"), -x.v("Gold"));
    // Defended by the Gold on 3d, the dropped Gold still costs the difference when the Silver takes it.
    assert_eq!(
        x.see("4k/2s2/5/2G2/K4 b G 1", "G*3c"),
        x.v("Silver") - x.v("Gold")
    );
    // A quiet move onto an attacked square loses its piece the same way.
    assert_eq!(x.see("4k/2s2/5/2G2/K4 b - 1", "3d3c"), -x.v("Gold"));
}

#[test]
fn a_slider_behind_the_taker_joins_the_exchange() {
    let x = Exchange::new();
    // Rook takes, Silver takes the Rook, the second Rook (behind the first) takes the Silver.
    assert_eq!(
        x.see("4k/2s2/2p2/2R2/K1R2 b - 1", "3d3c"),
        x.v("Pawn") - x.v("Rook") + x.v("Silver")
    );
}

#[test]
fn a_hopper_recaptures_over_a_screen() {
    let x = Exchange::new();
    // The Cannon on 3a hops over the first player's Pawn on 3b to retake on 3c.
    assert_eq!(
        x.see("2c1k/2P2/2p2/5/K1R2 b - 1", "3e3c"),
        x.v("Pawn") - x.v("Rook")
    );
    // Without a screen it does not.
    assert_eq!(x.see("2c1k/5/2p2/5/K1R2 b - 1", "3e3c"), x.v("Pawn"));
    // The Cannon takes over a screen of its own side's.
    assert_eq!(x.see("4k/5/2p2/2P2/K1C2 b - 1", "3e3c"), x.v("Pawn"));
}

#[test]
fn a_lame_leaper_recaptures_only_when_its_way_is_free() {
    let x = Exchange::new();
    assert_eq!(
        x.see("e3k/5/2p2/5/K1R2 b - 1", "3e3c"),
        x.v("Pawn") - x.v("Rook")
    );
    // The first player's Pawn on 4b blocks the Elephant on 5a.
    assert_eq!(x.see("e3k/1P3/2p2/5/K1R2 b - 1", "3e3c"), x.v("Pawn"));
}

#[test]
fn a_capture_that_promotes_counts_the_promotion() {
    let x = Exchange::new();
    assert_eq!(
        x.see("1p2k/5/5/5/KR3 b - 1", "4e4a+"),
        x.v("Pawn") + x.v("Dragon") - x.v("Rook")
    );
    assert_eq!(x.see("1p2k/5/5/5/KR3 b - 1", "4e4a"), x.v("Pawn"));
}

#[test]
fn a_king_recaptures_only_an_undefended_square() {
    let x = Exchange::new();
    assert_eq!(
        x.see("4k/3p1/3G1/5/K4 b - 1", "2c2b"),
        x.v("Pawn") - x.v("Gold")
    );
    // The Rook on 2e defends 2b once the Gold has left 2c: the King may not retake.
    assert_eq!(x.see("4k/3p1/3G1/5/K2R1 b - 1", "2c2b"), x.v("Pawn"));
}
