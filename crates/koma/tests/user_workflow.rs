//! The workflow `examples/my-variant/README.md` shows a variant author, run for real: the scenarios pass, the
//! checked-in card is what `koma card` prints, and the `cargo insta` test of the README works.

use std::path::{Path, PathBuf};
use std::process::Command;

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/my-variant")
}

#[test]
fn the_example_scenarios_pass_and_its_card_is_current() {
    let o = Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(["test", example().to_str().unwrap()])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(out.trim_end().ends_with("5 passed, 0 failed"), "{out}");
    let game = example().join("four-by-four.game");
    let o = Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(["card", game.to_str().unwrap()])
        .output()
        .unwrap();
    let card = std::fs::read_to_string(example().join("four-by-four.card.txt")).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        card,
        "regenerate four-by-four.card.txt with `koma card`"
    );
}

#[test]
fn four_by_four_card() {
    let path = example().join("four-by-four.game");
    let loaded = koma_host::Host::disk()
        .load(&path.display().to_string())
        .unwrap();
    let rules = loaded.rules();
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../../examples/my-variant/snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!(koma_draw::card(rules, koma_draw::Format::Text)));
}
