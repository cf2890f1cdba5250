//! Which cards a format draws from on a date. A card is judged by its identity: it is legal
//! when any of its printings is in a set of the pool (CEG 4.1: "If an official card has the same
//! title and subtitle ... as a card from a Premier-legal set, then that card is also legal").
//! Premier draws from every released set until A Lawless Time (2026-03-13), then from the sets of
//! the two newest rotation blocks; Eternal and Twin Suns from every released set; Trilogy from
//! Premier's or Eternal's pool. Cards of sets not yet released are illegal (CEG 4.1: legal "the
//! same day the set is officially released").
//!
//! Limited decks (sealed, draft) play the cards opened or drafted (opened_pool.rs), but those too
//! must be released on the date: a card of the decks or of the pool that is not is illegal at a
//! Competitive or Master tier event (the request's `registration`). At a lower tier, in the week
//! before the set's release (from its recorded prerelease day, else the seven days before), the
//! cards can only come from its prerelease, where they are legal: a note says so instead, in a
//! format played at prereleases (`formats.toml` `prerelease`: sealed, TR 3.2.1 and 2.2.1; sealed
//! and draft, CEG 4.1 and 9.2.1).
//!
//! A day a document fixed only after it is never applied before that document: a set a format
//! took later than its release (Intro Battle: Hoth in Twin Suns from 2025-10-10, said first by the
//! event guide of 2025-11-20) leaves its cards unverified in between (`sets.toml` `legal_from`).
//!
//! Cards out of the pool for the same reason are one violation: a rotated deck gets one line
//! for its 26 rotated cards, not 26.

use crate::messages::{say, text};
use deckcheck_core::l10n::{self as l10n, number};
use deckcheck_core::wording::is_are;
use deckcheck_core::{CardRef, CodeInfo, Confidence, Explain, Findings, NoteKind, Rule, Violation};
use jiff::civil::Date;
use serde::Serialize;

use super::Context;
use super::codes::{CARD_NOT_IN_FORMAT, CARD_NOT_RELEASED};
use crate::catalog::{Card, CardId, SetIdx};
use crate::data::{FormatDef, LegalityData, PoolKind, PoolRule, SetKind};

pub struct CardPool;

/// Where one set stands for a format's pool on a date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SetState {
    /// deckcheck's set data does not know the set.
    Unknown,
    /// Not released yet, or not yet taken by the format (from this day, if known).
    Upcoming(Option<Date>),
    /// Released and in the pool, as sure as the set's rotation block is (official when the
    /// pool is not by block).
    Legal(Confidence),
    /// Released, but the format took it from a later day that only a document published after
    /// the date fixed: whether it counts cannot be told (`SetInfo::unsettled_in`).
    Unsettled,
    /// Released, of a kind the pool draws from, in a rotation block that left the pool on
    /// this date.
    Rotated(Date),
    /// Released, but not a product the pool includes.
    Outside,
}

/// The catalog's sets and where each stands for a format's pool on a date: worked out once
/// per check, so that each card is judged by looking up its few sets.
pub struct LegalSets<'a> {
    /// By catalog set index.
    states: Vec<SetState>,
    /// Rotation blocks in the pool with their first release, newest first (none when the pool
    /// is not by block).
    pub blocks: &'a [(Date, String)],
}

impl<'a> LegalSets<'a> {
    pub fn compute(ctx: &Context<'a>, rule: &PoolRule, date: Date) -> Self {
        let blocks = match rule.kind {
            PoolKind::TwoNewestRotationBlocks => ctx.links.newest_blocks(date, 2),
            _ => &[],
        };
        let states = ctx
            .catalog
            .sets()
            .map(|idx| {
                let Some(set) = ctx.set_info(idx) else {
                    return SetState::Unknown;
                };
                let legal_from = set.legal_in(&ctx.pool_format.id);
                if legal_from.is_none_or(|d| d > date) {
                    if set.unsettled_in(&ctx.pool_format.id, date).is_some() {
                        return SetState::Unsettled;
                    }
                    return SetState::Upcoming(legal_from);
                }
                if !rule.set_kinds.contains(&set.kind) {
                    return SetState::Outside;
                }
                if blocks.is_empty() {
                    return SetState::Legal(Confidence::Official);
                }
                let Some(start) = ctx.links.set_block_start(idx) else {
                    return SetState::Outside;
                };
                if blocks.iter().any(|(first, _)| *first == start) {
                    return SetState::Legal(set.rotation_block_confidence);
                }
                // It left when the block two after its own began.
                ctx.links
                    .block_after(start, 2)
                    .filter(|left| *left <= date)
                    .map_or(SetState::Outside, SetState::Rotated)
            })
            .collect();
        Self { states, blocks }
    }

