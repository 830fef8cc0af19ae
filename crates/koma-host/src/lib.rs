//! The front door of koma: every tool (the CLI, the REPL, `koma test`, `koma diff`, and the engine, the
//! language server and the web page to come) asks the [`Host`] for a game by name and gets its sources, its
//! compiled rules and every finding, once.
//!
//! # Where it lives
//!
//! | concept | module |
//! |---|---|
//! | where a game's text comes from ([`Sources`]: disk, embedded, memory) | `sources.rs`, `disk.rs`, `embedded.rs`, `memory.rs` |
//! | the files of one game and their span space ([`SourceMap`]: span → file, line, column) | `source_map.rs` |
//! | one diagnostic type for every error and finding ([`Diagnostic`]) | `diagnostic.rs` |
//! | conversions of every crate's errors into it | `convert.rs` |
//! | reading a game's chain of files (`extends`), parsing each once | `chain.rs` |
//! | [`Host::load`] (one compile) and [`Host::check`] (one compile and one lint) | `host.rs` |
//! | [`Host::format`]: a game's text in its canonical layout | `format.rs` |
//! | text safe to show: control characters, long user text | `text.rs` |
//! | lines of untrusted streams (a GUI's, an editor's) read to a bounded length | `lines.rs` |
//! | how long each front end lets a walk of the move tree run; its progress line | `walks.rs` |
//!
//! Libraries below the host return data; the host returns [`Diagnostic`]s; front ends render them (the CLI
//! with miette or as JSON).

mod chain;
pub mod convert;
mod diagnostic;
mod disk;
mod embedded;
mod format;
mod host;
pub mod lines;
mod memory;
mod source_map;
mod sources;
pub mod text;
pub mod walks;

pub use diagnostic::{Diagnostic, Label, Level};
pub use disk::Disk;
pub use embedded::Embedded;
pub use host::{Checked, Host, Loaded, MAX_RECORDS_BYTES};
/// The largest `.game` text koma reads, in bytes.
pub use koma_compile::MAX_SOURCE_BYTES;
pub use memory::Memory;
pub use source_map::{Location, SourceFile, SourceMap};
pub use sources::{LoadError, Origin, SourceText, Sources};
