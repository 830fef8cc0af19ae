//! Fuzz target `extends`: see `koma_invariants::extends_chain`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| koma_invariants::extends_chain(data));
