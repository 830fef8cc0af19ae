//! `koma serve [GAME...]`: the web page, on localhost unless told otherwise.

use std::net::{IpAddr, SocketAddr};

use crate::report::Report;

/// Serves the games named (every embedded game when none is) until Ctrl-C.
pub fn run(games: &[String], host: IpAddr, port: u16) -> Result<(), Vec<Report>> {
    let names = named_or_embedded(games);
    let served = koma_web::Games::new(&names)
        .map_err(|d| d.into_iter().map(Report::from).collect::<Vec<_>>())?;
    let count = served.list().len();
    koma_web::serve(served, SocketAddr::new(host, port), |address| {
        crate::say!("koma serve: http://{address}/ ({count} game(s); Ctrl-C stops)");
        if !host.is_loopback() {
            crate::say!("warning: listening on {host}: other machines can reach this page");
        }
    })
    .map_err(|e| vec![Report::plain("koma::serve", e, None)])
}

/// The games named, or when none is, every embedded game (the default game first), as the web board lists
/// them.
pub fn named_or_embedded(games: &[String]) -> Vec<String> {
    if !games.is_empty() {
        return games.to_vec();
    }
    std::iter::once(koma_games::DEFAULT)
        .chain(
            koma_games::GAMES
                .iter()
                .chain(koma_games::EXAMPLES)
                .map(|g| g.name),
        )
        .filter({
            let mut seen = std::collections::HashSet::new();
            move |name| seen.insert(*name)
        })
        .map(str::to_string)
        .collect()
}
