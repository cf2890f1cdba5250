//! The army-building rules: one file per rule id of the spec (§3.3), each naming its source,
//! behind one registry, each declaring the typed data of its violations. A check builds a
//! [`Ctx`] once (the army as it stood on the date: costs, ranks, uniqueness, the battle force
//! and its rank table) and runs every rule into one [`Findings`] with core's engine, so every
//! violation is reported at once.
//!
//! Entourage and Associate (spec LEG-ENTOURAGE / LEG-ASSOCIATE) only exempt units from a
//! rank's maximum: nothing can break them, so they are no rules of their own and have no
//! codes; `entourage.rs` and `associate.rs` compute the exemptions LEG-RANK applies and names.

mod associate;
mod battle_deck;
mod battle_force;
mod cmd;
mod detachment;
mod entourage;
mod faction;
mod field_commander;
mod links;
mod list;
mod merc;
mod mode;
mod points;
mod pool;
mod rank;
mod slot;
mod special_issue;
mod unique;
mod upgrade_misc;
mod upgrade_req;

use std::borrow::Cow;
use std::sync::LazyLock;

use deckcheck_core::{CardRef, CodeInfo, Confidence, Findings, Rule, Violation};
use jiff::civil::Date;
use serde_json::Value;

pub use links::Links;

use crate::Legion;
use crate::army::{Army, Unit};
use crate::catalog::{BattleForce, Card, Catalog, Ix, Key, Pattern, Rank};
use crate::data::{CardChange, LegionData, Mode};

/// What a check is told beside the army (see `LegionOptions`).
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// The battle force's chosen options (Custom Clan), when given.
    pub choices: Option<Vec<String>>,
    /// A registration: what a registered list must hold is checked.
    pub registration: bool,
}

/// Every rule, in the order their findings are reported.
pub const RULES: &[&dyn for<'a> Rule<Ctx<'a>>] = &[
    &mode::Mode,
    &points::Points,
    &faction::Faction,
    &rank::Ranks,
    &field_commander::FieldCommander,
    &detachment::Detachment,
    &merc::Mercenaries,
    &special_issue::SpecialIssue,
    &unique::Unique,
    &slot::Slots,
    &upgrade_req::UpgradeRequirements,
    &upgrade_misc::UpgradeMisc,
    &battle_force::BattleForceRules,
    &cmd::CommandHand,
    &battle_deck::BattleDeck,
    &list::ArmyList,
    &pool::Pool,
];

/// Every code the rules report, with its meaning.
pub fn codes() -> Vec<CodeInfo> {
    deckcheck_core::rules::codes(RULES)
}

/// The values the requirement matcher compares a unit's rank with, by [`Rank::index`].
static RANK_VALUES: LazyLock<[Value; 6]> =
    LazyLock::new(|| Rank::ALL.map(|r| Value::String(r.key().into())));

/// The force affinities an army of a faction has (Legion HQ `getForceAffinity`).
static LIGHT_SIDE: LazyLock<Value> = LazyLock::new(|| Value::String("light side".into()));
static DARK_SIDE: LazyLock<Value> = LazyLock::new(|| Value::String("dark side".into()));

/// An army as it stood on the date checked.
pub struct Ctx<'a> {
    pub cat: &'a Catalog,
    pub data: &'a LegionData,
    /// The data linked to the catalog's cards.
    pub links: &'a Links,
    pub army: &'a Army,
    pub mode: &'a Mode,
    pub as_of: Date,
    pub settings: &'a Settings,
    pub faction: Option<&'a str>,
    pub bf: Option<&'a BattleForce>,
    /// Each unit's rank for army building (battle force `buildsAsCorps`, Maul with the
    /// Darksaber), by unit index.
    pub ranks: Vec<Rank>,
    /// The card changes still ahead on the date (`card_data`): what those cards were then.
    changes: Vec<&'a CardChange>,
    /// The army's force affinity as the requirement matcher compares it.
    affinity_value: Cow<'a, Value>,
}

