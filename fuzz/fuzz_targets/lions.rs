//! Fuzz target `lions`: the first byte picks a chu shogi position where lions meet (some with a
//! counter-strike square) or an ending near a bare king, the rest pick moves; see
//! `koma_invariants::play_from`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some((&pick, choices)) = data.split_first() {
        let positions = koma_invariants::chu_positions();
        koma_invariants::play_from(positions[pick as usize % positions.len()].clone(), choices);
    }
});
