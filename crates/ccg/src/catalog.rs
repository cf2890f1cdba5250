//! The card catalog: GEMP's blueprints joined with the Players Committee card database on the
//! GEMP id, the retired (Legacy) virtual cards by title only, the sets with their release dates,
//! and GEMP's format definitions. Built once from a catalog directory.
//!
//! A card is identified by its GEMP blueprint id (`9_151`), foil (`*`) and alternate image (`^`)
//! suffixes stripped; a two-sided card by its front (`9_151`, never `9_151_BACK`). Titles are not
//! identities (many are shared): they are only a way to find cards ([`Catalog::by_title`]).

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use deckcheck_core::CardRef;
use deckcheck_core::names::{NameIndex, edit_distance};
use deckcheck_core::text::squash;
use jiff::civil::Date;
use rustc_hash::FxHashMap as HashMap;

use crate::upstream::{self, Blueprint, GempFormat, PcCard, PcFile, PcSet, UpstreamError};

/// Why a catalog cannot be built from its files: the file, or the record that breaks it.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error(transparent)]
    Upstream(#[from] UpstreamError),
    #[error("{}: no formats", upstream::FORMATS)]
    NoFormats,
    #[error("the card files hold no cards")]
    NoCards,
    #[error("{record}: side {side:?} is neither DARK nor LIGHT")]
    Side { record: String, side: String },
    #[error("{record}: {id:?} is not a set_number id")]
    NotAnId { record: String, id: String },
    #[error("card id {id} appears twice")]
    DuplicateId { id: Arc<str> },
}

/// A card's index in the catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardIdx(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Dark,
    Light,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Self::Dark => "Dark Side",
            Self::Light => "Light Side",
        }
    }

    fn parse(text: &str) -> Option<Self> {
        match text.to_ascii_lowercase().as_str() {
            "dark" => Some(Self::Dark),
            "light" => Some(Self::Light),
            _ => None,
        }
    }
}

/// Episode I icon as each source gives it, for a card the two disagree on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IconConflict {
    pub gemp: bool,
    pub pc: bool,
}

#[derive(Debug, Clone)]
pub struct Card {
    /// The GEMP blueprint id, or `legacy-<n>` for a retired card (no GEMP id in the data).
    pub id: Arc<str>,
    /// Its title for players: the card database's, without uniqueness marks.
    pub title: Arc<str>,
    /// GEMP's title, without the `(V)` and `(AI)` its full name adds (what GEMP's XML writes).
    pub gemp_title: Option<Arc<str>>,
    pub side: Side,
    /// GEMP's category name (`CHARACTER`, `OBJECTIVE`, `DEFENSIVE_SHIELD`, `GAME_AID`…), or the
    /// card database's type mapped to it for cards GEMP lacks.
    pub category: Arc<str>,
    /// A Starting Effect (GEMP `cardSubtype` STARTING on an Effect).
    pub starting_effect: bool,
    /// A card a player may start the game with: an Objective, or an Effect or Interrupt GEMP
    /// marks as starting (`cardSubtype` STARTING, USED_OR_STARTING, LOST_OR_STARTING). What a
    /// deck list names first.
    pub starting: bool,
    /// GEMP icon names (`EPISODE_I`, `MAINTENANCE`, `DEFENSIVE_SHIELD`…).
    pub icons: Box<[Arc<str>]>,
    /// The set of its id (`225` for `225_54`); `None` for retired Legacy cards.
    pub set: Option<u32>,
    /// For a retired card: the card database's block ("Virtual Block 3").
    pub legacy_block: Option<Arc<str>>,
    pub rarity: Option<Arc<str>>,
    pub in_gemp: bool,
    pub in_pc: bool,
    /// GEMP `doesNotCountTowardDeckLimit`: kept outside the deck only.
    pub outside_only: bool,
    pub icon_conflict: Option<IconConflict>,
}

impl Card {
    pub fn has_icon(&self, icon: &str) -> bool {
        self.icons.iter().any(|i| &**i == icon)
    }

    pub fn is(&self, category: &str) -> bool {
        &*self.category == category
    }

    pub fn is_legacy(&self) -> bool {
        self.set.is_none()
    }

    /// The category as players name it: `Defensive Shield`.
    pub fn category_name(&self) -> String {
        category_name(&self.category)
    }
}

