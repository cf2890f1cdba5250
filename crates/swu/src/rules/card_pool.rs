//! Which cards a format draws from on a date. A card is judged by its identity: it is legal
//! when any of its printings is in a set of the pool (CEG 4.1: "If an official card has the same
//! title and subtitle ... as a card from a Premier-legal set, then that card is also legal").
//! Premier draws from every released set until A Lawless Time (2026-03-13), then from the sets of
//! the two newest rotation blocks; Eternal and Twin Suns from every released set; Trilogy from
//! Premier's or Eternal's pool. Cards of sets not yet released are illegal (CEG 4.1: legal "the
//! same day the set is officially released").
//!
//! Cards out of the pool for the same reason are one violation: a rotated deck gets one line
//! for its 26 rotated cards, not 26.

use deckcheck_core::{Confidence, Findings, NoteKind, Violation};
use jiff::civil::Date;

use super::codes::{CARD_NOT_IN_FORMAT, CARD_NOT_RELEASED};
use super::{Context, Rule, plural};
use crate::catalog::{Card, CardId, SetIdx};
use crate::data::{FormatDef, LegalityData, PoolKind, PoolRule, SetInfo};

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
                _ => None,
            })
            .min_by_key(|(_, c)| *c)
    }

    fn states<'c>(&'c self, card: &'c Card) -> impl Iterator<Item = (SetIdx, SetState)> + 'c {
        card.sets.iter().map(|s| (*s, self.states[s.index()]))
    }
}

fn released_by(set: &SetInfo, date: Date) -> bool {
    set.release_date.is_some_and(|d| d <= date)
}

/// "is", "are".
fn is(v: &Violation) -> &'static str {
    if v.cards.len() == 1 { "is" } else { "are" }
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

fn names(v: &Violation) -> String {
    let names: Vec<String> = v.cards.iter().map(|c| c.name()).collect();
    match names.len() {
        0..=3 => names.join(", "),
        n => plural(n as u64, "card", "cards"),
    }
}

fn not_released(v: &Violation) -> String {
    let n = v.cards.len();
    match (v.get("set"), v.get("counts_in")) {
        ("", _) => format!(
            "{} {} not released on {}: no release date is known for {} set.",
            names(v),
            is(v),
            v.get("date"),
            if n == 1 { "its" } else { "their" }
        ),
        (set, "") => format!(
            "{} {} not released on {}: {set} releases on {}.",
            names(v),
            is(v),
            v.get("date"),
            v.get("release")
        ),
        (set, format) => format!(
            "{} {} not legal in {format} on {}: {set} counts in {format} from {}.",
            names(v),
            is(v),
            v.get("date"),
            v.get("release")
        ),
    }
}

/// "; Devotion is reprinted in Homeworlds (HMW_096), legal from 2026-10-09", or "".
fn reprints(v: &Violation) -> String {
    match v.get("reprints") {
        "" => String::new(),
        r => format!(", apart from a reprint not yet released: {r}"),
    }
}

fn rotated(v: &Violation) -> String {
    format!(
        "{} {} printed only in sets that left {} on {} ({}){}; on {} {} uses the sets of rotation blocks {}.",
        names(v),
        is(v),
        v.get("format"),
        v.get("left"),
        v.get("sets"),
        reprints(v),
        v.get("date"),
        v.get("format"),
        v.get("blocks")
    )
}

