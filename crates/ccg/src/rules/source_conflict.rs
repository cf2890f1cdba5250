//! CCG-SOURCE-CONFLICT: where the format bans the Episode I icon, a card whose Episode I icon
//! GEMP and the Players Committee card database disagree on (14 ids, card_data/ccg/
//! icon_conflicts.toml, plus any the loader finds in newer data) cannot be judged: both verdicts
//! are reported and the answer is unverified. Not reported when another banned icon bans the
//! card anyway. Source: REG Classic Format Ban List L312; the data of both sources.

use crate::messages::{say, text};
use deckcheck_core::l10n;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;

pub const CODE: Code = Code::new("CCG-SOURCE-CONFLICT");
pub const SECTION: &str =
    "REG Classic Format Ban List L312; GEMP and the PC card database disagree";

pub struct SourceConflict;

/// One of the two card sources.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Source {
    Gemp,
    /// The Players Committee card database.
    Pc,
}

/// A card whose Episode I icon the two sources disagree on.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct SourcesDisagree {
    /// The source that gives the card the icon.
    pub with_icon: Source,
}

impl Explain for SourcesDisagree {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let without = match self.with_icon {
            Source::Gemp => Source::Pc,
            Source::Pc => Source::Gemp,
        };
        let name = |s: Source| {
            let key = match s {
                Source::Gemp => "gemp",
                Source::Pc => "pc",
            };
            say(lang, "ccg-source", [("source", text(key))])
        };
        say(
            lang,
            "ccg-sources-disagree",
            [
                ("with", text(name(self.with_icon))),
                ("without", text(name(without))),
                ("cards", text(l10n::titles_with_ids(lang, cards))),
            ],
        )
    }
}

impl Rule<Context<'_>> for SourceConflict {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "GEMP and the PC card database disagree on a card's Episode I icon, which the format bans: both verdicts are given, the answer is unverified.",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let banned = ctx.def.banned_icons_on(ctx.as_of);
        if !banned.iter().any(|(icon, _)| *icon == "EPISODE_I") {
            return;
        }
        for (i, _, tally) in ctx.each() {
            for c in tally.all() {
                let card = ctx.card(c.card);
                let Some(conflict) = card.icon_conflict else {
                    continue;
                };
                let banned_anyway = banned
                    .iter()
                    .any(|(icon, _)| *icon != "EPISODE_I" && card.has_icon(icon));
                if banned_anyway {
                    continue;
                }
                let with_icon = if conflict.gemp {
                    Source::Gemp
                } else {
                    Source::Pc
                };
                let v = Violation::new(CODE, SECTION, SourcesDisagree { with_icon })
                    .card(ctx.card_ref(c))
                    .unconfirmed(
                        "The two card sources disagree on this card's Episode I icon; no source found settles it.",
                    );
                ctx.report(out, i, v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, today, unverified};
    use crate::catalog::Side;

    #[test]
    fn a_card_the_sources_disagree_on_leaves_a_classic_deck_unverified_with_both_verdicts() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("213_14", 1)]);
        let found = f.judge("classic", today(), std::slice::from_ref(&deck));
        let v: Vec<_> = found
            .violations
            .iter()
            .filter(|v| v.code.as_str() == "CCG-SOURCE-CONFLICT")
            .collect();
        assert_eq!(v.len(), 1);
        assert!(!v[0].is_certain());
        assert!(unverified(&found));
        assert!(
            !found
                .violations
                .iter()
                .any(|v| v.code.as_str() == "CCG-ICON")
        );
        assert!(v[0].message().starts_with("GEMP gives Planetary Rings (213_14, line 1) an Episode I icon and the Players Committee card database does not"), "{}", v[0].message());
        assert!(
            f.violations("open", today(), &[deck], "CCG-SOURCE-CONFLICT")
                .is_empty()
        );
    }
}
