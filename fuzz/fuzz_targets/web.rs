//! Fuzz target `web`: see `koma_invariants::web_request`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| koma_invariants::web_request(data));
