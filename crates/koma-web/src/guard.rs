//! Who may ask: the `Host` a request names and the `Origin` a browser sends must be this server's own.
//!
//! A page on another site cannot read this server's answers (no CORS headers are sent), but it could rebind
//! its own name to 127.0.0.1 (DNS rebinding) and then be "same origin" with the server. Its requests would
//! carry its own name in `Host`, so only the names the server answers for pass: `localhost`, `127.0.0.1` and
//! `[::1]`, the address it was bound to, and when it was bound to every address (`0.0.0.0`, `::`), any address
//! written as digits (a name that is only an address cannot be rebound), each with the port it listens on. A
//! request that changes or computes anything (every method but GET and HEAD) must also come from a page of
//! this server when it names an `Origin` at all (a browser always does; `curl` does not).

use std::net::{IpAddr, SocketAddr};

use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// The address a server listens on, which decides the names it answers for.
#[derive(Debug, Clone, Copy)]
pub struct Listening(pub SocketAddr);

impl Listening {
    /// Whether `authority` (a `Host` header's value: a name or address, maybe with a port) names this server.
    pub fn answers_for(&self, authority: &str) -> bool {
        let Some((host, port)) = split_authority(authority) else {
            return false;
        };
        if port.unwrap_or(80) != self.0.port() {
            return false;
        }
        if host.eq_ignore_ascii_case("localhost") {
            return true;
        }
        let Ok(address) = host.parse::<IpAddr>() else {
            return false;
        };
        let bound = self.0.ip();
        address.is_loopback() && bound.is_loopback()
            || address == bound
            || bound.is_unspecified()
            || address == IpAddr::from([127, 0, 0, 1])
            || address == IpAddr::from(std::net::Ipv6Addr::LOCALHOST)
    }

    /// Whether `origin` (an `Origin` header's value) is a page of this server.
    pub fn is_own_origin(&self, origin: &str) -> bool {
        origin
            .strip_prefix("http://")
            .is_some_and(|authority| !authority.contains('/') && self.answers_for(authority))
    }
}

/// `name:port`, `[v6]:port`, `name` or `[v6]`, as the name (brackets removed) and the port.
fn split_authority(authority: &str) -> Option<(&str, Option<u16>)> {
    let (host, port) = if let Some(rest) = authority.strip_prefix('[') {
        let (inside, after) = rest.split_once(']')?;
        match after {
            "" => (inside, None),
            _ => (inside, Some(after.strip_prefix(':')?)),
        }
    } else {
        match authority.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        }
    };
    let port = match port {
        None => None,
        Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            Some(digits.parse().ok()?)
        }
        Some(_) => return None,
    };
    (!host.is_empty()).then_some((host, port))
}

/// The check itself, before any route: a refused request gets 403 and a one-line error.
pub async fn check(State(listening): State<Listening>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    if !host.is_some_and(|h| listening.answers_for(h)) {
        return refuse(
            "this server answers only for its own address (the Host header names another)",
        );
    }
    let computes = !matches!(*request.method(), Method::GET | Method::HEAD);
    let foreign = headers
        .get(header::ORIGIN)
        .is_some_and(|o| !o.to_str().is_ok_and(|o| listening.is_own_origin(o)));
    if computes && foreign {
        return refuse(
            "this server takes requests only from its own page (the Origin header names another)",
        );
    }
    next.run(request).await
}

fn refuse(message: &str) -> Response {
    (
        StatusCode::FORBIDDEN,
        axum::Json(json!({"error": message, "diagnostics": []})),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(address: &str) -> Listening {
        Listening(address.parse().unwrap())
    }

    #[test]
    fn a_loopback_server_answers_for_its_own_names_and_port_only() {
        let l = on("127.0.0.1:8080");
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "[::1]:8080",
        ] {
            assert!(l.answers_for(ok), "{ok}");
        }
        for refused in [
            "evil.example",
            "evil.example:8080",
            "127.0.0.1:8081",
            "127.0.0.1",
            "localhost.evil.example:8080",
            "10.0.0.1:8080",
            "[::1]8080",
            ":8080",
            "127.0.0.1:80a",
            "127.0.0.1:99999",
            "",
        ] {
            assert!(!l.answers_for(refused), "{refused}");
        }
    }

    #[test]
    fn a_server_on_every_address_answers_for_addresses_not_names() {
        let l = on("0.0.0.0:9000");
        assert!(l.answers_for("192.168.1.5:9000"));
        assert!(l.answers_for("localhost:9000"));
        assert!(!l.answers_for("attacker.example:9000"));
        let given = on("192.168.1.5:9000");
        assert!(given.answers_for("192.168.1.5:9000"));
        assert!(!given.answers_for("192.168.1.6:9000"));
    }

    #[test]
    fn origins_are_pages_of_this_server() {
        let l = on("127.0.0.1:8080");
        assert!(l.is_own_origin("http://localhost:8080"));
        assert!(l.is_own_origin("http://127.0.0.1:8080"));
        for refused in [
            "null",
            "https://localhost:8080",
            "http://evil.example",
            "http://localhost:8080/x",
            "http://localhost:8081",
        ] {
            assert!(!l.is_own_origin(refused), "{refused}");
        }
    }
}
