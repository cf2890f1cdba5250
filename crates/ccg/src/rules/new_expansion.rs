//! CCG-NEW-EXPANSION: a card is legal one week after its set's release. The set is the prefix
//! of the card's GEMP id (the virtual Defensive Shields, set "200d" in the card database, carry
//! the prefix of the set they came with); the date is the card database's `date_release`, or
//! card_data/ccg/sets.toml's where the database has none. A date known only to the month
//! (Decipher sets) makes the days between the month's 1st + 7 and its last day + 7 unverified; a
//! set without any date (set 227 in GEMP's Open) leaves its cards unverified on every date.
//! GEMP's format file is no date source: it lists sets before their release. An id the card data
//! does not hold is judged by its set too (a Virtual Set 27 card before 2026-08-31 is illegal
//! whatever the card; issue 28). Source: REG General
//! Tournament Rules L52 ("Newly released expansions are tournament-legal one week after their
//! official release date").

use std::collections::BTreeMap;

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Confidence, Explain, Findings, Rule, Violation};
use jiff::ToSpan;
use jiff::civil::Date;
use serde::Serialize;

use super::not_tournament::is_not_tournament;
use super::{Context, unresolved_ref};
use crate::catalog::{Catalog, Precision};

pub const CODE: Code = Code::new("CCG-NEW-EXPANSION");
pub const SECTION: &str = "REG General Tournament Rules L52";

/// How long after its release a set is tournament-legal.
pub const WEEK: i64 = 7;

pub struct NewExpansion;

/// When a set's cards become legal: surely not before the first date, surely from the second.
/// `None` when no date is known.
pub fn legal_from(catalog: &Catalog, set: u32) -> Option<(Date, Date)> {
    let info = catalog.set(set)?;
    let release = info.release?;
    let first = release.checked_add(WEEK.days()).ok()?;
    let last = match info.precision {
        Precision::Day => first,
        Precision::Month => release.last_of_month().checked_add(WEEK.days()).ok()?,
    };
    Some((first, last))
}

/// What is known of a set's release.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum Release {
    /// Released on `released`, legal from `legal_from`.
    Day { released: Date, legal_from: Date },
    /// Released in the month of `released` (the day is not known): legal from a day between
    /// `first` and `last`.
    Month {
        released: Date,
        first: Date,
        last: Date,
    },
    /// No release date is known.
    Unknown,
}

/// Cards of a set not legal yet on the date checked, or not known to be.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct TooNew {
    pub set: String,
    pub date: Date,
    pub release: Release,
}

impl Explain for TooNew {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let mut args = vec![
            ("count", number(cards.len() as u64)),
            ("set", text(self.set.as_str())),
            ("date", text(self.date.to_string())),
            ("cards", text(l10n::titles_with_ids(lang, cards))),
        ];
        match &self.release {
            Release::Day {
                released,
                legal_from,
            } => {
                args.push(("released", text(released.to_string())));
                args.push(("legal_from", text(legal_from.to_string())));
                say(lang, "ccg-too-new-day", args)
            }
            Release::Month {
                released,
                first,
                last,
            } => {
                let month = say(
                    lang,
                    "ccg-month",
                    [
                        ("month", number(released.month().unsigned_abs())),
                        ("year", text(released.year().to_string())),
                    ],
                );
                args.push(("month", text(month)));
                args.push(("first", text(first.to_string())));
                args.push(("last", text(last.to_string())));
                say(lang, "ccg-too-new-month", args)
            }
            Release::Unknown => say(lang, "ccg-too-new-unknown", args),
        }
    }
}

