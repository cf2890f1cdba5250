//! The card catalog: swlcg-json's product files read whole, checked, and indexed by OCTGN id,
//! by objective set and by name.
//!
//! A catalog directory holds `swlcg-json/<product>.json` (a synced catalog, or the mirror CI
//! reads), or `json/<product>.json` (a checkout of the upstream repository), and may hold the
//! restricted list transcription `restricted_list_faq_v5.0.json`, which is checked against the
//! project's own dated list when the game loads. A file that does not load fails with its path
//! and the record that broke it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use deckcheck_core::names::NameIndex;
use deckcheck_core::text::squash;
use rustc_hash::FxHashMap as HashMap;
use serde::{Deserialize, Serialize};

/// A card's place in [`Catalog::cards`].
pub type CardIdx = u16;

/// The restricted list transcription a catalog directory may hold.
pub const RESTRICTED_FILE: &str = "restricted_list_faq_v5.0.json";

/// A group of that transcription: its name, and its sets (number, objective title).
pub type FileGroup = (String, Vec<(u16, String)>);

/// Read as the card data writes it ("Light"); written in answers as the other games write a
/// side ("light").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
pub enum Side {
    #[serde(rename(serialize = "light"))]
    Light,
    #[serde(rename(serialize = "dark"))]
    Dark,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Self::Light => "light side",
            Self::Dark => "dark side",
        }
    }

    pub fn data_name(self) -> &'static str {
        match self {
            Self::Light => "Light",
            Self::Dark => "Dark",
        }
    }
}

/// The six affiliations, and Neutral for objective sets that belong to none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
pub enum Affiliation {
    Jedi,
    #[serde(rename = "Rebel Alliance")]
    RebelAlliance,
    #[serde(rename = "Smugglers and Spies")]
    SmugglersAndSpies,
    Sith,
    #[serde(rename = "Imperial Navy")]
    ImperialNavy,
    #[serde(rename = "Scum and Villainy")]
    ScumAndVillainy,
    Neutral,
}

impl Affiliation {
    pub const ALL: [Self; 7] = [
        Self::Jedi,
        Self::RebelAlliance,
        Self::SmugglersAndSpies,
        Self::Sith,
        Self::ImperialNavy,
        Self::ScumAndVillainy,
        Self::Neutral,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Self::Jedi => "Jedi",
            Self::RebelAlliance => "Rebel Alliance",
            Self::SmugglersAndSpies => "Smugglers and Spies",
            Self::Sith => "Sith",
            Self::ImperialNavy => "Imperial Navy",
            Self::ScumAndVillainy => "Scum and Villainy",
            Self::Neutral => "Neutral",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(name.trim()))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
pub enum CardType {
    Affiliation,
    Objective,
    Unit,
    Event,
    Enhancement,
    Fate,
    Mission,
}

impl CardType {
    pub fn name(self) -> &'static str {
        match self {
            Self::Affiliation => "Affiliation",
            Self::Objective => "Objective",
            Self::Unit => "Unit",
            Self::Event => "Event",
            Self::Enhancement => "Enhancement",
            Self::Fate => "Fate",
            Self::Mission => "Mission",
        }
    }
}

/// What an Allies of Necessity affiliation card asks: "Your objective deck must contain exactly
/// A [X] objectives and exactly B [Y] and/or neutral objectives."
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alliance {
    pub main: Affiliation,
    pub main_count: u64,
    pub ally: Affiliation,
    pub ally_count: u64,
}

#[derive(Debug, Clone)]
pub struct Card {
    /// The OCTGN GUID, lowercase.
    pub id: Arc<str>,
    pub title: Arc<str>,
    pub side: Side,
    pub affiliation: Affiliation,
    pub kind: CardType,
    /// The objective set (1-284); `None` for affiliation cards and the Balance of the Force
    /// challenge decks.
    pub set: Option<u16>,
    /// 1 = the objective, 2-6 = the five command cards (by sequence, not by GUID).
    pub seq: u16,
    /// Index into [`Catalog::products`].
    pub product: u16,
    /// The printed card number (the FAQ cites cards by it: "0552").
    pub number: u32,
    /// The objective says "Limit 1 per objective deck." as printed.
    pub limit_one: bool,
    /// The objective says "<X> affiliation only."
    pub locked: Option<Affiliation>,
    /// An Allies of Necessity affiliation card's objective counts.
    pub alliance: Option<Alliance>,
    pub unique: bool,
    pub text: Option<Arc<str>>,
}

