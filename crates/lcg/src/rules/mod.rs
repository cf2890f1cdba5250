//! The deckbuilding rules of Star Wars: The Card Game, one file per rule (spec
//! `other-games.md` §1.3), each citing its source, all run from one registry.
//!
//! [`check`] tallies each deck once ([`Tally`]: objective copies per set, command cards per set
//! and sequence, the affiliation and side) and runs every rule of [`RULES`] on the decks of a
//! submission (one deck, or a light and a dark deck) with core's engine; no rule stops another.
//! Each rule's file declares the typed data of its violations. Every card is
//! counted by its type, whatever section the list filed it in, so that a misfiled card is
//! reported once (LCG-SECTION, LCG-MISSION) and the other rules still run.
//!
//! LCG-SHUFFLE ("you must be able to shuffle your deck with no assistance", REG L74) cannot be
//! checked from a list and has no rule.

mod affiliation;
mod affiliation_only;
mod alt_affiliation;
mod copies;
mod errata;
mod min_sets;
mod mission;
mod not_in_pod;
mod pair;
mod pod;
mod pool;
mod restricted;
mod section;
mod side;
mod unknown;

use deckcheck_core::wording::plural;
use deckcheck_core::{CardRef, CodeInfo, Findings, Rule};
use jiff::civil::Date;

use crate::catalog::{Affiliation, CardIdx, CardType, Catalog, Side};
use crate::data::{FormatDef, HandData};
use crate::deck::{Deck, Entry};

/// Every rule, in the order their findings are reported.
pub const RULES: &[&dyn for<'a> Rule<Judging<'a>>] = &[
    &unknown::Unknown,
    &affiliation::OneAffiliation,
    &side::OneSide,
    &section::Sections,
    &mission::Missions,
    &not_in_pod::NotInPod,
    &pod::WholePods,
    &min_sets::MinSets,
    &copies::Copies,
    &errata::Errata,
    &affiliation_only::AffiliationOnly,
    &alt_affiliation::AltAffiliation,
    &restricted::Restricted,
    &pool::CardPool,
    &pair::Pair,
];

/// Every code the rules report, with its meaning.
pub fn codes() -> Vec<CodeInfo> {
    deckcheck_core::rules::codes(RULES)
}

/// What every rule reads besides the decks.
pub struct Context<'a> {
    pub catalog: &'a Catalog,
    pub data: &'a HandData,
    pub format: &'a FormatDef,
    pub as_of: Date,
}

/// What a rule judges: the check's context and the decks of the submission, each counted once.
pub struct Judging<'a> {
    pub ctx: &'a Context<'a>,
    pub decks: Vec<Tally<'a>>,
}

/// The copies of one objective set in a deck: of its objective, and of each of its five
/// command cards (cards 2-6, by sequence).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetCopies {
    pub set: u16,
    pub objectives: u64,
    pub command: [u64; 5],
}

/// A deck counted once for every rule.
pub struct Tally<'a> {
    pub deck: &'a Deck,
    /// Where it is in the submission, and how many decks the submission has.
    pub index: usize,
    pub decks: usize,
    /// Affiliation cards (counted by type, any section).
    pub affiliations: Vec<&'a Entry>,
    /// Every objective set the deck has a card of, by set number.
    pub sets: Vec<SetCopies>,
    /// The side the deck is built for: its affiliation's, else the side most of its cards are.
    pub side: Option<Side>,
    /// The one affiliation card, when there is exactly one.
    pub affiliation: Option<CardIdx>,
    /// The first line each card is written on, by card.
    lines: Vec<(CardIdx, Option<u32>)>,
}

impl<'a> Tally<'a> {
    pub fn new(catalog: &Catalog, deck: &'a Deck, index: usize, decks: usize) -> Self {
        let mut tally = Self {
            deck,
            index,
            decks,
            affiliations: Vec::new(),
            sets: Vec::new(),
            side: None,
            affiliation: None,
            lines: Vec::with_capacity(deck.entries.len()),
        };
        let (mut light, mut dark) = (0u64, 0u64);
        for e in &deck.entries {
            let card = catalog.card(e.card);
            let count = u64::from(e.count);
            tally.lines.push((e.card, e.line));
            match card.side {
                Side::Light => light += count,
                Side::Dark => dark += count,
            }
            let set = match (card.kind, card.set) {
                (CardType::Affiliation, _) => {
                    tally.affiliations.push(e);
                    continue;
                }
                (_, Some(set)) => set,
                (_, None) => continue,
            };
            // A deck has a dozen sets or so: found by a look along them.
            let copies = match tally.sets.iter().position(|s| s.set == set) {
                Some(i) => &mut tally.sets[i],
                None => {
                    tally.sets.push(SetCopies {
                        set,
                        objectives: 0,
                        command: [0; 5],
                    });
                    tally.sets.last_mut().expect("just pushed")
                }
            };
            match card.kind {
                CardType::Objective => copies.objectives += count,
                // The catalog holds a set's cards 2-6 as its command cards.
                _ => {
                    if let Some(n) = copies
                        .command
                        .get_mut(usize::from(card.seq).wrapping_sub(2))
                    {
                        *n += count;
                    }
                }
            }
        }
        tally.sets.sort_unstable_by_key(|s| s.set);
        // By card, the first line kept (the sort is stable).
        tally.lines.sort_by_key(|(card, _)| *card);
        tally.lines.dedup_by_key(|(card, _)| *card);
        let affiliation_sides: Vec<Side> = tally
            .affiliations
            .iter()
            .map(|e| catalog.card(e.card).side)
            .collect();
        tally.side = match affiliation_sides.first() {
            Some(first) if affiliation_sides.iter().all(|s| s == first) => Some(*first),
            _ => match light.cmp(&dark) {
                std::cmp::Ordering::Greater => Some(Side::Light),
                std::cmp::Ordering::Less => Some(Side::Dark),
                std::cmp::Ordering::Equal => None,
            },
        };
        if let [only] = tally.affiliations.as_slice()
            && only.count == 1
        {
            tally.affiliation = Some(only.card);
        }
        tally
    }

