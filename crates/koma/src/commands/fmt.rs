//! `koma fmt FILE...`: rewrite `.game` files in their canonical layout; `--check` only lists the files that
//! are not.

use std::io::{Read, Write};

use koma_host::{Host, Origin};

use crate::report::Report;

/// Formats each file in place (or checks it). A file that does not parse is reported and left alone; the
/// others are still formatted.
pub fn run(files: &[String], check: bool) -> Result<(), Vec<Report>> {
    let host = Host::disk();
    let mut reports = Vec::new();
    let mut unformatted = 0;
    for file in files {
        match one(&host, file, check) {
            Ok(true) => {}
            Ok(false) => unformatted += 1,
            Err(report) => reports.push(*report),
        }
    }
    if check && unformatted > 0 {
        reports.push(Report::plain(
            "koma::fmt",
            format!("{unformatted} file(s) are not formatted"),
            Some("run `koma fmt` on them".into()),
        ));
    }
    if reports.is_empty() {
        Ok(())
    } else {
        Err(reports)
    }
}

/// Whether the file was already formatted.
fn one(host: &Host, file: &str, check: bool) -> Result<bool, Box<Report>> {
    if file == "-" {
        return stdin(host, check);
    }
    let (read, formatted) = host.format(file).map_err(|d| Box::new(Report::from(d)))?;
    if !matches!(read.origin, Origin::File(_)) {
        return Err(Box::new(Report::plain(
            "koma::fmt",
            format!("`{file}` is not a file (an embedded game is not rewritten)"),
            Some("name a .game file by its path, e.g. `./my.game`".into()),
        )));
    }
    let same = *formatted == *read.text;
    if check {
        if !same {
            crate::say!(
                "{file}: not formatted (first difference on line {})",
                first_difference(&read.text, &formatted)
            );
        }
    } else if !same {
        std::fs::write(file, &formatted)
            .map_err(|e| Report::plain("koma::io", format!("cannot write `{file}`: {e}"), None))?;
        crate::say!("formatted {file}");
    }
    Ok(same)
}

/// `koma fmt -`: standard input to standard output.
fn stdin(host: &Host, check: bool) -> Result<bool, Box<Report>> {
    let mut text = String::new();
    std::io::stdin()
        .take(koma_host::MAX_SOURCE_BYTES as u64 + 1)
        .read_to_string(&mut text)
        .map_err(|e| {
            Box::new(Report::plain(
                "koma::io",
                format!("cannot read standard input: {e}"),
                None,
            ))
        })?;
    let formatted = host
        .format_text("<stdin>", &text)
        .map_err(|d| Box::new(Report::from(d)))?;
    if !check {
        let _ = std::io::stdout().write_all(formatted.as_bytes());
    }
    Ok(formatted == text)
}

/// The first line (1-based) where two texts differ.
fn first_difference(a: &str, b: &str) -> usize {
    a.lines()
        .zip(b.lines())
        .position(|(x, y)| x != y)
        .unwrap_or_else(|| a.lines().count().min(b.lines().count()))
        + 1
}
