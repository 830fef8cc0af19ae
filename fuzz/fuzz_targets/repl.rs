//! Fuzz target `repl`: see `koma_invariants::repl_lines`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| koma_invariants::repl_lines(data));