    /// Whether any printing of the card is in a set of the pool.
    pub fn is_legal(&self, card: &Card) -> bool {
        self.legal_through(card).is_some()
    }

    /// The surest set of the pool the card is printed in, and how sure it is.
    fn legal_through(&self, card: &Card) -> Option<(SetIdx, Confidence)> {
        card.sets
            .iter()
            .filter_map(|s| match self.states[s.index()] {
                SetState::Legal(c) => Some((*s, c)),
                SetState::Unsettled => Some((*s, Confidence::Unconfirmed)),
                _ => None,
            })
            .min_by_key(|(_, c)| *c)
    }

    fn states<'c>(&'c self, card: &'c Card) -> impl Iterator<Item = (SetIdx, SetState)> + 'c {
        card.sets.iter().map(|s| (*s, self.states[s.index()]))
    }
}

/// The format whose card pool and suspension list a check uses: the format itself, or for one
/// that plays a chosen format's pool (Trilogy) the one chosen (by default the first allowed).
pub fn pool_format<'a>(
    data: &'a LegalityData,
    format: &'a FormatDef,
    date: Date,
    chosen: Option<&str>,
) -> &'a FormatDef {
    let Some(rule) = format.card_pool.at(date) else {
        return format;
    };
    if rule.value.kind != PoolKind::ChosenFormat {
        return format;
    }
    let id = chosen
        .filter(|c| rule.value.formats.iter().any(|f| f == c))
        .or(rule.value.formats.first().map(String::as_str));
    id.and_then(|id| data.format(id)).unwrap_or(format)
}

/// Up to three cards by name, or how many.
fn names(lang: deckcheck_core::Lang, cards: &[CardRef]) -> String {
    match cards.len() {
        0..=3 => crate::messages::comma_names(lang, cards),
        n => say(lang, "swu-n-cards", [("count", number(n as u64))]),
    }
}

/// The first set to release cards not released yet, and the day it counts in the format.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct FirstSet {
    pub name: String,
    pub code: String,
    /// The day its cards count in the format, when the data gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub release: Option<Date>,
    /// The format, when its cards count there from another day than their release.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counts_in: Option<String>,
}

/// Cards no printing of which was released on the date.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct NotReleased {
    pub date: Date,
    /// The set that releases them first, when the data knows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub set: Option<FirstSet>,
    /// Limited: cards of the player's pool that no deck plays.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub in_pool: bool,
}

impl Explain for NotReleased {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let names = names(lang, cards);
        let names = if self.in_pool {
            say(lang, "swu-in-pool", [("cards", text(names))])
        } else {
            names
        };
        let mut args = vec![
            ("cards", text(names)),
            ("count", number(cards.len() as u64)),
            ("date", text(self.date.to_string())),
        ];
        let Some(set) = &self.set else {
            return say(lang, "swu-not-released-no-set", args);
        };
        args.push(("set", text(set.name.as_str())));
        args.push(("code", text(set.code.as_str())));
        match (set.release, &set.counts_in) {
            (None, _) => say(lang, "swu-not-released-no-date", args),
            (Some(release), None) => {
                args.push(("release", text(release.to_string())));
                say(lang, "swu-not-released", args)
            }
            (Some(release), Some(format)) => {
                args.push(("release", text(release.to_string())));
                args.push(("format", text(format.as_str())));
                say(lang, "swu-not-released-counts-in", args)
            }
        }
    }
}

/// A printing of the cards in a set of the pool that is not out yet.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct Reprint {
    pub card: String,
    pub set: String,
    pub printing: String,
    /// The day it counts.
    pub from: Date,
}

