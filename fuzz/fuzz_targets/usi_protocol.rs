//! Fuzz target `usi_protocol`: see `koma_invariants::usi_protocol`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| koma_invariants::usi_protocol(data));
