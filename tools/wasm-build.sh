#!/usr/bin/env bash
# The browser build that `koma site` puts in its sites: crate koma-wasm compiled to WebAssembly (profile
# `wasm`) and wasm-bindgen's glue for a classic script, written to target/wasm-pkg/.
# Needs the target (`rustup target add wasm32-unknown-unknown`) and wasm-bindgen-cli of the version the crate
# pins (`cargo install wasm-bindgen-cli --version 0.2.130`); .ci/run installs both.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build -p koma-wasm --target wasm32-unknown-unknown --profile wasm
wasm-bindgen --target no-modules --no-typescript --out-dir target/wasm-pkg \
  target/wasm32-unknown-unknown/wasm/koma_wasm.wasm
ls -l target/wasm-pkg
