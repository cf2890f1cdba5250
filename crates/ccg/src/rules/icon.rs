//! CCG-ICON: no card carrying an icon the format bans on the date: in Classic, the Episode I
//! icon and a Maintenance cost (GEMP's MAINTENANCE icon) from the tournament guide of 2006, and
//! Defensive Shields where the Players Committee's Classic bans them as GEMP plays it (since at
//! least 2020-06-15; before that, from the guide's day on, not known: the violation is
//! unconfirmed and the answer unverified, never legal on the older reading, issue 36). Judged for
//! the cards in and outside the deck. Icons are GEMP's; for the Decipher cards GEMP lacks, the
//! card database's. An Episode I icon the two sources disagree on is CCG-SOURCE-CONFLICT's, not
//! this rule's. Source: REG Classic Format Ban List L308-313; PEER GEMP swccgFormats.json
//! `bannedIcons` (dated in card_data/ccg/formats.toml).
//!
//! An icon another reading of the format bans (Defensive Shields in `classic-2006`, the guide's
//! list alone: today's Classic bans them) is no violation: a deck holding such a card gets a note
//! saying which reading is applied (`disputed_icons`), and the verdict stands (issue 28).

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::wording::{a_or_an, plural, titles_with_ids};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, NoteKind, Rule, Violation};
use serde::Serialize;

use super::Context;

pub const CODE: Code = Code::new("CCG-ICON");

pub struct Icon;

/// An icon as players name it.
pub fn icon_name(icon: &str) -> &str {
    match icon {
        "EPISODE_I" => "Episode I icon",
        "MAINTENANCE" => "Maintenance cost",
        "DEFENSIVE_SHIELD" => "Defensive Shield icon",
        "EPISODE_VII" => "Episode VII icon",
        other => other,
    }
}

/// Cards with an icon the format bans.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct BannedIcon {
    /// GEMP's name of the icon: `EPISODE_I`, `MAINTENANCE`.
    pub icon: String,
}

impl Explain for BannedIcon {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let icon = say(lang, "ccg-icon-a", [("icon", text(self.icon.as_str()))]);
        say(
            lang,
            "ccg-banned-icon",
            [
                ("count", number(cards.len() as u64)),
                ("icon", text(icon)),
                ("cards", text(l10n::titles_with_ids(lang, cards))),
            ],
        )
    }
}

