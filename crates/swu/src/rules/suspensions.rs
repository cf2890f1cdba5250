//! Suspended cards: a card on the suspension list of the format's card pool on the date is not
//! legal. Suspensions name a title and subtitle, so every printing is covered and a same-named
//! card with another subtitle is not. Twin Suns and the limited formats have no list.
//!
//! A suspension is cited by what made it: the announcement and its date (`suspensions.toml`
//! `announcement`, `announced`: `Cad Banned (2026-08-24)`), never by the format's section alone,
//! which is named only as where the list lives (`suspension_list`: TR 3.2.1, CEG 9.1.1 / 9.1.2,
//! the Eternally Unlimited article) and which may say the list is empty (CEG 2026-06-26 9.1.1,
//! 9.1.2, while Cad Bane and the Eternal pair were suspended: CONFIRMATIONS 9). Cards suspended
//! by the same announcement from the same day are one violation.

use crate::messages::{comma_names, say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, CodeInfo, Explain, Findings, Rule, Violation};
use jiff::civil::Date;
use serde::Serialize;

use super::Context;
use super::codes::CARD_SUSPENDED;

pub struct Suspensions;

/// Cards suspended in the format from one day, by one announcement.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct Suspended {
    pub format: String,
    pub since: Date,
    /// What made the suspension, with its date: `Cad Banned (2026-08-24)`.
    pub announcement: String,
    /// Where the format's suspension list lives on the date: `CEG 9.1.1`.
    pub list: String,
}

impl Explain for Suspended {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "swu-suspended",
            [
                ("cards", text(comma_names(lang, cards))),
                ("count", number(cards.len() as u64)),
                ("format", text(self.format.as_str())),
                ("since", text(self.since.to_string())),
                ("announcement", text(self.announcement.as_str())),
                ("list", text(self.list.as_str())),
            ],
        )
    }
}

impl Rule<Context<'_>> for Suspensions {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CARD_SUSPENDED,
            meaning: "The card is suspended in the format on the date checked (cited by the announcement that suspended it).",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        // Trilogy has no list of its own: it takes the chosen pool's.
        let Some(list) = ctx.at(&ctx.pool_format.suspension_list) else {
            return;
        };
        let decks = ctx.decks();
        for (i, (deck, tally)) in decks.iter().zip(ctx.tallies).enumerate() {
            let mut groups: Vec<(Date, String, Violation)> = Vec::new();
            for (card, s) in ctx
                .links
                .suspensions(&list.value, ctx.as_of)
                .filter(|(c, _)| tally.contains(*c))
            {
                let (since, cited) = (s.effective_from, s.cited());
                let card = ctx.card_ref(deck, card);
                match groups
                    .iter_mut()
                    .find(|(d, a, _)| *d == since && *a == cited)
                {
                    Some((_, _, v)) => v.cards.push(card),
                    None => {
                        let suspended = Suspended {
                            format: ctx.pool_format.name.clone(),
                            since,
                            announcement: cited.clone(),
                            list: list.section.clone(),
                        };
                        let mut v = Violation::new(CARD_SUSPENDED, cited.clone(), suspended)
                            .resting_on(list)
                            .card(card);
                        // Every uncertain suspension has its own sentence (checked at load).
                        if s.confidence > v.confidence {
                            v.confidence = s.confidence;
                            v.caveat = s.caveat.clone();
                        }
                        groups.push((since, cited, v));
                    }
                }
            }
            for (_, _, v) in groups {
                out.deck_violation(decks.len(), i, v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::codes;
    use crate::rules::fixture::*;
    use jiff::civil::date;

    #[test]
    fn boba_fett_collecting_the_bounty_is_suspended_in_premier_but_not_in_twin_suns() {
        let premier = DeckBuilder::new(catalog())
            .leader("SOR_015")
            .base("SOR_020")
            .filler(50)
            .build();
        let report = check_one(&premier, "premier", date(2025, 1, 1));
        let v = report
            .violations
            .iter()
            .find(|v| v.code == codes::CARD_SUSPENDED)
            .unwrap();
        // Cited by the announcement; TR 3.2.1 only as where Premier's list lives.
        assert_eq!(v.section, "A Leader Suspended");
        assert_eq!(
            v.message(),
            "Boba Fett | Collecting the Bounty is suspended in Premier since 2024-11-08, by A Leader Suspended; Premier's suspension list is kept in TR 3.2.1."
        );
        assert!(!check_one(&premier, "premier", date(2024, 11, 7)).has(codes::CARD_SUSPENDED));

        let twin = DeckBuilder::new(catalog())
            .leader("SOR_015")
            .leader("SOR_010")
            .base("SOR_020")
            .filler(80)
            .build();
        assert!(!check_one(&twin, "twin-suns", date(2025, 1, 1)).has(codes::CARD_SUSPENDED));
    }

    #[test]
    fn a_same_named_leader_with_another_subtitle_is_not_suspended() {
        let deck = DeckBuilder::new(catalog())
            .leader("JTL_009")
            .base("SOR_020")
            .filler(50)
            .build();
        assert!(!check_one(&deck, "premier", date(2025, 6, 1)).has(codes::CARD_SUSPENDED));
    }

    #[test]
    fn dj_is_suspended_from_the_regulations_date() {
        let deck = legal_premier().main("SHD_213", 1).build();
        assert!(!check_one(&deck, "premier", date(2025, 4, 10)).has(codes::CARD_SUSPENDED));
        assert!(check_one(&deck, "premier", date(2025, 4, 11)).has(codes::CARD_SUSPENDED));
    }
}
