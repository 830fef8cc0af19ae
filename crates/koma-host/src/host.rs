//! The host: a game by name, compiled once, linted once, with every problem as a [`Diagnostic`].

use std::path::Path;
use std::sync::Arc;

use koma_compile::Compiled;
use koma_lint::Levels;
use koma_vm::Rules;

use crate::chain::Chain;
use crate::diagnostic::Diagnostic;
use crate::disk::Disk;
use crate::embedded::Embedded;
use crate::source_map::{Location, SourceMap};
use crate::sources::{LoadError, Origin, Sources};

/// The front door: finds games through its [`Sources`], compiles and lints them.
pub struct Host {
    sources: Box<dyn Sources + Send + Sync>,
}

impl std::fmt::Debug for Host {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Host").finish_non_exhaustive()
    }
}

/// The largest weights file read, in bytes (a 36x36 game's table is well under it).
pub const MAX_WEIGHTS_BYTES: usize = 16 << 20;

/// A compiled game with its files.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The name it was asked for by.
    pub name: String,
    /// Its files: its own, then the games it extends.
    pub sources: SourceMap,
    /// The compiled game.
    pub compiled: Compiled,
}

impl Loaded {
    /// The compiled rules.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.compiled.rules
    }

    /// The game's own file on disk, if it came from one (for `reload` and `--watch`).
    pub fn path(&self) -> Option<&Path> {
        match &self.sources.main()?.origin {
            Origin::File(path) => Some(path),
            _ => None,
        }
    }

    /// The evaluation's tuned weights for the game, as text, and where they came from: `NAME.weights` beside
    /// the game's file, or those an embedded game ships; `None` when there are none (the evaluation then uses
    /// the weights derived from the rules). Only the game's own file is looked beside, never a game it extends.
    pub fn weights(&self) -> Result<Option<(String, String)>, String> {
        match &self.sources.main().map(|f| f.origin.clone()) {
            Some(Origin::File(path)) => {
                let path = path.with_extension("weights");
                match std::fs::read(&path) {
                    Ok(bytes) if bytes.len() > MAX_WEIGHTS_BYTES => Err(format!(
                        "{}: larger than {MAX_WEIGHTS_BYTES} bytes",
                        path.display()
                    )),
                    Ok(bytes) => String::from_utf8(bytes)
                        .map(|text| Some((path.display().to_string(), text)))
                        .map_err(|_| format!("{}: not UTF-8 text", path.display())),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                    Err(e) => Err(format!("cannot read {}: {e}", path.display())),
                }
            }
            Some(Origin::Embedded(name)) => Ok(koma_games::find(name)
                .and_then(|g| g.weights)
                .map(|text| (format!("{name}.weights"), text.to_string()))),
            _ => Ok(None),
        }
    }

    /// The game's own text.
    pub fn text(&self) -> &str {
        self.sources.main().map_or("", |f| &f.text)
    }

    /// Where a span of the compiled game's syntax tree lies, inherited text included.
    pub fn locate(&self, span: &koma_syntax::Span) -> Option<Location> {
        self.sources.locate(span)
    }
}

/// What [`Host::check`] found: the files read, the compiled game if it compiled, and every diagnostic (load,
/// syntax and compile errors, warnings, lint findings at their levels), in the order of the text.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The files read (empty when the game itself could not be read).
    pub sources: SourceMap,
    /// The compiled game, if it compiled.
    pub compiled: Option<Compiled>,
    /// Every diagnostic.
    pub diagnostics: Vec<Diagnostic>,
    /// Where the statements of the game's own file lie, when it parses (from the same parse as the rest).
    pub outline: Option<koma_syntax::Outline>,
}

impl Checked {
    /// Whether anything is an error (a compile error, or a lint at the `deny` level).
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

impl Host {
    /// A host reading games from `sources`.
    pub fn new(sources: impl Sources + Send + Sync + 'static) -> Host {
        Host {
            sources: Box::new(sources),
        }
    }

    /// The command line's host: a name is a `.game` file if there is one, else an embedded game.
    pub fn disk() -> Host {
        Host::new((Disk, Embedded))
    }

    /// Only the embedded games.
    pub fn embedded() -> Host {
        Host::new(Embedded)
    }

    /// The sources it reads from.
    pub fn sources(&self) -> &dyn Sources {
        &*self.sources
    }

    /// Reads and compiles the game `name`: each of its files is read and parsed once, and the game compiled
    /// once. On failure, every diagnostic.
    pub fn load(&self, name: &str) -> Result<Loaded, Vec<Diagnostic>> {
        load_from(&*self.sources, name)
    }

    /// As [`Host::load`], on a text of its own named `name` (an editor's buffer, a test); a game it extends
    /// is found through this host's sources.
    pub fn load_text(&self, name: &str, text: &str) -> Result<Loaded, Vec<Diagnostic>> {
        load_from(&self.layered(name, text, None), name)
    }

    /// As [`Host::load_text`], for an unsaved text of the file at `path` (an editor's buffer, a web page's
    /// edit): a game it extends is read beside that file, as if the text were saved there.
    pub fn load_buffer(&self, path: &Path, text: &str) -> Result<Loaded, Vec<Diagnostic>> {
        let name = path.display().to_string();
        load_from(&self.layered(&name, text, Some(path)), &name)
    }