impl Rule<Context<'_>> for Icon {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A card with an icon the format bans on the date (Classic: the Episode I icon or a Maintenance cost, and Defensive Shields where the Players Committee's Classic bans them as GEMP plays it; classic-2006: the guide's list alone).",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let banned = ctx.def.banned_icons_on(ctx.as_of);
        for (icon, reading) in ctx.def.disputed_icons_on(ctx.as_of) {
            let cards: Vec<CardRef> = ctx
                .each()
                .flat_map(|(_, _, tally)| tally.all())
                .filter(|c| ctx.card(c.card).has_icon(icon))
                .map(|c| ctx.card_ref(c))
                .collect();
            if !cards.is_empty() {
                out.note(
                    NoteKind::Caveat,
                    Some(&reading.section),
                    format!(
                        "{} {}: {}. {}",
                        plural(cards.len() as u64, "card has", "cards have"),
                        a_or_an(icon_name(icon), false),
                        titles_with_ids(&cards),
                        reading.value
                    ),
                );
            }
        }
        for (i, _, tally) in ctx.each() {
            for (icon, fact) in &banned {
                let cards: Vec<CardRef> = tally
                    .all()
                    .iter()
                    .filter(|c| {
                        let card = ctx.card(c.card);
                        let conflict = *icon == "EPISODE_I" && card.icon_conflict.is_some();
                        card.has_icon(icon) && !conflict
                    })
                    .map(|c| ctx.card_ref(c))
                    .collect();
                if !cards.is_empty() {
                    let banned = BannedIcon {
                        icon: icon.to_string(),
                    };
                    ctx.report(out, i, Violation::of(CODE, fact, banned).cards(cards));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, ids, today};
    use crate::catalog::Side;

    #[test]
    fn classic_bans_episode_i_and_maintenance_and_open_bans_nothing() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("12_145", 2), ("13_87", 1), ("1_234", 1)]);
        assert!(
            f.violations("open", today(), std::slice::from_ref(&deck), "CCG-ICON")
                .is_empty()
        );
        let v = f.violations("classic", today(), &[deck], "CCG-ICON");
        assert_eq!(v.len(), 2);
        assert_eq!(ids(&v[0]), ["12_145"]);
        assert_eq!(v[0].section, "REG Classic Format Ban List L312");
        assert_eq!(ids(&v[1]), ["13_87"]);
        assert_eq!(
            v[1].message(),
            "1 card with a Maintenance cost is not legal: Stormtrooper Garrison (13_87, line 2)."
        );
    }

    /// A Dark deck of sixty and Battle Order, a Defensive Shield, outside it.
    fn with_a_shield(f: &Fixture) -> crate::deck::Deck {
        let mut deck = f.sixty(Side::Dark, &[]);
        deck.entries.extend(f.deck(&[], &[("13_54", 1)]).entries);
        deck
    }

    #[test]
    fn todays_classic_bans_defensive_shields_as_gemp_plays_it_and_cites_it() {
        // Issue 36: on a date the Players Committee's Classic bans shields, a deck with one
        // outside it is not legal.
        let f = Fixture::new();
        let deck = with_a_shield(&f);
        for format in ["classic", "classic-gemp"] {
            let v = f.violations(format, today(), std::slice::from_ref(&deck), "CCG-ICON");
            assert_eq!(ids(&v[0]), ["13_54"], "{format}");
            assert_eq!(
                v[0].section,
                "PEER GEMP swccgFormats.json (classic bannedIcons)"
            );
            assert!(
                v[0].is_certain(),
                "{format}: one source, the verdict stands"
            );
            let found = f.judge(format, today(), std::slice::from_ref(&deck));
            assert!(
                found.violations.iter().any(|v| v.is_certain()),
                "{format}: illegal"
            );
        }
        // Since at least GEMP's file of 2020-06-15.
        let v = f.violations(
            "classic",
            jiff::civil::date(2020, 6, 15),
            std::slice::from_ref(&deck),
            "CCG-ICON",
        );
        assert!(v[0].is_certain());
    }

    #[test]
    fn between_the_guide_of_2006_and_gemps_file_a_shield_leaves_classic_unverified_with_why() {
        let f = Fixture::new();
        let deck = with_a_shield(&f);
        // The guide's own day: its list is the reading, and it does not name shields.
        let guide = f.judge(
            "classic",
            jiff::civil::date(2006, 7, 3),
            std::slice::from_ref(&deck),
        );
        assert!(guide.violations.is_empty(), "{:?}", guide.violations);
        // After it, until GEMP's file: not known, never legal.
        for on in [
            jiff::civil::date(2006, 7, 4),
            jiff::civil::date(2020, 6, 14),
        ] {
            let found = f.judge("classic", on, std::slice::from_ref(&deck));
            // Unverified: a violation, and none certain.
            let [v] = found.violations.as_slice() else {
                panic!("{on}: {:?}", found.violations)
            };
            assert!(!v.is_certain(), "{on}");
            assert!(
                v.caveat
                    .as_deref()
                    .unwrap()
                    .contains("when that ban began is not known"),
                "{:?}",
                v.caveat
            );
        }
    }

    #[test]
    fn classic_2006_allows_shields_and_says_todays_classic_bans_them() {
        let f = Fixture::new();
        let deck = with_a_shield(&f);
        let guide = f.judge("classic-2006", today(), std::slice::from_ref(&deck));
        assert!(guide.violations.is_empty(), "{:?}", guide.violations);
        let note = guide
            .notes
            .iter()
            .find(|n| n.message.contains("Defensive Shield"))
            .expect("a note about the shield");
        assert_eq!(note.kind, deckcheck_core::NoteKind::Caveat);
        assert_eq!(
            note.section.as_deref(),
            Some("REG Classic Format Ban List L308-313")
        );
        assert!(
            note.message.starts_with(
                "1 card has a Defensive Shield icon: Battle Order (13_54, line 1). This is Classic by the tournament guide of 2006"
            ),
            "{}",
            note.message
        );
        assert!(
            note.message.contains("check the deck as classic"),
            "{}",
            note.message
        );
        // Its bans are the guide's.
        let banned = f.sixty(Side::Dark, &[("12_145", 1)]);
        assert!(
            !f.violations("classic-2006", today(), &[banned], "CCG-ICON")
                .is_empty()
        );
        // Without a shield, nothing to warn about.
        let plain = f.judge("classic-2006", today(), &[f.sixty(Side::Dark, &[])]);
        assert!(
            !plain
                .notes
                .iter()
                .any(|n| n.message.contains("Defensive Shield"))
        );
    }

    #[test]
    fn classic_bans_nothing_before_the_guide_that_lists_the_bans() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("12_145", 1)]);
        let before = jiff::civil::date(2006, 7, 2);
        assert!(
            f.violations("classic", before, &[deck], "CCG-ICON")
                .is_empty()
        );
    }
}
