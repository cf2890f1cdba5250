//! The rules: one file per rule id of spec §2.3, each opening with its id and source and
//! declaring the typed data of its violations, all run from [`RULES`] by core's engine on the
//! decks of a submission (one deck, or a Dark and a Light deck) for a format and a date. Every
//! rule reports everything it finds; no rule stops another.
//!
//! Numbers and dates are not in the rules: the deck size and the Classic bans are timelines in
//! `card_data/ccg/formats.toml`, the card pools, banned and restricted lists are GEMP's format
//! file, release dates are the card database's `sets.json` and `card_data/ccg/sets.toml`.

mod ambiguous;
mod banned;
mod game_aid;
mod icon;
mod jabbas_prize;
mod max_one;
mod new_expansion;
mod no_copy_limit;
mod not_tournament;
mod one_objective;
mod one_side;
mod one_starting_effect;
mod outside;
mod outside_only;
mod pair;
mod rarity;
mod restricted;
mod set;
mod size;
mod source_conflict;
mod unknown;

use std::borrow::Borrow;

use deckcheck_core::{CardRef, CodeInfo, Findings, Rule, Violation};
use jiff::civil::Date;

use crate::catalog::{Card, CardIdx, Catalog};
use crate::data::FormatDef;
use crate::deck::{Deck, Zone};
use crate::upstream::GempFormat;

/// Every rule, in the order their findings are reported.
pub const RULES: &[&dyn for<'a> Rule<Context<'a>>] = &[
    &pair::Pair,
    &size::Size,
    &one_side::OneSide,
    &no_copy_limit::NoCopyLimit,
    &one_objective::OneObjective,
    &one_starting_effect::OneStartingEffect,
    &max_one::MaxOne,
    &jabbas_prize::JabbasPrize,
    &outside_only::OutsideOnly,
    &outside::Outside,
    &game_aid::GameAid,
    &not_tournament::NotTournament,
    &set::Set,
    &icon::Icon,
    &source_conflict::SourceConflict,
    &banned::Banned,
    &restricted::Restricted,
    &rarity::Rarity,
    &new_expansion::NewExpansion,
    &unknown::Unknown,
    &ambiguous::Ambiguous,
];

pub use icon::icon_name;
pub use new_expansion::legal_from as new_expansion_legal_from;

/// Every code with its meaning, for the documentation.
pub fn codes() -> Vec<CodeInfo> {
    deckcheck_core::rules::codes(RULES)
}

/// One card of a deck in one zone, copies added, with the first line it was listed on.
#[derive(Debug, Clone, Copy)]
pub struct Copies {
    pub card: CardIdx,
    pub zone: Zone,
    pub count: u64,
    pub line: Option<u32>,
}

/// A deck's resolved cards, each once per zone, in card order.
#[derive(Debug, Clone, Default)]
pub struct Tally(Vec<Copies>);

impl Tally {
    pub fn of(deck: &Deck) -> Self {
        let mut all: Vec<Copies> = deck
            .entries
            .iter()
            .filter_map(|e| {
                e.card().map(|card| Copies {
                    card,
                    zone: e.zone,
                    count: u64::from(e.count),
                    line: e.line,
                })
            })
            .collect();
        all.sort_unstable_by_key(|c| (c.card, c.zone));
        // The copies of one card in one zone, now side by side, added into the first.
        all.dedup_by(|next, kept| {
            let same = (next.card, next.zone) == (kept.card, kept.zone);
            if same {
                kept.count += next.count;
                kept.line = match (kept.line, next.line) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
            }
            same
        });
        Self(all)
    }

    /// Every card in both zones.
    pub fn all(&self) -> &[Copies] {
        &self.0
    }

    pub fn zone(&self, zone: Zone) -> impl Iterator<Item = &Copies> {
        self.0.iter().filter(move |c| c.zone == zone)
    }
}

/// What a rule may read.
pub struct Context<'a> {
    pub catalog: &'a Catalog,
    pub def: &'a FormatDef,
    pub gemp: &'a GempFormat,
    pub as_of: Date,
    /// The decks judged, borrowed from wherever they are (an import, a choice of an ambiguous
    /// title): never copied to be judged.
    pub decks: Vec<&'a Deck>,
    pub tallies: Vec<Tally>,
    /// The decks are registered for an event (a registration is a pair).
    pub registration: bool,
    /// Judging one choice of an ambiguous title: no pair, no further choices.
    pub nested: bool,
}

impl<'a> Context<'a> {
    pub fn new<D: Borrow<Deck>>(
        catalog: &'a Catalog,
        def: &'a FormatDef,
        gemp: &'a GempFormat,
        as_of: Date,
        decks: &'a [D],
    ) -> Self {
        let decks: Vec<&'a Deck> = decks.iter().map(Borrow::borrow).collect();
        Self {
            catalog,
            def,
            gemp,
            as_of,
            tallies: decks.iter().map(|d| Tally::of(d)).collect(),
            decks,
            registration: false,
            nested: false,
        }
    }

    pub fn card(&self, idx: CardIdx) -> &'a Card {
        self.catalog.card(idx)
    }

    /// A card as a violation names it, with the line it was listed on.
    pub fn card_ref(&self, copies: &Copies) -> CardRef {
        self.catalog.card_ref(copies.card).at_line(copies.line)
    }

    /// The decks with their tallies, numbered from 0.
    pub fn each(&self) -> impl Iterator<Item = (usize, &'a Deck, &Tally)> {
        self.decks
            .iter()
            .zip(&self.tallies)
            .enumerate()
            .map(|(i, (d, t))| (i, *d, t))
    }

    /// The name players know the format by.
    pub fn format_name(&self) -> &'a str {
        &self.def.name
    }
}

impl Context<'_> {
    /// Adds a violation about deck `i`, numbered when the submission has several.
    pub fn report(&self, out: &mut Findings, i: usize, v: Violation) {
        out.deck_violation(self.decks.len(), i, v);
    }
}

/// Runs every rule.
pub fn judge(ctx: &Context<'_>) -> Findings {
    let mut out = Findings::default();
    deckcheck_core::rules::run(RULES, ctx, &mut out);
    out
}

/// An unresolved entry as a violation names it.
pub fn unresolved_ref(entry: &crate::deck::Entry, title: &str) -> CardRef {
    CardRef::new(entry.written.clone(), title.into(), None).at_line(entry.line)
}

#[cfg(test)]
pub(crate) mod fixture;
#[cfg(test)]
mod renders;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_has_a_distinct_ccg_code() {
        let mut codes: Vec<&str> = codes().iter().map(|c| c.code.as_str()).collect();
        assert!(codes.iter().all(|c| c.starts_with("CCG-")));
        codes.sort_unstable();
        let n = codes.len();
        codes.dedup();
        assert_eq!(codes.len(), n);
        assert_eq!(n, 21);
    }

    #[test]
    fn a_tally_adds_the_copies_of_a_card_per_zone_at_its_first_line() {
        let f = fixture::Fixture::new();
        let mut deck = f.deck(&[("9_151", 1), ("1_234", 2), ("9_151", 2)], &[("9_151", 1)]);
        deck.entries[0].line = Some(7);
        let tally = Tally::of(&deck);
        let nine: Vec<(Zone, u64, Option<u32>)> = tally
            .all()
            .iter()
            .filter(|c| c.card == f.catalog.by_id("9_151").unwrap())
            .map(|c| (c.zone, c.count, c.line))
            .collect();
        assert_eq!(
            nine,
            [(Zone::Deck, 3, Some(3)), (Zone::Outside, 1, Some(4))]
        );
        assert_eq!(tally.all().len(), 3);
    }
}
