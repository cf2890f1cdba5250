//! One army as read from a list: its faction, battle force, units with their upgrades and
//! counterparts, command cards and battle cards, resolved against the catalog. What a reader
//! could not resolve is kept aside (ambiguous names with every candidate) or reported as a
//! diagnostic; nothing downstream reads the raw list again.

use crate::catalog::{Catalog, Ix, Kind};

/// The factions Legion HQ names an army by.
pub const FACTIONS: [&str; 6] = [
    "rebels",
    "empire",
    "republic",
    "separatists",
    "mercenary",
    "mandalorians",
];

/// A faction as written (`rebel`, `Separatist`, `rebels`) in Legion HQ's spelling.
pub fn faction(text: &str) -> Option<&'static str> {
    let t = text.trim().to_ascii_lowercase();
    let t = t.as_str();
    FACTIONS.into_iter().find(|f| {
        *f == t || f.strip_suffix('s') == Some(t) || (*f == "mercenary" && t == "mercenaries")
    })
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counterpart {
    pub card: Ix,
    pub upgrades: Vec<Ix>,
}

/// Copies of one unit card with the same upgrades.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    pub card: Ix,
    pub count: u32,
    pub upgrades: Vec<Ix>,
    pub counterpart: Option<Counterpart>,
    /// Where it was read: a line of a text list, a segment of a link.
    pub line: Option<u32>,
}

impl Unit {
    /// The unit's upgrades and its counterpart's.
    pub fn all_upgrades(&self) -> impl Iterator<Item = Ix> + '_ {
        self.upgrades
            .iter()
            .chain(self.counterpart.iter().flat_map(|c| &c.upgrades))
            .copied()
    }
}

/// A command or battle card of the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub card: Ix,
    pub line: Option<u32>,
}

/// Where an entry whose name fits several cards would go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// A unit of this many copies, with these upgrades.
    Unit {
        count: u32,
        upgrades: Vec<Ix>,
    },
    /// An upgrade of the army's unit at this index.
    Upgrade {
        unit: usize,
    },
    Command,
    Battle,
}

/// An entry whose name fits several cards: none was chosen (REG Army Lists L152).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ambiguity {
    pub line: Option<u32>,
    pub text: String,
    pub candidates: Vec<Ix>,
    pub place: Place,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Source {
    #[default]
    Link,
    Tts,
    Text,
}

#[derive(Debug, Clone, Default)]
pub struct Army {
    /// Legion HQ's faction key (`rebels`), when the list says or shows it.
    pub faction: Option<String>,
    /// The points the list was built for (a link's `maxPoints`, a text header's `/1000`).
    pub built_for: Option<u32>,
    /// Index into the catalog's battle forces.
    pub battle_force: Option<usize>,
    pub units: Vec<Unit>,
    pub commands: Vec<Placed>,
    pub battle: Vec<Placed>,
    /// Whether the list gives a command hand at all (a shared link usually does not).
    pub command_hand_given: bool,
    pub ambiguous: Vec<Ambiguity>,
    /// Entries that could not be read at all (unknown cards), counted: the army is incomplete.
    pub unread: usize,
    pub title: Option<String>,
    pub source: Source,
}

impl Army {
    /// Whether something of the list is missing from the army as read.
    pub fn is_incomplete(&self) -> bool {
        self.unread > 0 || !self.ambiguous.is_empty()
    }

    /// Adds copies of a unit, merged with an identical one (same card, upgrades, counterpart).
    pub fn add_unit(&mut self, mut unit: Unit) {
        unit.upgrades.sort_unstable();
        if let Some(same) = self.units.iter_mut().find(|u| {
            u.card == unit.card && u.upgrades == unit.upgrades && u.counterpart == unit.counterpart
        }) {
            same.count = same.count.saturating_add(unit.count);
        } else {
            self.units.push(unit);
        }
    }

    /// Places a card read for an ambiguous entry, as if the list had named it.
    pub fn with_choice(&self, ambiguity: usize, card: Ix) -> Army {
        let mut army = self.clone();
        let a = army.ambiguous.remove(ambiguity);
        match a.place {
            Place::Unit { count, upgrades } => army.add_unit(Unit {
                card,
                count,
                upgrades,
                counterpart: None,
                line: a.line,
            }),
            Place::Upgrade { unit } => {
                if let Some(u) = army.units.get_mut(unit) {
                    u.upgrades.push(card);
                }
            }
            Place::Command => army.commands.push(Placed { card, line: a.line }),
            Place::Battle => army.battle.push(Placed { card, line: a.line }),
        }
        army
    }
}

/// Whether a card can be in an army of `faction` as Legion HQ's importer sees it: no
/// faction, the same faction, or an affiliation with it.
pub fn fits_faction(catalog: &Catalog, card: Ix, faction: Option<&str>) -> bool {
    let Some(faction) = faction else {
        return true;
    };
    let c = catalog.card(card);
    if !c.affiliations.is_empty() {
        return c.affiliations.iter().any(|a| a == faction);
    }
    c.faction.is_empty() || c.faction == faction
}

/// Narrows candidates to those of the kinds asked and, where that leaves any, to those that
/// fit the faction.
pub fn narrow(catalog: &Catalog, found: &[Ix], kinds: &[Kind], faction: Option<&str>) -> Vec<Ix> {
    let of_kind: Vec<Ix> = found
        .iter()
        .copied()
        .filter(|c| kinds.contains(&catalog.card(*c).kind))
        .collect();
    let fitting: Vec<Ix> = of_kind
        .iter()
        .copied()
        .filter(|c| fits_faction(catalog, *c, faction))
        .collect();
    if fitting.is_empty() { of_kind } else { fitting }
}
