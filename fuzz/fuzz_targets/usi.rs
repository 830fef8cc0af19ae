//! Fuzz target `usi`: see `koma_invariants::usi_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| koma_invariants::usi_text(data));
