//! The HTML rules card's pictures: piece diagrams that fit their boxes, hands that fit the start picture,
//! zones (promotion, goal, drop) drawn on the board. (They were looked at in headless Chromium; this keeps what was seen.)

mod common;

use common::{koma, stdout};

/// The start position's picture in a card: the SVG that writes the hands.
fn start_picture(game: &str) -> String {
    let html = stdout(&koma(&["card", game, "--format", "html"]));
    assert!(
        html.contains("svg{max-width:100%;height:auto}.piece svg{display:block}"),
        "diagrams must scale to their boxes and to the page"
    );
    assert!(
        html.contains("p,li{overflow-wrap:anywhere}"),
        "a long SFEN must wrap on a phone's page"
    );
    html.split("<svg xmlns")
        .map(|s| s.split("</svg>").next().unwrap_or_default())
        .find(|s| s.contains("first player:"))
        .unwrap_or_else(|| panic!("{game}: no start picture"))
        .to_string()
}

fn width(svg: &str) -> usize {
    let at = svg.find("width=\"").expect("a width") + 7;
    svg[at..].split('"').next().unwrap().parse().unwrap()
}

/// Squares tinted in a colour: one rectangle per zone square of either player.
fn tinted(svg: &str, colour: &str) -> usize {
    svg.matches(&format!("fill=\"{colour}\" fill-opacity=\"0.13\""))
        .count()
}

#[test]
fn the_start_picture_is_wide_enough_for_the_hands() {
    // The 3x3 game starts with seven pieces in each hand: wider than its board.
    let svg = start_picture("micromini");
    let longest = svg
        .split("font-size=\"13\">")
        .skip(1)
        .map(|t| t.split('<').next().unwrap().chars().count())
        .max()
        .unwrap();
    assert!(longest > 25, "{longest}");
    assert!(
        width(&svg) >= longest * 8,
        "{} < {}",
        width(&svg),
        longest * 8
    );
}

#[test]
fn zones_are_drawn_on_the_start_picture() {
    // Shogi: three promotion ranks of nine squares for each player.
    assert_eq!(tinted(&start_picture("shogi"), "#c53030"), 54);
    assert_eq!(tinted(&start_picture("shogi"), "#2b6cb0"), 0);
    // Dobutsu: the far rank is both the promotion zone and the Lion's goal.
    assert_eq!(tinted(&start_picture("dobutsu"), "#c53030"), 6);
    assert_eq!(tinted(&start_picture("dobutsu"), "#2b6cb0"), 6);
    let html = stdout(&koma(&["card", "dobutsu", "--format", "html"]));
    assert!(
        html.contains("goal zone (king reaches)"),
        "the legend names the goal zone"
    );
    let html = stdout(&koma(&["card", "shogi", "--format", "html"]));
    assert!(
        !html.contains("goal zone"),
        "no legend for a zone the game lacks"
    );
}

#[test]
fn the_drop_zone_is_framed_on_the_start_picture() {
    let framed = |game: &str| {
        start_picture(game)
            .matches("stroke=\"#2f855a\" stroke-width=\"2\" stroke-dasharray=\"4 3\"")
            .count()
    };
    // The 3x3 game: pieces only on the owner's home rank (the Pawn anywhere): three squares for each player.
    assert_eq!(framed("micromini"), 6);
    // Shogi restricts drops by rule, not by zone: no frame, and no legend.
    assert_eq!(framed("shogi"), 0);
    let html = stdout(&koma(&["card", "micromini", "--format", "html"]));
    assert!(
        html.contains("drop zone (where the pieces"),
        "the legend names the drop zone"
    );
    let html = stdout(&koma(&["card", "shogi", "--format", "html"]));
    assert!(!html.contains("drop zone"));
}