/// "; Devotion is reprinted in Homeworlds (HMW_096), legal from 2026-10-09", or "".
fn reprints(lang: deckcheck_core::Lang, reprints: &[Reprint]) -> String {
    if reprints.is_empty() {
        return String::new();
    }
    let r: Vec<String> = reprints
        .iter()
        .map(|r| {
            say(
                lang,
                "swu-reprint",
                [
                    ("card", text(r.card.as_str())),
                    ("set", text(r.set.as_str())),
                    ("printing", text(r.printing.as_str())),
                    ("from", text(r.from.to_string())),
                ],
            )
        })
        .collect();
    say(lang, "swu-reprints", [("reprints", text(r.join("; ")))])
}

/// Cards printed only in sets that rotated out of the format.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct Rotated {
    pub format: String,
    /// The day their sets left the pool.
    pub left: Date,
    pub date: Date,
    /// The released sets they are printed in, by code.
    pub sets: Vec<String>,
    /// The rotation blocks the pool draws from on the date.
    pub blocks: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reprints: Vec<Reprint>,
}

impl Explain for Rotated {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "swu-rotated",
            [
                ("cards", text(names(lang, cards))),
                ("count", number(cards.len() as u64)),
                ("format", text(self.format.as_str())),
                ("left", text(self.left.to_string())),
                ("sets", text(self.sets.join(", "))),
                ("reprints", text(reprints(lang, &self.reprints))),
                ("date", text(self.date.to_string())),
                ("blocks", text(l10n::and_list(lang, &self.blocks))),
            ],
        )
    }
}

/// Cards printed only in products the format does not include.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct NotInProduct {
    pub format: String,
    /// The released sets they are printed in, by code.
    pub sets: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reprints: Vec<Reprint>,
}

impl Explain for NotInProduct {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "swu-not-in-product",
            [
                ("cards", text(names(lang, cards))),
                ("count", number(cards.len() as u64)),
                ("sets", text(self.sets.join(", "))),
                ("format", text(self.format.as_str())),
                ("reprints", text(reprints(lang, &self.reprints))),
            ],
        )
    }
}

/// Why one card is outside the pool.
#[derive(PartialEq)]
enum Why {
    /// No printing released yet: the first set to release it, if known.
    NotReleased(Option<String>),
    /// Its sets' rotation blocks left the pool on this date.
    Rotated(Date),
    /// Released only in products the format does not include.
    NotInProduct,
    /// Printed only in sets deckcheck's data does not know.
    UnknownSets,
}

