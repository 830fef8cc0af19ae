//! Piece values come from the rules: their order in 9x9 shogi is the one players know, a step-forward piece is
//! worth about a pawn, and `value NAME N` replaces a derived value (a child's `value` replaces its parent's for
//! that piece only).

use koma_host::{Embedded, Host, Memory};
use koma_vm::Values;

fn value(values: &Values, rules: &koma_vm::Rules, name: &str) -> i32 {
    let i = rules.faces.iter().position(|f| f.name == name).unwrap();
    values.board[i]
}

#[test]
fn derived_values_rank_shogi_pieces_as_players_do() {
    let rules = Host::embedded().load("shogi").unwrap().compiled.rules;
    let v = Values::automatic(&rules);
    let order = [
        "Dragon", "Rook", "Horse", "Bishop", "Gold", "Silver", "Lance", "Knight", "Pawn",
    ];
    for pair in order.windows(2) {
        assert!(
            value(&v, &rules, pair[0]) > value(&v, &rules, pair[1]),
            "{pair:?}: {v:?}"
        );
    }
    let king = rules.faces.iter().position(|f| f.royal).unwrap();
    assert_eq!(v.board[king], 0, "a royal piece has no material value");
    let pawn = rules.faces.iter().position(|f| f.name == "Pawn").unwrap();
    let mobility = (v.mobility[pawn] * 100.0).round() as i32;
    assert!((90..=110).contains(&mobility), "{mobility}");
    assert!(
        v.hand[pawn] > v.board[pawn],
        "a pawn in hand is worth a little more"
    );
}

#[test]
fn value_statements_replace_derived_values_piece_by_piece() {
    let parent = "game \"P\" extends \"minishogi\"\nvalue Rook 12\nvalue Gold 7\n";
    let child = "game \"C\" extends \"parent\"\nvalue Gold 5.25\n";
    let host = Host::new((
        Memory::new().with("parent", parent).with("child", child),
        Embedded,
    ));
    let rules = host.load("child").unwrap().compiled.rules;
    let v = Values::automatic(&rules);
    assert_eq!(value(&v, &rules, "Rook"), 1200, "inherited from the parent");
    assert_eq!(value(&v, &rules, "Gold"), 525, "the child's own");
    let plain = Values::automatic(&Host::embedded().load("minishogi").unwrap().compiled.rules);
    assert_eq!(
        value(&v, &rules, "Silver"),
        value(&plain, &rules, "Silver"),
        "derived"
    );
    let bad = host.load_text(
        "bad.game",
        "game \"B\" extends \"minishogi\"\nvalue Rook 1.234\n",
    );
    assert_eq!(bad.unwrap_err()[0].code, "koma::syntax");
    let twice = host.load_text(
        "twice.game",
        "game \"T\" extends \"minishogi\"\nvalue Rook 1\nvalue Rook 2\n",
    );
    assert_eq!(twice.unwrap_err()[0].code, "koma::duplicate-statement");
}
