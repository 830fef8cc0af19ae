//! Games on disk, as [`Sources`], and what `extends` may read there.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use crate::sources::{LoadError, Origin, SourceText, Sources};

/// `.game` files on disk.
///
/// A name the user gives is a path. A name in `extends` is a file in the extending file's own folder or below
/// it: an absolute path, a `..` step or a link that leads out of that folder is refused, so a game file can
/// only make koma read files that sit beside it. Only regular files of at most
/// [`koma_compile::MAX_SOURCE_BYTES`] are read; folders, devices and pipes are refused before they are opened.
#[derive(Debug, Clone, Copy, Default)]
pub struct Disk;

impl Sources for Disk {
    fn read(&self, name: &str, from: Option<&Origin>) -> Result<SourceText, LoadError> {
        match from {
            None => read_file(name, Path::new(name)),
            Some(Origin::File(file)) => {
                let path = beside(file, name)?;
                let mut text = read_file(name, &path)?;
                text.name = path.display().to_string();
                Ok(text)
            }
            Some(_) => Err(LoadError::NotFound {
                name: name.to_string(),
            }),
        }
    }
}

/// The path of `name` as the file `file` names it in `extends` (or a scenario file in its `game` line):
/// a `.game` file inside `file`'s folder. A name that does not end in `.game` is not looked for on disk at all
/// (it can only be an embedded game), so a game cannot make koma read, or tell apart, any other kind of file.
pub(crate) fn beside(file: &Path, name: &str) -> Result<PathBuf, LoadError> {
    let refuse = |why: &str| LoadError::Refused {
        name: name.to_string(),
        why: why.to_string(),
    };
    let relative = Path::new(name);
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return Err(refuse(
            "a game file (in `extends`) or a scenario file (in `game`) may name only a file in its own folder or below it, or an embedded game",
        ));
    }
    if relative.extension().is_none_or(|e| e != "game") {
        return Err(LoadError::NotFound {
            name: name.to_string(),
        });
    }
    let folder = file.parent().unwrap_or(Path::new(""));
    let path = folder.join(relative);
    if !path.exists() {
        return Err(LoadError::NotFound {
            name: name.to_string(),
        });
    }
    let real_folder = std::fs::canonicalize(if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    });
    match (real_folder, std::fs::canonicalize(&path)) {
        (Ok(real_folder), Ok(real)) if real.starts_with(&real_folder) => Ok(path),
        _ => Err(refuse(
            "it is a link that leads out of the game's folder; a game may extend only a file in its own folder or below it",
        )),
    }
}

/// Reads a regular file of at most the size limit as UTF-8 text: `.game` files, and scenario files.
pub(crate) fn read_file(name: &str, path: &Path) -> Result<SourceText, LoadError> {
    read_limited(
        name,
        path,
        koma_compile::MAX_SOURCE_BYTES as u64,
        "koma reads .game and .scenarios files",
        "a game or a scenario file fits in a few kilobytes: is this the right file?",
    )
}

/// Reads a regular file of at most `limit` bytes as UTF-8 text; folders, devices and pipes are refused before
/// they are opened. `kind` ("koma reads … files") and `help` word the message about a file too large.
pub(crate) fn read_limited(
    name: &str,
    path: &Path,
    limit: u64,
    kind: &str,
    help: &str,
) -> Result<SourceText, LoadError> {
    let unreadable = |why: String, help: &str| LoadError::Unreadable {
        name: name.to_string(),
        why,
        help: help.to_string(),
    };
    match std::fs::metadata(path) {
        Err(_) => Err(LoadError::NotFound {
            name: name.to_string(),
        }),
        Ok(m) if m.is_dir() => Err(unreadable(
            "is a folder, not a file".into(),
            "name a file inside it",
        )),
        Ok(m) if !m.is_file() => Err(unreadable(
            "is not a regular file".into(),
            "koma reads regular files from disk, not devices or pipes",
        )),
        Ok(m) if m.len() > limit => Err(unreadable(
            format!("is {} bytes; {kind} of at most {limit} bytes", m.len()),
            help,
        )),
        Ok(_) => {
            let bytes = read_at_most(path, limit)
                .map_err(|e| unreadable(format!("cannot be read: {e}"), "check the file"))?;
            match String::from_utf8(bytes) {
                Ok(text) => Ok(SourceText {
                    name: name.to_string(),
                    origin: Origin::File(path.to_path_buf()),
                    text: Arc::from(text),
                }),
                Err(e) => Err(LoadError::NotUtf8 {
                    name: name.to_string(),
                    at: e.utf8_error().valid_up_to(),
                    text: String::from_utf8_lossy(e.as_bytes()).into_owned(),
                }),
            }
        }
    }
}

/// The file's bytes, refusing one that grew past `limit` since its size was looked at.
fn read_at_most(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(std::io::Error::other(format!(
            "it holds more than {limit} bytes"
        )));
    }
    Ok(bytes)
}