/// The catalog, read whole and indexed.
#[derive(Debug)]
pub struct Catalog {
    pub cards: Vec<Card>,
    /// Product names, in the order first read.
    pub products: Vec<String>,
    /// Each product file read and how many cards it holds (for the sync's inventory).
    pub files: Vec<(String, usize)>,
    by_id: HashMap<Box<str>, CardIdx>,
    /// Set number → its six cards by sequence.
    sets: Vec<Option<[CardIdx; 6]>>,
    /// Every card by title, for did-you-mean on an unknown id.
    titles: NameIndex<CardIdx>,
    /// Objective cards of objective sets, by title.
    objectives: NameIndex<CardIdx>,
    /// Affiliation cards, by title.
    affiliations: NameIndex<CardIdx>,
    /// The restricted list transcription found beside the cards.
    pub restricted_file: Option<Vec<FileGroup>>,
    /// Content hash of the files read (and the sync time when the directory has a manifest).
    pub version: Arc<str>,
}

/// One card as swlcg-json writes it; other fields are not read.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawCard {
    product: String,
    number: u32,
    octgn_id: String,
    objective_set_number: Option<u16>,
    objective_set_sequence: Option<u16>,
    side: Side,
    affiliation: Affiliation,
    is_locked_to_affiliation: bool,
    #[serde(rename = "type")]
    kind: CardType,
    title: String,
    #[serde(default)]
    is_unique: bool,
    is_limited_to_objective_deck: bool,
    text: Option<String>,
}

#[derive(Debug, Deserialize)]
struct RawRestricted {
    groups: Vec<RawGroup>,
}

