//! Hostile input through the real binary: mutated game files, huge arguments, closed and full outputs. koma
//! answers with a coded diagnostic and a position, never a panic (exit 101), in bounded output and memory.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use koma_vm::Rng;

/// Peak memory (KiB), exit code, stdout and stderr of `koma ARGS`, measured with GNU time.
fn run(args: &[&str]) -> (u64, i32, String, String) {
    let time = Path::new("/usr/bin/time");
    assert!(
        time.is_file(),
        "GNU time is needed to measure memory: apt-get install time (.ci/run does)"
    );
    let o = Command::new(time)
        .args(["-f", "koma-peak-kib %M"])
        .arg(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    let (err, peak) = err
        .rsplit_once("koma-peak-kib ")
        .expect("time reports the peak");
    (
        peak.trim().parse().unwrap(),
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into(),
        err.to_string(),
    )
}

/// One mutation of each kind: lines deleted, truncated, characters changed, bytes that are not UTF-8, a very long line.
fn mutations(rng: &mut Rng, text: &str) -> Vec<Vec<u8>> {
    let lines: Vec<&str> = text.lines().collect();
    let mut deleted = lines.clone();
    for _ in 0..1 + rng.below(3) {
        deleted.remove(rng.below(deleted.len()));
    }
    let cut = rng.below(text.len());
    let truncated = text.as_bytes()[..cut].to_vec();
    let mut changed = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let i = rng.below(changed.len());
        changed[i] = b"{}\"*+0xQ \n"[rng.below(10)];
    }
    let mut not_utf8 = text.as_bytes().to_vec();
    not_utf8.insert(rng.below(not_utf8.len()), 0xff - rng.below(8) as u8);
    let at = lines[rng.below(lines.len())];
    let long = text.replacen(
        at,
        &format!(
            "{}{}{at}",
            " ".repeat(70_000 + rng.below(5000)),
            ["x", "piece", ""][rng.below(3)]
        ),
        1,
    );
    vec![
        deleted.join("\n").into_bytes(),
        truncated,
        changed,
        not_utf8,
        long.into_bytes(),
    ]
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("koma-hostile-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn mutated_games_get_a_coded_positioned_diagnostic_in_bounded_output_and_memory() {
    let dir = scratch("mutations");
    let mut rng = Rng(0xbad_5eed_0123_4567);
    let mut refused = 0;
    let mut peak = 0;
    for game in koma_games::GAMES {
        for round in 0..8 {
            for (kind, bytes) in mutations(&mut rng, game.source).into_iter().enumerate() {
                let file = dir.join(format!("{}-{round}-{kind}.game", game.name));
                std::fs::write(&file, &bytes).unwrap();
                let (kib, code, out, err) = run(&["check", file.to_str().unwrap()]);
                let what = format!("{} (mutation {kind}): exit {code}\n{err}", file.display());
                assert!(code == 0 || code == 1, "{what}");
                assert!(!err.contains("panicked"), "{what}");
                assert!(
                    out.len() + err.len() < 64 * 1024,
                    "{what}: {} bytes of output",
                    out.len() + err.len()
                );
                peak = peak.max(kib);
                if code == 1 {
                    refused += 1;
                    assert!(err.contains("koma::"), "{what}");
                    let positioned =
                        err.contains("╭─[") || err.contains("(at ") || err.contains("line ");
                    assert!(positioned, "{what}");
                }
            }
        }
    }
    assert!(refused > 100, "only {refused} mutations were refused");
    assert!(peak < 150 * 1024, "peak memory {peak} KiB");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn huge_files_and_arguments_are_refused_in_bounded_memory() {
    let dir = scratch("huge");
    let cases: Vec<(String, Vec<u8>)> = vec![
        (
            "boards.game".into(),
            "board 5 x 5\n".repeat(20_000).into_bytes(),
        ),
        ("token.game".into(), "x".repeat(1 << 20).into_bytes()),
        ("too-big.game".into(), " ".repeat(3 << 20).into_bytes()),
        (
            "betza.game".into(),
            format!(
                "game \"W\"\nboard 5 x 5\npiece K K moves \"{}\" royal\n",
                "W".repeat(9000)
            )
            .into_bytes(),
        ),
    ];
    for (name, bytes) in cases {
        let file = dir.join(&name);
        std::fs::write(&file, bytes).unwrap();
        let (kib, code, out, err) = run(&["check", file.to_str().unwrap()]);
        assert_eq!(code, 1, "{name}: {err}");
        assert!(err.contains("koma::"), "{name}: {err}");
        assert!(
            out.len() + err.len() < 64 * 1024,
            "{name}: {} bytes",
            out.len() + err.len()
        );
        assert!(kib < 150 * 1024, "{name}: peak {kib} KiB");
    }
    let long = "5d5c ".repeat(14_000);
    for args in [
        vec!["moves", "minishogi", "--moves", long.as_str()],
        vec!["moves", "minishogi", "--sfen", long.as_str()],
    ] {
        let (_, code, _, err) = run(&args);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("koma::") && !err.contains("panicked"), "{err}");
    }
    let (_, code, out, _) = run(&["moves", "minishogi", "--sfen", "startpos"]);
    assert_eq!((code, out.lines().count()), (0, 14));
    let (_, code, _, err) = run(&["perft", "minishogi", "20"]);
    assert_eq!(code, 1);
    assert!(err.contains("koma::perft-too-deep"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_closed_pipe_ends_quietly_and_a_full_disk_is_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(["perft", "minishogi", "5", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(!first.is_empty());
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!String::from_utf8_lossy(&o.stderr).contains("panicked"));
    if let Ok(full) = std::fs::File::create("/dev/full") {
        for args in [
            &["moves", "minishogi"][..],
            &["games"][..],
            &["bench", "micromini", "--depth", "1", "--runs", "1"][..],
        ] {
            let o = Command::new(env!("CARGO_BIN_EXE_koma"))
                .args(args)
                .stdout(full.try_clone().unwrap())
                .output()
                .unwrap();
            assert_eq!(o.status.code(), Some(1), "{args:?}");
            assert!(
                String::from_utf8_lossy(&o.stderr).contains("cannot write the output"),
                "{args:?}"
            );
        }
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(["repl", "minishogi"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut long = vec![b'x'; 1 << 20];
    long.extend_from_slice(b"\n\xff\xfe moves\nplay 5d5c\n");
    stdin.write_all(&long).unwrap();
    drop(stdin);
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    assert!(o.stdout.len() < 64 * 1024, "{} bytes", o.stdout.len());
    assert!(String::from_utf8_lossy(&o.stdout).contains("sfen: rbsgk/4p/P4/5/KGSBR w - 2"));
}
