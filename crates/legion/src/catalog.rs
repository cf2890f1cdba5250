//! Legion HQ's card data as the checker uses it: `cards.json` (units, upgrades, command and
//! battle cards, counterparts), the battle forces (`battleForces.json`, the JSON form of
//! `battleForcesDict.js`) and Legion HQ's modes (`legionModes.json`), read once from a
//! directory into typed cards with their requirements and history parsed.
//!
//! Loading fails with the file and the record that broke it; nothing downstream re-reads the
//! raw JSON except the partial matcher of requirements (`Req`), which reads a card as
//! Legion HQ's own matcher does.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use deckcheck_core::CardRef;
use deckcheck_core::names::NameIndex;
use jiff::civil::Date;
use rustc_hash::FxHashMap as HashMap;
use serde::Deserialize;
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::history::History;

/// A card's index in the catalog.
pub type Ix = u16;

/// The files a catalog directory holds (the mirror's names; a sync writes the same).
pub const CARDS_FILE: &str = "cards.json";
pub const FORCES_FILE: &str = "battleForces.json";
pub const MODES_FILE: &str = "legionModes.json";

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: not valid JSON: {source}")]
    Json {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("{path}: record {record:?}: {source}")]
    Record {
        path: PathBuf,
        record: String,
        source: RecordError,
    },
}

/// Why one record of a catalog file cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    #[error("its id {0:?} is not its key")]
    IdNotKey(String),
    #[error("unknown cardType {0:?}")]
    UnknownType(String),
    #[error("unknown rank {0:?}")]
    UnknownRank(String),
    #[error("a unit without a rank")]
    UnitWithoutRank,
    #[error("cost {0} is not a whole number of points")]
    Cost(Value),
    #[error("{0} cards, more than this checker indexes")]
    TooManyCards(usize),
    #[error("requirements name {0} fields, more than this checker indexes")]
    TooManyFields(usize),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Unit,
    Upgrade,
    Command,
    Battle,
    Counterpart,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Unit => "unit",
            Self::Upgrade => "upgrade",
            Self::Command => "command",
            Self::Battle => "battle",
            Self::Counterpart => "counterpart",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Rank {
    Commander,
    Operative,
    Corps,
    Special,
    Support,
    Heavy,
}

impl Rank {
    pub const ALL: [Rank; 6] = [
        Rank::Commander,
        Rank::Operative,
        Rank::Corps,
        Rank::Special,
        Rank::Support,
        Rank::Heavy,
    ];

    pub fn parse(text: &str) -> Option<Self> {
        Some(match text.trim().to_ascii_lowercase().as_str() {
            "commander" => Self::Commander,
            "operative" => Self::Operative,
            "corps" => Self::Corps,
            "special" | "special forces" => Self::Special,
            "support" => Self::Support,
            "heavy" => Self::Heavy,
            _ => return None,
        })
    }

    /// The key Legion HQ's data uses.
    pub fn key(self) -> &'static str {
        match self {
            Self::Commander => "commander",
            Self::Operative => "operative",
            Self::Corps => "corps",
            Self::Special => "special",
            Self::Support => "support",
            Self::Heavy => "heavy",
        }
    }

    /// As players say it, plural: "special forces units".
    pub fn label(self) -> &'static str {
        match self {
            Self::Special => "special forces",
            other => other.key(),
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// Per-rank numbers (min/max pairs, counts, unit lists); a rank a file leaves out is empty.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct PerRank<T: Default> {
    pub commander: T,
    pub operative: T,
    pub corps: T,
    pub special: T,
    pub support: T,
    pub heavy: T,
}

impl<T: Copy + Default> PerRank<T> {
    pub fn get(&self, rank: Rank) -> T {
        match rank {
            Rank::Commander => self.commander,
            Rank::Operative => self.operative,
            Rank::Corps => self.corps,
            Rank::Special => self.special,
            Rank::Support => self.support,
            Rank::Heavy => self.heavy,
        }
    }
}

impl<T: Default> PerRank<T> {
    pub fn get_mut(&mut self, rank: Rank) -> &mut T {
        match rank {
            Rank::Commander => &mut self.commander,
            Rank::Operative => &mut self.operative,
            Rank::Corps => &mut self.corps,
            Rank::Special => &mut self.special,
            Rank::Support => &mut self.support,
            Rank::Heavy => &mut self.heavy,
        }
    }
}

/// A rank table: min and max per rank, and a cap on commanders plus operatives
/// (`commOp`, battle forces only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub struct RankTable {
    #[serde(flatten)]
    pub ranks: PerRank<[u32; 2]>,
    #[serde(rename = "commOp", default)]
    pub comm_op: Option<u32>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Keyword {
    pub name: String,
    pub value: Option<String>,
    /// An upgrade's keyword its unit keeps (Legion HQ's `isPermanent`).
    pub permanent: bool,
}

/// What a requirement names: a field of the card as Legion HQ holds it, or one of the three
/// Legion HQ's matcher computes for a unit in its army (`makeModifiedCard`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// The unit's army-building rank (battle force `buildsAsCorps`, rank changes on the date).
    Rank,
    /// The army's force affinity.
    ForceAffinity,
    /// The unit's keywords by name, with its upgrades' permanent ones.
    Keywords,
    /// A field the catalog keeps for matching: an index into its field names.
    Field(u8),
    /// A field no card is kept with: no card has it.
    Absent,
}

