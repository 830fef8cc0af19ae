//! The editor support files: the TextMate grammar in `editors/vscode/` highlights every keyword of the
//! language's pest grammar, and its patterns are regular expressions that compile and find what they name.

mod common;

use serde_json::Value;

fn grammar() -> Value {
    let path = common::repo().join("editors/vscode/syntaxes/koma.tmLanguage.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("the grammar")).expect("JSON")
}

/// Every `match` pattern of the grammar, with its scope name.
fn patterns(v: &Value, out: &mut Vec<(String, regex::Regex)>) {
    match v {
        Value::Object(map) => {
            if let Some(Value::String(m)) = map.get("match") {
                let name = map
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
                out.push((
                    name,
                    regex::Regex::new(m).unwrap_or_else(|e| panic!("{m}: {e}")),
                ));
            }
            for key in ["begin", "end"] {
                if let Some(Value::String(m)) = map.get(key) {
                    regex::Regex::new(m).unwrap_or_else(|e| panic!("{m}: {e}"));
                }
            }
            map.values().for_each(|v| patterns(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| patterns(v, out)),
        _ => {}
    }
}

/// The keywords of `grammar/game.pest`: its quoted lowercase words.
fn keywords() -> Vec<String> {
    let pest = std::fs::read_to_string(common::repo().join("grammar/game.pest")).expect("grammar");
    let mut words: Vec<String> = pest
        .split('"')
        .skip(1)
        .step_by(2)
        .filter(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase()))
        .map(str::to_string)
        .collect();
    words.sort();
    words.dedup();
    words
}

#[test]
fn every_keyword_of_the_language_is_highlighted() {
    let mut all = Vec::new();
    patterns(&grammar(), &mut all);
    let keyword_patterns: Vec<&(String, regex::Regex)> = all
        .iter()
        .filter(|(name, _)| {
            ["keyword.", "constant.language.", "variable.language."]
                .iter()
                .any(|p| name.starts_with(p))
        })
        .collect();
    let words = keywords();
    assert!(words.len() > 80, "{words:?}");
    let missing: Vec<&String> = words
        .iter()
        .filter(|w| {
            !keyword_patterns
                .iter()
                .any(|(_, re)| re.find(w).is_some_and(|m| m.as_str() == w.as_str()))
        })
        .collect();
    assert!(missing.is_empty(), "not highlighted: {missing:?}");
}

#[test]
fn a_piece_line_and_a_lint_level_are_taken_apart() {
    let mut all = Vec::new();
    patterns(&grammar(), &mut all);
    let find = |scope: &str| {
        &all.iter()
            .find(|(_, re)| re.as_str().contains(scope))
            .unwrap_or_else(|| panic!("no pattern for {scope}"))
            .1
    };
    let piece = find(r"\b(piece)");
    let caps = piece
        .captures("piece Dragon +R  moves \"RF\"")
        .expect("a piece line");
    assert_eq!((&caps[2], &caps[3]), ("Dragon", "+R"));
    let level = find(r"\b(allow|warn|deny)\s+");
    let caps = level
        .captures("  deny end-rule-shadowed")
        .expect("a lint level");
    assert_eq!(&caps[2], "end-rule-shadowed");
}
