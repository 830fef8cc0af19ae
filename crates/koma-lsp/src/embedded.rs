//! Where a file of a game's chain can be opened: a file on disk by its path; an embedded game as a read-only
//! copy in koma's cache folder, written when first asked for.

use std::path::PathBuf;

use koma_host::{Origin, SourceFile};
use lsp_types::Uri;

/// The URI an editor opens a file of a game's chain at; `main` is the document's own.
pub(crate) fn uri_of(file: &SourceFile, main: &Uri) -> Option<Uri> {
    match &file.origin {
        Origin::File(path) => crate::uri::from_path(&std::fs::canonicalize(path).ok()?),
        Origin::Embedded(name) => crate::uri::from_path(&cached(name, &file.text)?),
        Origin::Memory(_) => Some(main.clone()),
    }
}

/// The embedded game `name` as a read-only file in the cache folder.
fn cached(name: &str, text: &str) -> Option<PathBuf> {
    let folder = dirs::cache_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join("koma")
        .join("embedded")
        .join(env!("CARGO_PKG_VERSION"));
    std::fs::create_dir_all(&folder).ok()?;
    let path = folder.join(format!("{name}.game"));
    if std::fs::read_to_string(&path).ok().as_deref() != Some(text) {
        if let Ok(meta) = std::fs::metadata(&path) {
            let mut permissions = meta.permissions();
            #[allow(clippy::permissions_set_readonly_false)]
            permissions.set_readonly(false);
            std::fs::set_permissions(&path, permissions).ok()?;
        }
        std::fs::write(&path, text).ok()?;
        let mut permissions = std::fs::metadata(&path).ok()?.permissions();
        permissions.set_readonly(true);
        std::fs::set_permissions(&path, permissions).ok()?;
    }
    Some(path)
}
