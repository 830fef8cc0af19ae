//! `promotes to NAME` and `promotion zone ...`.

use std::collections::HashMap;

use koma_vm::FaceId;
use koma_vm::Span;
use koma_vm::spec::RankSet;

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::pieces::Pieces;
use crate::statements::Statements;
use crate::zone;

/// Links every piece to the face it promotes to. Returns, per promoted face, the piece it promotes from.
/// A royal face may be promoted to only where `royal_promotion` (`royal pieces: the last one counts`, or
/// `kings may be captured`) allows.
pub(crate) fn link(
    d: &mut Diagnostics,
    pieces: &mut Pieces,
    royal_promotion: bool,
) -> HashMap<FaceId, FaceId> {
    let mut promoted_from: HashMap<FaceId, FaceId> = HashMap::new();
    for i in FaceId::all(pieces.decls.len()) {
        let p = pieces.decl(i);
        let Some(target) = &p.promotes_to else {
            continue;
        };
        let Some(t) = pieces.resolve(d, target) else {
            continue;
        };
        let promoted = pieces.decl(t);
        let span = target.span.clone();
        if promoted.royal.is_some() && !royal_promotion {
            d.report(
                Code::PromotesToRoyal,
                span,
                format!("{} promotes to {}, a royal piece", p.name.node, target.node),
            )
            .label("royal face")
            .also(
                promoted
                    .royal
                    .clone()
                    .unwrap_or_else(|| promoted.span.clone()),
                "royal",
            )
            .help(
                "a second king would appear by promotion; promote to a face that is not royal, or, if the game \
                 means it, say `royal pieces: the last one counts` or `kings may be captured`",
            );
            promoted_from.insert(t, i);
        } else if t == i {
            d.report(
                Code::PromotesToItself,
                span,
                format!("{} cannot promote to itself", p.name.node),
            )
            .label("same piece");
        } else if let Some(&other) = promoted_from.get(&t) {
            let other = pieces.decl(other);
            d.report(
                Code::PromotedTwice,
                span,
                format!("{} is already the promotion of {}", target.node, other.name.node),
            )
            .label("promoted twice")
            .also(other.promotes_to.as_ref().map_or(other.span.clone(), |t| t.span.clone()), "first promotion")
            .help("each promoted face belongs to exactly one piece, so that it knows what it demotes to");
        } else if let Some(further) = &promoted.promotes_to {
            d.report(
                Code::PromotionChain,
                span,
                format!(
                    "{} promotes further; promotion chains are not supported",
                    target.node
                ),
            )
            .label("promotes again")
            .also(further.span.clone(), "and again here");
            // The promoted face does have a base piece; only the chain is wrong.
            promoted_from.insert(t, i);
        } else if p.letter.node.starts_with('+') {
            // A promoted face that promotes again: the chain is reported at its base piece.
        } else {
            let expected = format!("+{}", p.letter.node);
            if promoted.letter.node != expected {
                d.report(
                    Code::PromotedLetter,
                    promoted.letter.span.clone(),
                    format!(
                        "the promoted {} is written `{}` in SFEN, but it promotes from `{}`: captured, it goes to hand as a {}",
                        promoted.name.node, promoted.letter.node, p.letter.node, p.name.node
                    ),
                )
                .label("letter")
                .help(format!("write `{expected}`"));
            }
            promoted_from.insert(t, i);
            pieces.specs[i.index()].promotes_to = Some(t);
        }
    }
    promoted_from
}

