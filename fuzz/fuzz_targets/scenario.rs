//! Fuzz target `scenario`: see `koma_invariants::scenario_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| koma_invariants::scenario_text(data));
