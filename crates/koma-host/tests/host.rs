//! The host: each file read (and so parsed) once per compile, spans located in the file they came from,
//! what `extends` may read, and every kind of problem as one diagnostic type.

use std::sync::Arc;

use koma_host::{Disk, Embedded, Host, Level, Memory, Origin, Sources};
use koma_lint::Levels;

const PARENT: &str = "game \"Parent\"\nboard 3 x 3\npiece King K moves \"K\" royal\npiece Gold G moves \"WfF\"\nstart \"1k1/3/1K1 b G 1\"\nend { no legal move: side to move loses }\n";
const CHILD: &str = "game \"Child\" extends \"parent\"\npiece Gold G moves \"WF\"\n";
const GRANDCHILD: &str = "game \"Grandchild\" extends \"child\"\noptions { pie: on }\n";

fn memory() -> Arc<Memory> {
    Arc::new(
        Memory::new()
            .with("parent", PARENT)
            .with("child", CHILD)
            .with("grandchild", GRANDCHILD),
    )
}

#[test]
fn a_compile_and_a_check_read_each_file_once() {
    let mem = memory();
    let host = Host::new(mem.clone());
    host.load("grandchild").unwrap();
    for name in ["grandchild", "child", "parent"] {
        assert_eq!(mem.reads(name), 1, "{name} read more than once by load");
    }
    let checked = host.check("grandchild", &Levels::default());
    assert!(checked.compiled.is_some(), "{:?}", checked.diagnostics);
    for name in ["grandchild", "child", "parent"] {
        assert_eq!(mem.reads(name), 2, "{name} read more than once by check");
    }
}

#[test]
fn spans_of_inherited_text_are_located_in_their_own_file() {
    let loaded = Host::new(memory()).load("grandchild").unwrap();
    let files: Vec<&str> = loaded
        .sources
        .files()
        .iter()
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(files, ["grandchild", "child", "parent"]);
    let end = loaded.rules().end_rules[0].origin.clone().unwrap();
    let at = loaded.locate(&end).unwrap();
    assert_eq!((at.file.name.as_str(), at.line), ("parent", 6));
    assert!(at.text().starts_with("no legal move"), "{:?}", at.text());
    assert!(loaded.sources.is_inherited(&end));
    let gold = loaded
        .rules()
        .faces
        .iter()
        .find(|f| f.name == "Gold")
        .and_then(|f| f.origin.clone())
        .unwrap();
    let at = loaded.locate(&gold).unwrap();
    assert_eq!((at.file.name.as_str(), at.line), ("child", 2));
}

#[test]
fn a_problem_in_a_parent_names_the_parent_file() {
    let mem = Memory::new()
        .with("broken", "game \"Broken\"\nboard 3 x y\n")
        .with("child", "game \"Child\" extends \"broken\"\n");
    let errors = Host::new(mem).load("child").unwrap_err();
    assert_eq!(errors.len(), 1);
    let d = &errors[0];
    assert_eq!(d.code, "koma::extends-broken-parent");
    let files: Vec<&str> = d.labels.iter().map(|l| l.file.name.as_str()).collect();
    assert_eq!(files, ["child", "broken"]);
    assert_eq!(d.labels[1].location().line, 2);
}

#[test]
fn cycles_are_named_as_circles() {
    let mem = Memory::new()
        .with("a", "game \"A\" extends \"b\"\n")
        .with("b", "game \"B\" extends \"a\"\n");
    let d = &Host::new(mem).load("a").unwrap_err()[0];
    assert_eq!(d.code, "koma::extends-cycle");
    assert!(d.message.contains("a → b → a"), "{}", d.message);
}

#[test]
fn check_reports_load_syntax_compile_and_lint_problems_alike() {
    let mem = Memory::new()
        .with("syntax", "game \"S\"\nboard 3 x\n")
        .with("orphan", "game \"O\" extends \"nowhere\"\n")
        .with(
            "shadowed",
            include_str!("../../../games/lints/end-rule-shadowed.game"),
        );
    let host = Host::new((mem, Embedded));
    let code = |name: &str| {
        let checked = host.check(name, &Levels::default());
        checked
            .diagnostics
            .iter()
            .map(|d| (d.code, d.level))
            .collect::<Vec<_>>()
    };
    assert_eq!(code("syntax"), [("koma::syntax", Level::Error)]);
    assert_eq!(
        code("orphan"),
        [("koma::extends-unknown-game", Level::Error)]
    );
    assert_eq!(
        code("shadowed"),
        [("koma::lint::end-rule-shadowed", Level::Warning)]
    );
    assert_eq!(code("missing"), [("koma::unknown-game", Level::Error)]);
}

#[test]
fn extends_reads_only_beside_the_file_or_an_embedded_game() {
    let dir = std::env::temp_dir().join(format!("koma-host-extends-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("sub/parent.game"), PARENT).unwrap();
    let file = Origin::File(dir.join("child.game"));
    let read = |name: &str| (Disk, Embedded).read(name, Some(&file));
    assert!(read("sub/parent.game").is_ok(), "a file below the folder");
    assert_eq!(read("shogi").unwrap().origin, Origin::Embedded("shogi"));
    for refused in ["/etc/passwd", "../etc/passwd", "sub/../../x.game"] {
        assert!(
            matches!(read(refused), Err(koma_host::LoadError::Refused { .. })),
            "{refused}: {:?}",
            read(refused)
        );
    }
    #[cfg(unix)]
    {
        let link = dir.join("escape.game");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink("/etc/hostname", &link).unwrap();
        assert!(matches!(
            read("escape.game"),
            Err(koma_host::LoadError::Refused { .. })
        ));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn devices_and_folders_are_refused_before_they_are_read() {
    for name in ["/dev/zero", "/tmp"] {
        let e = Disk.read(name, None).unwrap_err();
        assert!(
            matches!(e, koma_host::LoadError::Unreadable { .. }),
            "{name}: {e:?}"
        );
    }
}