/// `promotion is mandatory [for NAME, ...]`: marks the pieces named, or every promoting piece.
pub(crate) fn mandatory(d: &mut Diagnostics, st: &Statements, pieces: &mut Pieces) {
    let Some((names, span)) = &st.mandatory else {
        return;
    };
    if names.is_empty() {
        let mut any = false;
        for spec in &mut pieces.specs {
            if spec.promotes_to.is_some() {
                spec.promotion_mandatory = Some(span.clone());
                any = true;
            }
        }
        if !any {
            d.report(
                Code::MandatoryWithoutPromotion,
                span.clone(),
                "promotion is mandatory, but no piece promotes",
            )
            .label("mandatory")
            .help("give a piece `promotes to NAME`, or remove this line");
        }
        return;
    }
    for name in *names {
        let Some(p) = pieces.resolve(d, name) else {
            continue;
        };
        if pieces.specs[p.index()].promotes_to.is_some() {
            pieces.specs[p.index()].promotion_mandatory = Some(span.clone());
        } else {
            d.report(
                Code::MandatoryWithoutPromotion,
                name.span.clone(),
                format!(
                    "{} does not promote, so its promotion cannot be mandatory",
                    name.node
                ),
            )
            .label("does not promote")
            .also(pieces.decl(p).span.clone(), "declared here");
        }
    }
}

/// A face written `+X` must be the promotion of some piece, or the other face of a tile that flips.
pub(crate) fn report_faces_without_base(
    d: &mut Diagnostics,
    pieces: &Pieces,
    promoted_from: &HashMap<FaceId, FaceId>,
) {
    for i in FaceId::all(pieces.decls.len()) {
        let p = pieces.decl(i);
        let flip_side = pieces.specs.iter().any(|s| s.flips_to == Some(i));
        if p.letter.node.starts_with('+') && !promoted_from.contains_key(&i) && !flip_side {
            d.report(
                Code::PromotedFaceWithoutBase,
                p.letter.span.clone(),
                format!(
                    "{} is written as a promoted face (`{}`), but no piece promotes to it",
                    p.name.node, p.letter.node
                ),
            )
            .label("promoted face")
            .help(format!(
                "add `promotes to {0}` (or `flips to {0}`) to the piece it comes from",
                p.name.node
            ));
        }
    }
}

/// The promotion zone; an error if pieces promote but there is none (unless they promote by capture).
pub(crate) fn zone(d: &mut Diagnostics, st: &Statements, pieces: &Pieces, ranks: u8) -> RankSet {
    if let Some((z, span)) = &st.promotion_zone {
        return zone::ranks(d, *z, ranks, span.clone()).unwrap_or_default();
    }
    if st.promotion_by_capture.is_some() {
        return RankSet::EMPTY;
    }
    let first_promotion = FaceId::all(pieces.decls.len())
        .filter(|&i| pieces.specs[i.index()].promotes_to.is_some())
        .find_map(|i| pieces.decl(i).promotes_to.as_ref());
    if let Some(target) = first_promotion {
        d.report(
            Code::MissingPromotionZone,
            target.span.clone(),
            "pieces promote, but the game has no promotion zone",
        )
        .label("promotion")
        .help("add a line such as `promotion zone last 2 ranks`");
    }
    RankSet::EMPTY
}

/// `promotion by capture`: an error beside another rule of when a piece promotes (`promotion only on entering
/// the zone or capturing from it`, `promotion is mandatory`), which it replaces.
pub(crate) fn by_capture(d: &mut Diagnostics, st: &Statements) -> Option<Span> {
    let (_, span) = st.promotion_by_capture.as_ref()?;
    let other = [
        st.promotion_on_entry.as_ref().map(|(_, s)| {
            (
                s,
                "promotion only on entering the zone or capturing from it",
            )
        }),
        st.mandatory
            .as_ref()
            .map(|(_, s)| (s, "promotion is mandatory")),
    ];
    for (other_span, words) in other.into_iter().flatten() {
        d.report(
            Code::TwoPromotionRules,
            other_span.clone(),
            format!("`{words}` beside `promotion by capture`: a capture alone promotes, and always"),
        )
        .label("second promotion rule")
        .also(span.clone(), "promotion by capture")
        .help("keep one of the two; with `promotion by capture` a promotion zone limits it to captures that end there");
    }
    Some(span.clone())
}
