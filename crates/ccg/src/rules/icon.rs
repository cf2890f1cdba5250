//! CCG-ICON: no card carrying an icon the format bans on the date: in Classic, the Episode I
//! icon and a Maintenance cost (GEMP's MAINTENANCE icon); in GEMP's Classic, also Defensive
//! Shields. Judged for the cards in and outside the deck. Icons are GEMP's; for the Decipher
//! cards GEMP lacks, the card database's. An Episode I icon the two sources disagree on is
//! CCG-SOURCE-CONFLICT's, not this rule's. Source: REG Classic Format Ban List L308-313 (dated in
//! card_data/ccg/formats.toml); GEMP swccgFormats.json `bannedIcons`.
//!
//! An icon another reading of the format bans (Defensive Shields in Classic: GEMP bans them, the
//! guide of 2006 does not) is no violation: a deck holding such a card gets a note saying which
//! reading is applied (`disputed_icons`), and the verdict stands (issue 28).

use deckcheck_core::wording::{a_or_an, is_are, plural, titles_with_ids};
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
    fn message(&self, cards: &[CardRef]) -> String {
        let n = cards.len();
        format!(
            "{} {} {} not legal: {}.",
            plural(n as u64, "card with", "cards with"),
            a_or_an(icon_name(&self.icon), false),
            is_are(n),
            titles_with_ids(cards)
        )
    }
}

impl Rule<Context<'_>> for Icon {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A card with an icon the format bans (Classic: the Episode I icon or a Maintenance cost; GEMP's Classic also Defensive Shields).",
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

    #[test]
    fn only_gemps_classic_bans_defensive_shields_and_it_says_so() {
        let f = Fixture::new();
        let mut deck = f.sixty(Side::Dark, &[]);
        deck.entries.extend(f.deck(&[], &[("13_54", 1)]).entries);
        assert!(
            f.violations("classic", today(), std::slice::from_ref(&deck), "CCG-ICON")
                .is_empty()
        );
        let v = f.violations("classic-gemp", today(), &[deck], "CCG-ICON");
        assert_eq!(ids(&v[0]), ["13_54"]);
        assert!(v[0].is_certain());
        assert!(v[0].caveat.as_deref().unwrap().contains("Only GEMP"));
    }

    #[test]
    fn classic_warns_about_defensive_shields_and_says_it_reads_the_guide_of_2006() {
        let f = Fixture::new();
        let mut deck = f.sixty(Side::Dark, &[]);
        deck.entries.extend(f.deck(&[], &[("13_54", 1)]).entries);
        let classic = f.judge("classic", today(), std::slice::from_ref(&deck));
        assert!(classic.violations.is_empty(), "{:?}", classic.violations);
        let note = classic
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
                "1 card has a Defensive Shield icon: Battle Order (13_54, line 1). Classic is judged here by the tournament guide of 2006"
            ),
            "{}",
            note.message
        );
        assert!(note.message.contains("classic-gemp"), "{}", note.message);
        // Without a shield, nothing to warn about; GEMP's Classic bans it instead.
        let plain = f.judge("classic", today(), &[f.sixty(Side::Dark, &[])]);
        assert!(
            !plain
                .notes
                .iter()
                .any(|n| n.message.contains("Defensive Shield"))
        );
        let gemp = f.judge("classic-gemp", today(), &[deck]);
        assert!(
            !gemp
                .notes
                .iter()
                .any(|n| n.message.contains("is judged here"))
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
