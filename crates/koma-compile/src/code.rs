//! Every diagnostic code the compiler reports, with its severity and what it means.

macro_rules! codes {
    ($($variant:ident $name:literal $severity:ident $summary:literal,)*) => {
        /// A diagnostic code: stable, kebab-case, shown as `koma::NAME`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code {
            $(#[doc = $summary] $variant,)*
        }

        impl Code {
            /// Every code, in the order of the reference.
            pub const ALL: &[Code] = &[$(Code::$variant,)*];

            /// The code as shown to users: `koma::unknown-piece`.
            pub fn name(self) -> &'static str {
                match self {
                    $(Code::$variant => concat!("koma::", $name),)*
                }
            }

            /// Whether a diagnostic with this code stops the game from compiling.
            pub fn severity(self) -> Severity {
                match self {
                    $(Code::$variant => Severity::$severity,)*
                }
            }

            /// What the code means, in one sentence.
            pub fn summary(self) -> &'static str {
                match self {
                    $(Code::$variant => $summary,)*
                }
            }
        }
    };
}

codes! {
    Syntax "syntax" Error "The text does not follow the grammar.",
    FileTooLarge "file-too-large" Error "The game file is larger than 1 MiB.",
    LineTooLong "line-too-long" Error "A line is longer than 10,000 characters.",
    ControlCharacter "control-character" Error "A string holds a control character (such as NUL or escape) or a bidirectional-formatting character.",
    DuplicateStatement "duplicate-statement" Error "A statement that may appear once is given twice.",
    MissingBoard "missing-board" Error "The game has no `board` statement.",
    BoardSize "board-size" Error "The board is empty or has more than 36 files or ranks.",
    MissingPieces "missing-pieces" Error "The game declares no pieces.",
    TooManyFaces "too-many-faces" Error "The game declares more piece faces than piece letters can name (780).",
    DuplicatePiece "duplicate-piece" Error "Two pieces have the same name.",
    PieceLetter "piece-letter" Error "A piece letter is not an uppercase letter with at most three marks.",
    DuplicateLetter "duplicate-letter" Error "Two piece faces have the same SFEN letter.",
    KanjiLength "kanji-length" Error "A kanji name is not one or two characters.",
    UnknownPiece "unknown-piece" Error "A rule names a piece the game does not declare.",
    ValueOfRoyal "value-of-royal" Error "A `value` statement names a royal piece, whose loss ends the game.",
    Betza "betza" Error "A Betza move string is malformed.",
    BetzaTooLong "betza-too-long" Error "A Betza move string is longer than 256 characters.",
    BetzaUnsupported "betza-unsupported" Error "A Betza feature is read but not supported by the rule VM.",
    PromotesToRoyal "promotes-to-royal" Error "A piece promotes to a royal face, and the game says neither `royal pieces: the last one counts` nor `kings may be captured`.",
    RoyalWithoutRoyals "royal-in-game-without-royals" Error "A piece is `royal` in a game that says `no royal pieces`.",
    LionRulesWithoutLions "lion-rules-without-lions" Error "A `lion rules` block in a game where no piece is marked `lion`.",
    CounterStrikeWithHands "counter-strike-with-hands" Error "The counter-strike lion rule in a game whose captured pieces go to hand.",
    CannotBareWithoutBareKing "cannot-bare-without-bare-king" Error "`pieces that cannot bare a king` in a game with no `bare king` end rule.",
    RankTwice "rank-twice" Error "`range capture` names a piece twice.",
    RangeCaptureWithoutSlider "range-capture-without-slider" Error "`range capture` names no piece that slides and captures, so no piece captures by range.",
    RangeTakesWithoutRanks "range-capture-takes-without-ranks" Error "`range capture takes every piece it jumps` in a game without `range capture: ...`, which ranks the pieces.",
    RangeTakesWithDrops "range-capture-takes-with-drops" Error "`range capture takes every piece it jumps` in a game whose captured pieces go to hand: the pieces jumped leave the game.",
    BurningWithoutBurners "burning-without-burners" Error "`burning spares` or passive burning in a game whose `burning` statement names no burner.",
    SweepWithDrops "sweep-with-drops" Error "A piece sweeps (`w`) in a game whose captured pieces go to hand: the pieces a sweep passes over leave the game.",
    BurningWithDrops "burning-with-drops" Error "`burning` in a game whose captured pieces go to hand: burnt pieces leave the game.",
    LegsHoldWithoutLegs "legs-hold-without-legs" Error "`moves in two legs hold the square they start from` in a game where no piece moves in two legs (walks aside).",
    BurnerInTwoLegs "burner-in-two-legs" Error "A burner has a move in two legs (a lion's), whose burning could not be told from where it stops alone.",
    BorrowedMovesStranded "borrowed-moves-stranded" Error "`stranded pieces must promote` or `no piece where it could never move` in a game with borrowed moves, where no piece is stranded for good.",
    RoyaltyContradiction "royalty-contradiction" Error "`no royal pieces` is said together with `royal pieces: the last one counts` or `kings may be captured`.",
    PromotesToItself "promotes-to-itself" Error "A piece is declared to promote to itself.",
    PromotedTwice "promoted-twice" Error "Two pieces promote to the same face.",
    PromotionChain "promotion-chain" Error "A promoted face promotes again.",
    PromotedLetter "promoted-letter" Error "A promoted face is not written `+X` with the letter of the piece it promotes from.",
    PromotedFaceWithoutBase "promoted-face-without-base" Error "A face written `+X` is the promotion or the flip side of no piece.",
    MissingPromotionZone "missing-promotion-zone" Error "Pieces promote, but the game has no promotion zone (and does not promote by capture).",
    TwoPromotionRules "two-promotion-rules" Error "`promotion by capture` beside `promotion only on entering the zone or capturing from it` or `promotion is mandatory`.",
    MandatoryWithoutPromotion "mandatory-without-promotion" Error "`promotion is mandatory` names a piece that does not promote, or no piece promotes.",
    ZoneDoesNotFit "zone-does-not-fit" Error "A zone names ranks the board does not have.",
    RegionDoesNotFit "region-does-not-fit" Error "A `confine` statement names files the board does not have.",
    ConfinedRider "confined-rider" Error "A `confine` statement names a piece that slides, hops or moves in two legs: only pieces that step or leap may be confined.",
    FlipsToItself "flips-to-itself" Error "A piece is declared to flip to itself.",
    FlipAndPromotion "flip-and-promotion" Error "A piece both flips and promotes.",
    FlipDeclaredTwice "flip-declared-twice" Error "Both faces of a tile declare `flips to`.",
    FlipFaceTaken "flip-face-taken" Error "A flip names a face that already belongs to another tile.",
    RoyalFlip "royal-flip" Error "A royal piece flips.",
    FileLimitCount "file-limit-count" Error "A drop rule counts zero pieces on a file, or more than the board has ranks.",
    MissingEnd "missing-end" Error "The game has no `end` block.",
    EmptyEnd "empty-end" Error "The `end` block has no rules.",
    DuplicateOption "duplicate-option" Error "An option is set twice in the `options` block.",
    MoveCountZero "move-count-zero" Error "A no-progress rule counts zero moves.",
    RepetitionCount "repetition-count" Error "A repetition rule counts fewer than two occurrences.",
    CheckerWithoutPerpetual "checker-without-perpetual" Error "`checker` is named by a rule that is not about perpetual check or checks given.",
    CheckCount "check-count" Error "An `N checks` rule counts no checks, or more than 255.",
    OwnerWithoutGoal "owner-without-goal" Error "`its owner` is named by a rule that is not about a king reaching its zone or a bare king.",
    SafeGoalNeedsOwner "safe-goal-needs-owner" Error "`king reaches ZONE safely` names the winner as the mover or the side to move, but either king may be the one that reached.",
    MissingStart "missing-start" Error "The game has no start position.",
    StartPosition "start-position" Error "The start position is not a position of the game.",
    ExtendsUnknownGame "extends-unknown-game" Error "`extends` names no embedded game and no file beside this one.",
    ExtendsCycle "extends-cycle" Error "Games extend each other in a circle, or too deep.",
    ExtendsBrokenParent "extends-broken-parent" Error "The game named by `extends` does not parse.",
    WithoutNothing "without-nothing" Error "A `without` statement names a statement or rule that the game it extends does not have (or the game extends none).",
    ExtendsRefused "extends-refused" Error "`extends` names a file outside the game's own folder (an absolute path, a `..` step, a link leading out).",
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The game cannot be compiled (every code today: valid but doubtful text is the linter's job).
    Error,
}