fn not_in_product(v: &Violation) -> String {
    format!(
        "{} {} printed only in {}, which {} does not include{}.",
        names(v),
        is(v),
        v.get("sets"),
        v.get("format"),
        reprints(v)
    )
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

impl Rule for CardPool {
    fn name(&self) -> &'static str {
        "card pool"
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let Some(rule) = ctx.at(&ctx.pool_format.card_pool) else {
            return;
        };
        if rule.value.kind == PoolKind::OpenedPool {
            return; // the opened_pool rule judges limited decks
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
            let mut groups: Vec<(Why, Violation, Vec<CardId>)> = Vec::new();
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
                        let caveat = info.rotation_block_caveat.clone().unwrap_or_default();
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
                let card_ref = ctx.card_ref(deck, copies.card);
                if let Some((_, v, ids)) = groups.iter_mut().find(|(w, _, _)| *w == why) {
                    v.cards.push(card_ref);
                    ids.push(copies.card);
                    continue;
                }
                let v = match &why {
                    Why::UnknownSets => {
                        out.note(
                            NoteKind::Unverified,
                            Some(ctx.cite("not-released")),
                            format!(
                                "{} is printed only in sets deckcheck's data does not know, so whether it is released cannot be judged.",
                                card.display_name()
                            ),
                        );
                        continue;
                    }
                    Why::NotReleased(first) => {
                        let mut v = Violation::rendered(
                            CARD_NOT_RELEASED,
                            ctx.cite("not-released"),
                            not_released,
                        )
                        .with("date", ctx.as_of);
                        if let Some(set) = first.as_deref().and_then(|code| ctx.data.set(code)) {
                            let counts_from = set.legal_in(&ctx.pool_format.id);
                            v = v.with("set", format!("{} ({})", set.name, set.code)).with(
                                "release",
                                counts_from.map(|d| d.to_string()).unwrap_or_default(),
                            );
                            if counts_from != set.release_date {
                                v = v.with("counts_in", &ctx.pool_format.name);
                            }
                            let sure = set.release_confidence_on(ctx.as_of);
                            if sure > v.confidence {
                                v.confidence = sure;
                                v.caveat = set.caveat.clone();
                            }
                        }
                        v
                    }
                    Why::Rotated(left) => Violation::rendered_of(CARD_NOT_IN_FORMAT, rule, rotated)
                        .with("format", &ctx.pool_format.name)
                        .with("left", left)
                        .with("date", ctx.as_of)
                        .with(
                            "blocks",
                            legal
                                .blocks
                                .iter()
                                .map(|(_, b)| b.as_str())
                                .collect::<Vec<_>>()
                                .join(" and "),
                        ),
                    Why::NotInProduct => {
                        Violation::rendered_of(CARD_NOT_IN_FORMAT, rule, not_in_product)
                            .with("format", &ctx.pool_format.name)
                    }
                };
                groups.push((why, v.card(card_ref), vec![copies.card]));
            }
            for (why, mut v, ids) in groups {
                if matches!(why, Why::Rotated(_) | Why::NotInProduct) {
                    v = v.with("sets", released_sets(ctx, &ids));
                    let later = later_printings(ctx, &rule.value, &legal, &ids);
                    if !later.is_empty() {
                        v = v.with("reprints", later);
                    }
                }
                out.deck_violation(decks.len(), i, v);
            }
        }
    }
}

/// The released sets the violation's cards are printed in, in set order: "SOR, SHD, TWI".
fn released_sets(ctx: &Context<'_>, cards: &[CardId]) -> String {
    let mut sets: Vec<SetIdx> = Vec::new();
    for card in cards {
        for set in &ctx.catalog.card(*card).sets {
            let released = ctx
                .set_info(*set)
                .is_some_and(|s| released_by(s, ctx.as_of));
            if released && !sets.contains(set) {
                sets.push(*set);
            }
        }
    }
    sets.sort_by_key(|s| ctx.set_info(*s).and_then(|i| i.release_date));
    sets.iter()
        .map(|s| ctx.catalog.set_code(*s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The printings of the cards in sets the pool draws from that are not out yet, with the day
/// they count: "Devotion in Homeworlds (HMW_096) from 2026-10-09".
fn later_printings(
    ctx: &Context<'_>,
    rule: &PoolRule,
    legal: &LegalSets<'_>,
    cards: &[CardId],
) -> String {
    let mut out = Vec::new();
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
            let text = format!(
                "{} in {} ({}) from {from}",
                c.display_name(),
                set.name,
                p.code
            );
            if !out.contains(&text) {
                out.push(text);
            }
        }
    }
    out.join("; ")
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

    fn codes(r: &Report) -> Vec<(deckcheck_core::Code, String)> {
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
            codes(&before),
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
            codes(&premier),
            [(codes::CARD_NOT_IN_FORMAT, "TS26_8".into())]
        );
        assert!(check_one(&deck, "eternal", date(2026, 11, 22)).legal);
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