/// `DEFENSIVE_SHIELD` → `Defensive Shield`, `ADMIRALS_ORDER` → `Admiral's Order`.
pub fn category_name(category: &str) -> String {
    if category == "ADMIRALS_ORDER" {
        return "Admiral's Order".into();
    }
    category
        .split('_')
        .map(|w| {
            let mut cs = w.chars();
            match cs.next() {
                Some(first) => first.to_string() + &cs.as_str().to_ascii_lowercase(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// How precise a release date is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precision {
    Day,
    /// Only the month is known (written as its 1st).
    Month,
}

#[derive(Debug, Clone)]
pub struct SetInfo {
    pub id: u32,
    pub name: Arc<str>,
    pub release: Option<Date>,
    pub precision: Precision,
}

/// The catalog.
#[derive(Debug, Clone)]
pub struct Catalog {
    cards: Vec<Card>,
    by_id: HashMap<Arc<str>, CardIdx>,
    /// Titles of current cards (full titles, front titles, GEMP names).
    titles: NameIndex<CardIdx>,
    /// Back-side titles of two-sided cards, and titles without an alternate-image mark
    /// (`Darth Maul` for `Darth Maul (AI)`): tried when no title matches.
    aliases: NameIndex<CardIdx>,
    /// Titles of retired Legacy cards: tried when no current card matches.
    legacy_titles: NameIndex<CardIdx>,
    /// The cards GEMP has, ordered by their bare GEMP title (what GEMP's deck checks compare,
    /// exactly as GEMP writes it): the cards of one title side by side.
    gemp_titled: Vec<CardIdx>,
    sets: BTreeMap<u32, SetInfo>,
    /// The sets the cards are of, sorted: what [`Catalog::holds_set`] asks, without a scan.
    held: Vec<u32>,
    /// The newest set the cards are of, by release date (found once, when the catalog is built).
    newest: Option<u32>,
    /// The highest virtual set the cards are of.
    highest_virtual: Option<u32>,
    gemp_formats: Vec<GempFormat>,
    /// A content hash of the files read, and the sync time when a manifest says it.
    pub version: Arc<str>,
}

/// What the project's own data adds to the catalog when it is built.
#[derive(Debug, Clone, Default)]
pub struct Overlay {
    /// Set → release date, used where the card database has none.
    pub release: BTreeMap<u32, (Option<Date>, Arc<str>)>,
    /// Sets whose database date is month-precision.
    pub month_precision: Vec<u32>,
    /// Known Episode I icon conflicts (id → what each source says).
    pub conflicts: BTreeMap<String, IconConflict>,
}

impl Catalog {
    /// Loads a catalog directory (the mirror's layout) whole.
    pub fn load(dir: &Path, overlay: &Overlay) -> Result<Self, CatalogError> {
        let files = upstream::Files::read(dir)?;
        let formats: Vec<GempFormat> = files.parse(upstream::FORMATS)?;
        let mut blueprints: Vec<Blueprint> = files.parse(upstream::GEMP_DARK)?;
        blueprints.extend(files.parse::<Vec<Blueprint>>(upstream::GEMP_LIGHT)?);
        let mut pc: Vec<PcCard> = files.parse::<PcFile>(upstream::PC_DARK)?.cards;
        pc.extend(files.parse::<PcFile>(upstream::PC_LIGHT)?.cards);
        let mut legacy: Vec<PcCard> = files.parse::<PcFile>(upstream::PC_DARK_LEGACY)?.cards;
        legacy.extend(files.parse::<PcFile>(upstream::PC_LIGHT_LEGACY)?.cards);
        let sets: Vec<PcSet> = files.parse(upstream::PC_SETS)?;
        let mut hash = 0u64;
        for bytes in files.all() {
            hash ^= xxh(bytes).rotate_left(hash.count_ones());
        }
        let synced = deckcheck_core::sync::read_manifest(dir).map(|m| m.synced_at);
        let version: Arc<str> = match synced {
            Some(at) => format!("ccg:{hash:016x} synced {at}").into(),
            None => format!("ccg:{hash:016x}").into(),
        };
        Self::build(formats, blueprints, pc, legacy, sets, overlay, version)
    }

    /// Builds a catalog from the upstream records.
    pub fn build(
        mut gemp_formats: Vec<GempFormat>,
        blueprints: Vec<Blueprint<'_>>,
        pc: Vec<PcCard<'_>>,
        legacy: Vec<PcCard<'_>>,
        pc_sets: Vec<PcSet>,
        overlay: &Overlay,
        version: Arc<str>,
    ) -> Result<Self, CatalogError> {
        if gemp_formats.is_empty() {
            return Err(CatalogError::NoFormats);
        }
        for f in &mut gemp_formats {
            f.set.sort_unstable();
            f.set.dedup();
        }
        if blueprints.is_empty() || pc.is_empty() {
            return Err(CatalogError::NoCards);
        }
        let mut pc_rows: HashMap<&str, Vec<&PcCard>> = HashMap::default();
        for row in &pc {
            let Some(id) = row.gemp_id.as_deref() else {
                continue;
            };
            pc_rows.entry(base_id(id)).or_default().push(row);
        }
        let mut backs: HashMap<&str, &str> = HashMap::default();
        for b in &blueprints {
            if let Some(front) = b.card_id.strip_suffix("_BACK") {
                backs.insert(front, &b.title);
            }
        }

        let mut strings = Strings::default();
        let mut catalog = Self {
            cards: Vec::with_capacity(blueprints.len() + 100 + legacy.len()),
            by_id: HashMap::default(),
            titles: NameIndex::default(),
            aliases: NameIndex::default(),
            legacy_titles: NameIndex::default(),
            gemp_titled: Vec::new(),
            sets: BTreeMap::new(),
            held: Vec::new(),
            newest: None,
            highest_virtual: None,
            gemp_formats,
            version,
        };

        // GEMP's blueprints, joined with the card database's rows.
        for b in blueprints.iter().filter(|b| !b.card_id.ends_with("_BACK")) {
            let id = base_id(&b.card_id);
            let record = || format!("blueprint {id}");
            let side = Side::parse(&b.side).ok_or_else(|| CatalogError::Side {
                record: record(),
                side: b.side.to_string(),
            })?;
            let set = set_of(id).ok_or_else(|| CatalogError::NotAnId {
                record: record(),
                id: id.to_string(),
            })?;
            let rows = pc_rows.get(id).map(Vec::as_slice).unwrap_or_default();
            let gemp_ep1 = b.icons.iter().any(|i| i.icon == "EPISODE_I");
            let pc_ep1 = rows
                .iter()
                .any(|r| r.front.icons.iter().any(|i| i == "Episode I"));
            let conflict = overlay.conflicts.get(id).copied().or_else(|| {
                (!rows.is_empty() && gemp_ep1 != pc_ep1).then_some(IconConflict {
                    gemp: gemp_ep1,
                    pc: pc_ep1,
                })
            });
            let gemp_name = format!(
                "{}{}{}",
                b.title,
                if b.has_alternate_image_suffix {
                    " (AI)"
                } else {
                    ""
                },
                if b.has_virtual_suffix { " (V)" } else { "" }
            );
            let title = strings.get(
                &rows
                    .first()
                    .map(|r| display_title(&r.front.title))
                    .unwrap_or_else(|| gemp_name.clone()),
            );
            let card = Card {
                id: id.into(),
                gemp_title: Some(strings.get(&b.title)),
                title,
                side,
                category: strings.get(&b.card_category),
                starting_effect: b.card_category == "EFFECT"
                    && b.card_subtype.as_deref() == Some("STARTING"),
                starting: b.card_category == "OBJECTIVE"
                    || b.card_subtype
                        .as_deref()
                        .is_some_and(|s| s.contains("STARTING")),
                icons: b.icons.iter().map(|i| strings.get(&i.icon)).collect(),
                set: Some(set),
                legacy_block: None,
                rarity: b.rarity.as_deref().map(|r| strings.get(r)),
                in_gemp: true,
                in_pc: !rows.is_empty(),
                outside_only: b.does_not_count_toward_deck_limit,
                icon_conflict: conflict,
            };
            let idx = catalog.push(card)?;
            add_name(&mut catalog.titles, idx, &gemp_name);
            catalog.gemp_titled.push(idx);
            for r in rows {
                catalog.add_titles(idx, &r.front.title);
            }
            if let Some(back) = backs.get(id) {
                add_name(&mut catalog.aliases, idx, back);
            }
        }

        // Decipher cards the card database has and GEMP does not implement.
        for (&id, rows) in &pc_rows {
            if catalog.by_id.contains_key(id) {
                continue;
            }
            let first = rows[0];
            let record = || format!("card {}", first.id);
            let set = set_of(id).ok_or_else(|| CatalogError::NotAnId {
                record: record(),
                id: id.to_string(),
            })?;
            let side = Side::parse(&first.side).ok_or_else(|| CatalogError::Side {
                record: record(),
                side: first.side.to_string(),
            })?;
            let card = Card {
                id: id.into(),
                title: strings.get(&display_title(&first.front.title)),
                gemp_title: None,
                side,
                category: strings.get(&pc_category(&first.front.kind)),
                starting_effect: false,
                starting: pc_category(&first.front.kind) == "OBJECTIVE",
                icons: pc_icons(&first.front, &mut strings),
                set: Some(set),
                legacy_block: None,
                rarity: first.rarity.as_deref().map(|r| strings.get(r)),
                in_gemp: false,
                in_pc: true,
                outside_only: false,
                icon_conflict: None,
            };
            let idx = catalog.push(card)?;
            for r in rows {
                catalog.add_titles(idx, &r.front.title);
            }
        }

        // Retired (Legacy) virtual cards: no GEMP id in the data, found by title only.
        let block_names: HashMap<&str, &str> = pc_sets
            .iter()
            .map(|s| (s.id.as_str(), s.name.as_str()))
            .collect();
        for row in &legacy {
            let side = Side::parse(&row.side).ok_or_else(|| CatalogError::Side {
                record: format!("legacy card {}", row.id),
                side: row.side.to_string(),
            })?;
            let card = Card {
                id: format!("legacy-{}", row.id).into(),
                title: strings.get(&display_title(&row.front.title)),
                gemp_title: None,
                side,
                category: strings.get(&pc_category(&row.front.kind)),
                starting_effect: false,
                starting: pc_category(&row.front.kind) == "OBJECTIVE",
                icons: pc_icons(&row.front, &mut strings),
                set: None,
                legacy_block: Some(
                    strings.get(block_names.get(&*row.set).copied().unwrap_or(&row.set)),
                ),
                rarity: row.rarity.as_deref().map(|r| strings.get(r)),
                in_gemp: false,
                in_pc: true,
                outside_only: false,
                icon_conflict: None,
            };
            let idx = catalog.push(card)?;
            add_name(&mut catalog.legacy_titles, idx, &row.front.title);
            if let Some((front, _)) = row.front.title.split_once(" / ") {
                add_name(&mut catalog.legacy_titles, idx, front);
            }
        }

        // Sets: the card database's dates, the project's where it has none.
        for s in &pc_sets {
            let Ok(id) = s.id.parse::<u32>() else {
                continue;
            };
            if s.legacy {
                continue;
            }
            let release = s
                .date_release
                .as_deref()
                .and_then(|d| d.parse::<Date>().ok());
            catalog.sets.insert(
                id,
                SetInfo {
                    id,
                    name: s.name.as_str().into(),
                    release,
                    precision: Precision::Day,
                },
            );
        }
        for (&id, (date, name)) in &overlay.release {
            let entry = catalog.sets.entry(id).or_insert_with(|| SetInfo {
                id,
                name: name.clone(),
                release: None,
                precision: Precision::Day,
            });
            if entry.release.is_none() {
                entry.release = *date;
            }
        }
        for id in &overlay.month_precision {
            if let Some(s) = catalog.sets.get_mut(id) {
                s.precision = Precision::Month;
            }
        }
        let mut gemp_titled = std::mem::take(&mut catalog.gemp_titled);
        gemp_titled.sort_by(|a, b| {
            catalog
                .card(*a)
                .gemp_title
                .cmp(&catalog.card(*b).gemp_title)
        });
        catalog.gemp_titled = gemp_titled;
        catalog.cards.shrink_to_fit();
        catalog.held = catalog.cards.iter().filter_map(|c| c.set).collect();
        catalog.held.sort_unstable();
        catalog.held.dedup();
        catalog.newest = catalog
            .sets
            .values()
            .filter(|s| s.release.is_some() && catalog.holds_set(s.id))
            .max_by_key(|s| (s.release, s.id))
            .map(|s| s.id);
        catalog.highest_virtual = catalog
            .held
            .iter()
            .copied()
            .filter(|s| VIRTUAL.contains(s))
            .max();
        for index in [
            &mut catalog.titles,
            &mut catalog.aliases,
            &mut catalog.legacy_titles,
        ] {
            index.compact();
        }
        Ok(catalog)
    }

    fn push(&mut self, card: Card) -> Result<CardIdx, CatalogError> {
        let idx = CardIdx(self.cards.len() as u32);
        if self.by_id.insert(card.id.clone(), idx).is_some() {
            return Err(CatalogError::DuplicateId { id: card.id });
        }
        self.cards.push(card);
        Ok(idx)
    }

    /// A card database title: the whole (`A / B` for objectives), and its front.
    fn add_titles(&mut self, idx: CardIdx, title: &str) {
        add_name(&mut self.titles, idx, title);
        if let Some(plain) = without_alternate_image(title) {
            add_name(&mut self.aliases, idx, plain);
        }
        if let Some((front, back)) = title.split_once(" / ") {
            add_name(&mut self.titles, idx, front);
            add_name(&mut self.aliases, idx, back);
        }
    }

    pub fn card(&self, idx: CardIdx) -> &Card {
        &self.cards[idx.0 as usize]
    }

    /// A card as an answer names it: its GEMP id and its title.
    pub fn card_ref(&self, idx: CardIdx) -> CardRef {
        let card = self.card(idx);
        CardRef::new(card.id.clone(), card.title.clone(), None)
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn cards(&self) -> impl Iterator<Item = (CardIdx, &Card)> {
        self.cards
            .iter()
            .enumerate()
            .map(|(i, c)| (CardIdx(i as u32), c))
    }

    /// A card by GEMP id; `*`/`^` suffixes and a `_BACK` suffix name the card itself.
    pub fn by_id(&self, id: &str) -> Option<CardIdx> {
        let base = base_id(id.trim());
        let base = base.strip_suffix("_BACK").unwrap_or(base);
        self.by_id.get(base).copied()
    }

    /// The cards a title names: current cards first, then back sides of two-sided cards, then
    /// retired Legacy cards. Empty when none.
    pub fn by_title(&self, title: &str) -> Vec<CardIdx> {
        let mut found = self.titles.exact(title).to_vec();
        if found.is_empty() {
            found = self.aliases.exact(title).to_vec();
        }
        if found.is_empty() {
            found = self.legacy_titles.exact(title).to_vec();
        }
        found.sort_unstable();
        found.dedup();
        found
    }

    /// Whether `title` is one of the names `card` goes by.
    pub fn has_title(&self, card: CardIdx, title: &str) -> bool {
        let c = self.card(card);
        if c.gemp_title.as_deref() == Some(title.trim()) || &*c.title == title.trim() {
            return true;
        }
        let key = squash(title);
        self.card(card)
            .gemp_title
            .as_deref()
            .is_some_and(|t| squash(t) == key)
            || [&self.titles, &self.aliases, &self.legacy_titles]
                .iter()
                .any(|index| index.exact(&key).contains(&card))
    }

    /// The cards GEMP gives this bare title (`Jabba's Prize`, whatever its `(V)` or `(AI)`
    /// marks), written as GEMP writes it: what GEMP's deck checks count by title.
    pub fn by_gemp_title(&self, title: &str) -> &[CardIdx] {
        let bare = |c: &CardIdx| self.card(*c).gemp_title.as_deref().unwrap_or_default();
        let start = self.gemp_titled.partition_point(|c| bare(c) < title);
        let titled = &self.gemp_titled[start..];
        &titled[..titled.partition_point(|c| bare(c) == title)]
    }

    /// Did-you-mean for a title, best first.
    pub fn suggest(&self, title: &str, n: usize, keep: impl Fn(CardIdx) -> bool) -> Vec<CardIdx> {
        self.titles
            .suggest(title, n, keep)
            .into_iter()
            .map(|s| s.card)
            .collect()
    }

    pub fn set(&self, id: u32) -> Option<&SetInfo> {
        self.sets.get(&id)
    }

    /// Whether any card of the data is of this set.
    pub fn holds_set(&self, set: u32) -> bool {
        self.held.binary_search(&set).is_ok()
    }

    /// The newest set the card data holds cards of (by release date): what a card of a later set
    /// is newer than.
    pub fn newest_set(&self) -> Option<&SetInfo> {
        self.newest.and_then(|id| self.set(id))
    }

    /// Whether the card data predates `set`: it holds no card of it, and the set is a virtual
    /// set numbered after every virtual set it does hold, or was released after its newest set
    /// (Virtual Set 27 on data that ends with Virtual Set 26).
    pub fn predates(&self, set: u32) -> bool {
        if self.holds_set(set) {
            return false;
        }
        let newest = self.newest_set();
        let released_later = match (self.set(set).and_then(|s| s.release), newest) {
            (Some(release), Some(newest)) => newest.release.is_some_and(|n| release > n),
            _ => false,
        };
        let numbered_later =
            VIRTUAL.contains(&set) && self.highest_virtual.is_some_and(|highest| set > highest);
        released_later || numbered_later
    }

    /// Did-you-mean for an id no card has: the ids of the same set one or two keystrokes away
    /// (`9_1511` → `9_151`), closest first.
    pub fn suggest_id(&self, id: &str, n: usize) -> Vec<CardIdx> {
        let id = base_id(id.trim());
        let Some(set) = set_of(id) else {
            return Vec::new();
        };
        let mut near: Vec<(usize, CardIdx)> = self
            .cards()
            .filter(|(_, c)| c.set == Some(set))
            .map(|(i, c)| (edit_distance(id, &c.id), i))
            .filter(|(d, _)| *d <= 2)
            .collect();
        near.sort_unstable();
        near.into_iter().take(n).map(|(_, i)| i).collect()
    }

    pub fn sets(&self) -> impl Iterator<Item = &SetInfo> {
        self.sets.values()
    }

    pub fn gemp_format(&self, code: &str) -> Option<&GempFormat> {
        self.gemp_formats.iter().find(|f| f.code == code)
    }

    pub fn gemp_formats(&self) -> &[GempFormat] {
        &self.gemp_formats
    }
}

/// One shared copy of each string many cards hold (a category, a rarity, an icon, a block, a
/// title reprinted): a catalog holds each once, however many cards name it.
#[derive(Debug, Default)]
struct Strings(rustc_hash::FxHashSet<Arc<str>>);

impl Strings {
    fn get(&mut self, text: &str) -> Arc<str> {
        if let Some(shared) = self.0.get(text) {
            return shared.clone();
        }
        let shared: Arc<str> = text.into();
        self.0.insert(shared.clone());
        shared
    }
}

/// GEMP's set of Legacy (retired virtual) blueprints.
pub const LEGACY_SET: u32 = 601;

/// The numbers of the Players Committee's virtual sets.
const VIRTUAL: std::ops::Range<u32> = 200..300;

/// Makes a card findable by a name, unless the index finds it by that name already: GEMP's name
/// and the card database's title are mostly one name written twice (`•Darth Vader`), and a
/// second entry would only repeat the first in every did-you-mean list.
fn add_name(index: &mut NameIndex<CardIdx>, idx: CardIdx, name: &str) {
    if !index.exact(name).contains(&idx) {
        index.add(idx, name);
    }
}

/// `9_151*` → `9_151`, `1_168^` → `1_168`: foil and alternate image are the same card.
pub fn base_id(id: &str) -> &str {
    id.trim_end_matches(['*', '^'])
}

/// The set of a `set_number` id (`225_54` → 225).
pub fn set_of(id: &str) -> Option<u32> {
    let (set, rest) = id.split_once('_')?;
    let number = rest.strip_suffix("_BACK").unwrap_or(rest);
    if set.is_empty()
        || set.len() > 4
        || !set.bytes().all(|b| b.is_ascii_digit())
        || number.is_empty()
        || number.len() > 5
        || !number.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    set.parse().ok()
}

/// Whether a text is written as a GEMP blueprint id (`9_151`, `1_168*`, `200_16_BACK`).
pub fn looks_like_id(text: &str) -> bool {
    set_of(base_id(text.trim())).is_some()
}

/// `Darth Maul (AI)` → `Darth Maul`; `None` when the title has no alternate-image mark.
fn without_alternate_image(title: &str) -> Option<&str> {
    let open = title.rfind(" (")?;
    let mark = title[open + 2..].strip_suffix(')')?;
    mark.split(' ')
        .any(|w| w == "AI")
        .then(|| title[..open].trim_end())
}

/// A card database title without its uniqueness marks (`•`, `<>`, `◊`).
/// A two-sided card whose sides share a title is named once.
fn display_title(title: &str) -> String {
    let plain = |t: &str| {
        t.trim_start_matches(['•', '◊', ' '])
            .trim_start_matches("<>")
            .trim()
            .to_string()
    };
    match title.split_once(" / ") {
        Some((front, back)) if plain(front) == plain(back) => plain(front),
        _ => plain(title),
    }
}

/// The card database's type as GEMP names the category.
fn pc_category(kind: &str) -> String {
    if kind.starts_with("Jedi Test") {
        return "JEDI_TEST".into();
    }
    kind.replace('\'', "")
        .replace([' ', '-'], "_")
        .to_ascii_uppercase()
}

/// The card database's icons as GEMP names them (`Episode I` → `EPISODE_I`); a Defensive
/// Shield has the DEFENSIVE_SHIELD icon whether or not the database lists it.
fn pc_icons(face: &upstream::PcFace, strings: &mut Strings) -> Box<[Arc<str>]> {
    let mut icons: Vec<Arc<str>> = face
        .icons
        .iter()
        .map(|i| {
            let name = i.split(" x").next().unwrap_or(i);
            strings.get(&pc_category(name))
        })
        .collect();
    if face.kind == "Defensive Shield" && !icons.iter().any(|i| &**i == "DEFENSIVE_SHIELD") {
        icons.push(strings.get("DEFENSIVE_SHIELD"));
    }
    icons.into_boxed_slice()
}

fn xxh(bytes: &[u8]) -> u64 {
    // FxHash is enough to tell two catalogs apart.
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    bytes.hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_read_without_foil_and_alternate_image_marks() {
        assert_eq!(base_id("9_151*"), "9_151");
        assert_eq!(base_id("1_168^*"), "1_168");
        assert_eq!(set_of("225_54"), Some(225));
        assert_eq!(set_of("200_16_BACK"), Some(200));
        for bad in ["", "_1", "9_", "x_1", "9_1_2", "99999_1", "1_-1"] {
            assert_eq!(set_of(bad), None, "{bad}");
        }
        assert!(looks_like_id(" 9_151* "));
        assert!(!looks_like_id("Alter"));
    }

    #[test]
    fn categories_and_icons_of_the_card_database_are_named_as_gemp_names_them() {
        assert_eq!(pc_category("Defensive Shield"), "DEFENSIVE_SHIELD");
        assert_eq!(pc_category("Admiral's Order"), "ADMIRALS_ORDER");
        assert_eq!(pc_category("Jedi Test #5"), "JEDI_TEST");
        assert_eq!(pc_category("Game Aid"), "GAME_AID");
        assert_eq!(category_name("ADMIRALS_ORDER"), "Admiral's Order");
        assert_eq!(category_name("DEFENSIVE_SHIELD"), "Defensive Shield");
        let face = upstream::PcFace {
            title: "Fanfare".into(),
            kind: "Defensive Shield".into(),
            icons: vec!["Episode I".into(), "Warrior x2".into()],
        };
        let icons: Vec<String> = pc_icons(&face, &mut Strings::default())
            .iter()
            .map(|i| i.to_string())
            .collect();
        assert_eq!(icons, ["EPISODE_I", "WARRIOR", "DEFENSIVE_SHIELD"]);
    }

    #[test]
    fn titles_lose_their_uniqueness_marks_for_display() {
        assert_eq!(display_title("•Bane Malar"), "Bane Malar");
        assert_eq!(display_title("•••Yarkora"), "Yarkora");
        assert_eq!(display_title("<>Planetary Rings"), "Planetary Rings");
        assert_eq!(
            display_title("•Jabba's Prize / Jabba's Prize"),
            "Jabba's Prize"
        );
        assert_eq!(
            display_title("Carbon Chamber Testing / My Favorite Decoration"),
            "Carbon Chamber Testing / My Favorite Decoration"
        );
        assert_eq!(
            without_alternate_image("•Darth Maul (AI)"),
            Some("•Darth Maul")
        );
        assert_eq!(
            without_alternate_image("Darth Maul, Lone Hunter (C-Slip AI 2)"),
            Some("Darth Maul, Lone Hunter")
        );
        assert_eq!(without_alternate_image("Fanfare (V)"), None);
    }
}
