//! `koma_fsf::export` on every shipped game: the sections written (snapshots, read like code) and the rules
//! refused, each with the line it names. That Fairy-Stockfish plays the sections as koma does is checked by
//! tools/fsf_export_diff.py against pyffish.

mod common;

use common::{EXPORTED, load};

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../../../snapshots/fsf");
    s.set_prepend_module_to_snapshot(false);
    s
}

#[test]
fn every_game_variants_ini_can_say_is_exported() {
    for name in EXPORTED {
        let loaded = load(name);
        let section_name = koma_fsf::section_name(&loaded.compiled.rules);
        let text = koma_fsf::export(&loaded.compiled, &section_name)
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert!(text.contains(&format!("\n[{section_name}]\n")), "{text}");
        let stem = name
            .trim_start_matches("examples/")
            .trim_end_matches(".game");
        settings().bind(|| insta::assert_snapshot!(format!("export-{stem}"), text));
    }
}

#[test]
fn what_variants_ini_cannot_say_is_named_by_its_line() {
    let mut out = String::new();
    for name in [
        "micromini",
        "examples/micromini-pie.game",
        "examples/chushogi.game",
        "examples/annanshogi.game",
    ] {
        let loaded = load(name);
        let unsaid = koma_fsf::export(&loaded.compiled, "x").expect_err(name);
        out.push_str(&format!("{name}:\n"));
        for u in unsaid {
            let place = u
                .origin
                .and_then(|s| loaded.sources.locate(&s))
                .map_or("(no line)".to_string(), |l| {
                    format!("{}:{}", l.line, l.text().lines().next().unwrap_or(""))
                });
            out.push_str(&format!("  {place}\n    {}\n", u.message));
        }
    }
    settings().bind(|| insta::assert_snapshot!("refused", out));
}

#[test]
fn section_names_are_the_games_names_in_letters_and_digits() {
    assert_eq!(
        koma_fsf::section_name(&load("minishogi").compiled.rules),
        "minishogi"
    );
    assert_eq!(
        koma_fsf::section_name(&load("examples/antiminishogi.game").compiled.rules),
        "antiminishogi"
    );
}
