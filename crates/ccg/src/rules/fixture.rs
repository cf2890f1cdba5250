//! A small catalog written by hand for the rules' unit tests: real ids and titles, only the
//! facts the rules read. Decks are written as `(id, copies)` lists; fillers bring a deck to 60.

use deckcheck_core::{Findings, NoteKind, Violation};
use jiff::civil::Date;

use super::{Context, judge};
use crate::catalog::{Catalog, Side};
use crate::data::LegalityData;
use crate::deck::{Deck, Entry, Resolution, Zone};
use crate::upstream::{Blueprint, GempFormat, IconCount, PcCard, PcFace, PcSet};

/// (id, title, side, category, subtype, icons)
type Row = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
);

const CARDS: &[Row] = &[
    (
        "1_234",
        "Alter",
        "DARK",
        "INTERRUPT",
        "USED",
        &["INTERRUPT"],
    ),
    (
        "12_145",
        "Alter",
        "DARK",
        "INTERRUPT",
        "LOST",
        &["CORUSCANT", "INTERRUPT", "EPISODE_I"],
    ),
    (
        "1_71",
        "Alter",
        "LIGHT",
        "INTERRUPT",
        "USED",
        &["INTERRUPT"],
    ),
    (
        "9_151",
        "Bring Him Before Me",
        "DARK",
        "OBJECTIVE",
        "",
        &["OBJECTIVE"],
    ),
    (
        "9_151_BACK",
        "Take Your Father's Place",
        "DARK",
        "OBJECTIVE",
        "",
        &["OBJECTIVE"],
    ),
    (
        "7_296",
        "Carbon Chamber Testing",
        "DARK",
        "OBJECTIVE",
        "",
        &["OBJECTIVE"],
    ),
    (
        "7_297",
        "Hunt Down And Destroy The Jedi",
        "DARK",
        "OBJECTIVE",
        "",
        &["OBJECTIVE"],
    ),
    (
        "9_109",
        "Emperor Palpatine",
        "DARK",
        "CHARACTER",
        "",
        &["DARK_JEDI_MASTER"],
    ),
    (
        "1_168",
        "Darth Vader",
        "DARK",
        "CHARACTER",
        "",
        &["IMPERIAL", "PILOT", "WARRIOR"],
    ),
    (
        "10_42",
        "Jabba's Prize",
        "DARK",
        "CHARACTER",
        "",
        &["REBEL"],
    ),
    (
        "13_69",
        "Fear Is My Ally",
        "DARK",
        "EFFECT",
        "STARTING",
        &["EFFECT", "EPISODE_I"],
    ),
    (
        "200_110",
        "Knowledge And Defense",
        "DARK",
        "EFFECT",
        "STARTING",
        &["EFFECT"],
    ),
    (
        "205_14",
        "Luke Skywalker, The Emperor's Prize",
        "DARK",
        "CHARACTER",
        "",
        &["REBEL"],
    ),
    (
        "102_9",
        "Hyperoute Navigation Chart",
        "DARK",
        "GAME_AID",
        "",
        &["PREMIUM"],
    ),
    (
        "13_54",
        "Battle Order",
        "DARK",
        "DEFENSIVE_SHIELD",
        "",
        &["DEFENSIVE_SHIELD"],
    ),
    (
        "8_118",
        "Battle Order",
        "DARK",
        "EFFECT",
        "NORMAL",
        &["EFFECT"],
    ),
    (
        "213_14",
        "Planetary Rings",
        "DARK",
        "EFFECT",
        "NORMAL",
        &["EFFECT", "EPISODE_I"],
    ),
    (
        "13_87",
        "Stormtrooper Garrison",
        "DARK",
        "CHARACTER",
        "",
        &["IMPERIAL", "MAINTENANCE"],
    ),
    (
        "226_20",
        "Fixture Virtual Set 26 Card",
        "DARK",
        "CHARACTER",
        "",
        &["IMPERIAL"],
    ),
    (
        "1_300",
        "Fixture Premiere Dark Card",
        "DARK",
        "CHARACTER",
        "",
        &["IMPERIAL"],
    ),
    (
        "204_35",
        "The Falcon, Junkyard Garbage",
        "LIGHT",
        "STARSHIP",
        "STARFIGHTER",
        &["STARSHIP"],
    ),
    (
        "200_16",
        "The Mythrol",
        "LIGHT",
        "CHARACTER",
        "",
        &["ALIEN"],
    ),
    (
        "1_1",
        "Fixture Premiere Light Card",
        "LIGHT",
        "CHARACTER",
        "",
        &["REBEL"],
    ),
];

