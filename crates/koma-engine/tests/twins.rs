//! A lion's move in two legs through an empty square reaches the position of its one-leg twin, and the
//! search's list keeps only the twin: checked on random chu shogi positions, where lions stand in the open.

use koma_engine::twins::{remove_twins, twin_of};
use koma_vm::Rng;
use koma_vm::{Game, Move, Position};

#[test]
fn every_removed_move_reaches_the_position_of_the_move_kept() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/chushogi.game");
    let rules = koma_host::Host::disk()
        .load(path)
        .unwrap_or_else(|d| panic!("{d:?}"))
        .compiled
        .rules;
    let mut rng = Rng(17);
    let mut removed = 0;
    for _ in 0..6 {
        let mut game = Game::new(Position::start(&rules));
        for _ in 0..120 {
            if game.outcome().is_some() {
                break;
            }
            let pos = game.position().clone();
            let moves = pos.legal_moves();
            let singles: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| m.mid().is_none())
                .collect();
            let mut kept = moves.clone();
            remove_twins(&pos, &mut kept);
            for &mv in &moves {
                let Some(twin) = twin_of(&pos, mv, &singles) else {
                    assert!(kept.contains(&mv), "{mv:?} has no twin but was removed");
                    continue;
                };
                removed += 1;
                assert!(!kept.contains(&mv) && kept.contains(&twin));
                let mut a = pos.clone();
                a.make(mv);
                let mut b = pos.clone();
                b.make(twin);
                assert_eq!(a.key(), b.key(), "{mv:?} and {twin:?} in {}", pos.to_sfen());
                assert_eq!(a.to_sfen(), b.to_sfen());
            }
            let legal = game.legal_moves();
            game.play(legal[rng.below(legal.len())]);
        }
    }
    assert!(removed > 100, "only {removed} twins met");
}
