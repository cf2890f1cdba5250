//! A small hand-written catalog and a deck builder for the rules' unit tests.
//!
//! Cards keep their real names and ids where they stand for a real case (Boba Fett, Surprise
//! Strike, Swarming Vulture Droid); "Filler Trooper N" units are invented, printed in SOR and
//! reprinted in LAW so that they are legal on every date a test uses.

use std::sync::LazyLock;

use deckcheck_core::Report;
use jiff::civil::Date;

use crate::Swu;
use crate::catalog::{Catalog, RawCard};
use crate::data::LegalityData;
use crate::deck::{Deck, DeckEntry, Zone};
use crate::rules::{Pool, Submission};

fn card(
    id: &str,
    name: &str,
    subtitle: Option<&str>,
    ty: &str,
    aspects: &[&str],
    rarity: &str,
) -> RawCard {
    let (set, number) = id.split_once('_').unwrap();
    RawCard {
        set: set.into(),
        number: number.into(),
        name: name.into(),
        subtitle: subtitle.map(Into::into),
        card_type: ty.into(),
        aspects: aspects.iter().map(|a| a.to_string()).collect(),
        rarity: Some(rarity.into()),
        unique: subtitle.is_some(),
        variant_type: Some("Normal".into()),
        front_text: None,
        back_text: None,
    }
}

/// Invented units `Filler Trooper 1..=90`, printed as SOR_301.. and LAW_301...
const FILLERS: u32 = 90;

static SWU: LazyLock<Swu> = LazyLock::new(|| {
    let data = LegalityData::embedded().expect("embedded card_data parses");
    Swu::new(build_catalog(&data), data)
});

pub fn swu() -> &'static Swu {
    &SWU
}

pub fn catalog() -> &'static Catalog {
    SWU.catalog()
}

fn build_catalog(data: &LegalityData) -> Catalog {
    let mut cards = vec![
        card(
            "SOR_015",
            "Boba Fett",
            Some("Collecting the Bounty"),
            "Leader",
            &["Cunning", "Villainy"],
            "Common",
        ),
        card(
            "SOR_005",
            "Luke Skywalker",
            Some("Faithful Friend"),
            "Leader",
            &["Vigilance", "Heroism"],
            "Common",
        ),
        card(
            "SOR_017",
            "Han Solo",
            Some("Audacious Smuggler"),
            "Leader",
            &["Cunning", "Heroism"],
            "Common",
        ),
        card(
            "SOR_010",
            "Darth Vader",
            Some("Dark Lord of the Sith"),
            "Leader",
            &["Aggression", "Villainy"],
            "Common",
        ),
        card(
            "JTL_009",
            "Boba Fett",
            Some("Any Methods Necessary"),
            "Leader",
            &["Cunning", "Villainy"],
            "Common",
        ),
        card(
            "LAW_003",
            "Agent Kallus",
            Some("Reconsider Your Allegiance"),
            "Leader",
            &["Vigilance", "Villainy"],
            "Rare",
        ),
        card(
            "LOF_001",
            "Neutral Leader",
            Some("No Side Taken"),
            "Leader",
            &["Command"],
            "Common",
        ),
        card(
            "SOR_020",
            "Capital City",
            Some("Coruscant"),
            "Base",
            &["Vigilance"],
            "Common",
        ),
        card(
            "LAW_020",
            "Lawless Base",
            Some("Outer Rim"),
            "Base",
            &["Cunning"],
            "Common",
        ),
        card(
            "LAW_022",
            "Rare Base",
            Some("Deep Space"),
            "Base",
            &["Cunning"],
            "Rare",
        ),
        card(
            "JTL_024",
            "Data Vault",
            Some("Scarif"),
            "Base",
            &["Vigilance"],
            "Rare",
        ),
        card(
            "JTL_025",
            "Thermal Oscillator",
            Some("Starkiller Base"),
            "Base",
            &["Aggression"],
            "Rare",
        ),
        card(
            "SOR_220",
            "Surprise Strike",
            None,
            "Event",
            &["Cunning"],
            "Common",
        ),
        card(
            "SHD_231",
            "Surprise Strike",
            None,
            "Event",
            &["Cunning"],
            "Common",
        ),
        card(
            "SHD_213",
            "DJ",
            Some("Blatant Thief"),
            "Unit",
            &["Cunning"],
            "Legendary",
        ),
        card(
            "JTL_256",
            "Swarming Vulture Droid",
            None,
            "Unit",
            &[],
            "Uncommon",
        ),
        card(
            "TS26_8",
            "Twin Suns Only",
            None,
            "Unit",
            &["Command"],
            "Common",
        ),
        card(
            "HMW_100",
            "Homeworld Trooper",
            None,
            "Unit",
            &["Command"],
            "Common",
        ),
        card("LAW_T01", "Spy", None, "Token Unit", &[], "Common"),
        card(
            "LAW_150",
            "Lawless Trooper",
            None,
            "Unit",
            &["Cunning"],
            "Common",
        ),
    ];
    for n in 1..=FILLERS {
        let name = format!("Filler Trooper {n}");
        cards.push(card(
            &format!("SOR_{}", 300 + n),
            &name,
            None,
            "Unit",
            &["Command"],
            "Common",
        ));
        cards.push(card(
            &format!("LAW_{}", 300 + n),
            &name,
            None,
            "Unit",
            &["Command"],
            "Common",
        ));
    }
    let release = |code: &str| data.release_date(code);
    crate::catalog::build(cards, &release, "fixture".into()).expect("fixture catalog builds")
}