/// The names of the three keys the matcher computes.
const COMPUTED: [(&str, Key); 3] = [
    ("rank", Key::Rank),
    ("forceAffinity", Key::ForceAffinity),
    ("keywords", Key::Keywords),
];

/// Fields the project's own data (`card_data/legion/army_building.toml`, special slots) may
/// match on besides those Legion HQ's requirements name, and the one a battle force's
/// `needsClan` reads: the catalog keeps them for every card.
pub const MATCHED_BY_DATA: [&str; 5] =
    ["cardName", "cardSubtype", "faction", "stats", "affiliation"];

/// Whether the project's data may match on a field: one the catalog keeps for every card
/// ([`MATCHED_BY_DATA`]) or one the matcher computes.
pub fn is_matchable(field: &str) -> bool {
    MATCHED_BY_DATA.contains(&field) || COMPUTED.iter().any(|(name, _)| *name == field)
}

/// A partial match object (lodash `isMatch` on a card's top-level fields), its keys resolved
/// once against the catalog.
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern(Box<[(Key, Value)]>);

impl Pattern {
    /// An object's fields as keys; `None` for anything that is not an object.
    pub fn compile(value: &Value, key: &mut dyn FnMut(&str) -> Key) -> Option<Self> {
        let fields = value.as_object()?;
        Some(Self(
            fields.iter().map(|(k, v)| (key(k), v.clone())).collect(),
        ))
    }

    /// Whether every field of the pattern matches the unit's (as `lookup` shows them).
    pub fn matches<'v>(&self, lookup: &dyn Fn(Key) -> Option<Cow<'v, Value>>) -> bool {
        self.0
            .iter()
            .all(|(k, p)| lookup(*k).is_some_and(|v| is_match(&v, p)))
    }
}

/// Legion HQ's requirement encoding: a partial match object, or `["NOT", obj]`,
/// `["AND", …]`, `["OR", …]` of objects and nested lists; anything else holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Req {
    Always,
    Match(Pattern),
    Not(Pattern),
    And(Vec<Req>),
    Or(Vec<Req>),
}

impl Req {
    /// Reads Legion HQ's encoding, each object's keys resolved by `key`.
    pub fn parse(value: &Value, key: &mut dyn FnMut(&str) -> Key) -> Self {
        let Some(list) = value.as_array() else {
            return Self::Always;
        };
        let mut element = |v: &Value| match v {
            Value::Array(_) => Some(Self::parse(v, key)),
            Value::Object(_) => Pattern::compile(v, key).map(Self::Match),
            _ => None,
        };
        match list.first() {
            // Legion HQ reads only the first object of a list that starts with one.
            Some(first @ Value::Object(_)) => element(first).unwrap_or(Self::Always),
            Some(Value::String(op)) if op == "NOT" => match list.get(1) {
                Some(v @ Value::Object(_)) => {
                    Pattern::compile(v, key).map_or(Self::Always, Self::Not)
                }
                _ => Self::Always,
            },
            Some(Value::String(op)) if op == "AND" => {
                Self::And(list[1..].iter().filter_map(element).collect())
            }
            Some(Value::String(op)) if op == "OR" => {
                Self::Or(list[1..].iter().filter_map(element).collect())
            }
            _ => Self::Always,
        }
    }

    /// Every top-level key its objects name, as written.
    fn keys<'v>(value: &'v Value, out: &mut Vec<&'v str>) {
        match value {
            Value::Array(list) => list.iter().for_each(|v| Self::keys(v, out)),
            Value::Object(fields) => out.extend(fields.keys().map(String::as_str)),
            _ => {}
        }
    }

    /// Whether a unit (as `lookup` shows its fields) meets the requirement.
    pub fn holds<'v>(&self, lookup: &dyn Fn(Key) -> Option<Cow<'v, Value>>) -> bool {
        match self {
            Self::Always => true,
            Self::Match(m) => m.matches(lookup),
            Self::Not(m) => !m.matches(lookup),
            Self::And(parts) => parts.iter().all(|p| p.holds(lookup)),
            Self::Or(parts) => parts.iter().any(|p| p.holds(lookup)),
        }
    }

    pub fn is_always(&self) -> bool {
        matches!(self, Self::Always)
    }
}

/// lodash `isMatch`: objects match field by field, arrays when each pattern element
/// matches some element, anything else by equality.
pub fn is_match(value: &Value, pattern: &Value) -> bool {
    match (value, pattern) {
        (Value::Object(v), Value::Object(p)) => p
            .iter()
            .all(|(k, pv)| v.get(k).is_some_and(|vv| is_match(vv, pv))),
        (Value::Array(v), Value::Array(p)) => {
            p.iter().all(|pv| v.iter().any(|vv| is_match(vv, pv)))
        }
        (v, p) => v == p,
    }
}

/// Whose presence a command card needs.
#[derive(Debug, Clone, PartialEq)]
pub enum Commander {
    None,
    /// Any one of these names.
    Any(Vec<String>),
    /// All of these names.
    All(Vec<String>),
}

/// Keywords the rules ask a card about, each a bit of [`Card`]'s flags: read once at load,
/// not looked up by name on every check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kw {
    AlliesOfConvenience,
    Associate,
    Detachment,
    Entourage,
    Equip,
    FieldCommander,
    FlexibleResponse,
    HeavyWeaponTeam,
    Leader,
    Programmed,
    Recon,
}

