//! Compiled rules in the language's own words: zones, end conditions, results, end rules and game results,
//! as `.game` files write them (`last 2 ranks`, `repetition 4 with perpetual check: checker loses`).

use crate::spec::RankSet;
use crate::{
    Bitboard, EndCondition, EndResult, EndRule, FaceId, GameResult, Player, RelativePlayer, Rules,
};

impl RankSet {
    /// The zone as the language writes it: `last rank`, `last 2 ranks`, `rank 1`, `ranks 2..3` (from the
    /// owner's side), on a board of `board_ranks` ranks.
    pub fn words(self, board_ranks: u8) -> String {
        let list: Vec<u8> = self.iter().map(|r| r + 1).collect();
        let (Some(&low), Some(&high)) = (list.first(), list.last()) else {
            return "no rank".into();
        };
        let contiguous = list.len() == (high - low + 1) as usize;
        match (contiguous, high == board_ranks, low == high) {
            (true, true, true) => "last rank".into(),
            (true, true, false) => format!("last {} ranks", high - low + 1),
            (true, false, true) => format!("rank {low}"),
            (true, false, false) => format!("ranks {low}..{high}"),
            _ => format!(
                "ranks {}",
                list.iter()
                    .map(u8::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    /// The zone in a sentence: `the last rank`, `the last 2 ranks`, `rank 1 (the home rank)`, `ranks 2 to 3`.
    pub fn prose(self, board_ranks: u8) -> String {
        match self.words(board_ranks).as_str() {
            "last rank" => "the last rank".into(),
            "rank 1" => "rank 1 (the home rank)".into(),
            z if z.starts_with("last ") => format!("the {z}"),
            z => z.replacen("..", " to ", 1),
        }
    }
}

impl Rules {
    /// The ranks, counted from `player`'s side, that a set of squares covers.
    pub fn owner_ranks(&self, squares: Bitboard, player: Player) -> RankSet {
        let mut set = RankSet::EMPTY;
        for sq in squares {
            let (_, y) = self.coords(sq);
            let own = match player {
                Player::First => y,
                Player::Second => self.ranks - 1 - y,
            };
            set = set.union(RankSet::span(own, own));
        }
        set
    }

    /// Whether `face` reaches a hand only by a capture that ends the game at once (a royal under `king
    /// captured`, with captures to hand), so it is never dropped in play.
    pub fn royal_capture_ends_game(&self, face: FaceId) -> bool {
        self.face(face).royal
            && self.captures == crate::spec::Captures::GoToHand
            && self
                .end_rules
                .iter()
                .any(|r| r.condition == EndCondition::KingCaptured)
    }
}

impl EndRule {
    /// The rule as the language writes it: `repetition 4 with perpetual check: checker loses`.
    pub fn words(&self, rules: &Rules) -> String {
        format!("{}: {}", self.condition.words(rules), self.result.words())
    }
}

impl EndCondition {
    /// The condition as the language writes it, in the terms of `rules` (zones, piece names).
    pub fn words(&self, rules: &Rules) -> String {
        match self {
            EndCondition::NoLegalMove => "no legal move".into(),
            EndCondition::Repetition(n) => format!("repetition {n}"),
            EndCondition::PerpetualCheck(n) => format!("repetition {n} with perpetual check"),
            EndCondition::Stalemate => "stalemate".into(),
            EndCondition::KingCaptured => "king captured".into(),
            EndCondition::BareKing => "bare king".into(),
            EndCondition::BothKingsBare => "both kings bare".into(),
            EndCondition::NoPiecesLeft => "no pieces left".into(),
            EndCondition::Checks(1) => "1 check".into(),
            EndCondition::Checks(n) => format!("{n} checks"),
            EndCondition::KingReaches { zone, safely } => format!(
                "king reaches {}{}",
                zone.words(rules.ranks),
                if *safely { " safely" } else { "" }
            ),
            EndCondition::NoProgress { moves, piece } => match piece {
                Some(p) => format!(
                    "{moves} moves without capture or {} move",
                    rules.face(*p).name
                ),
                None => format!("{moves} moves without capture"),
            },
        }
    }
}

impl Rules {
    /// What makes a king bare, in words, when a `bare king` or `both kings bare` rule is in force.
    pub fn bare_words(&self) -> Option<String> {
        let bare = self.end_rules.iter().any(|r| {
            matches!(
                r.condition,
                EndCondition::BareKing | EndCondition::BothKingsBare
            )
        });
        if !bare {
            return None;
        }
        let not_baring = match self.cannot_bare.as_slice() {
            [] => String::new(),
            faces => {
                let names: Vec<&str> = faces.iter().map(|&f| self.face(f).name.as_str()).collect();
                format!(", other than {},", names.join(" or "))
            }
        };
        Some(format!(
            "A king is bare when its owner has no other piece that could still move (a piece stranded where it \
             could never move again does not count) and nothing in hand; the other player bares it with a single \
             royal piece that is not attacked and at least one more piece{not_baring} that could still move. With \
             only one such piece, the bare king must not attack it: it could take it back."
        ))
    }

    /// The `range capture` statement in words, when the game has one: the ranks, highest first, and what a
    /// ranked piece that slides may do.
    pub fn range_capture_words(&self) -> Option<String> {
        self.origins.range_capture.as_ref()?;
        let ranks = self.rank_levels();
        if ranks.is_empty() {
            return Some(self.range_capture_list_words());
        }
        let groups: Vec<String> = ranks
            .iter()
            .map(|&rank| {
                let names: Vec<&str> = self
                    .faces
                    .iter()
                    .zip(&self.piece_ranks)
                    .filter(|&(_, &r)| r == rank)
                    .map(|(f, _)| f.name.as_str())
                    .collect();
                names.join(", ")
            })
            .collect();
        let reading = if self.range_capture_takes {
            "Along its unlimited slides, a ranked piece that slides may jump over any number of pieces of lower \
             rank, of either side, and takes every piece it jumps; it stops on any empty square or enemy piece it \
             reaches so, and a piece of its rank or higher ends its line before it: it may neither jump nor take it."
        } else {
            "Along its unlimited slides, a ranked piece that slides may jump over any number of pieces of lower \
             rank, of either side, and take an enemy of lower rank where it lands; it takes the first piece on its \
             line whatever its rank, and never stops on an empty square beyond a piece it jumped."
        };
        Some(format!(
            "Range capture. Pieces rank, highest first: {}; every other piece ranks below them. {reading}",
            groups.join(" > ")
        ))
    }

    /// Under `range capture { ... }`, the names of the pieces `face` may not jump, in the order of the faces;
    /// `None` for a face that does not capture by range, or under ranks.
    pub fn range_list(&self, face: FaceId) -> Option<Vec<&str>> {
        if !self.rank_levels().is_empty() || !self.captures_by_range(face) {
            return None;
        }
        let n = self.faces.len();
        let row = &self.range_stops[face.index() * n..(face.index() + 1) * n];
        Some(
            (0..n)
                .filter(|&v| row[v])
                .map(|v| self.faces[v].name.as_str())
                .collect(),
        )
    }

    /// Whether a range capture takes every piece it jumps (`range capture takes every piece it jumps`).
    pub fn range_capture_takes(&self) -> bool {
        self.range_capture_takes
    }

    /// [`Rules::range_capture_words`] for `range capture { ... }`: each piece that captures by range with the
    /// pieces it may not jump.
    fn range_capture_list_words(&self) -> String {
        let lists: Vec<String> = (0..self.faces.len())
            .map(|i| FaceId::new(i as u16))
            .filter_map(|f| {
                let names = self.range_list(f)?;
                Some(format!(
                    "{} may not jump {}",
                    self.face(f).name,
                    names.join(", ")
                ))
            })
            .collect();
        let reading = if self.range_capture_takes {
            "It takes every piece it jumps, friend or foe, and stops on any empty square or enemy piece it reaches \
             so; a piece of its list ends its line before it."
        } else {
            "It takes an enemy it may jump where it lands, and the first piece on its line whatever it is; it never \
             stops on an empty square beyond a piece it jumped, and a piece of its list ends its line."
        };
        format!(
            "Range capture. Along its unlimited slides, each of these pieces may jump over any number of pieces, \
             of either side, but those of its list: {}. {reading}",
            lists.join("; ")
        )
    }

    /// The game's burning in words, when it has any: the burners, the pieces spared, passive burning.
    pub fn burning_words(&self) -> Option<String> {
        self.origins.burning.as_ref()?;
        let names = |flags: &[bool]| -> Vec<&str> {
            self.faces
                .iter()
                .zip(flags)
                .filter(|&(_, &on)| on)
                .map(|(f, _)| f.name.as_str())
                .collect()
        };
        let mut text = format!(
            "Burning. When a {} stops at the end of a board move, the enemy pieces on the eight squares next to it \
             burn: they leave the game",
            names(&self.burns).join(" or ")
        );
        let spared = names(&self.burn_spared);
        if !spared.is_empty() {
            text += &format!(", except an enemy {}", spared.join(" or "));
        }
        text += ".";
        if self.passive_burning {
            text += " A piece that stops next to an enemy burner burns itself, once its own move has burnt what it burns.";
        }
        Some(text)
    }

    /// `moves in two legs hold the square they start from` in words; `None` in a game without it.
    pub fn legs_hold_words(&self) -> Option<&'static str> {
        self.legs_hold.then_some(
            "Moves in two legs hold the square they start from: a piece moving in two legs stands on its square \
             until its move ends, so that its second leg never comes back to that square nor passes over it. Each \
             leg counts as a move of its own, so the middle square counts for promotion too.",
        )
    }

    /// Whether `face` burns (`burning: ...`).
    pub fn burns(&self, face: FaceId) -> bool {
        self.burns.get(face.index()).copied().unwrap_or(false)
    }

    /// Whether `face` burns, or promotes to a face that does (it may burn on a move that promotes).
    pub fn may_burn(&self, face: FaceId) -> bool {
        self.burns(face) || self.face(face).promotes_to.is_some_and(|p| self.burns(p))
    }

    /// The ranks that `range capture` gives, highest first, each once.
    fn rank_levels(&self) -> Vec<u8> {
        let mut ranks: Vec<u8> = self
            .piece_ranks
            .iter()
            .copied()
            .filter(|&r| r > 0)
            .collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        ranks.dedup();
        ranks
    }

    /// What `face` does under `moves anywhere`, in words (the sentence's predicate); `None` for a face the
    /// statement does not name.
    pub fn anywhere_words(&self, face: FaceId) -> Option<&'static str> {
        if !self.anywhere_faces.contains(&face) {
            return None;
        }
        Some(if self.anywhere_not_attacked {
            "moves to any square of the board that no enemy piece attacks, jumping, and takes what stands there; \
             pieces that move anywhere never protect"
        } else if self.anywhere_protects {
            "moves to any empty square of the board, jumping, takes any enemy piece that no other enemy piece \
             protects, and protects every other piece of its side"
        } else {
            "moves to any empty square of the board, jumping, and takes any enemy piece that no other enemy piece \
             protects; pieces that move anywhere never protect"
        })
    }

    /// Whether `face` captures by range (`range capture` ranks it, and it slides).
    pub fn captures_by_range(&self, face: FaceId) -> bool {
        self.specials[self.pf(Player::First, face)]
            .iter()
            .any(|s| s.range_capture > 0)
    }

    /// Where `face` stands under `range capture`: its place counted from the highest rank (1), and the number
    /// of ranks; `None` for a face not ranked.
    pub fn range_rank(&self, face: FaceId) -> Option<(usize, usize)> {
        let rank = self.piece_ranks[face.index()];
        if rank == 0 {
            return None;
        }
        let ranks = self.rank_levels();
        let place = ranks.iter().position(|&r| r == rank)? + 1;
        Some((place, ranks.len()))
    }

    /// One sentence for each statement about royalty and how pieces move the game makes (`royal pieces: the
    /// last one counts`, `no royal pieces`, borrowed moves, `captures are compulsory`), for cards and the REPL's
    /// `rules`.
    pub fn royalty_words(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.last_royal_counts {
            out.push(
                "Royal pieces: the last one counts. While a player has two or more royal pieces, the check rules \
                 protect none of them, and either may be captured; the last one is protected like a king.",
            );
        }
        if self.royals_counted_before {
            out.push(
                "Royal pieces are counted before the move: a player with one royal piece must keep it safe even \
                 by a move that makes a second.",
            );
        }
        if self.no_royals {
            out.push("No royal pieces: there is no king and no check rule.");
        }
        if self.borrowed_moves {
            out.push(
                "Pieces move as the friendly piece behind them: a piece with an own piece directly behind it (one \
                 rank toward its owner) moves and attacks as that piece, and otherwise as itself.",
            );
        }
        match self.compulsory_capture {
            Some(c) if c.drops_allowed => out.push(
                "Captures are compulsory: when a capture is possible, the player must capture, or drop a piece.",
            ),
            Some(_) => out.push(
                "Captures are compulsory: when a capture is possible, the player must capture (a drop is no way out).",
            ),
            None => {}
        }
        out
    }
}

impl RelativePlayer {
    /// The player as the language writes it: `side to move`, `checker`, `its owner`.
    pub fn words(self) -> &'static str {
        match self {
            RelativePlayer::SideToMove => "side to move",
            RelativePlayer::FirstPlayer => "first player",
            RelativePlayer::SecondPlayer => "second player",
            RelativePlayer::Checker => "checker",
            RelativePlayer::Mover => "mover",
            RelativePlayer::Owner => "its owner",
        }
    }
}

impl EndResult {
    /// The result as the language writes it: `draw`, `side to move loses`.
    pub fn words(self) -> String {
        match self {
            EndResult::Draw => "draw".into(),
            EndResult::Wins(p) => format!("{} wins", p.words()),
            EndResult::Loses(p) => format!("{} loses", p.words()),
        }
    }
}

impl Player {
    /// `first player` or `second player`.
    pub fn words(self) -> &'static str {
        match self {
            Player::First => "first player",
            Player::Second => "second player",
        }
    }
}

impl GameResult {
    /// `first player wins`, `second player wins` or `draw`.
    pub fn words(self) -> &'static str {
        match self {
            GameResult::Win(Player::First) => "first player wins",
            GameResult::Win(Player::Second) => "second player wins",
            GameResult::Draw => "draw",
        }
    }
}
