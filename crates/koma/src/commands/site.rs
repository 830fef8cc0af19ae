//! `koma site DIR [GAME...]`: the web board as a static folder that runs wholly in the browser. The page is
//! `koma serve`'s own (the same HTML, script and style); two scripts join it: `koma.js` (koma compiled to
//! WebAssembly, in a worker made from text, so that the page works opened from disk) and `koma-site.js` (the
//! site's games, and the way the page's requests reach the worker instead of a server).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use base64::Engine as _;
use koma_host::{Disk, Embedded, Host, LoadError, Origin, SourceText, Sources};

use crate::report::Report;

/// The JavaScript of the browser build, kept with its crate.
const KOMA_JS: &str = include_str!("../../../koma-wasm/js/koma.js");
const WORKER_JS: &str = include_str!("../../../koma-wasm/js/worker.js");
const SITE_JS: &str = include_str!("../../../koma-wasm/js/site.js");

/// The browser build's files, as `tools/wasm-build.sh` writes them.
const GLUE: &str = "koma_wasm.js";
const MODULE: &str = "koma_wasm_bg.wasm";

/// Where the page loads its script, and what the site loads before it.
const PAGE_SCRIPT: &str = r#"<script src="app.js"></script>"#;
const SITE_SCRIPTS: &str = "<script src=\"koma.js\"></script>\n<script src=\"koma-site.js\"></script>\n<script src=\"app.js\"></script>";

/// Reads from disk (and the embedded games) and keeps the text of every file read, by the name it was asked
/// by, so that the site holds the games given and the files they extend.
struct Recorder {
    files: Mutex<BTreeMap<String, String>>,
}

impl Sources for Recorder {
    fn read(&self, name: &str, from: Option<&Origin>) -> Result<SourceText, LoadError> {
        let read = (Disk, Embedded).read(name, from)?;
        if matches!(read.origin, Origin::File(_))
            && let Ok(mut files) = self.files.lock()
        {
            files.insert(name.to_string(), read.text.to_string());
        }
        Ok(read)
    }

    fn names(&self) -> Vec<String> {
        Embedded.names()
    }
}

/// Writes the site of `games` (every embedded game when none is named) into `dir`.
pub fn run(dir: &Path, games: &[String]) -> Result<(), Vec<Report>> {
    let fail = |message: String| vec![Report::plain("koma::site", message, None)];
    let (glue, module) = browser_build().map_err(fail)?;
    let names = crate::commands::serve::named_or_embedded(games);
    let recorder = Arc::new(Recorder {
        files: Mutex::new(BTreeMap::new()),
    });
    let host = Host::new(recorder.clone());
    let mut given = Vec::new();
    for name in &names {
        host.load(name)
            .map_err(|d| d.into_iter().map(Report::from).collect::<Vec<_>>())?;
        given.push(name.clone());
    }
    let mut files = recorder.files.lock().map(|f| f.clone()).unwrap_or_default();
    // A file given by its path is on the site by its file name alone: the page need not know where it lived.
    for g in &mut given {
        let short = Path::new(g.as_str())
            .file_name()
            .map(|n| n.to_string_lossy().to_string());
        if let (Some(short), Some(text)) = (short, files.get(g.as_str()).cloned())
            && (short == *g || !files.contains_key(&short))
        {
            files.remove(g.as_str());
            files.insert(short.clone(), text);
            *g = short;
        }
    }
    let written = write(dir, &site_files(&glue, &module, &given, &files)).map_err(fail)?;
    crate::say!(
        "koma site: {} game(s) in {} ({} KB); open {} in a browser, or copy the folder to a web host",
        given.len(),
        dir.display(),
        written / 1024,
        dir.join("index.html").display()
    );
    Ok(())
}

/// The site's files by name.
fn site_files(
    glue: &str,
    module: &[u8],
    given: &[String],
    files: &BTreeMap<String, String>,
) -> Vec<(&'static str, String)> {
    let wasm = base64::engine::general_purpose::STANDARD.encode(module);
    let worker = format!("{glue}\nconst KOMA_WASM = \"{wasm}\";\n{WORKER_JS}");
    let koma = format!(
        "const KOMA_WORKER_SOURCE = {};\n{KOMA_JS}",
        serde_json::Value::from(worker)
    );
    let site = format!(
        "const KOMA_SITE = {};\n{SITE_JS}",
        serde_json::json!({ "given": given, "files": files })
    );
    vec![
        ("index.html", page()),
        ("app.js", koma_web::assets::SCRIPT.to_string()),
        ("style.css", koma_web::assets::STYLE.to_string()),
        ("koma.js", koma),
        ("koma-site.js", site),
    ]
}

/// The server's page with the site's scripts before its own.
fn page() -> String {
    koma_web::assets::INDEX.replacen(PAGE_SCRIPT, SITE_SCRIPTS, 1)
}

/// Writes `files` into `dir` (made if missing); nothing is written if one of them is there already. Returns
/// the bytes written.
fn write(dir: &Path, files: &[(&'static str, String)]) -> Result<usize, String> {
    if let Some((name, _)) = files.iter().find(|(n, _)| dir.join(n).exists()) {
        return Err(format!(
            "{} is there already: koma site does not write over files (choose another folder)",
            dir.join(name).display()
        ));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut bytes = 0;
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        bytes += text.len();
    }
    Ok(bytes)
}

/// The browser build: wasm-bindgen's glue and the module, from `$KOMA_WASM_PKG`, else `wasm-pkg` beside the
/// folder of this program (`target/wasm-pkg` for `target/release/koma`).
fn browser_build() -> Result<(String, Vec<u8>), String> {
    let dir = std::env::var_os("KOMA_WASM_PKG")
        .map(PathBuf::from)
        .or_else(|| {
            let exe = std::env::current_exe().ok()?;
            Some(exe.parent()?.parent()?.join("wasm-pkg"))
        })
        .unwrap_or_else(|| PathBuf::from("target/wasm-pkg"));
    let missing = || {
        format!(
            "koma site needs the browser build, and {} holds none: run tools/wasm-build.sh (it needs the \
             wasm32-unknown-unknown target and wasm-bindgen-cli; see the README), or set KOMA_WASM_PKG",
            dir.display()
        )
    };
    let glue = std::fs::read_to_string(dir.join(GLUE)).map_err(|_| missing())?;
    let module = std::fs::read(dir.join(MODULE)).map_err(|_| missing())?;
    Ok((glue, module))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_the_servers_with_the_sites_scripts_before_its_own() {
        let page = page();
        assert_ne!(
            page,
            koma_web::assets::INDEX,
            "the page's script tag was not found"
        );
        let koma = page.find("koma.js").expect("koma.js");
        let site = page.find("koma-site.js").expect("koma-site.js");
        let app = page.find("src=\"app.js\"").expect("app.js");
        assert!(koma < site && site < app, "{page}");
    }

    #[test]
    fn a_folder_with_a_sites_file_is_not_written_over() {
        let dir = std::env::temp_dir().join(format!("koma-site-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("app.js"), "mine").unwrap();
        let err = write(&dir, &[("index.html", "x".into()), ("app.js", "y".into())]).unwrap_err();
        assert!(err.contains("app.js is there already"), "{err}");
        assert_eq!(std::fs::read_to_string(dir.join("app.js")).unwrap(), "mine");
        assert!(!dir.join("index.html").exists(), "nothing is written");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