impl<'a> Ctx<'a> {
    pub fn new(
        game: &'a Legion,
        army: &'a Army,
        mode: &'a Mode,
        as_of: Date,
        settings: &'a Settings,
    ) -> Self {
        let (cat, data) = (game.catalog(), game.data());
        let bf = army.battle_force.map(|b| cat.force(b));
        let faction = army.faction.as_deref().or(bf.map(|b| b.faction.as_str()));
        let mut cx = Self {
            cat,
            data,
            links: game.links(),
            army,
            mode,
            as_of,
            settings,
            faction,
            bf,
            ranks: Vec::new(),
            changes: data
                .army
                .card_changes
                .iter()
                .filter(|c| as_of < c.from)
                .collect(),
            affinity_value: Cow::Borrowed(&DARK_SIDE),
        };
        cx.affinity_value = match cx.force_affinity() {
            "light side" => Cow::Borrowed(&LIGHT_SIDE),
            "dark side" => Cow::Borrowed(&DARK_SIDE),
            other => Cow::Owned(Value::String(other.into())),
        };
        cx.ranks = army.units.iter().map(|u| cx.build_rank(u)).collect();
        cx
    }

    pub fn card(&self, ix: Ix) -> &'a Card {
        self.cat.card(ix)
    }

    /// A card as named in an answer, with the line or segment of the list it came from.
    pub fn card_ref(&self, ix: Ix, line: Option<u32>) -> CardRef {
        self.card(ix).card_ref().at_line(line)
    }

    pub fn unit_ref(&self, unit: &Unit) -> CardRef {
        self.card_ref(unit.card, unit.line)
    }

    /// The card's rank on the date (rank changes written in history, card_data).
    pub fn rank_on_date(&self, card: &Card) -> Option<Rank> {
        self.changes
            .iter()
            .filter(|c| *c.card == *card.id)
            .find_map(|c| c.before.rank.as_deref().and_then(Rank::parse))
            .or(card.rank)
    }

    /// Whether the card is unique or limited on the date, and its bullets.
    pub fn bullets_on_date(&self, card: &Card) -> Option<u32> {
        let before = self
            .changes
            .iter()
            .find(|c| *c.card == *card.id && c.before.unique.is_some());
        match before {
            Some(c) if c.before.unique == Some(false) => None,
            Some(c) => Some(c.before.unique_count.unwrap_or(1)),
            None => card.is_unique().then(|| card.bullets()),
        }
    }

    fn build_rank(&self, unit: &Unit) -> Rank {
        let card = self.card(unit.card);
        let base = self.rank_on_date(card).unwrap_or(Rank::Corps);
        if self
            .bf
            .is_some_and(|b| b.rules.builds_as_corps.iter().any(|id| **id == *card.id))
        {
            return Rank::Corps;
        }
        // Maul with The Darksaber counts as a commander (PEER Legion HQ countUnits).
        if &*card.id == "rc" && unit.upgrades.iter().any(|u| &*self.card(*u).id == "rq") {
            return Rank::Commander;
        }
        base
    }

    /// The army's force affinity (Legion HQ `getForceAffinity`).
    pub fn force_affinity(&self) -> &'a str {
        match self.faction {
            Some("rebels" | "republic") => "light side",
            Some("mercenary") => self
                .bf
                .and_then(|b| b.force_affinity.as_deref())
                .unwrap_or("dark side"),
            _ => "dark side",
        }
    }

    /// Whether the army holds a unit (or counterpart) named `name`.
    pub fn has_unit_named(&self, name: &str) -> bool {
        self.army.units.iter().any(|u| {
            *self.card(u.card).name == *name
                || u.counterpart
                    .as_ref()
                    .is_some_and(|c| *self.card(c.card).name == *name)
        })
    }

    /// A unit's card as Legion HQ's requirement matcher sees it (`makeModifiedCard`): its
    /// upgrades' `changeCard` applied, the army's force affinity, its army-building rank,
    /// keywords by name (with upgrades' permanent keywords).
    pub fn view<'u>(&'u self, card: Ix, upgrades: &'u [Ix], rank: Option<Rank>) -> UnitView<'u> {
        let card = self.card(card);
        UnitView {
            cat: self.cat,
            card,
            upgrades,
            rank: rank
                .or(self.rank_on_date(card))
                .map(|r| &RANK_VALUES[r.index()]),
            force_affinity: &self.affinity_value,
            keywords: std::cell::OnceCell::new(),
        }
    }

    /// Marks a violation that an unread entry of the list could undo (a minimum not met:
    /// the missing card may be the one that was not read).
    pub fn minimum(&self, mut v: Violation) -> Violation {
        if self.army.is_incomplete() {
            v.confidence = Confidence::Unconfirmed;
            v.caveat = Some(
                "An entry of the list could not be read; it may be the card this rule finds missing."
                    .into(),
            );
        }
        v
    }

    /// The unit cards of the army with their counts, by card.
    pub fn unit_counts(&self) -> rustc_hash::FxHashMap<Ix, u32> {
        let mut out = rustc_hash::FxHashMap::default();
        for u in &self.army.units {
            *out.entry(u.card).or_insert(0) += u.count;
        }
        out
    }
}

