//! Inputs the fuzz targets found worth keeping (`fuzz/regressions/TARGET/`), replayed with the same checks.

use std::path::Path;

fn replay(target: &str, check: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/regressions")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_file() && path.file_name().is_some_and(|f| f != "README.md") {
            check(&std::fs::read(&path).unwrap());
            n += 1;
        }
    }
    n
}

fn vm(bytes: &[u8]) {
    if let Some((&game, choices)) = bytes.split_first() {
        let rules = koma_invariants::shipped();
        koma_invariants::play(&rules[game as usize % rules.len()], choices);
    }
}

#[test]
fn saved_fuzz_inputs_still_pass() {
    let counts = [
        replay("game", koma_invariants::game_text),
        replay("sfen", koma_invariants::sfen_text),
        replay("usi", koma_invariants::usi_text),
        replay("repl", koma_invariants::repl_lines),
        replay("vm", vm),
        replay("scenario", koma_invariants::scenario_text),
        replay("extends", koma_invariants::extends_chain),
        replay("usi_protocol", koma_invariants::usi_protocol),
        replay("lsp", koma_invariants::lsp_messages),
        replay("web", koma_invariants::web_request),
        replay("records", koma_invariants::selfplay_records),
        replay("game_records", koma_invariants::record_text),
    ];
    assert!(
        counts.iter().all(|&n| n > 0),
        "every target keeps some inputs: {counts:?}"
    );
}
