//! Fuzz target `records`: see `koma_invariants::selfplay_records`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| koma_invariants::selfplay_records(data));
