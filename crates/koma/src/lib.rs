//! The `koma` command line as a library: argument definitions, one module per command, games through
//! `koma-host`, the miette adapter (`report`) and the JSON writer (`json`) for its diagnostics.

pub mod args;
pub mod commands;
pub mod json;
pub mod load;
pub mod out;
pub mod progress;
pub mod report;
