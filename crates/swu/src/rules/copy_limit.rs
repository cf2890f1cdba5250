//! Copies of one card: at most 3 across main deck and sideboard in Premier and Eternal
//! (CEG 9.1.1; a copy is any card sharing title and subtitle, whatever its art, foiling or set),
//! 1 in Twin Suns counting leaders (CEG 9.3.1, CR 12.2.2), 3 across Trilogy's three decks with 1
//! of each leader and base, no limit in limited formats. A card's own text wins (Swarming
//! Vulture Droid: 15, CR 1.3.1). A leader, base or token filed in the main deck or sideboard is
//! not a copy there: it cannot be in those zones at all (`not-a-deck-card`, CR 1.2.3), so five
//! Shield tokens in a deck are one violation, not two (issue 36).

use crate::messages::{say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;
use super::codes::TOO_MANY_COPIES;
use crate::catalog::{CardId, CardType, PrintingId};
use crate::data::ExceptionKind;
use crate::deck::Zone;

pub struct CopyLimit;

/// Where copies are counted together.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Scope {
    MainDeckAndSideboard,
    /// A format without a sideboard.
    Deck,
    /// Every deck of the submission (Trilogy).
    AllDecks,
}

/// A printing copies of a card were listed as, and how many.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Listed {
    pub printing: String,
    pub copies: u64,
}

/// One card over the limit: its copies, by the printings they were listed as.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Over {
    pub card: String,
    pub copies: u64,
    pub listed: Vec<Listed>,
}

/// Cards over one limit for one reason: the format's, or a card's own text.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct TooManyCopies {
    pub format: String,
    pub scope: Scope,
    /// How many decks are counted together.
    pub decks: usize,
    /// The card's own text that sets its limit, when it does (then the card is alone).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(skip)]
    pub limit: u64,
    pub cards: Vec<Over>,
}

impl Explain for TooManyCopies {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let scope = match self.scope {
            Scope::MainDeckAndSideboard => "main-deck-and-sideboard",
            Scope::Deck => "deck",
            Scope::AllDecks => "all-decks",
        };
        let scope = say(
            lang,
            "swu-scope",
            [("scope", text(scope)), ("decks", number(self.decks as u64))],
        );
        let limit = number(self.limit);
        match (self.cards.as_slice(), &self.text) {
            ([one], _) | ([one, ..], Some(_)) => {
                let listed = one
                    .listed
                    .iter()
                    .map(|l| format!("{} ×{}", l.printing, l.copies))
                    .collect::<Vec<_>>()
                    .join(", ");
                let mut args = vec![
                    ("copies", number(one.copies)),
                    ("card", text(one.card.as_str())),
                    ("scope", text(scope)),
                    ("listed", text(listed)),
                    ("limit", limit),
                ];
                match &self.text {
                    None => {
                        args.push(("format", text(self.format.as_str())));
                        say(lang, "swu-too-many-copies-format", args)
                    }
                    Some(card_text) => {
                        args.push(("text", text(card_text.as_str())));
                        say(lang, "swu-too-many-copies-text", args)
                    }
                }
            }
            (many, _) => {
                let counts: Vec<String> = many
                    .iter()
                    .map(|o| format!("{} ×{}", o.card, o.copies))
                    .collect();
                say(
                    lang,
                    "swu-too-many-copies-many",
                    [
                        ("many", number(many.len() as u64)),
                        ("scope", text(scope)),
                        ("format", text(self.format.as_str())),
                        ("limit", limit),
                        ("counts", text(counts.join(", "))),
                    ],
                )
            }
        }
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        let most = self.cards.iter().map(|o| o.copies).max().unwrap_or(0);
        Some((self.limit, most))
    }
}

