//! CCG-RESTRICTED: at most one copy in the deck of a card on the format's restricted list,
//! counted by base id (foil and alternate-image marks stripped). Every format's list is empty at
//! the mirrored commit; the rule is here for when one is not. Source: GEMP swccgFormats.json
//! `restricted`, DefaultSwccgFormat.validateDeck.

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;
use super::banned::on_list;
use crate::deck::Zone;

pub const CODE: Code = Code::new("CCG-RESTRICTED");

pub struct Restricted;

/// More than one copy of a restricted card.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct OverRestricted {
    #[serde(skip)]
    pub copies: u64,
}

impl Explain for OverRestricted {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "ccg-over-restricted",
            [
                ("copies", number(self.copies)),
                ("cards", text(l10n::titles_with_ids(lang, cards))),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((1, self.copies))
    }
}

impl Rule<Context<'_>> for Restricted {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "More than one copy of a card on the format's restricted list.",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        if ctx.gemp.restricted.is_empty() {
            return;
        }
        for (i, _, tally) in ctx.each() {
            for c in tally.zone(Zone::Deck) {
                if c.count > 1 && on_list(&ctx.gemp.restricted, &ctx.card(c.card).id) {
                    let section = format!("GEMP swccgFormats.json ({} restricted)", ctx.gemp.code);
                    let over = OverRestricted { copies: c.count };
                    ctx.report(
                        out,
                        i,
                        Violation::new(CODE, section, over).card(ctx.card_ref(c)),
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, today};
    use crate::catalog::Side;
    use crate::data::LegalityData;

    #[test]
    fn two_copies_of_a_restricted_card_are_illegal_and_one_is_legal() {
        let f = Fixture::with_formats(LegalityData::embedded().unwrap(), |formats| {
            formats[0].restricted = vec!["1_168".into()];
        });
        let two = f.sixty(Side::Dark, &[("1_168", 2)]);
        let v = f.violations("open", today(), &[two], "CCG-RESTRICTED");
        assert_eq!(v[0].actual, Some(2));
        let one = f.sixty(Side::Dark, &[("1_168", 1)]);
        assert!(
            f.violations("open", today(), &[one], "CCG-RESTRICTED")
                .is_empty()
        );
    }
}