#[derive(Debug, Deserialize)]
struct RawGroup {
    group: String,
    sets: Vec<RawRestrictedSet>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawRestrictedSet {
    title: String,
    objective_set_number: u16,
}

/// The directory holding the product files of a catalog directory.
pub fn cards_dir(dir: &Path) -> Option<PathBuf> {
    ["swlcg-json", "json"]
        .into_iter()
        .map(|d| dir.join(d))
        .find(|d| d.is_dir())
}

/// Reads one product file's cards: one typed pass, and record by record only to name a record
/// that breaks it.
fn read_file(path: &Path, bytes: &[u8]) -> Result<Vec<RawCard>, String> {
    match serde_json::from_slice::<Vec<RawCard>>(bytes) {
        Ok(cards) => Ok(cards),
        Err(whole) => {
            let records: Vec<serde_json::Value> = serde_json::from_slice(bytes)
                .map_err(|e| format!("{}: not a JSON list of cards: {e}", path.display()))?;
            for (i, record) in records.into_iter().enumerate() {
                let name = record
                    .get("octgnId")
                    .and_then(|v| v.as_str())
                    .unwrap_or("no octgnId")
                    .to_string();
                if let Err(e) = serde_json::from_value::<RawCard>(record) {
                    return Err(format!("{}: record {i} ({name}): {e}", path.display()));
                }
            }
            Err(format!("{}: {whole}", path.display()))
        }
    }
}

/// Checks the cards of one product file as they arrive in a sync.
pub fn check_product_file(name: &str, bytes: &[u8]) -> Result<usize, String> {
    let cards = read_file(Path::new(name), bytes)?;
    if cards.is_empty() {
        return Err(format!("{name}: holds no cards"));
    }
    Ok(cards.len())
}

impl Catalog {
    /// Loads a catalog directory whole.
    pub fn load(dir: &Path) -> Result<Self, String> {
        let cards_dir = cards_dir(dir).ok_or_else(|| {
            format!(
                "{}: no swlcg-json/ (or json/) directory of product files",
                dir.display()
            )
        })?;
        let mut names: Vec<PathBuf> = std::fs::read_dir(&cards_dir)
            .map_err(|e| format!("{}: {e}", cards_dir.display()))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| {
                p.extension().is_some_and(|e| e == "json")
                    && p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| !n.starts_with('_'))
            })
            .collect();
        names.sort();
        if names.is_empty() {
            return Err(format!("{}: no product files", cards_dir.display()));
        }
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        let mut files = Vec::with_capacity(names.len());
        for path in names {
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            hasher.update(&bytes);
            files.push((path, bytes));
        }
        let restricted_path = dir.join(RESTRICTED_FILE);
        let restricted_file = if restricted_path.is_file() {
            let bytes = std::fs::read(&restricted_path)
                .map_err(|e| format!("{}: {e}", restricted_path.display()))?;
            hasher.update(&bytes);
            let list: RawRestricted = serde_json::from_slice(&bytes)
                .map_err(|e| format!("{}: {e}", restricted_path.display()))?;
            Some(
                list.groups
                    .into_iter()
                    .map(|g| {
                        let sets = g
                            .sets
                            .into_iter()
                            .map(|s| (s.objective_set_number, s.title))
                            .collect();
                        (g.group, sets)
                    })
                    .collect(),
            )
        } else {
            None
        };
        let mut version = format!("swlcg-json {:016x}", hasher.digest());
        if let Some(manifest) = deckcheck_core::sync::read_manifest(dir) {
            version.push_str(&format!(" synced {}", manifest.synced_at));
        }
        let mut catalog = Self::from_files(files, version)?;
        catalog.restricted_file = restricted_file;
        Ok(catalog)
    }

    /// A catalog from product files' bytes (what [`Catalog::load`] reads; fixtures in tests).
    pub fn from_files(files: Vec<(PathBuf, Vec<u8>)>, version: String) -> Result<Self, String> {
        let mut raw = Vec::new();
        let mut counts = Vec::with_capacity(files.len());
        for (path, bytes) in files {
            let cards = read_file(&path, &bytes)?;
            let file = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default()
                .to_string();
            counts.push((file, cards.len()));
            raw.extend(cards.into_iter().map(|c| (path.clone(), c)));
        }
        Self::build(raw, counts, version)
    }

    fn build(
        raw: Vec<(PathBuf, RawCard)>,
        files: Vec<(String, usize)>,
        version: String,
    ) -> Result<Self, String> {
        if raw.len() > usize::from(CardIdx::MAX) {
            return Err(format!(
                "{} cards: more than the catalog can index",
                raw.len()
            ));
        }
        let mut catalog = Self {
            cards: Vec::with_capacity(raw.len()),
            products: Vec::new(),
            files,
            by_id: HashMap::default(),
            sets: Vec::new(),
            titles: NameIndex::default(),
            objectives: NameIndex::default(),
            affiliations: NameIndex::default(),
            restricted_file: None,
            version: version.into(),
        };
        for (path, c) in raw {
            let idx = catalog.cards.len() as CardIdx;
            let at = || format!("{}: card {} ({})", path.display(), c.octgn_id, c.title);
            let id = c.octgn_id.trim().to_ascii_lowercase();
            if catalog.by_id.insert(id.clone().into(), idx).is_some() {
                return Err(format!("{}: the OCTGN id is used twice", at()));
            }
            let product = match catalog.products.iter().position(|p| *p == c.product) {
                Some(p) => p,
                None => {
                    catalog.products.push(c.product.clone());
                    catalog.products.len() - 1
                }
            } as u16;
            let text = c.text.as_deref().unwrap_or_default();
            let locked = if c.is_locked_to_affiliation {
                Some(locked_affiliation(text).ok_or_else(|| {
                    format!(
                        "{}: marked affiliation-locked, but its text names no affiliation",
                        at()
                    )
                })?)
            } else {
                None
            };
            let alliance =
                if c.kind == CardType::Affiliation && text.contains("must contain exactly") {
                    Some(parse_alliance(text).ok_or_else(|| {
                        format!("{}: its objective counts cannot be read: {text:?}", at())
                    })?)
                } else {
                    None
                };
            let seq = c.objective_set_sequence.unwrap_or(0);
            if let Some(set) = c.objective_set_number {
                if !(1..=6).contains(&seq) {
                    return Err(format!("{}: objective set sequence {seq} is not 1-6", at()));
                }
                if (seq == 1) != (c.kind == CardType::Objective) {
                    return Err(format!(
                        "{}: card {seq} of set {set} is a {:?}; an objective set's card 1, and only it, is its objective",
                        at(),
                        c.kind
                    ));
                }
                let slot = usize::from(set);
                if catalog.sets.len() <= slot {
                    catalog.sets.resize(slot + 1, None);
                }
                let cards = catalog.sets[slot].get_or_insert([CardIdx::MAX; 6]);
                let place = &mut cards[usize::from(seq - 1)];
                if *place != CardIdx::MAX {
                    return Err(format!("{}: set {set} has two cards {seq}", at()));
                }
                *place = idx;
            } else if c.kind == CardType::Mission {
                return Err(format!("{}: a mission outside any objective set", at()));
            }
            let card = Card {
                id: id.into(),
                title: c.title.trim().into(),
                side: c.side,
                affiliation: c.affiliation,
                kind: c.kind,
                set: c.objective_set_number,
                seq,
                product,
                number: c.number,
                limit_one: c.is_limited_to_objective_deck,
                locked,
                alliance,
                unique: c.is_unique,
                text: c.text.map(Into::into),
            };
            catalog.titles.add(idx, &card.title);
            match card.kind {
                CardType::Objective if card.set.is_some() => {
                    catalog.objectives.add(idx, &card.title)
                }
                CardType::Affiliation => catalog.affiliations.add(idx, &card.title),
                _ => {}
            }
            catalog.cards.push(card);
        }
        for (set, cards) in catalog.sets.iter().enumerate() {
            if let Some(cards) = cards
                && let Some(missing) = cards.iter().position(|c| *c == CardIdx::MAX)
            {
                return Err(format!(
                    "objective set {set} has no card {}: every set has six",
                    missing + 1
                ));
            }
        }
        Ok(catalog)
    }

    pub fn card(&self, idx: CardIdx) -> &Card {
        &self.cards[usize::from(idx)]
    }

    /// A card by its OCTGN GUID, whatever its case, with or without braces.
    pub fn by_id(&self, id: &str) -> Option<CardIdx> {
        let id = id.trim().trim_start_matches('{').trim_end_matches('}');
        if id.len() > 64 {
            return None;
        }
        if id.bytes().any(|b| b.is_ascii_uppercase()) {
            self.by_id.get(id.to_ascii_lowercase().as_str()).copied()
        } else {
            self.by_id.get(id).copied()
        }
    }

    /// The six cards of set `set`, by sequence.
    pub fn set(&self, set: u16) -> Option<&[CardIdx; 6]> {
        self.sets.get(usize::from(set)).and_then(Option::as_ref)
    }

    /// The objective card of set `set`.
    pub fn objective(&self, set: u16) -> Option<&Card> {
        self.set(set).map(|cards| self.card(cards[0]))
    }

    /// The objective card whose title is `title` (titles are unique across the sets).
    pub fn objective_by_title(&self, title: &str) -> Option<CardIdx> {
        self.objectives.exact(title).first().copied()
    }

    pub fn affiliation_by_title(&self, title: &str) -> Option<CardIdx> {
        self.affiliations.exact(title).first().copied()
    }

    pub fn suggest_objectives(&self, query: &str, n: usize) -> Vec<CardIdx> {
        self.objectives
            .suggest(query, n, |_| true)
            .into_iter()
            .map(|s| s.card)
            .collect()
    }

    pub fn suggest_affiliations(&self, query: &str, n: usize) -> Vec<CardIdx> {
        self.affiliations
            .suggest(query, n, |_| true)
            .into_iter()
            .map(|s| s.card)
            .collect()
    }

    pub fn suggest_cards(&self, query: &str, n: usize) -> Vec<CardIdx> {
        self.titles
            .suggest(query, n, |_| true)
            .into_iter()
            .map(|s| s.card)
            .collect()
    }

    /// Cards whose title is exactly `title` once squashed.
    pub fn cards_titled(&self, title: &str) -> &[CardIdx] {
        self.titles.exact(title)
    }

    /// Whether two titles are the same card name once squashed.
    pub fn same_title(a: &str, b: &str) -> bool {
        a == b || squash(a) == squash(b)
    }
}

