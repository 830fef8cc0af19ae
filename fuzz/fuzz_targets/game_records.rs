//! Fuzz target `game_records`: see `koma_invariants::record_text` (KIF, CSA, USI and JSON game records).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| koma_invariants::record_text(data));
