//! "Did you mean": the known word nearest to a misspelt one (piece names, lint names, commands), by edit
//! distance ([`strsim`]).

/// The candidate nearest to `word`: the same word in another case, else one at most two edits away (and
/// fewer edits than its length, so that a short word is not matched by anything).
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let candidates: Vec<&str> = candidates.into_iter().collect();
    if let Some(same) = candidates.iter().find(|c| c.eq_ignore_ascii_case(word)) {
        return Some(same);
    }
    let word: String = word.chars().take(64).collect::<String>().to_lowercase();
    candidates
        .into_iter()
        .map(|c| (strsim::levenshtein(&word, &c.to_lowercase()), c))
        .filter(|&(d, c)| d <= 2 && d < c.chars().count())
        .min()
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::nearest;

    #[test]
    fn near_words_are_found_and_far_ones_are_not() {
        let pieces = ["King", "Hawk", "Pawn", "Tokin"];
        assert_eq!(nearest("Hawke", pieces), Some("Hawk"));
        assert_eq!(nearest("Pawns", pieces), Some("Pawn"));
        assert_eq!(nearest("pawn", pieces), Some("Pawn"));
        assert_eq!(nearest("Dragon", pieces), None);
        assert_eq!(nearest("X", pieces), None);
    }
}