/// "<X> affiliation only." in an objective's text.
fn locked_affiliation(text: &str) -> Option<Affiliation> {
    Affiliation::ALL
        .into_iter()
        .find(|a| text.contains(&format!("{} affiliation only", a.name())))
}

/// "Your objective deck must contain exactly 6 [Jedi] objectives and exactly 6 [Rebel
/// Alliance] and/or neutral objectives."
fn parse_alliance(text: &str) -> Option<Alliance> {
    let rest = text.split_once("must contain exactly ")?.1;
    let (main_count, rest) = rest.split_once(" [")?;
    let (main, rest) = rest.split_once("] objectives and exactly ")?;
    let (ally_count, rest) = rest.split_once(" [")?;
    let (ally, _) = rest.split_once("] and/or neutral objectives")?;
    Some(Alliance {
        main: Affiliation::parse(main)?,
        main_count: main_count.trim().parse().ok()?,
        ally: Affiliation::parse(ally)?,
        ally_count: ally_count.trim().parse().ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_allies_of_necessity_affiliation_card_gives_its_objective_counts() {
        let text = "Your objective deck must contain exactly 6 [Jedi] objectives and exactly 6 [Rebel Alliance] and/or neutral objectives.\nStarting Reserve: 7";
        assert_eq!(
            parse_alliance(text),
            Some(Alliance {
                main: Affiliation::Jedi,
                main_count: 6,
                ally: Affiliation::RebelAlliance,
                ally_count: 6
            })
        );
        assert_eq!(parse_alliance("Phase Sequence: Balance | Refresh"), None);
    }

    #[test]
    fn an_affiliation_lock_is_read_from_the_objective_text() {
        assert_eq!(
            locked_affiliation("Scum and Villainy affiliation only.\nReaction: ..."),
            Some(Affiliation::ScumAndVillainy)
        );
        assert_eq!(locked_affiliation("Limit 1 per objective deck."), None);
    }

    fn raw(id: &str, set: Option<u16>, seq: u16, kind: CardType) -> (PathBuf, RawCard) {
        (
            PathBuf::from("test.json"),
            RawCard {
                product: "Core Set".into(),
                number: 1,
                octgn_id: id.into(),
                objective_set_number: set,
                objective_set_sequence: Some(seq),
                side: Side::Light,
                affiliation: Affiliation::Jedi,
                is_locked_to_affiliation: false,
                kind,
                title: format!("Card {id}"),
                is_unique: false,
                is_limited_to_objective_deck: false,
                text: None,
            },
        )
    }

    #[test]
    fn a_set_without_six_cards_does_not_load() {
        let cards = vec![
            raw("a", Some(1), 1, CardType::Objective),
            raw("b", Some(1), 2, CardType::Unit),
        ];
        let err = Catalog::build(cards, vec![], "t".into()).unwrap_err();
        assert!(err.contains("objective set 1 has no card 3"), "{err}");
    }

    #[test]
    fn a_duplicate_id_names_its_file_and_card() {
        let cards = vec![
            raw("a", None, 0, CardType::Affiliation),
            raw("A", None, 0, CardType::Affiliation),
        ];
        let err = Catalog::build(cards, vec![], "t".into()).unwrap_err();
        assert!(err.contains("test.json: card A"), "{err}");
    }

    #[test]
    fn a_broken_record_is_named_by_its_index_and_id() {
        let bytes = br#"[{"octgnId": "x1", "title": "Broken"}]"#;
        let err = read_file(Path::new("core-set.json"), bytes).unwrap_err();
        assert!(err.starts_with("core-set.json: record 0 (x1):"), "{err}");
    }
}