impl Kw {
    pub const ALL: [Kw; 11] = [
        Kw::AlliesOfConvenience,
        Kw::Associate,
        Kw::Detachment,
        Kw::Entourage,
        Kw::Equip,
        Kw::FieldCommander,
        Kw::FlexibleResponse,
        Kw::HeavyWeaponTeam,
        Kw::Leader,
        Kw::Programmed,
        Kw::Recon,
    ];

    /// The keyword's name as Legion HQ writes it.
    pub fn name(self) -> &'static str {
        match self {
            Self::AlliesOfConvenience => "Allies of Convenience",
            Self::Associate => "Associate",
            Self::Detachment => "Detachment",
            Self::Entourage => "Entourage",
            Self::Equip => "Equip",
            Self::FieldCommander => "Field Commander",
            Self::FlexibleResponse => "Flexible Response",
            Self::HeavyWeaponTeam => "Heavy Weapon Team",
            Self::Leader => "Leader",
            Self::Programmed => "Programmed",
            Self::Recon => "Recon",
        }
    }

    fn bit(self) -> u16 {
        1 << self as u16
    }

    /// The flags of the keywords among `keywords` (names compared as [`Card::keyword`] does).
    fn flags(keywords: &[Keyword]) -> u16 {
        Self::ALL
            .into_iter()
            .filter(|kw| {
                keywords
                    .iter()
                    .any(|k| k.name.eq_ignore_ascii_case(kw.name()))
            })
            .fold(0, |flags, kw| flags | kw.bit())
    }
}

#[derive(Debug, Clone)]
pub struct Card {
    pub ix: Ix,
    pub id: Arc<str>,
    pub name: Arc<str>,
    /// The name in its copy-identity form (uniqueness, "no card twice").
    pub folded_name: Box<str>,
    /// [`Card::unique_name`] in its copy-identity form.
    pub folded_unique_name: Box<str>,
    pub title: Option<Arc<str>>,
    pub display_name: Option<Arc<str>>,
    pub tts_name: Option<Arc<str>>,
    pub kind: Kind,
    /// The unit type, the upgrade's slot type, the command card's pips, the battle card's type.
    pub subtype: String,
    pub rank: Option<Rank>,
    /// Empty when the card has none.
    pub faction: String,
    pub cost: Option<u32>,
    pub unique: bool,
    pub unique_title: bool,
    pub unique_count: Option<u32>,
    pub keywords: Vec<Keyword>,
    pub upgrade_bar: Vec<String>,
    pub additional_slots: Vec<String>,
    pub requirements: Req,
    pub commander: Commander,
    pub affiliations: Vec<String>,
    pub affiliation: Option<String>,
    pub battle_force: Option<String>,
    pub special_issue: Option<String>,
    /// What the card changes on the unit that equips it (Legion HQ `changeCard`), by key.
    pub change_card: Box<[(Key, Value)]>,
    pub equip: Vec<String>,
    pub choice: Option<String>,
    pub unreleased: Option<String>,
    pub history: Vec<History>,
    /// The unit this counterpart belongs to (Legion HQ `counterpartId`, on the unit).
    pub counterpart_id: Option<Arc<str>>,
    /// The card's fields requirements can match (by the catalog's field index): only those,
    /// not the whole record.
    pub fields: Box<[(u8, Value)]>,
    /// The [`Kw`] keywords it has.
    flags: u16,
    /// A command card's pips (1 to 4), from its subtype.
    pips: Option<u32>,
    mercenary: bool,
}

impl Card {
    pub fn card_ref(&self) -> CardRef {
        CardRef::new(self.id.clone(), self.name.clone(), self.title.clone())
    }

    /// "Luke Skywalker, Hero of the Rebellion" or "Rebel Troopers".
    pub fn full_name(&self) -> String {
        match &self.title {
            Some(t) => format!("{}, {}", self.name, t),
            None => self.name.to_string(),
        }
    }

    pub fn keyword(&self, name: &str) -> Option<&Keyword> {
        self.keywords
            .iter()
            .find(|k| k.name.eq_ignore_ascii_case(name))
    }

    pub fn has_keyword(&self, name: &str) -> bool {
        self.keyword(name).is_some()
    }

    /// Whether the card has one of the keywords the rules ask about (read once at load).
    pub fn has(&self, keyword: Kw) -> bool {
        self.flags & keyword.bit() != 0
    }

    /// Unique or limited: the name is held to `bullets()` copies across the army.
    pub fn is_unique(&self) -> bool {
        self.unique || self.unique_title || self.unique_count.is_some()
    }

    /// The name its bullets limit: the title for a unit unique by title.
    pub fn unique_name(&self) -> &str {
        if self.unique_title && !self.unique {
            self.title.as_deref().unwrap_or(&self.name)
        } else {
            &self.name
        }
    }

    pub fn bullets(&self) -> u32 {
        self.unique_count.unwrap_or(1).max(1)
    }

    /// Command card pips (1 to 4).
    pub fn pips(&self) -> Option<u32> {
        self.pips
    }

