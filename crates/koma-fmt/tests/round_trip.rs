//! `koma fmt` on every `.game` file of the repository: it is idempotent, keeps every comment, and never
//! changes what a game means (the compiled spec, spans aside, and every diagnostic's code); the shipped games
//! are already in the canonical layout.

use std::path::{Path, PathBuf};

use koma_host::Host;
use koma_lint::Levels;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `.game` files of a folder of the repository.
fn games_in(folder: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join(folder))
        .unwrap_or_else(|e| panic!("{folder}: {e}"))
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .game files in {folder}");
    files
}

/// The games users read and copy: all in the canonical layout. (The lint and error fixtures are written
/// small, to show one finding each, and their snapshots point at their lines; they are only round-tripped.)
const SHIPPED: &[&str] = &[
    "games",
    "examples",
    "examples/my-variant",
    "crates/koma-games/tests/games",
];

/// What a game means: its spec with every span blanked, and the code of every diagnostic.
fn meaning(host: &Host, name: &str, text: &str) -> (Option<String>, Vec<&'static str>) {
    let checked = host.check_text(name, text, &Levels::default());
    let spec = checked
        .compiled
        .map(|c| blank_spans(&format!("{:?}", c.spec)));
    let codes = checked.diagnostics.iter().map(|d| d.code).collect();
    (spec, codes)
}

/// `12..34` (a span's Debug form) as `_`.
fn blank_spans(debug: &str) -> String {
    let mut out = String::with_capacity(debug.len());
    let bytes = debug.as_bytes();
    let digits = |from: usize| {
        bytes[from.min(bytes.len())..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count()
    };
    let mut i = 0;
    while i < bytes.len() {
        let a = digits(i);
        if a > 0 && debug[i + a..].starts_with("..") && digits(i + a + 2) > 0 {
            out.push('_');
            i += a + 2 + digits(i + a + 2);
        } else {
            let c = debug[i..].chars().next().expect("a character");
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The comments of a text, sorted.
fn comments(text: &str) -> Vec<String> {
    let mut found: Vec<String> = text
        .lines()
        .filter_map(|line| {
            let mut in_string = false;
            let at = (0..line.len()).find(|&i| {
                if line.as_bytes()[i] == b'"' {
                    in_string = !in_string;
                }
                !in_string && line[i..].starts_with("//")
            })?;
            Some(line[at..].trim_end().to_string())
        })
        .collect();
    found.sort();
    found
}

/// Formats the file and checks that nothing but its layout changed; `None` when it does not parse.
fn round_trip(host: &Host, path: &Path) -> Option<String> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).expect("a readable fixture");
    let Ok(formatted) = koma_fmt::format(&text) else {
        let (spec, codes) = meaning(host, &name, &text);
        assert!(
            spec.is_none(),
            "{name}: the formatter refused a text that compiles"
        );
        assert!(!codes.is_empty(), "{name}: refused without a diagnostic");
        return None;
    };
    assert_eq!(
        koma_fmt::format(&formatted).as_deref(),
        Ok(formatted.as_str()),
        "{name}: formatting twice changes the text"
    );
    assert_eq!(
        comments(&text),
        comments(&formatted),
        "{name}: a comment was lost"
    );
    let before = meaning(host, &name, &text);
    let after = meaning(host, &name, &formatted);
    assert_eq!(
        before.0, after.0,
        "{name}: formatting changed the compiled spec"
    );
    assert_eq!(
        before.1, after.1,
        "{name}: formatting changed the diagnostics"
    );
    Some(formatted)
}

#[test]
fn formatting_keeps_the_meaning_of_every_game_and_fixture() {
    let host = Host::disk();
    let mut checked = 0;
    let mut compiled = 0;
    for folder in SHIPPED.iter().chain(&["games/lints", "games/errors"]) {
        for path in games_in(folder) {
            if round_trip(&host, &path).is_some() {
                compiled += 1;
            }
            checked += 1;
        }
    }
    assert!(
        checked > 100 && compiled > 90,
        "{checked} files, {compiled} formatted"
    );
}

#[test]
fn every_shipped_game_is_in_the_canonical_layout() {
    let unformatted: Vec<String> = SHIPPED
        .iter()
        .flat_map(|folder| games_in(folder))
        .filter(|path| {
            let text = std::fs::read_to_string(path).expect("readable");
            koma_fmt::is_formatted(&text).ok() != Some(true)
        })
        .map(|p| p.display().to_string())
        .collect();
    assert!(unformatted.is_empty(), "run `koma fmt` on: {unformatted:?}");
}

#[test]
fn a_scrambled_game_comes_back_in_the_canonical_layout() {
    let scrambled = r#"// opening comment
game   "T"   // the header
end { no legal move :side to move loses   // mate
  // repetition
  repetition 4: draw }
start "k/1/K b - 1"
captured pieces
   go to hand
piece Pawn P moves "fW" kanji "歩"   promotes to Tokin
board 3 x 3 // small
piece King K moves "K" royal
promotion zone ranks 3 .. 3
piece Tokin +P moves "WfF"
// the end
"#;
    let expected = r#"// opening comment
game "T"  // the header

board 3 x 3  // small

piece Pawn  P   moves "fW"   promotes to Tokin  kanji "歩"
piece King  K   moves "K"    royal
piece Tokin +P  moves "WfF"

promotion zone ranks 3..3
captured pieces go to hand

start "k/1/K b - 1"

end {
  no legal move: side to move loses  // mate
  // repetition
  repetition 4: draw
}

// the end
"#;
    assert_eq!(koma_fmt::format(scrambled).ok().as_deref(), Some(expected));
}

#[test]
fn a_text_that_does_not_parse_is_refused_with_its_position() {
    let e = koma_fmt::format("game \"T\"\nboard 3 by 3\n").expect_err("not a game");
    assert_eq!(e.span, 17..19, "{e:?}");
}
