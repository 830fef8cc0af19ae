//! Fuzz target `lsp`: see `koma_invariants::lsp_messages`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| koma_invariants::lsp_messages(data));