/// The filler card of a Dark Side deck and of a Light Side deck.
pub const DARK: &str = "1_300";
pub const LIGHT: &str = "1_1";

fn blueprint(c: &Row) -> Blueprint<'static> {
    Blueprint {
        card_id: c.0.into(),
        title: c.1.into(),
        side: c.2.into(),
        card_category: c.3.into(),
        card_subtype: (!c.4.is_empty()).then(|| c.4.into()),
        icons: c
            .5
            .iter()
            .map(|i| IconCount { icon: (*i).into() })
            .collect(),
        rarity: Some(if c.0 == "1_168" {
            "R1".into()
        } else {
            "U".into()
        }),
        does_not_count_toward_deck_limit: c.0 == "205_14",
        has_virtual_suffix: false,
        has_alternate_image_suffix: false,
    }
}

fn pc(
    id: u64,
    gemp: &'static str,
    title: &'static str,
    side: &'static str,
    kind: &'static str,
    icons: &[&'static str],
) -> PcCard<'static> {
    PcCard {
        id,
        gemp_id: Some(gemp.into()),
        side: side.into(),
        set: gemp.split('_').next().unwrap_or_default().into(),
        rarity: None,
        front: PcFace {
            title: title.into(),
            kind: kind.into(),
            icons: icons.iter().map(|i| (*i).into()).collect(),
        },
    }
}

fn set(id: &str, name: &str, date: &str) -> PcSet {
    PcSet {
        id: id.into(),
        name: name.into(),
        legacy: false,
        date_release: Some(date.into()),
    }
}

fn gemp(code: &str, sets: &[u32]) -> GempFormat {
    GempFormat {
        code: code.into(),
        name: code.into(),
        set: sets.to_vec(),
        deck_size: None,
        banned: vec![],
        restricted: vec![],
        valid: vec![],
        banned_icons: vec![],
        banned_rarities: vec![],
    }
}

pub struct Fixture {
    pub catalog: Catalog,
    pub data: LegalityData,
}

impl Fixture {
    pub fn new() -> Self {
        let data = LegalityData::embedded().expect("embedded data loads");
        Self::with_formats(data, |_| {})
    }

    /// The fixture with GEMP's formats changed by `edit` (a banned or restricted list).
    pub fn with_formats(data: LegalityData, edit: impl Fn(&mut Vec<GempFormat>)) -> Self {
        let pool = [1, 5, 7, 8, 9, 10, 12, 13, 102, 200, 204, 205, 213, 226, 227];
        let mut formats = vec![gemp("open", &pool), gemp("classic", &pool)];
        formats[1].banned_icons = vec![
            "DEFENSIVE_SHIELD".into(),
            "EPISODE_I".into(),
            "MAINTENANCE".into(),
        ];
        let mut decipher = gemp("open_no_virtual", &[1, 5, 7, 8, 9, 10, 12, 13, 102]);
        decipher.valid = vec!["200_110".into()];
        formats.push(decipher);
        formats.push(gemp("legacy", &[1, 5, 7, 8, 9, 10, 12, 13, 102, 601]));
        edit(&mut formats);
        let blueprints = CARDS.iter().map(blueprint).collect();
        let mut rows = vec![
            pc(1, "1_234", "Alter", "Dark", "Interrupt", &[]),
            pc(2, "12_145", "Alter", "Dark", "Interrupt", &["Episode I"]),
            pc(3, "213_14", "<>Planetary Rings", "Dark", "Effect", &[]),
            pc(
                4,
                "9_151",
                "Bring Him Before Me / Take Your Father's Place",
                "Dark",
                "Objective",
                &[],
            ),
            // A Decipher card GEMP does not implement.
            pc(5, "5_15", "Access Denied", "Light", "Effect", &[]),
        ];
        rows.push(pc(
            6,
            "1_1",
            "Fixture Premiere Light Card",
            "Light",
            "Character",
            &[],
        ));
        let legacy = vec![PcCard {
            gemp_id: None,
            set: "1003".into(),
            ..pc(
                7,
                "x",
                "•Fixture Retired Card (V)",
                "Dark",
                "Character",
                &[],
            )
        }];
        let sets = vec![
            set("1", "Premiere", "1995-12-01"),
            set("5", "Cloud City", "1997-11-01"),
            set("7", "Special Edition", "1998-11-01"),
            set("8", "Endor", "1999-06-01"),
            set("9", "Death Star II", "2000-07-01"),
            set("10", "Reflections 2", "2001-01-01"),
            set("12", "Coruscant", "2001-08-01"),
            set("13", "Reflections 3", "2001-10-01"),
            set("102", "Jedi Pack", "1996-10-01"),
            set("200", "Virtual Set 0", "2014-09-24"),
            set("204", "Virtual Set 4", "2016-06-29"),
            set("205", "Virtual Set 5", "2016-11-23"),
            set("213", "Virtual Set 13", "2020-11-09"),
            set("226", "Virtual Set 26", "2025-12-08"),
            set("1003", "Virtual Block 3", "0000-00-00"),
        ];
        let mut sets = sets;
        sets[14].legacy = true;
        let catalog = Catalog::build(
            formats,
            blueprints,
            rows,
            legacy,
            sets,
            &data.overlay(),
            "fixture".into(),
        )
        .expect("the fixture catalog builds");
        Self { catalog, data }
    }