impl Rule<Context<'_>> for CardPool {
    fn codes(&self) -> &'static [CodeInfo] {
        &[
            CodeInfo {
                code: CARD_NOT_RELEASED,
                meaning: "The card was not yet released on the date checked.",
            },
            CodeInfo {
                code: CARD_NOT_IN_FORMAT,
                meaning: "The card has no printing in a set of the format's card pool on the date (rotated out of Premier, or a product not legal in the format).",
            },
        ]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let Some(rule) = ctx.at(&ctx.pool_format.card_pool) else {
            // No pool on the date (a format announced before its rules, or not played yet): a
            // card not yet released is still played nowhere, and that is certain (issue 36).
            return limited(ctx, out);
        };
        if rule.value.kind == PoolKind::OpenedPool {
            // The opened_pool rule judges limited decks against the pool; here, their dates.
            return limited(ctx, out);
        }
        out.resting_on(rule);
        if ctx.pool_format.id != ctx.format.id {
            out.note(
                NoteKind::Caveat,
                Some(&rule.section),
                format!(
                    "{} is checked with the {} card pool.",
                    ctx.format.name, ctx.pool_format.name
                ),
            );
        }
        let legal = LegalSets::compute(ctx, &rule.value, ctx.as_of);
        let decks = ctx.decks();
        for (i, (deck, tally)) in decks.iter().zip(ctx.tallies).enumerate() {
            // The cards out of the pool by reason, named (CardRef) once the groups are known.
            let mut groups: Vec<(Why, Vec<CardId>)> = Vec::new();
            for copies in tally.cards() {
                let card = ctx.catalog.card(copies.card);
                if let Some((set, sure)) = legal.legal_through(card) {
                    // Legal only through a set whose place in the pool is not certain (a
                    // rotation block one source gives): the answer says so.
                    if sure.needs_caveat()
                        && let Some(info) = ctx.set_info(set)
                    {
                        let kind = if sure.leaves_unverified() {
                            NoteKind::Unverified
                        } else {
                            NoteKind::Caveat
                        };
                        let caveat = match legal.states[set.index()] {
                            SetState::Unsettled => info
                                .unsettled_in(&ctx.pool_format.id, ctx.as_of)
                                .map(|later| later.caveat.clone()),
                            _ => info.rotation_block_caveat.clone(),
                        }
                        .unwrap_or_default();
                        out.note(
                            kind,
                            Some(&rule.section),
                            format!(
                                "{} is legal here only through {}: {caveat}",
                                card.display_name(),
                                info.name
                            ),
                        );
                    }
                    continue;
                }
                let why = why_not(ctx, card, &legal);
                if why == Why::UnknownSets {
                    unknown_sets(ctx, card, out);
                    continue;
                }
                match groups.iter_mut().find(|(w, _)| *w == why) {
                    Some((_, ids)) => ids.push(copies.card),
                    None => {
                        let mut ids = Vec::with_capacity(tally.cards().len());
                        ids.push(copies.card);
                        groups.push((why, ids));
                    }
                }
            }
            for (why, ids) in groups {
                let cards: Vec<CardRef> = ids.iter().map(|c| ctx.card_ref(deck, *c)).collect();
                let format = ctx.pool_format.name.clone();
                let v = match why {
                    Why::UnknownSets => continue, // a note each, above
                    Why::NotReleased(first) => not_released(ctx, first.as_deref(), false),
                    Why::Rotated(left) => {
                        let rotated = Rotated {
                            format,
                            left,
                            date: ctx.as_of,
                            sets: released_sets(ctx, &ids),
                            blocks: legal.blocks.iter().map(|(_, b)| b.clone()).collect(),
                            reprints: later_printings(ctx, &rule.value, &legal, &ids),
                        };
                        Violation::of(CARD_NOT_IN_FORMAT, rule, rotated)
                    }
                    Why::NotInProduct => {
                        let outside = NotInProduct {
                            format,
                            sets: released_sets(ctx, &ids),
                            reprints: later_printings(ctx, &rule.value, &legal, &ids),
                        };
                        Violation::of(CARD_NOT_IN_FORMAT, rule, outside)
                    }
                };
                out.deck_violation(decks.len(), i, v.cards(cards));
            }
        }
    }
}

/// A card printed only in sets deckcheck's data does not know: a note, never a guess.
fn unknown_sets(ctx: &Context<'_>, card: &Card, out: &mut Findings) {
    out.note(
        NoteKind::Unverified,
        Some(ctx.cite("not-released")),
        format!(
            "{} is printed only in sets deckcheck's data does not know, so whether it is released cannot be judged.",
            card.display_name()
        ),
    );
}

/// Limited decks on their date: every card of the decks, and of the pool beside them, must be
/// released, whatever product it came in; below Competitive tier, a set's cards in its
/// prerelease week are a note (see the module's documentation).
fn limited(ctx: &Context<'_>, out: &mut Findings) {
    let every_product = PoolRule {
        kind: PoolKind::AllReleased,
        set_kinds: SetKind::ALL.to_vec(),
        formats: Vec::new(),
    };
    let legal = LegalSets::compute(ctx, &every_product, ctx.as_of);
    let decks = ctx.decks();
    for (i, (deck, tally)) in decks.iter().zip(ctx.tallies).enumerate() {
        let cards = tally
            .cards()
            .iter()
            .map(|c| (c.card, ctx.card_ref(deck, c.card)));
        for v in unreleased(ctx, &legal, cards, false, out) {
            out.deck_violation(decks.len(), i, v);
        }
    }
    let Some(pool) = ctx.submission.pool else {
        return;
    };
    let mut pool_only: Vec<CardId> = pool
        .copies
        .keys()
        .filter(|c| !ctx.tallies.iter().any(|t| t.contains(**c)))
        .copied()
        .collect();
    pool_only.sort_unstable();
    let cards = pool_only
        .into_iter()
        .map(|c| (c, ctx.catalog.card_ref(c, None)));
    for v in unreleased(ctx, &legal, cards, true, out) {
        out.violation(v);
    }
}