impl Rule<Context<'_>> for CopyLimit {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: TOO_MANY_COPIES,
            meaning: "More copies of one card (same title and subtitle, any printing) than the format allows.",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let Some(rule) = ctx.at(&ctx.format.max_copies) else {
            return;
        };
        let with_leaders = ctx
            .at(&ctx.format.copy_limit_includes_leaders)
            .filter(|d| d.value);
        // Deck cards count in the main deck and sideboard; leaders and bases, where the format
        // counts them, in their own zones. Anything else in a zone is out of place, not a copy.
        let counted = |card: CardId, zone: Zone| match zone {
            Zone::Main | Zone::Sideboard => ctx.catalog.card(card).card_type.is_deck_card(),
            Zone::Leader | Zone::Base => with_leaders.is_some(),
        };
        let decks = ctx.decks();
        let scope = match (decks.len(), ctx.format.max_sideboard.at(ctx.as_of)) {
            (n, _) if n > 1 => Scope::AllDecks,
            (_, Some(sb)) if sb.value == 0 => Scope::Deck,
            _ => Scope::MainDeckAndSideboard,
        };

        // Copies per card over the whole submission (Trilogy's three decks together).
        let mut copies: Vec<(CardId, u64)> = ctx
            .tallies
            .iter()
            .flat_map(|t| t.cards())
            .map(|c| (c.card, c.in_zones(|zone| counted(c.card, zone))))
            .collect();
        copies.sort_by_key(|(card, _)| *card);
        copies.dedup_by(|(card, n), (kept, total)| {
            let same = card == kept;
            if same {
                *total += *n;
            }
            same
        });

        // Cards over the same limit for the same reason are one violation: (section, the
        // cards' data, the cards as listed).
        let mut over: Vec<(&str, TooManyCopies, Vec<CardRef>)> = Vec::new();
        for (card_id, total) in copies {
            let card = ctx.catalog.card(card_id);
            let exception = ctx
                .exceptions(card_id)
                .iter()
                .find(|ex| ex.kind == ExceptionKind::MaxCopies);
            let (limit, section, text) = match (card.card_type, with_leaders, exception) {
                (CardType::Leader | CardType::Base, Some(fact), _) => {
                    (1, fact.section.as_str(), None)
                }
                (_, _, Some(ex)) => (
                    ex.value.max(0) as u64,
                    ctx.cite("card-text-wins"),
                    Some(ex.printed_text.clone()),
                ),
                _ => (u64::from(rule.value), rule.section.as_str(), None),
            };
            if total <= limit {
                continue;
            }
            // The printings the copies were listed as, in list order.
            let mut printings: Vec<(PrintingId, u64, Option<u32>)> = Vec::new();
            for e in decks
                .iter()
                .flat_map(|d| d.entries())
                .filter(|e| e.card == card_id && counted(e.card, e.zone))
            {
                match printings.iter_mut().find(|(p, _, _)| *p == e.printing) {
                    Some((_, n, _)) => *n += u64::from(e.count),
                    None => printings.push((e.printing, u64::from(e.count), e.line)),
                }
            }
            let card_over = Over {
                card: card.display_name(),
                copies: total,
                listed: printings
                    .iter()
                    .map(|(p, n, _)| Listed {
                        printing: ctx.catalog.printing(*p).code.to_string(),
                        copies: *n,
                    })
                    .collect(),
            };
            let refs = printings
                .iter()
                .map(|(p, _, line)| ctx.catalog.card_ref(card_id, Some(*p)).at_line(*line));
            let same = |(s, w, _): &&mut (&str, TooManyCopies, Vec<CardRef>)| {
                *s == section && w.limit == limit && w.text.is_none() && text.is_none()
            };
            match over.iter_mut().find(same) {
                Some((_, w, cards)) => {
                    w.cards.push(card_over);
                    cards.extend(refs);
                }
                None => over.push((
                    section,
                    TooManyCopies {
                        format: ctx.format.name.clone(),
                        scope,
                        decks: decks.len(),
                        text,
                        limit,
                        cards: vec![card_over],
                    },
                    refs.collect(),
                )),
            }
        }
        for (section, too_many, cards) in over {
            out.violation(
                Violation::new(TOO_MANY_COPIES, section, too_many)
                    .resting_on(rule)
                    .cards(cards),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::codes;
    use crate::rules::fixture::*;
    use jiff::civil::date;

    fn copies(report: &crate::rules::Report) -> Vec<(Option<u64>, Option<u64>)> {
        report
            .violations
            .iter()
            .filter(|v| v.code == codes::TOO_MANY_COPIES)
            .map(|v| (v.expected, v.actual))
            .collect()
    }

    #[test]
    fn two_of_one_printing_and_two_of_its_reprint_are_four_copies() {
        let deck = legal_premier()
            .main("SOR_220", 2)
            .main("SHD_231", 2)
            .build();
        let report = check_one(&deck, "premier", date(2025, 1, 1));
        assert_eq!(copies(&report), [(Some(3), Some(4))]);
        let v = report
            .violations
            .iter()
            .find(|v| v.code == codes::TOO_MANY_COPIES)
            .unwrap();
        let ids: Vec<_> = v.cards.iter().map(|c| c.id.as_ref()).collect();
        assert_eq!(ids, ["SOR_220", "SHD_231"]);
    }

    #[test]
    fn copies_in_the_sideboard_count_with_the_main_deck() {
        let deck = legal_premier()
            .main("SOR_220", 3)
            .side("SHD_231", 1)
            .build();
        let report = check_one(&deck, "premier", date(2025, 1, 1));
        assert_eq!(copies(&report), [(Some(3), Some(4))]);
    }

    #[test]
    fn too_many_copies_is_said_in_the_official_terms_of_each_language() {
        let deck = legal_premier()
            .main("SOR_220", 3)
            .side("SHD_231", 1)
            .build();
        let report = check_one(&deck, "premier", date(2025, 1, 1));
        let v = &report.violations[0];
        let said = |lang| v.message_in(lang);
        assert!(
            said(deckcheck_core::Lang::En).ends_with("; Premier allows 3."),
            "{}",
            said(deckcheck_core::Lang::En)
        );
        let de = said(deckcheck_core::Lang::De);
        assert!(
            de.starts_with("4 Exemplare von ")
                && de.contains(" in Spieldeck und Sideboard zusammen ")
                && de.ends_with("; Premier erlaubt 3."),
            "{de}"
        );
        let fr = said(deckcheck_core::Lang::Fr);
        assert!(
            fr.starts_with("4 exemplaires de ") && fr.ends_with("Premier en autorise 3."),
            "{fr}"
        );
        let it = said(deckcheck_core::Lang::It);
        assert!(
            it.starts_with("4 copie di ") && it.ends_with("Premier ne consente 3."),
            "{it}"
        );
        let es = said(deckcheck_core::Lang::Es);
        assert!(
            es.starts_with("4 copias de ") && es.ends_with("Premier permite 3."),
            "{es}"
        );
    }

    #[test]
    fn swarming_vulture_droid_may_be_played_fifteen_times() {
        let fifteen = legal_premier().main("JTL_256", 15).build();
        assert!(copies(&check_one(&fifteen, "premier", date(2025, 6, 1))).is_empty());
        let sixteen = legal_premier().main("JTL_256", 16).build();
        assert_eq!(
            copies(&check_one(&sixteen, "premier", date(2025, 6, 1))),
            [(Some(15), Some(16))]
        );
    }

    #[test]
    fn twin_suns_is_singleton_and_counts_leaders() {
        let deck = DeckBuilder::new(catalog())
            .leader("SOR_017")
            .leader("SOR_017")
            .base("SOR_020")
            .main("SOR_220", 2)
            .filler(80)
            .build();
        let report = check_one(&deck, "twin-suns", date(2025, 6, 1));
        // Han Solo twice, Surprise Strike twice, and every filler three times.
        assert!(copies(&report).contains(&(Some(1), Some(2))));
        assert!(copies(&report).contains(&(Some(1), Some(3))));
    }

    #[test]
    fn tokens_filed_in_the_deck_are_out_of_place_not_copies() {
        // 45 cards and five Spy tokens: the tokens are `not-a-deck-card`, never too many.
        let deck = DeckBuilder::new(catalog())
            .leader("SOR_017")
            .base("SOR_020")
            .filler(45)
            .main("LAW_T01", 5)
            .build();
        let report = check_one(&deck, "premier", date(2026, 11, 22));
        assert!(copies(&report).is_empty(), "{:#?}", report.violations);
        assert!(report.has(codes::NOT_A_DECK_CARD));
    }

    #[test]
    fn limited_decks_have_no_copy_limit() {
        let deck = legal_premier().main("SOR_220", 7).build();
        assert!(copies(&check_one(&deck, "sealed", date(2025, 6, 1))).is_empty());
    }

    #[test]
    fn trilogy_counts_copies_and_leaders_across_three_decks() {
        let catalog = catalog();
        let deck = |leader: &str, base: &str| {
            DeckBuilder::new(catalog)
                .leader(leader)
                .base(base)
                .main("LAW_150", 2)
                .filler(50)
                .build()
        };
        let decks = [
            deck("LAW_003", "LAW_020"),
            deck("LAW_003", "LAW_022"),
            deck("JTL_009", "JTL_024"),
        ];
        let options = Check::new("trilogy", date(2026, 11, 22));
        let report = options.run(&decks);
        let found = copies(&report);
        assert!(
            found.contains(&(Some(1), Some(2))),
            "Agent Kallus leads two decks: {found:?}"
        );
        // Lawless Trooper ×2 in each deck, and the fillers ×3 in each: over the same limit for
        // the same reason, one violation listing them all with their counts.
        let over = report
            .violations
            .iter()
            .find(|v| v.code == codes::TOO_MANY_COPIES && v.expected == Some(3))
            .expect("cards over 3 across the decks");
        assert!(over.cards.iter().any(|c| c.id.as_ref() == "LAW_150"));
        let data = over.data::<super::TooManyCopies>().unwrap();
        assert!(data.cards.iter().any(|o| o.copies == 6), "{data:?}");
        assert!(
            over.message().contains("across all 3 decks"),
            "{}",
            over.message()
        );
    }
}
