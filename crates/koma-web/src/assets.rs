//! The page's files, embedded in the binary: the same files whether the server or a static site serves them.

#[cfg(feature = "server")]
use axum::http::{StatusCode, header};
#[cfg(feature = "server")]
use axum::response::IntoResponse;

/// The page.
pub const INDEX: &str = include_str!("../assets/index.html");
/// Its script.
pub const SCRIPT: &str = include_str!("../assets/app.js");
/// Its style sheet.
pub const STYLE: &str = include_str!("../assets/style.css");

#[cfg(feature = "server")]
/// What every page answer carries: its type, and a policy that lets it load nothing from elsewhere.
fn headers(kind: &'static str) -> [(header::HeaderName, &'static str); 3] {
    [
        (header::CONTENT_TYPE, kind),
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-src 'self' data:",
        ),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    ]
}

#[cfg(feature = "server")]
/// The page.
pub async fn index() -> impl IntoResponse {
    (headers("text/html; charset=utf-8"), INDEX)
}

#[cfg(feature = "server")]
/// Its script.
pub async fn script() -> impl IntoResponse {
    (headers("text/javascript; charset=utf-8"), SCRIPT)
}

#[cfg(feature = "server")]
/// Its style sheet.
pub async fn style() -> impl IntoResponse {
    (headers("text/css; charset=utf-8"), STYLE)
}

#[cfg(feature = "server")]
/// Anything else.
pub async fn not_found() -> impl IntoResponse {
    (
        StatusCode::NOT_FOUND,
        "not found: this server has the page at / and its requests under /api/\n",
    )
}