/// The cards no printing of which is out on the date, one violation per set that releases them
/// first, or the prerelease's note instead of it.
fn unreleased(
    ctx: &Context<'_>,
    legal: &LegalSets<'_>,
    cards: impl Iterator<Item = (CardId, CardRef)>,
    in_pool: bool,
    out: &mut Findings,
) -> Vec<Violation> {
    let mut groups: Vec<(Option<String>, Vec<CardRef>)> = Vec::new();
    for (id, card_ref) in cards {
        let card = ctx.catalog.card(id);
        if legal.is_legal(card) {
            continue;
        }
        match why_not(ctx, card, legal) {
            Why::NotReleased(first) => match groups.iter_mut().find(|(f, _)| *f == first) {
                Some((_, cards)) => cards.push(card_ref),
                None => groups.push((first, vec![card_ref])),
            },
            Why::UnknownSets => unknown_sets(ctx, card, out),
            // Every product counts: a released card is never rotated or out of the products.
            Why::Rotated(_) | Why::NotInProduct => {}
        }
    }
    let mut violations = Vec::new();
    for (first, cards) in groups {
        match prerelease(ctx, first.as_deref(), &cards) {
            Some((section, note)) => out.note(NoteKind::Caveat, Some(section), note),
            None => violations.push(not_released(ctx, first.as_deref(), in_pool).cards(cards)),
        }
    }
    violations
}

/// Below Competitive tier, in a format played at prerelease events on the date (`formats.toml`
/// `prerelease`), in the week before `first`'s release (`SetInfo::prerelease_week`), its cards can only have been opened at its prerelease, where they
/// are legal (CEG 4.1: "only legal for the event they were obtained in"): the section and the
/// sentence saying so. `None` at Competitive tier and above, and on any other day.
fn prerelease<'c>(
    ctx: &Context<'c>,
    first: Option<&str>,
    cards: &[CardRef],
) -> Option<(&'c str, String)> {
    if ctx.submission.registration {
        return None;
    }
    let played = ctx.at(&ctx.format.prerelease).filter(|d| d.value)?;
    let set = ctx.data.set(first?)?;
    let (opens, release) = set.prerelease_week()?;
    if !(opens <= ctx.as_of && ctx.as_of < release) {
        return None;
    }
    let (they, were) = if cards.len() == 1 {
        ("it is", "it was")
    } else {
        ("they are", "they were")
    };
    let note = format!(
        "{} {} not released until {release} ({} ({})): {they} legal only at the prerelease event where {were} opened; at a Competitive-tier event or above {they} not legal before {release}.",
        names(deckcheck_core::Lang::En, cards),
        is_are(cards.len()),
        set.name,
        set.code,
    );
    Some((&played.section, note))
}

/// Cards not released on the date, first released by the set `first` (a code) if known: as
/// sure as that set's release date is. `in_pool`: cards of a limited pool no deck plays.
fn not_released(ctx: &Context<'_>, first: Option<&str>, in_pool: bool) -> Violation {
    let set = first.and_then(|code| ctx.data.set(code));
    let first = set.map(|set| {
        let counts_from = set.counts_from(&ctx.pool_format.id, ctx.as_of);
        FirstSet {
            name: set.name.clone(),
            code: set.code.clone(),
            release: counts_from,
            counts_in: (counts_from != set.release_date).then(|| ctx.pool_format.name.clone()),
        }
    });
    let mut v = Violation::new(
        CARD_NOT_RELEASED,
        ctx.cite("not-released"),
        NotReleased {
            date: ctx.as_of,
            set: first,
            in_pool,
        },
    );
    if let Some(set) = set {
        let sure = set.release_confidence_on(ctx.as_of);
        if sure > v.confidence {
            v.confidence = sure;
            v.caveat = set.caveat.clone();
        }
    }
    v
}

