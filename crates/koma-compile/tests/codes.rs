//! The diagnostic codes: kebab-case names, one row each in the language reference.

use koma_compile::{Code, Severity};

#[test]
fn codes_are_unique_kebab_case_names() {
    let mut names: Vec<&str> = Code::ALL.iter().map(|c| c.name()).collect();
    for name in &names {
        let bare = name
            .strip_prefix("koma::")
            .expect("codes start with koma::");
        assert!(
            bare.chars().all(|c| c.is_ascii_lowercase() || c == '-') && !bare.starts_with('-'),
            "{name} is not kebab-case"
        );
    }
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), Code::ALL.len(), "two codes share a name");
}

#[test]
fn the_reference_lists_every_code_with_its_summary() {
    let reference = include_str!("../../../grammar/README.md");
    for code in Code::ALL {
        let severity = match code.severity() {
            Severity::Error => "error",
        };
        let row = format!("| `{}` | {severity} | {} |", code.name(), code.summary());
        assert!(
            reference.contains(&row),
            "grammar/README.md lacks the row\n{row}"
        );
    }
}

#[test]
fn the_face_limit_in_the_summary_is_the_vms() {
    let summary = Code::TooManyFaces.summary();
    assert!(
        summary.contains(&format!("({})", koma_vm::MAX_FACES)),
        "{summary}"
    );
}
