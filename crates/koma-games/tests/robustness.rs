//! Malformed input never panics: mutated `.game` sources, SFENs and USI moves all give errors with
//! spans inside the text, and a rejected move leaves the position as it was.

use koma_vm::{Position, Rng};

mod common;

const NOISE: &[char] = &[
    '"', '{', '}', ':', '+', '-', '.', '/', '@', '0', '9', '\n', ' ', 'x', 'K', 'f', 'W', '*', 'é',
];

fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() + 1).min(chars.len());
        match rng.below(4) {
            0 if at < chars.len() => {
                let len = (1 + rng.below(12)).min(chars.len() - at);
                chars.drain(at..at + len);
            }
            1 => chars.insert(at, NOISE[rng.below(NOISE.len())]),
            2 if at < chars.len() => chars[at] = NOISE[rng.below(NOISE.len())],
            _ => {
                let from = rng.below(chars.len());
                let piece: Vec<char> = chars[from..(from + 20).min(chars.len())].to_vec();
                chars.splice(at..at, piece);
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn mutated_game_files_give_spanned_errors() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut rejected = 0;
    for i in 0..5000 {
        let source = koma_games::GAMES[i % koma_games::GAMES.len()].source;
        let text = mutate(&mut rng, source);
        if let Err(diags) = koma_host::Host::embedded().load_text("mutant.game", &text) {
            rejected += 1;
            assert!(!diags.is_empty());
            diags.iter().for_each(koma_invariants::diagnostic);
        }
    }
    assert!(rejected > 1500, "only {rejected} mutations were rejected");
}

#[test]
fn mutated_sfens_and_usi_moves_never_panic() {
    let rules = koma_host::Host::embedded()
        .load("minishogi")
        .unwrap()
        .compiled
        .rules;
    let mut rng = Rng(0x0bad_cafe_f00d_d00d);
    let seeds = [
        "rbsgk/4p/5/P4/KGSBR b - 1",
        "1G1ks/2pB1/2r2/P4/K2+bG w Sr 12",
        "k4/2S2/1G3/5/4K b 2P 1",
    ];
    for i in 0..5000 {
        let text = mutate(&mut rng, seeds[i % seeds.len()]);
        match Position::from_sfen(&rules, &text) {
            Ok(pos) => {
                let again =
                    Position::from_sfen(&rules, &pos.to_sfen()).expect("printed SFEN reads back");
                assert_eq!(again, pos);
            }
            Err(e) => assert!(
                e.span.end <= text.len() && e.span.start <= e.span.end,
                "{e:?} for {text}"
            ),
        }
    }
    let pos = Position::start(&rules);
    let before = pos.to_sfen();
    for _ in 0..5000 {
        let text = mutate(&mut rng, "5e4d P*3c 2e1a+");
        let _ = pos.parse_usi(&text);
        let word = text.split(' ').next().unwrap_or("");
        let _ = pos.parse_usi(word);
    }
    assert_eq!(pos.to_sfen(), before);
}