/// The released sets the cards are printed in, in set order, by code: "SOR", "SHD".
fn released_sets(ctx: &Context<'_>, cards: &[CardId]) -> Vec<String> {
    // Each set once, with its release date to order by.
    let mut sets: Vec<(Date, SetIdx)> = Vec::new();
    for card in cards {
        for set in &ctx.catalog.card(*card).sets {
            let released = ctx
                .set_info(*set)
                .and_then(|s| s.release_date)
                .filter(|d| *d <= ctx.as_of);
            if let Some(day) = released
                && !sets.iter().any(|(_, s)| s == set)
            {
                sets.push((day, *set));
            }
        }
    }
    // In release order; sets of one day as the cards first named them.
    sets.sort_by_key(|(day, _)| *day);
    sets.iter()
        .map(|(_, s)| ctx.catalog.set_code(*s).to_string())
        .collect()
}

/// The printings of the cards in sets the pool draws from that are not out yet, with the day
/// they count: Devotion in Homeworlds (HMW_096) from 2026-10-09.
fn later_printings(
    ctx: &Context<'_>,
    rule: &PoolRule,
    legal: &LegalSets<'_>,
    cards: &[CardId],
) -> Vec<Reprint> {
    let mut out: Vec<Reprint> = Vec::new();
    for card in cards {
        let c = ctx.catalog.card(*card);
        for p in &c.printings {
            let p = ctx.catalog.printing(*p);
            let SetState::Upcoming(Some(from)) = legal.states[p.set.index()] else {
                continue;
            };
            let Some(set) = ctx
                .set_info(p.set)
                .filter(|s| rule.set_kinds.contains(&s.kind))
            else {
                continue;
            };
            let reprint = Reprint {
                card: c.display_name(),
                set: set.name.clone(),
                printing: p.code.to_string(),
                from,
            };
            if !out.contains(&reprint) {
                out.push(reprint);
            }
        }
    }
    out
}

/// Why a card outside the pool is: from its sets' standing.
fn why_not(ctx: &Context<'_>, card: &Card, legal: &LegalSets<'_>) -> Why {
    if legal.states(card).all(|(_, s)| s == SetState::Unknown) {
        return Why::UnknownSets;
    }
    let released = legal
        .states(card)
        .any(|(_, s)| !matches!(s, SetState::Unknown | SetState::Upcoming(_)));
    if !released {
        let first = legal
            .states(card)
            .filter_map(|(set, s)| match s {
                SetState::Upcoming(Some(d)) => Some((d, set)),
                _ => None,
            })
            .min()
            .map(|(_, set)| ctx.catalog.set_code(set).to_string());
        return Why::NotReleased(first);
    }
    legal
        .states(card)
        .filter_map(|(_, s)| match s {
            SetState::Rotated(left) => Some(left),
            _ => None,
        })
        .max()
        .map_or(Why::NotInProduct, Why::Rotated)
}

#[cfg(test)]
mod tests {
    use crate::rules::codes;
    use crate::rules::fixture::*;
    use deckcheck_core::Report;
    use jiff::civil::date;

    fn found(r: &Report) -> Vec<(deckcheck_core::Code, String)> {
        r.violations
            .iter()
            .map(|v| {
                (
                    v.code,
                    v.cards
                        .first()
                        .map(|c| c.id.to_string())
                        .unwrap_or_default(),
                )
            })
            .collect()
    }

    #[test]
    fn a_card_is_illegal_before_its_set_releases_and_legal_on_the_day() {
        let deck = legal_premier().main("HMW_100", 1).build();
        let before = check_one(&deck, "premier", date(2025, 1, 1));
        assert_eq!(
            found(&before),
            [(codes::CARD_NOT_RELEASED, "HMW_100".into())]
        );
        let v = &before.violations[0];
        assert!(v.message().contains("2026-10-09"), "{}", v.message());
    }