impl Rule<Context<'_>> for NewExpansion {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A card whose set was released less than a week before the date checked (or whose release date is not known).",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let judged =
            |set: u32, id: &str| ctx.gemp.in_pool(set, id) && !is_not_tournament(Some(set));
        // Most cards are of sets legal long ago: each set's dates are worked out once per
        // check, and only the cards of the others are named.
        let mut legal: Vec<(u32, bool)> = Vec::new();
        let mut surely_legal = |set: u32| match legal.iter().find(|(s, _)| *s == set) {
            Some((_, known)) => *known,
            None => {
                let known = legal_from(ctx.catalog, set).is_some_and(|(_, last)| last <= ctx.as_of);
                legal.push((set, known));
                known
            }
        };
        for (i, deck, tally) in ctx.each() {
            let mut by_set: BTreeMap<u32, Vec<CardRef>> = BTreeMap::new();
            for c in tally.all() {
                let card = ctx.card(c.card);
                let Some(set) = card.set else { continue };
                if judged(set, &card.id) && !surely_legal(set) {
                    by_set.entry(set).or_default().push(ctx.card_ref(c));
                }
            }
            // An id the data lacks, of a set whose date is known: its set says when it can be legal.
            for e in &deck.entries {
                if let Some(set) = e.unknown_set()
                    && judged(set, &e.written)
                    && legal_from(ctx.catalog, set).is_some()
                    && !surely_legal(set)
                {
                    by_set
                        .entry(set)
                        .or_default()
                        .push(unresolved_ref(e, "a card not in the data"));
                }
            }
            for (set, cards) in by_set {
                let name = ctx
                    .catalog
                    .set(set)
                    .map_or_else(|| format!("set {set}"), |s| s.name.to_string());
                let release = ctx.catalog.set(set).and_then(|s| s.release);
                let release = match (legal_from(ctx.catalog, set), release) {
                    (Some((first, _)), Some(released)) if ctx.as_of < first => Release::Day {
                        released,
                        legal_from: first,
                    },
                    (Some((first, last)), Some(released)) if ctx.as_of < last => Release::Month {
                        released,
                        first,
                        last,
                    },
                    (Some(_), _) => continue,
                    (None, _) => Release::Unknown,
                };
                let sure = matches!(release, Release::Day { .. });
                let too_new = TooNew {
                    set: name,
                    date: ctx.as_of,
                    release,
                };
                let mut v = Violation::new(CODE, SECTION, too_new).cards(cards);
                if !sure {
                    v.confidence = Confidence::Unconfirmed;
                    v.caveat = Some("The release date of this set is not known to the day.".into());
                }
                ctx.report(out, i, v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, ids};
    use crate::catalog::Side;
    use jiff::civil::date;

    #[test]
    fn a_virtual_set_is_legal_one_week_after_its_release() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("226_20", 1)]);
        let on = |d| f.violations("open", d, std::slice::from_ref(&deck), "CCG-NEW-EXPANSION");
        let v = on(date(2025, 12, 14));
        assert_eq!(ids(&v[0]), ["226_20"]);
        assert!(v[0].is_certain());
        assert!(
            v[0].message().contains(
                "Virtual Set 26, released 2025-12-08 and legal from 2025-12-15, not on 2025-12-14"
            ),
            "{}",
            v[0].message()
        );
        assert!(on(date(2025, 12, 15)).is_empty());
    }

    #[test]
    fn a_decipher_set_dated_to_the_month_is_unverified_within_its_uncertain_days() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("12_145", 1)]);
        let on = |d| f.violations("open", d, std::slice::from_ref(&deck), "CCG-NEW-EXPANSION");
        assert!(
            on(date(2001, 8, 7))[0].is_certain(),
            "Coruscant: August 2001"
        );
        let unsure = on(date(2001, 8, 20));
        assert!(!unsure[0].is_certain());
        assert!(
            unsure[0].message().contains("released in August 2001"),
            "{}",
            unsure[0].message()
        );
        assert!(on(date(2001, 9, 7)).is_empty());
    }

    #[test]
    fn a_card_the_data_lacks_is_judged_by_its_sets_release() {
        // Issue 28: Virtual Set 27 was released on 2026-08-24 (CONFIRMATIONS 9); the card data
        // holds none of its cards, but none of them is legal before 2026-08-31.
        let f = Fixture::new();
        let mut deck = f.sixty(Side::Dark, &[]);
        deck.entries.extend(f.deck(&[("227_1", 1)], &[]).entries);
        let on = |d| f.violations("open", d, std::slice::from_ref(&deck), "CCG-NEW-EXPANSION");
        let before = on(date(2026, 8, 30));
        assert_eq!(ids(&before[0]), ["227_1"]);
        assert!(before[0].is_certain());
        assert!(
            before[0].message().contains(
                "Virtual Set 27, released 2026-08-24 and legal from 2026-08-31, not on 2026-08-30"
            ),
            "{}",
            before[0].message()
        );
        assert!(on(date(2026, 8, 31)).is_empty());
        assert_eq!(
            super::legal_from(&f.catalog, 227),
            Some((date(2026, 8, 31), date(2026, 8, 31)))
        );
    }
}
