//! Fuzz target `sfen`: see `koma_invariants::sfen_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| koma_invariants::sfen_text(data));