    /// The line `card` is first written on, if the deck has it.
    fn line_of(&self, card: CardIdx) -> Option<Option<u32>> {
        self.lines
            .binary_search_by_key(&card, |(c, _)| *c)
            .ok()
            .map(|i| self.lines[i].1)
    }

    /// The sets whose objective the deck has, with its copies, by set number.
    pub fn objectives(&self) -> impl Iterator<Item = (u16, u64)> + '_ {
        self.sets
            .iter()
            .filter(|s| s.objectives > 0)
            .map(|s| (s.set, s.objectives))
    }

    /// Copies of the objective of set `set`.
    pub fn objectives_of(&self, set: u16) -> u64 {
        self.sets
            .binary_search_by_key(&set, |s| s.set)
            .map_or(0, |i| self.sets[i].objectives)
    }

    /// A card of this deck as an answer names it, with the line it was first written on.
    pub fn card_ref(&self, catalog: &Catalog, idx: CardIdx) -> CardRef {
        catalog.card_ref(idx).at_line(self.line_of(idx).flatten())
    }

    /// An objective set of this deck, named by its objective card (or, for a set whose
    /// objective is missing, by the first of its cards in the deck).
    pub fn set_ref(&self, catalog: &Catalog, set: u16) -> Option<CardRef> {
        let cards = catalog.set(set)?;
        let card = cards
            .iter()
            .copied()
            .find(|c| self.line_of(*c).is_some())
            .or_else(|| cards.first().copied())?;
        Some(self.card_ref(catalog, card))
    }

    /// Objective copies in the deck.
    pub fn objective_count(&self) -> u64 {
        self.sets.iter().map(|s| s.objectives).sum()
    }

    /// The affiliation of the one affiliation card.
    pub fn affiliation_of(&self, catalog: &Catalog) -> Option<Affiliation> {
        self.affiliation.map(|a| catalog.card(a).affiliation)
    }

    /// A violation a missing card breaks: when entries of the deck could not be read, they may
    /// be the cards missing, and it is not certain.
    pub fn unless_unread(&self, mut v: deckcheck_core::Violation) -> deckcheck_core::Violation {
        let n = self.deck.unread;
        if n > 0 {
            v.confidence = deckcheck_core::Confidence::Unconfirmed;
            v.caveat = Some(format!(
                "{} of this deck could not be read; {} may change this.",
                plural(n, "entry", "entries"),
                if n == 1 { "it" } else { "they" }
            ));
        }
        v
    }

    /// Adds a violation about this deck, numbered when the submission has several.
    pub fn report(&self, out: &mut Findings, v: deckcheck_core::Violation) {
        out.deck_violation(self.decks, self.index, v);
    }
}

/// Judges decks for a format on a date: every violation and note.
pub fn check(ctx: &Context<'_>, decks: &[&Deck]) -> Findings {
    let judging = Judging {
        ctx,
        decks: decks
            .iter()
            .enumerate()
            .map(|(i, d)| Tally::new(ctx.catalog, d, i, decks.len()))
            .collect(),
    };
    let mut out = Findings::default();
    for note in &ctx.format.coverage {
        out.note(
            deckcheck_core::NoteKind::Coverage,
            Some(&note.section),
            note.message.clone(),
        );
    }
    deckcheck_core::rules::run(RULES, &judging, &mut out);
    out
}

/// A set or card by title, the way a sentence lists them: at most eight, then how many more.
pub fn names(lang: deckcheck_core::Lang, cards: &[CardRef]) -> String {
    deckcheck_core::l10n::and_list_at_most(
        lang,
        cards
            .iter()
            .map(|c| deckcheck_core::l10n::card_name(lang, c)),
        8,
    )
}

#[cfg(test)]
pub(crate) mod fixture;
#[cfg(test)]
mod renders;
