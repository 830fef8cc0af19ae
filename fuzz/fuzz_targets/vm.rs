//! Fuzz target `vm`: the first byte picks a shipped game, the rest pick moves; see `koma_invariants::play`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some((&game, choices)) = data.split_first() {
        let rules = koma_invariants::shipped();
        koma_invariants::play(&rules[game as usize % rules.len()], choices);
    }
});