/// Builds decks by printing id, as a SWUDB list would.
pub struct DeckBuilder<'a> {
    catalog: &'a Catalog,
    deck: Deck,
}

impl<'a> DeckBuilder<'a> {
    pub fn new(catalog: &'a Catalog) -> Self {
        Self {
            catalog,
            deck: Deck::new(),
        }
    }

    pub fn add(mut self, zone: Zone, id: &str, count: u32) -> Self {
        let printing = self
            .catalog
            .printing_by_id(id)
            .unwrap_or_else(|| panic!("fixture has no {id}"));
        self.deck.push(DeckEntry {
            zone,
            card: printing.card,
            printing: printing.id,
            count,
            line: None,
        });
        self
    }

    pub fn leader(self, id: &str) -> Self {
        self.add(Zone::Leader, id, 1)
    }

    pub fn base(self, id: &str) -> Self {
        self.add(Zone::Base, id, 1)
    }

    pub fn main(self, id: &str, count: u32) -> Self {
        self.add(Zone::Main, id, count)
    }

    pub fn side(self, id: &str, count: u32) -> Self {
        self.add(Zone::Sideboard, id, count)
    }

    /// `cards` main-deck cards of filler troopers, three of each (the last one fewer).
    pub fn filler(mut self, cards: u32) -> Self {
        let mut left = cards;
        let mut n = 1;
        while left > 0 {
            let count = left.min(3);
            self = self.main(&format!("LAW_{}", 300 + n), count);
            left -= count;
            n += 1;
        }
        self
    }

    /// `cards` different filler troopers, one of each (Twin Suns).
    pub fn singletons(mut self, cards: u32) -> Self {
        assert!(cards <= FILLERS);
        for n in 1..=cards {
            self = self.main(&format!("LAW_{}", 300 + n), 1);
        }
        self
    }

    pub fn build(self) -> Deck {
        self.deck
    }
}

/// A Premier-legal deck on any date from 2024-03-08: Han Solo, Capital City, 50 fillers.
pub fn legal_premier() -> DeckBuilder<'static> {
    DeckBuilder::new(catalog())
        .leader("SOR_017")
        .base("SOR_020")
        .filler(50)
}

pub fn check_one(deck: &Deck, format: &'static str, as_of: Date) -> Report {
    check_with(deck, Check::new(format, as_of))
}

pub fn check_with(deck: &Deck, options: Check) -> Report {
    options.run(std::slice::from_ref(deck))
}

/// What a test asks of a check, beside the decks.
pub struct Check {
    pub format: &'static str,
    pub as_of: Date,
    pub registration: bool,
    pub pool: Option<Pool>,
    pub pool_format: Option<&'static str>,
}

impl Check {
    pub fn new(format: &'static str, as_of: Date) -> Self {
        Self {
            format,
            as_of,
            registration: false,
            pool: None,
            pool_format: None,
        }
    }

    pub fn run(&self, decks: &[Deck]) -> Report {
        let submission = Submission {
            registration: self.registration,
            pool: self.pool.as_ref(),
            pool_format: self.pool_format,
            ..Submission::of(decks)
        };
        swu()
            .check_decks(self.format, self.as_of, submission, 0)
            .unwrap_or_else(|| panic!("no format {}", self.format))
    }
}