    pub fn is_mercenary(&self) -> bool {
        self.mercenary
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct UnitLimit {
    pub ids: Vec<String>,
    pub count: [u32; 2],
}

#[derive(Debug, Clone, Deserialize)]
pub struct NeedsClan {
    pub affiliation: String,
    #[serde(default)]
    pub upgrade: Option<String>,
    #[serde(rename = "commOpUpgrade", default)]
    pub comm_op_upgrade: Option<String>,
}

/// The keys of a battle force's `rules` this checker enforces; any other key is listed so a
/// report can say it is not checked.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct BfRules {
    #[serde(rename = "unitLimits", default)]
    pub unit_limits: Vec<UnitLimit>,
    #[serde(rename = "countMercs", default)]
    pub count_mercs: bool,
    #[serde(rename = "needsClan", default)]
    pub needs_clan: Option<NeedsClan>,
    #[serde(rename = "buildsAsCorps", default)]
    pub builds_as_corps: Vec<String>,
    #[serde(rename = "noFieldComm", default)]
    pub no_field_comm: bool,
    #[serde(rename = "ignoreDetach", default)]
    pub ignore_detach: Option<String>,
    #[serde(rename = "take2NonEwokRebs", default)]
    pub take_2_non_ewok_rebs: bool,
    #[serde(rename = "minOneOfEachCorps", default)]
    pub min_one_of_each_corps: bool,
    #[serde(rename = "minimum3Wookiees", default)]
    pub minimum_3_wookiees: bool,
    #[serde(rename = "sortOfDetachment", default)]
    pub sort_of_detachment: Vec<(String, String)>,
    #[serde(rename = "addAdditionalUpgradeSlots", default)]
    pub add_additional_upgrade_slots: Vec<(String, Vec<String>)>,
    /// Keys not enforced here (`ccAsCorps`, `rankLimits`, `remnantEquipRules`, …).
    #[serde(flatten)]
    pub other: BTreeMap<String, Value>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct BfChoice {
    pub name: String,
    #[serde(default)]
    pub add: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct BattleForce {
    pub name: String,
    pub faction: String,
    #[serde(rename = "linkId")]
    pub link_id: String,
    #[serde(flatten)]
    pub units: PerRank<Vec<String>>,
    #[serde(rename = "allowedUpgrades", default)]
    pub allowed_upgrades: Vec<String>,
    #[serde(rename = "disallowedUpgrades", default)]
    pub disallowed_upgrades: Vec<String>,
    #[serde(default)]
    pub rules: BfRules,
    #[serde(rename = "standard mode", default)]
    pub standard: Option<RankTable>,
    #[serde(rename = "500-point mode", default)]
    pub recon: Option<RankTable>,
    #[serde(rename = "forceAffinity", default)]
    pub force_affinity: Option<String>,
    #[serde(default)]
    pub choices: Vec<BfChoice>,
    #[serde(rename = "plainTextRules", default)]
    pub plain_text_rules: Vec<String>,
}

impl<T: Default> PerRank<Vec<T>> {
    fn all(&self) -> impl Iterator<Item = &T> {
        self.commander
            .iter()
            .chain(&self.operative)
            .chain(&self.corps)
            .chain(&self.special)
            .chain(&self.support)
            .chain(&self.heavy)
    }
}

impl BattleForce {
    /// Whether the battle force lists the unit under any rank.
    pub fn lists_unit(&self, id: &str) -> bool {
        self.units.all().any(|u| u == id)
    }

    /// Its rank table for a Legion HQ mode key; `None` when it has none for that mode.
    pub fn table(&self, lhq_mode: &str) -> Option<&RankTable> {
        match lhq_mode {
            "standard mode" => self.standard.as_ref(),
            "500-point mode" => self.recon.as_ref(),
            _ => None,
        }
    }
}

/// A Legion HQ mode (`legionModes.json`).
#[derive(Debug, Clone, Deserialize)]
pub struct LhqMode {
    pub name: String,
    #[serde(rename = "maxPoints")]
    pub max_points: u32,
    #[serde(rename = "rankReqs")]
    pub rank_reqs: PerRank<[u32; 2]>,
}

/// The card data, read once.
#[derive(Debug)]
pub struct Catalog {
    cards: Vec<Card>,
    /// Two-character ids (all of Legion HQ's) by [`pair_index`]: [`NO_CARD`] where none.
    by_pair: Vec<Ix>,
    /// Any other id.
    by_id: HashMap<Arc<str>, Ix>,
    pub forces: Vec<BattleForce>,
    pub modes: BTreeMap<String, LhqMode>,
    /// Every card under every name people write for it (did-you-mean).
    pub names: NameIndex<Ix>,
    /// Full names, squashed: `ttsName`, "cardName title", and `cardName` for untitled cards.
    full_names: HashMap<String, Vec<Ix>>,
    /// Short names, squashed: `cardName` and `displayName` (what a text export writes).
    short_names: HashMap<String, Vec<Ix>>,
    /// Content hash of the files, with the sync time when synced.
    pub version: Arc<str>,
    /// The fields kept for requirement matching, by [`Key::Field`] index.
    field_names: Vec<Box<str>>,
}

fn read(path: &Path) -> Result<Vec<u8>, CatalogError> {
    std::fs::read(path).map_err(|source| CatalogError::Io {
        path: path.to_path_buf(),
        source,
    })
}

fn parse<'a, T: Deserialize<'a>>(path: &Path, bytes: &'a [u8]) -> Result<T, CatalogError> {
    serde_json::from_slice(bytes).map_err(|source| CatalogError::Json {
        path: path.to_path_buf(),
        source,
    })
}

impl Catalog {
    /// Reads a catalog directory (a mirror of Legion HQ's files, or a synced version).
    pub fn load(dir: &Path) -> Result<Self, CatalogError> {
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        let mut files = BTreeMap::new();
        for name in [CARDS_FILE, FORCES_FILE, MODES_FILE] {
            let path = dir.join(name);
            let bytes = read(&path)?;
            hasher.update(name.as_bytes());
            hasher.update(&bytes);
            files.insert(name, (path, bytes));
        }
        let (cards_path, cards_bytes) = &files[CARDS_FILE];
        let cards_text = std::str::from_utf8(cards_bytes).map_err(|e| CatalogError::Io {
            path: cards_path.clone(),
            source: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
        })?;
        let (forces_path, forces_bytes) = &files[FORCES_FILE];
        let forces: BTreeMap<String, Value> = parse(forces_path, forces_bytes)?;
        let (modes_path, modes_bytes) = &files[MODES_FILE];
        let modes: BTreeMap<String, Value> = parse(modes_path, modes_bytes)?;
        let mut version = format!("xxh3:{:016x}", hasher.digest());
        if let Some(m) = deckcheck_core::sync::read_manifest(dir) {
            version.push('@');
            version.push_str(&m.synced_at);
        }
        Self::build(
            (cards_path, cards_text),
            (forces_path, forces),
            (modes_path, modes),
            version,
        )
    }

    /// A catalog from the three files' texts (fixtures).
    pub fn from_json(
        cards: &str,
        forces: &str,
        modes: &str,
        version: &str,
    ) -> Result<Self, CatalogError> {
        let path = Path::new("(fixture)");
        Self::build(
            (path, cards),
            (path, parse(path, forces.as_bytes())?),
            (path, parse(path, modes.as_bytes())?),
            version.to_string(),
        )
    }

    fn build(
        (cards_path, cards_text): (&Path, &str),
        (forces_path, forces): (&Path, BTreeMap<String, Value>),
        (modes_path, modes): (&Path, BTreeMap<String, Value>),
        version: String,
    ) -> Result<Self, CatalogError> {
        // Each record as its JSON text, read typed once and for its kept fields once: no tree
        // of values is built for the whole file (a load's peak is what the allocator keeps).
        let raw: BTreeMap<String, &RawValue> = parse(cards_path, cards_text.as_bytes())?;
        if raw.len() >= usize::from(Ix::MAX) {
            return Err(CatalogError::Record {
                path: cards_path.to_path_buf(),
                record: String::new(),
                source: RecordError::TooManyCards(raw.len()),
            });
        }
        let record_error = |id: &str, source| CatalogError::Record {
            path: cards_path.to_path_buf(),
            record: id.to_string(),
            source,
        };
        let mut records = Vec::with_capacity(raw.len());
        for (id, text) in &raw {
            let record: RawCard = serde_json::from_str(text.get())
                .map_err(|e| record_error(id, RecordError::Json(e)))?;
            records.push((id, *text, record));
        }
        // The fields requirements name, and those the project's data may name: each card
        // keeps only these of its record.
        let mut field_names: Vec<Box<str>> = Vec::new();
        {
            let mut named: Vec<&str> = MATCHED_BY_DATA.to_vec();
            for (_, _, r) in &records {
                Req::keys(&r.requirements, &mut named);
                named.extend(r.change_card.iter().flatten().map(|(k, _)| k.as_str()));
            }
            for name in named {
                let computed = COMPUTED.iter().any(|(n, _)| *n == name);
                if !computed && !field_names.iter().any(|f| **f == *name) {
                    field_names.push(name.into());
                }
            }
        }
        if field_names.len() > usize::from(u8::MAX) {
            return Err(CatalogError::Record {
                path: cards_path.to_path_buf(),
                record: String::new(),
                source: RecordError::TooManyFields(field_names.len()),
            });
        }
        let mut key = |name: &str| key_of(&field_names, name);
        let mut cards = Vec::with_capacity(records.len());
        for (id, text, record) in records {
            let ix = cards.len() as Ix;
            let fields = KeptFields(&field_names)
                .deserialize(&mut serde_json::Deserializer::from_str(text.get()))
                .map_err(|e| record_error(id, RecordError::Json(e)))?;
            let card = card_from(ix, id, record, fields, &mut key)
                .map_err(|source| record_error(id, source))?;
            cards.push(card);
        }
        drop(raw);
        let mut by_id = HashMap::default();
        let mut by_pair = vec![NO_CARD; ID_CHARS * ID_CHARS];
        let mut names = NameIndex::default();
        let mut full_names: HashMap<String, Vec<Ix>> = HashMap::default();
        let mut short_names: HashMap<String, Vec<Ix>> = HashMap::default();
        let put = |map: &mut HashMap<String, Vec<Ix>>, name: &str, ix: Ix| {
            let list = map.entry(deckcheck_core::text::squash(name)).or_default();
            if !list.contains(&ix) {
                list.push(ix);
            }
        };
        for c in &cards {
            match &c.title {
                Some(t) => put(&mut full_names, &format!("{} {}", c.name, t), c.ix),
                None => put(&mut full_names, &c.name, c.ix),
            }
            if let Some(t) = &c.tts_name {
                put(&mut full_names, t, c.ix);
            }
            put(&mut short_names, &c.name, c.ix);
            if let Some(d) = &c.display_name {
                put(&mut short_names, d, c.ix);
            }
            match pair_index(&c.id) {
                Some(i) => by_pair[i] = c.ix,
                None => {
                    by_id.insert(c.id.clone(), c.ix);
                }
            }
            names.add(c.ix, &c.name);
            if let Some(t) = &c.title {
                names.add(c.ix, &format!("{} {}", c.name, t));
            }
            if let Some(d) = &c.display_name {
                names.add(c.ix, d);
            }
            if let Some(t) = &c.tts_name {
                names.add(c.ix, t);
            }
        }
        names.compact();
        let mut out_forces = Vec::new();
        for (key, value) in forces {
            let bf: BattleForce =
                serde_json::from_value(value).map_err(|e| CatalogError::Record {
                    path: forces_path.to_path_buf(),
                    record: key.clone(),
                    source: RecordError::Json(e),
                })?;
            out_forces.push(bf);
        }
        let mut out_modes = BTreeMap::new();
        for (key, value) in modes {
            let mode: LhqMode =
                serde_json::from_value(value).map_err(|e| CatalogError::Record {
                    path: modes_path.to_path_buf(),
                    record: key.clone(),
                    source: RecordError::Json(e),
                })?;
            out_modes.insert(key, mode);
        }
        Ok(Self {
            cards,
            by_pair,
            by_id,
            forces: out_forces,
            modes: out_modes,
            names,
            full_names,
            short_names,
            version: version.into(),
            field_names,
        })
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The key a requirement's field name resolves to in this catalog.
    pub fn key(&self, name: &str) -> Key {
        key_of(&self.field_names, name)
    }

    pub fn card(&self, ix: Ix) -> &Card {
        &self.cards[usize::from(ix)]
    }

    pub fn by_id(&self, id: &str) -> Option<&Card> {
        let ix = match pair_index(id) {
            Some(i) => Some(self.by_pair[i]).filter(|ix| *ix != NO_CARD),
            None => self.by_id.get(id).copied(),
        };
        ix.map(|ix| self.card(ix))
    }

    /// Cards whose full name (with title, or Legion HQ's TTS name) is `name`.
    pub fn by_full_name(&self, name: &str) -> &[Ix] {
        self.full_names
            .get(&deckcheck_core::text::squash(name))
            .map_or(&[], Vec::as_slice)
    }

    /// Cards whose name without title, or display name, is `name`.
    pub fn by_short_name(&self, name: &str) -> &[Ix] {
        self.short_names
            .get(&deckcheck_core::text::squash(name))
            .map_or(&[], Vec::as_slice)
    }

    pub fn force(&self, index: usize) -> &BattleForce {
        &self.forces[index]
    }

    pub fn force_by_link(&self, link_id: &str) -> Option<usize> {
        self.forces.iter().position(|f| f.link_id == link_id)
    }

    pub fn force_by_name(&self, name: &str) -> Option<usize> {
        let wanted = deckcheck_core::text::squash(name);
        self.forces
            .iter()
            .position(|f| deckcheck_core::text::squash(&f.name) == wanted)
    }

    /// How many records each file holds: what a sync must not lose.
    pub fn inventory(&self) -> BTreeMap<String, usize> {
        let mut out = BTreeMap::new();
        out.insert(CARDS_FILE.to_string(), self.cards.len());
        out.insert(FORCES_FILE.to_string(), self.forces.len());
        out.insert(MODES_FILE.to_string(), self.modes.len());
        out
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawKeyword {
    Name(String),
    Valued {
        name: String,
        #[serde(default)]
        value: Value,
        #[serde(rename = "isPermanent", default)]
        is_permanent: bool,
    },
    Other(serde::de::IgnoredAny),
}

#[derive(Deserialize)]
struct RawCard {
    #[serde(default)]
    id: Option<String>,
    #[serde(rename = "cardName")]
    card_name: String,
    #[serde(rename = "cardType")]
    card_type: String,
    #[serde(rename = "cardSubtype", default)]
    card_subtype: Value,
    #[serde(default)]
    title: Option<String>,
    #[serde(rename = "displayName", default)]
    display_name: Option<String>,
    #[serde(rename = "ttsName", default)]
    tts_name: Option<String>,
    #[serde(default)]
    rank: Option<String>,
    #[serde(default)]
    faction: Option<String>,
    #[serde(default)]
    cost: Option<Value>,
    #[serde(rename = "isUnique", default)]
    is_unique: bool,
    #[serde(rename = "isUniqueTitle", default)]
    is_unique_title: bool,
    #[serde(rename = "uniqueCount", default)]
    unique_count: Option<u32>,
    #[serde(default)]
    keywords: Vec<RawKeyword>,
    #[serde(rename = "upgradeBar", default)]
    upgrade_bar: Vec<String>,
    #[serde(rename = "additionalUpgradeSlots", default)]
    additional_upgrade_slots: Vec<String>,
    #[serde(default)]
    requirements: Value,
    #[serde(default)]
    commander: Value,
    #[serde(default)]
    affiliations: Vec<String>,
    #[serde(default)]
    affiliation: Option<String>,
    #[serde(rename = "battleForce", default)]
    battle_force: Option<String>,
    #[serde(rename = "specialIssue", default)]
    special_issue: Option<String>,
    #[serde(rename = "changeCard", default)]
    change_card: Option<Map<String, Value>>,
    #[serde(default)]
    equip: Vec<String>,
    #[serde(default)]
    choice: Option<String>,
    #[serde(rename = "isUnreleased", default)]
    is_unreleased: Value,
    #[serde(default)]
    history: Vec<RawHistory>,
    #[serde(rename = "counterpartId", default)]
    counterpart_id: Option<String>,
}

#[derive(Deserialize)]
struct RawHistory {
    #[serde(default)]
    date: String,
    #[serde(default)]
    description: String,
}

/// The characters of Legion HQ's ids: digits and ASCII letters.
const ID_CHARS: usize = 62;

/// No card: the catalog indexes fewer cards than `Ix::MAX`.
const NO_CARD: Ix = Ix::MAX;

/// Where a two-character id of digits and ASCII letters is in the pair table; `None` for any
/// other id. A link names dozens of cards: a table lookup, not a hash, for each.
fn pair_index(id: &str) -> Option<usize> {
    let place = |b: u8| match b {
        b'0'..=b'9' => Some(usize::from(b - b'0')),
        b'A'..=b'Z' => Some(usize::from(b - b'A') + 10),
        b'a'..=b'z' => Some(usize::from(b - b'a') + 36),
        _ => None,
    };
    let [a, b] = id.as_bytes() else {
        return None;
    };
    Some(place(*a)? * ID_CHARS + place(*b)?)
}

/// A field name as a [`Key`]: computed, kept (its index), or absent.
fn key_of(fields: &[Box<str>], name: &str) -> Key {
    if let Some((_, key)) = COMPUTED.iter().find(|(n, _)| *n == name) {
        return *key;
    }
    fields
        .iter()
        .position(|f| **f == *name)
        .map_or(Key::Absent, |i| Key::Field(i as u8))
}

fn value_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

fn card_from(
    ix: Ix,
    key: &str,
    r: RawCard,
    fields: Box<[(u8, Value)]>,
    keys: &mut dyn FnMut(&str) -> Key,
) -> Result<Card, RecordError> {
    let id = r.id.unwrap_or_else(|| key.to_string());
    if id != key {
        return Err(RecordError::IdNotKey(id));
    }
    let kind = match r.card_type.as_str() {
        "unit" => Kind::Unit,
        "upgrade" => Kind::Upgrade,
        "command" => Kind::Command,
        "battle" => Kind::Battle,
        "counterpart" => Kind::Counterpart,
        other => return Err(RecordError::UnknownType(other.to_string())),
    };
    let rank = match (&r.rank, kind) {
        (Some(text), _) => {
            Some(Rank::parse(text).ok_or_else(|| RecordError::UnknownRank(text.clone()))?)
        }
        (None, Kind::Unit) => return Err(RecordError::UnitWithoutRank),
        (None, _) => None,
    };
    let cost = match &r.cost {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| RecordError::Cost(v.clone()))?,
        ),
    };
    let keywords: Vec<Keyword> = r
        .keywords
        .into_iter()
        .filter_map(|k| match k {
            RawKeyword::Name(name) => Some(Keyword {
                name,
                value: None,
                permanent: false,
            }),
            RawKeyword::Valued {
                name,
                value,
                is_permanent,
            } => Some(Keyword {
                name,
                value: value_text(&value),
                permanent: is_permanent,
            }),
            RawKeyword::Other(_) => None,
        })
        .collect();
    let commander = match &r.commander {
        Value::String(s) if s.trim().is_empty() => Commander::None,
        Value::String(s) => Commander::Any(vec![s.clone()]),
        Value::Array(list) => {
            let names: Vec<String> = list.iter().filter_map(value_text).collect();
            match names.split_first() {
                Some((first, rest)) if first == "AND" => Commander::All(rest.to_vec()),
                Some(_) => Commander::Any(names),
                None => Commander::None,
            }
        }
        _ => Commander::None,
    };
    let history = r
        .history
        .iter()
        .filter_map(|h| History::parse(&h.date, &h.description))
        .collect();
    let opt = |s: Option<String>| s.filter(|s| !s.is_empty()).map(Arc::<str>::from);
    let title = opt(r.title);
    let folded_name = deckcheck_core::text::identity_fold(&r.card_name).into();
    let unique_name = match &title {
        Some(t) if r.is_unique_title && !r.is_unique => t.to_string(),
        _ => r.card_name.clone(),
    };
    let subtype = value_text(&r.card_subtype).unwrap_or_default();
    let faction = r.faction.unwrap_or_default();
    Ok(Card {
        ix,
        flags: Kw::flags(&keywords),
        pips: (kind == Kind::Command)
            .then(|| subtype.parse().ok())
            .flatten(),
        mercenary: faction == "mercenary",
        id: id.into(),
        name: r.card_name.into(),
        folded_name,
        folded_unique_name: deckcheck_core::text::identity_fold(&unique_name).into(),
        title,
        display_name: opt(r.display_name),
        tts_name: opt(r.tts_name),
        kind,
        subtype,
        rank,
        faction,
        cost,
        unique: r.is_unique,
        unique_title: r.is_unique_title,
        unique_count: r.unique_count,
        keywords,
        upgrade_bar: r.upgrade_bar,
        additional_slots: r.additional_upgrade_slots,
        requirements: Req::parse(&r.requirements, keys),
        commander,
        affiliations: r.affiliations,
        affiliation: r.affiliation,
        battle_force: r.battle_force.filter(|s| !s.is_empty()),
        special_issue: r.special_issue.filter(|s| !s.is_empty()),
        change_card: r
            .change_card
            .iter()
            .flatten()
            .map(|(k, v)| (keys(k), v.clone()))
            .collect(),
        equip: r.equip,
        choice: r.choice,
        unreleased: value_text(&r.is_unreleased).filter(|s| !s.is_empty() && s != "false"),
        history,
        counterpart_id: r.counterpart_id.map(Arc::from),
        fields,
    })
}

/// Reads the fields a catalog keeps of one card record (by their index among its field
/// names) and skips the rest without building them.
struct KeptFields<'f>(&'f [Box<str>]);

impl<'de> DeserializeSeed<'de> for KeptFields<'_> {
    type Value = Box<[(u8, Value)]>;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for KeptFields<'_> {
    type Value = Box<[(u8, Value)]>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a card record")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut kept = Vec::new();
        while let Some(field) = map.next_key_seed(FieldOf(self.0))? {
            match field {
                Some(i) => kept.push((i, map.next_value::<Value>()?)),
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(kept.into_boxed_slice())
    }
}

/// A record's key as the index of a kept field, or `None`.
struct FieldOf<'f>(&'f [Box<str>]);

impl<'de> DeserializeSeed<'de> for FieldOf<'_> {
    type Value = Option<u8>;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for FieldOf<'_> {
    type Value = Option<u8>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a field name")
    }

    fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<Self::Value, E> {
        Ok(self.0.iter().position(|f| **f == *name).map(|i| i as u8))
    }
}

/// Is `date` before the month or quarter Legion HQ says a card comes out ("Aug 2026",
/// "Sept 2026", "Q4 2026")? `None` when the text is not one of those.
pub fn before_release_window(text: &str, date: Date) -> Option<bool> {
    let mut words = text.split_whitespace();
    let (when, year) = (words.next()?, words.next()?.parse::<i16>().ok()?);
    let month: i8 = match when.to_ascii_lowercase().trim_end_matches('.') {
        "jan" | "january" => 1,
        "feb" | "february" => 2,
        "mar" | "march" => 3,
        "apr" | "april" => 4,
        "may" => 5,
        "jun" | "june" => 6,
        "jul" | "july" => 7,
        "aug" | "august" => 8,
        "sep" | "sept" | "september" => 9,
        "oct" | "october" => 10,
        "nov" | "november" => 11,
        "dec" | "december" => 12,
        "q1" => 1,
        "q2" => 4,
        "q3" => 7,
        "q4" => 10,
        _ => return None,
    };
    let start = Date::new(year, month, 1).ok()?;
    Some(date < start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Keys for a test: the computed ones, and each other name by its place in `FIELDS`.
    const FIELDS: [&str; 2] = ["cardSubtype", "cardName"];

    fn key(name: &str) -> Key {
        let fields: Vec<Box<str>> = FIELDS.iter().map(|f| (*f).into()).collect();
        key_of(&fields, name)
    }

    /// A unit's fields as a lookup by key.
    fn unit(fields: Value) -> impl Fn(Key) -> Option<Cow<'static, Value>> {
        move |k| {
            let name = match k {
                Key::Rank => "rank",
                Key::Field(i) => FIELDS[usize::from(i)],
                _ => return None,
            };
            fields.get(name).cloned().map(Cow::Owned)
        }
    }

    #[test]
    fn a_requirement_list_reads_as_legion_hq_reads_it() {
        let req = Req::parse(
            &json!([
                "AND",
                {"cardSubtype": "clone trooper"},
                ["OR", {"rank": "corps"}, {"rank": "special"}]
            ]),
            &mut key,
        );
        let special = unit(json!({"cardSubtype": "clone trooper", "rank": "special"}));
        assert!(req.holds(&special));
        let heavy = unit(json!({"cardSubtype": "clone trooper", "rank": "heavy"}));
        assert!(!req.holds(&heavy));
        assert!(Req::parse(&json!([]), &mut key).holds(&special));
        assert!(!Req::parse(&json!(["NOT", {"rank": "special"}]), &mut key).holds(&special));
    }

    #[test]
    fn a_field_no_card_is_kept_with_matches_nothing() {
        let req = Req::parse(&json!([{"weapons": []}]), &mut key);
        assert_eq!(
            req,
            Req::Match(Pattern(Box::new([(Key::Absent, json!([]))])))
        );
        assert!(!req.holds(&unit(json!({"weapons": []}))));
    }

    #[test]
    fn arrays_match_partially_as_lodash_does() {
        assert!(is_match(
            &json!(["Jump", "Speeder", "Cover"]),
            &json!(["Speeder"])
        ));
        assert!(!is_match(&json!(["Jump"]), &json!(["Speeder"])));
        assert!(is_match(
            &json!({"defense": "w", "hp": 1}),
            &json!({"defense": "w"})
        ));
    }

    #[test]
    fn release_windows_are_months_or_quarters() {
        let d = |y, m, day| Date::new(y, m, day).unwrap();
        assert_eq!(
            before_release_window("Aug 2026", d(2026, 7, 31)),
            Some(true)
        );
        assert_eq!(
            before_release_window("Aug 2026", d(2026, 8, 1)),
            Some(false)
        );
        assert_eq!(before_release_window("Q4 2026", d(2026, 9, 30)), Some(true));
        assert_eq!(
            before_release_window("Sept 2026", d(2026, 9, 2)),
            Some(false)
        );
        assert_eq!(before_release_window("soon", d(2026, 9, 2)), None);
    }
}