    /// A deck of the given cards in the deck, `outside` outside it.
    pub fn deck(&self, cards: &[(&str, u32)], outside: &[(&str, u32)]) -> Deck {
        let mut entries = Vec::new();
        let mut line = 0;
        for (zone, list) in [(Zone::Deck, cards), (Zone::Outside, outside)] {
            for (id, n) in list {
                line += 1;
                let card = match self.catalog.by_id(id) {
                    Some(c) => Resolution::Card(c),
                    None => Resolution::Unknown {
                        id: Some((*id).into()),
                    },
                };
                entries.push(Entry {
                    zone,
                    count: *n,
                    line: Some(line),
                    written: (*id).into(),
                    card,
                });
            }
        }
        Deck {
            entries,
            name: None,
        }
    }

    /// A 60-card deck: `cards`, then the side's filler.
    pub fn sixty(&self, side: Side, cards: &[(&str, u32)]) -> Deck {
        let used: u32 = cards.iter().map(|(_, n)| n).sum();
        let filler = match side {
            Side::Dark => DARK,
            Side::Light => LIGHT,
        };
        let mut all = cards.to_vec();
        all.push((filler, 60u32.saturating_sub(used)));
        self.deck(&all, &[])
    }

    pub fn judge(&self, format: &str, as_of: Date, decks: &[Deck]) -> Findings {
        let def = self
            .data
            .formats
            .iter()
            .find(|f| f.id == format)
            .expect("a fixture format");
        let gemp = self
            .catalog
            .gemp_format(&def.gemp)
            .expect("its GEMP format");
        let ctx = Context::new(&self.catalog, def, gemp, as_of, decks);
        judge(&ctx)
    }

    /// The violations of one code.
    pub fn violations(
        &self,
        format: &str,
        as_of: Date,
        decks: &[Deck],
        code: &str,
    ) -> Vec<Violation> {
        self.judge(format, as_of, decks)
            .violations
            .into_iter()
            .filter(|v| v.code.as_str() == code)
            .collect()
    }
}

/// A day on which every fixture set is legal.
pub fn today() -> Date {
    jiff::civil::date(2026, 11, 22)
}

/// Ids of a violation's cards.
pub fn ids(v: &Violation) -> Vec<String> {
    v.cards.iter().map(|c| c.id.to_string()).collect()
}

/// Whether findings leave the verdict unverified (an unconfirmed violation or note).
pub fn unverified(f: &Findings) -> bool {
    f.violations.iter().any(|v| !v.is_certain())
        || f.notes.iter().any(|n| n.kind == NoteKind::Unverified)
}