    #[test]
    fn spark_of_rebellion_cards_rotate_out_of_premier_with_a_lawless_time() {
        let deck = legal_premier().build();
        assert!(check_one(&deck, "premier", date(2026, 3, 12)).legal);
        let after = check_one(&deck, "premier", date(2026, 3, 13));
        let rotated: Vec<_> = after
            .violations
            .iter()
            .filter(|v| v.code == codes::CARD_NOT_IN_FORMAT)
            .collect();
        // Han Solo and Capital City are SOR-only; the fillers are reprinted in LAW. Rotated for
        // the same reason: one violation naming both, with their lines.
        assert_eq!(rotated.len(), 1, "{:#?}", after.violations);
        let ids: Vec<&str> = rotated[0].cards.iter().map(|c| c.id.as_ref()).collect();
        assert_eq!(ids, ["SOR_017", "SOR_020"]);
        // The rotation came with the article of 2026-02-18; CR 9.2.2D did not exist before CR 8.0.
        assert_eq!(rotated[0].section, "Eternally Unlimited (2026-02-18)");
        assert_eq!(
            rotated[0].message(),
            "Han Solo | Audacious Smuggler, Capital City | Coruscant are printed only in sets that left Premier on 2026-03-13 (SOR); on 2026-03-13 Premier uses the sets of rotation blocks B and A."
        );
    }

    #[test]
    fn a_rotated_deck_gets_one_violation_with_every_rotated_card() {
        let deck = DeckBuilder::new(catalog())
            .leader("LAW_003")
            .base("LAW_020")
            .main("SOR_220", 2)
            .main("SHD_231", 1)
            .main("SHD_213", 1)
            .filler(47)
            .build();
        let report = check_one(&deck, "premier", date(2026, 11, 22));
        let rotated: Vec<_> = report
            .violations
            .iter()
            .filter(|v| v.code == codes::CARD_NOT_IN_FORMAT)
            .collect();
        assert_eq!(rotated.len(), 1, "{:#?}", report.violations);
        assert_eq!(
            rotated[0].cards.len(),
            2,
            "Surprise Strike (two printings) once, and DJ"
        );
        assert_eq!(
            rotated[0].message(),
            "Surprise Strike, DJ | Blatant Thief are printed only in sets that left Premier on 2026-03-13 (SOR, SHD); on 2026-11-22 Premier uses the sets of rotation blocks B and A."
        );
    }

    #[test]
    fn a_rotated_card_reprinted_in_a_legal_set_stays_legal() {
        // Filler Trooper 50 is printed in SOR and in LAW; the deck names the SOR printing.
        let deck = DeckBuilder::new(catalog())
            .leader("LAW_003")
            .base("LAW_020")
            .main("SOR_350", 3)
            .filler(47)
            .build();
        assert!(check_one(&deck, "premier", date(2026, 11, 22)).legal);
    }

    #[test]
    fn the_twin_suns_product_is_eternal_but_not_premier() {
        let deck = DeckBuilder::new(catalog())
            .leader("LAW_003")
            .base("LAW_020")
            .main("TS26_8", 1)
            .filler(50)
            .build();
        let premier = check_one(&deck, "premier", date(2026, 11, 22));
        assert_eq!(
            found(&premier),
            [(codes::CARD_NOT_IN_FORMAT, "TS26_8".into())]
        );
        assert!(check_one(&deck, "eternal", date(2026, 11, 22)).legal);
    }

    /// A sealed deck with a Homeworlds card (released 2026-10-09), checked against its pool.
    fn sealed_hmw(on: jiff::civil::Date, competitive: bool) -> Report {
        let deck = DeckBuilder::new(catalog())
            .leader("LAW_003")
            .base("LAW_020")
            .main("HMW_100", 1)
            .filler(30)
            .build();
        let mut options = Check::new("sealed", on);
        options.pool = Some(crate::rules::Pool::of(&deck));
        options.registration = competitive;
        check_with(&deck, options)
    }

    #[test]
    fn a_limited_deck_of_cards_not_yet_released_is_illegal_at_competitive_tier() {
        // (A registration without the player's name and UID is also incomplete: not this rule.)
        let report = sealed_hmw(date(2026, 10, 5), true);
        let v: Vec<_> = report
            .violations
            .iter()
            .filter(|v| v.code == codes::CARD_NOT_RELEASED)
            .collect();
        assert_eq!(v.len(), 1, "{:#?}", report.violations);
        let v = v[0];
        assert_eq!(v.section, "CEG 4.1");
        assert!(v.is_certain());
        assert!(
            v.message()
                .contains("Homeworlds (HMW) releases on 2026-10-09"),
            "{}",
            v.message()
        );
        assert!(!sealed_hmw(date(2026, 10, 9), true).has(codes::CARD_NOT_RELEASED));
    }

