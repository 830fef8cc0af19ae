//! The reasons `illegal ... because` accepts are the VM's: every name `IllegalReason::name` gives (but
//! `other`, which says no rule was found) is accepted, and every accepted name but the opening options'
//! `designated` is one the VM gives. Read from the VM's source, so that a new reason cannot be forgotten here.

use std::collections::BTreeSet;

use koma_scenario::REASONS;

/// The names in the body of `IllegalReason::name`.
fn vm_names() -> BTreeSet<String> {
    let source = include_str!("../../koma-vm/src/explain.rs");
    let start = source
        .find("pub fn name(&self) -> &'static str")
        .expect("IllegalReason::name");
    let body = &source[start..];
    let body = &body[..body.find("\n    }\n").expect("the end of name")];
    body.lines()
        .filter_map(|l| l.split_once("=> \"").map(|(_, rest)| rest))
        .filter_map(|rest| rest.split_once('"').map(|(name, _)| name.to_string()))
        .collect()
}

#[test]
fn the_scenario_reasons_are_the_vms() {
    let vm = vm_names();
    assert!(vm.len() >= 19, "{vm:?}");
    let accepted: BTreeSet<String> = REASONS.iter().map(|(_, c)| c.to_string()).collect();
    let mut expected = vm.clone();
    expected.remove("other");
    expected.insert("designated".to_string());
    assert_eq!(accepted, expected);
    for (alias, canonical) in REASONS {
        assert!(
            alias == canonical || !vm.contains(*alias),
            "{alias} is an alias of {canonical}, yet the VM names a reason so"
        );
    }
}