/// A unit's card as the requirement matcher reads it.
pub struct UnitView<'a> {
    cat: &'a Catalog,
    card: &'a Card,
    upgrades: &'a [Ix],
    rank: Option<&'a Value>,
    force_affinity: &'a Value,
    keywords: std::cell::OnceCell<Value>,
}

impl UnitView<'_> {
    pub fn field(&self, key: Key) -> Option<Cow<'_, Value>> {
        for u in self.upgrades.iter().rev() {
            let changed = &self.cat.card(*u).change_card;
            if let Some((_, v)) = changed.iter().find(|(k, _)| *k == key) {
                return Some(Cow::Borrowed(v));
            }
        }
        match key {
            Key::ForceAffinity => Some(Cow::Borrowed(self.force_affinity)),
            Key::Rank => self.rank.map(Cow::Borrowed),
            Key::Keywords => Some(Cow::Borrowed(self.keywords.get_or_init(|| {
                Value::Array(
                    self.card
                        .keywords
                        .iter()
                        .chain(self.upgrades.iter().flat_map(|u| {
                            self.cat.card(*u).keywords.iter().filter(|k| k.permanent)
                        }))
                        .map(|k| Value::String(k.name.to_string()))
                        .collect(),
                )
            }))),
            Key::Field(i) => self
                .card
                .fields
                .iter()
                .find(|(f, _)| *f == i)
                .map(|(_, v)| Cow::Borrowed(v)),
            Key::Absent => None,
        }
    }

    pub fn meets(&self, req: &crate::catalog::Req) -> bool {
        req.is_always() || req.holds(&|k| self.field(k))
    }

    pub fn matches(&self, pattern: &Pattern) -> bool {
        pattern.matches(&|k| self.field(k))
    }

    pub fn has_keyword(&self, name: &str) -> bool {
        self.card.has_keyword(name)
            || self.upgrades.iter().any(|u| {
                self.cat
                    .card(*u)
                    .keywords
                    .iter()
                    .any(|k| k.permanent && *k.name == *name)
            })
    }
}

/// Runs every rule.
pub fn check(cx: &Ctx<'_>) -> Findings {
    let mut out = Findings::default();
    deckcheck_core::rules::run(RULES, cx, &mut out);
    out
}

/// Calls `f` with every card of the army and the line it came from: each unit, its
/// counterpart, their upgrades, then the command and battle cards. Plain loops: a check walks
/// the army this way more than once.
pub fn for_each_card(army: &Army, mut f: impl FnMut(Ix, Option<u32>)) {
    for u in &army.units {
        f(u.card, u.line);
        if let Some(c) = &u.counterpart {
            f(c.card, u.line);
        }
        for x in &u.upgrades {
            f(*x, u.line);
        }
        if let Some(c) = &u.counterpart {
            for x in &c.upgrades {
                f(*x, u.line);
            }
        }
    }
    for p in army.commands.iter().chain(&army.battle) {
        f(p.card, p.line);
    }
}

#[cfg(test)]
pub(crate) mod fixture;
#[cfg(test)]
mod renders;
