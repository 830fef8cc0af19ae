//! Fuzz target `game`: see `koma_invariants::game_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| koma_invariants::game_text(data));