    /// As [`Host::check_text`], for an unsaved text of the file at `path`.
    pub fn check_buffer(&self, path: &Path, text: &str, levels: &Levels) -> Checked {
        let name = path.display().to_string();
        check_from(&self.layered(&name, text, Some(path)), &name, levels)
    }

    /// Reads, compiles and lints the game `name` (one compile and one lint), with lint levels from the game
    /// file and then `levels`.
    pub fn check(&self, name: &str, levels: &Levels) -> Checked {
        check_from(&*self.sources, name, levels)
    }

    /// As [`Host::check`], on a text of its own named `name`.
    pub fn check_text(&self, name: &str, text: &str, levels: &Levels) -> Checked {
        check_from(&self.layered(name, text, None), name, levels)
    }

    fn layered(&self, name: &str, text: &str, path: Option<&Path>) -> Layered<'_> {
        Layered {
            first: crate::memory::Memory::new().with(name, text),
            path: path.map(Path::to_path_buf),
            then: &*self.sources,
        }
    }

    /// The game a scenario file at `path` is about: its `game` line names a `.game` file in the scenario's
    /// folder or below it (the rule `extends` follows), or an embedded game; without one, the `.game` file of
    /// the same name beside it, else the embedded game of that name. A path out of the folder is refused.
    pub fn scenario_game(&self, path: &Path, named: Option<&str>) -> Result<String, LoadError> {
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        let Some(named) = named else {
            let beside = path.with_file_name(format!("{stem}.game"));
            return Ok(if beside.is_file() {
                beside.display().to_string()
            } else {
                stem
            });
        };
        match crate::disk::beside(path, named) {
            Ok(file) if file.is_file() => Ok(file.display().to_string()),
            Ok(_) | Err(LoadError::NotFound { .. }) => Ok(named.to_string()),
            Err(e) => Err(e),
        }
    }

    /// Reads a scenario file as [`Disk`] reads a `.game` file: a regular file, at most
    /// [`koma_compile::MAX_SOURCE_BYTES`], UTF-8; devices, pipes and folders are refused before they are opened.
    pub fn read_scenarios(&self, path: &Path) -> Result<crate::SourceText, LoadError> {
        crate::disk::read_file(&path.display().to_string(), path)
    }

    /// Reads a file of self-play records (JSON lines) by the same rules, with a larger limit
    /// ([`MAX_RECORDS_BYTES`]): a regular file, UTF-8; devices, pipes and folders are refused unopened.
    pub fn read_records(&self, path: &Path) -> Result<crate::SourceText, LoadError> {
        crate::disk::read_limited(
            &path.display().to_string(),
            path,
            MAX_RECORDS_BYTES,
            "koma reads self-play files",
            "split the run into more shards (--shard I/N), each written to a file of its own",
        )
    }
}

/// The largest file of self-play records read: about 100,000 games of a small variant.
pub const MAX_RECORDS_BYTES: u64 = 256 << 20;

/// Memory first, then borrowed sources: a text of its own whose parents come from elsewhere.
struct Layered<'a> {
    first: crate::memory::Memory,
    /// The file the first text stands for, if it is a buffer of one.
    path: Option<std::path::PathBuf>,
    then: &'a (dyn Sources + Send + Sync),
}

impl Sources for Layered<'_> {
    fn read(
        &self,
        name: &str,
        from: Option<&Origin>,
    ) -> Result<crate::SourceText, crate::LoadError> {
        match (from, &self.path) {
            (None, None) => self.first.read(name, None),
            (None, Some(path)) => self.first.read(name, None).map(|mut text| {
                text.origin = Origin::File(path.clone());
                text
            }),
            (Some(_), _) => self.then.read(name, from),
        }
    }

    fn names(&self) -> Vec<String> {
        self.then.names()
    }
}

/// Reads, compiles and lints the game `name` from `sources`.
fn check_from(sources: &dyn Sources, name: &str, levels: &Levels) -> Checked {
    let Chain { map, parsed } = match crate::chain::read(sources, name) {
        Ok(chain) => chain,
        Err((chain, diagnostics)) => {
            return Checked {
                outline: chain.parsed.first().map(|p| p.outline.clone()),
                sources: chain.map,
                compiled: None,
                diagnostics,
            };
        }
    };
    let outline = parsed.first().map(|p| p.outline.clone());
    match koma_compile::compile(&parsed) {
        Ok(compiled) => {
            let diagnostics = koma_lint::lint(&parsed, &compiled, levels)
                .iter()
                .map(|f| crate::convert::finding(f, &map))
                .collect();
            Checked {
                sources: map,
                compiled: Some(compiled),
                diagnostics,
                outline,
            }
        }
        Err(diags) => Checked {
            diagnostics: convert_all(&diags, &map),
            sources: map,
            compiled: None,
            outline,
        },
    }
}

/// Reads and compiles the game `name` from `sources`.
fn load_from(sources: &dyn Sources, name: &str) -> Result<Loaded, Vec<Diagnostic>> {
    let chain = crate::chain::read(sources, name).map_err(|(_, d)| d)?;
    match koma_compile::compile(&chain.parsed) {
        Ok(compiled) => Ok(Loaded {
            name: name.to_string(),
            sources: chain.map,
            compiled,
        }),
        Err(diags) => Err(convert_all(&diags, &chain.map)),
    }
}

fn convert_all(diags: &[koma_compile::Diagnostic], map: &SourceMap) -> Vec<Diagnostic> {
    diags
        .iter()
        .map(|d| crate::convert::compile(d, map))
        .collect()
}
