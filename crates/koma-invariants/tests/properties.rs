//! Property tests of the VM's invariants (proptest): random games of every shipped game, random SFEN and USI
//! text, random REPL lines.

use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(game in 0usize..64, choices in proptest::collection::vec(any::<u8>(), 0..60)) {
        let rules = koma_invariants::shipped();
        koma_invariants::play(&rules[game % rules.len()], &choices);
    }

    #[test]
    fn random_chu_games_where_lions_meet_or_kings_are_bared_keep_every_invariant(pick in 0usize..128, choices in proptest::collection::vec(any::<u8>(), 0..12)) {
        let positions = koma_invariants::chu_positions();
        koma_invariants::play_from(positions[pick % positions.len()].clone(), &choices);
    }

    #[test]
    fn any_sfen_text_is_read_or_refused_with_a_span(text in "[-+ 0-9a-zA-Z/]{0,40}") {
        koma_invariants::sfen_text(text.as_bytes());
    }

    #[test]
    fn any_usi_text_is_played_or_refused_without_change(text in "[-+* 0-9a-eA-Z]{0,40}") {
        koma_invariants::usi_text(text.as_bytes());
    }

    #[test]
    fn any_record_text_is_read_or_refused_at_a_line(
        text in "(手数----指手\n|PI\n|[+-][0-9]{4}(FU|KA|HI|OU|TO)\n|[ 0-9]{0,4}(同　|[１-９][一-九])[歩角飛玉金銀](成|打)?(\\([0-9]{2}\\))?\n|position startpos moves [0-9a-i+*PBR ]{0,20}\n|\\{\"moves\": \\[\"[0-9a-e]{4}\"\\]\\}|%TORYO\n|投了\n){0,12}"
    ) {
        koma_invariants::record_text(text.as_bytes());
    }

    #[test]
    fn any_repl_lines_keep_the_session_sound(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        koma_invariants::repl_lines(&bytes);
    }
}

#[test]
fn the_shipped_games_and_their_mutations_pass_the_game_checks() {
    for g in koma_games::GAMES {
        koma_invariants::game_text(g.source.as_bytes());
        let mut text = g.source.as_bytes().to_vec();
        text.insert(text.len() / 2, 0xff);
        koma_invariants::game_text(&text);
    }
}