    #[test]
    fn below_competitive_tier_a_sets_cards_are_allowed_in_its_prerelease_week_only() {
        // 2026-10-02 .. 2026-10-08: the cards can only come from the prerelease, where they are
        // legal; the answer says so, and the verdict stands.
        for on in [date(2026, 10, 2), date(2026, 10, 8)] {
            let report = sealed_hmw(on, false);
            assert!(report.legal, "{on}: {:#?}", report.violations);
            let note = report
                .notes
                .iter()
                .find(|n| n.message.contains("prerelease"))
                .expect("a note on the prerelease");
            assert_eq!(note.section.as_deref(), Some("CEG 4.1, 9.2.1"));
            assert_eq!(
                note.message,
                "Homeworld Trooper is not released until 2026-10-09 (Homeworlds (HMW)): it is legal only at the prerelease event where it was opened; at a Competitive-tier event or above it is not legal before 2026-10-09."
            );
        }
        // Before the prerelease week: no event could have handed the cards out.
        let early = sealed_hmw(date(2026, 10, 1), false);
        assert_eq!(
            found(&early),
            [(codes::CARD_NOT_RELEASED, "HMW_100".into())]
        );
    }

    #[test]
    fn under_the_tournament_regulations_a_prerelease_is_sealed_so_a_draft_gets_no_allowance() {
        // Shadows of the Galaxy released on 2024-07-12; 2024-07-08 is in its prerelease week.
        let deck = DeckBuilder::new(catalog())
            .leader("SOR_017")
            .base("SOR_020")
            .main("SHD_213", 1)
            .filler(30)
            .build();
        let on = |format: &'static str| {
            let mut options = Check::new(format, date(2024, 7, 8));
            options.pool = Some(crate::rules::Pool::of(&deck));
            check_with(&deck, options)
        };
        let sealed = on("sealed");
        assert!(sealed.legal, "{:#?}", sealed.violations);
        assert_eq!(sealed.notes[0].section.as_deref(), Some("TR 3.2.1, 2.2.1"));
        let draft = on("draft");
        assert_eq!(
            found(&draft),
            [(codes::CARD_NOT_RELEASED, "SHD_213".into())]
        );
        assert_eq!(draft.violations[0].section, "TR 3.2.1");
    }

    #[test]
    fn a_limited_pool_holding_a_card_not_yet_released_is_illegal_too() {
        let deck = DeckBuilder::new(catalog())
            .leader("LAW_003")
            .base("LAW_020")
            .filler(30)
            .build();
        let mut pool = crate::rules::Pool::of(&deck);
        pool.add(&DeckBuilder::new(catalog()).main("HMW_100", 2).build());
        let mut options = Check::new("draft", date(2026, 9, 1));
        options.pool = Some(pool);
        let report = check_with(&deck, options);
        assert_eq!(
            found(&report),
            [(codes::CARD_NOT_RELEASED, "HMW_100".into())]
        );
        let v = &report.violations[0];
        assert_eq!(v.deck, None, "the pool's, not a deck's");
        assert!(
            v.message().starts_with(
                "Homeworld Trooper in the player's pool is not released on 2026-09-01"
            ),
            "{}",
            v.message()
        );
    }

    #[test]
    fn trilogy_uses_the_chosen_pool() {
        let catalog = catalog();
        let deck = |leader: &str, base: &str, first: u32| {
            let mut b = DeckBuilder::new(catalog).leader(leader).base(base);
            for n in first..first + 17 {
                b = b.main(&format!("SOR_{}", 301 + n), 1);
            }
            b.main("SOR_220", 1).main("LAW_150", 1).build()
        };
        let decks = [
            deck("LAW_003", "LAW_020", 0),
            deck("JTL_009", "LAW_022", 0),
            deck("SOR_017", "JTL_024", 0),
        ];
        let mut options = Check::new("trilogy", date(2026, 11, 22));
        let premier = options.run(&decks);
        assert!(
            premier.has(codes::CARD_NOT_IN_FORMAT),
            "Han Solo and Surprise Strike rotated"
        );
        options.pool_format = Some("eternal");
        let eternal = options.run(&decks);
        assert!(
            !eternal.has(codes::CARD_NOT_IN_FORMAT),
            "{:#?}",
            eternal.violations
        );
    }
}
