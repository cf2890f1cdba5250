//! The card catalog: swlcg-json's product files read whole, checked, and indexed by OCTGN id,
//! by objective set and by name.
//!
//! A catalog directory holds `swlcg-json/<product>.json` (a synced catalog, or the mirror CI
//! reads), or `json/<product>.json` (a checkout of the upstream repository), and may hold the
//! restricted list transcription `restricted_list_faq_v5.0.json`, which is checked against the
//! project's own dated list when the game loads. A file that does not load fails with its path
//! and the record that broke it.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use deckcheck_core::CardRef;
use deckcheck_core::names::NameIndex;
use deckcheck_core::text::squash;
use rustc_hash::FxHashMap as HashMap;
use serde::{Deserialize, Serialize};

/// Why a catalog cannot be loaded: the directory, the file, or the record that breaks it.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("{}: no swlcg-json/ (or json/) directory of product files", dir.display())]
    NoCardsDir { dir: PathBuf },
    #[error("{}: {cause}", path.display())]
    Read {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error("{}: no product files", dir.display())]
    NoProducts { dir: PathBuf },
    #[error("{}: not a JSON list of cards: {cause}", path.display())]
    NotAList {
        path: PathBuf,
        cause: serde_json::Error,
    },
    #[error("{}: record {index} ({id}): {cause}", path.display())]
    Record {
        path: PathBuf,
        index: usize,
        id: String,
        cause: serde_json::Error,
    },
    /// A file that does not parse though each of its records does.
    #[error("{}: {cause}", path.display())]
    Parse {
        path: PathBuf,
        cause: serde_json::Error,
    },
    #[error("{file}: holds no cards")]
    Empty { file: String },
    #[error("{cards} cards: more than the catalog can index")]
    TooMany { cards: usize },
    #[error("{card}: {problem}")]
    Card { card: CardAt, problem: CardProblem },
    #[error("objective set {set} has no card {missing}: every set has six")]
    SetIncomplete { set: usize, missing: usize },
}

/// A card of a product file, as an error names it.
#[derive(Debug)]
pub struct CardAt {
    pub path: PathBuf,
    pub id: String,
    pub title: String,
}

impl std::fmt::Display for CardAt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: card {} ({})",
            self.path.display(),
            self.id,
            self.title
        )
    }
}

/// What is wrong with one card of a product file.
#[derive(Debug, thiserror::Error)]
pub enum CardProblem {
    #[error("the OCTGN id is used twice")]
    IdTwice,
    #[error("marked affiliation-locked, but its text names no affiliation")]
    LockedToNone,
    #[error("its objective counts cannot be read: {text:?}")]
    Alliance { text: String },
    #[error("objective set sequence {seq} is not 1-6")]
    Sequence { seq: u16 },
    #[error(
        "card {seq} of set {set} is a {kind:?}; an objective set's card 1, and only it, is its objective"
    )]
    Objective { seq: u16, set: u16, kind: CardType },
    #[error("set {set} has two cards {seq}")]
    TwoCards { set: u16, seq: u16 },
    #[error("a mission outside any objective set")]
    MissionOutsideSet,
}

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
    /// Keyed by the card's own id (one copy of each id).
    by_id: HashMap<Arc<str>, CardIdx>,
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

/// One card as swlcg-json writes it; other fields are not read. Its names borrow from the file's
/// bytes (owned where the file escapes a character).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawCard<'a> {
    #[serde(borrow)]
    product: Cow<'a, str>,
    number: u32,
    #[serde(borrow)]
    octgn_id: Cow<'a, str>,
    objective_set_number: Option<u16>,
    objective_set_sequence: Option<u16>,
    side: Side,
    affiliation: Affiliation,
    is_locked_to_affiliation: bool,
    #[serde(rename = "type")]
    kind: CardType,
    #[serde(borrow)]
    title: Cow<'a, str>,
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
fn read_file<'a>(path: &Path, bytes: &'a [u8]) -> Result<Vec<RawCard<'a>>, CatalogError> {
    match serde_json::from_slice::<Vec<RawCard>>(bytes) {
        Ok(cards) => Ok(cards),
        Err(whole) => {
            let records: Vec<serde_json::Value> =
                serde_json::from_slice(bytes).map_err(|cause| CatalogError::NotAList {
                    path: path.to_path_buf(),
                    cause,
                })?;
            for (index, record) in records.iter().enumerate() {
                if let Err(cause) = RawCard::deserialize(record) {
                    let id = record
                        .get("octgnId")
                        .and_then(|v| v.as_str())
                        .unwrap_or("no octgnId");
                    return Err(CatalogError::Record {
                        path: path.to_path_buf(),
                        index,
                        id: id.to_string(),
                        cause,
                    });
                }
            }
            Err(CatalogError::Parse {
                path: path.to_path_buf(),
                cause: whole,
            })
        }
    }
}

/// Checks the cards of one product file as they arrive in a sync.
pub fn check_product_file(name: &str, bytes: &[u8]) -> Result<usize, CatalogError> {
    let cards = read_file(Path::new(name), bytes)?;
    if cards.is_empty() {
        return Err(CatalogError::Empty {
            file: name.to_string(),
        });
    }
    Ok(cards.len())
}

/// One shared copy of each string many cards hold (a title printed in several sets).
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

impl Catalog {
    /// Loads a catalog directory whole.
    pub fn load(dir: &Path) -> Result<Self, CatalogError> {
        let cards_dir = cards_dir(dir).ok_or_else(|| CatalogError::NoCardsDir {
            dir: dir.to_path_buf(),
        })?;
        let read = |path: &Path| {
            std::fs::read(path).map_err(|cause| CatalogError::Read {
                path: path.to_path_buf(),
                cause,
            })
        };
        let mut names: Vec<PathBuf> = std::fs::read_dir(&cards_dir)
            .map_err(|cause| CatalogError::Read {
                path: cards_dir.clone(),
                cause,
            })?
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
            return Err(CatalogError::NoProducts { dir: cards_dir });
        }
        // One file at a time: its records borrow from its bytes, let go once its cards are in.
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        let mut catalog = Self::empty();
        let mut strings = Strings::default();
        for path in names {
            let bytes = read(&path)?;
            hasher.update(&bytes);
            catalog.add_file(&mut strings, &path, &bytes)?;
        }
        catalog.finish()?;
        let restricted_path = dir.join(RESTRICTED_FILE);
        let restricted_file = if restricted_path.is_file() {
            let bytes = read(&restricted_path)?;
            hasher.update(&bytes);
            let list: RawRestricted =
                serde_json::from_slice(&bytes).map_err(|cause| CatalogError::Parse {
                    path: restricted_path,
                    cause,
                })?;
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
        catalog.version = version.into();
        catalog.restricted_file = restricted_file;
        Ok(catalog)
    }

    /// A catalog from product files' bytes (what [`Catalog::load`] reads; fixtures in tests).
    pub fn from_files(
        files: Vec<(PathBuf, Vec<u8>)>,
        version: String,
    ) -> Result<Self, CatalogError> {
        let mut catalog = Self::empty();
        let mut strings = Strings::default();
        for (path, bytes) in &files {
            catalog.add_file(&mut strings, path, bytes)?;
        }
        catalog.finish()?;
        catalog.version = version.into();
        Ok(catalog)
    }

    fn empty() -> Self {
        Self {
            cards: Vec::new(),
            products: Vec::new(),
            files: Vec::new(),
            by_id: HashMap::default(),
            sets: Vec::new(),
            titles: NameIndex::default(),
            objectives: NameIndex::default(),
            affiliations: NameIndex::default(),
            restricted_file: None,
            version: "".into(),
        }
    }

    /// Adds the cards of one product file.
    fn add_file(
        &mut self,
        strings: &mut Strings,
        path: &Path,
        bytes: &[u8],
    ) -> Result<(), CatalogError> {
        let cards = read_file(path, bytes)?;
        let file = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_string();
        self.files.push((file, cards.len()));
        for c in cards {
            self.add(strings, path, c)?;
        }
        Ok(())
    }

    /// Adds one card, checked: its id not taken, its set and sequence, its lock and counts read.
    fn add(
        &mut self,
        strings: &mut Strings,
        path: &Path,
        c: RawCard<'_>,
    ) -> Result<(), CatalogError> {
        if self.cards.len() >= usize::from(CardIdx::MAX) {
            return Err(CatalogError::TooMany {
                cards: self.cards.len() + 1,
            });
        }
        let idx = self.cards.len() as CardIdx;
        let broken = |problem| CatalogError::Card {
            card: CardAt {
                path: path.to_path_buf(),
                id: c.octgn_id.to_string(),
                title: c.title.to_string(),
            },
            problem,
        };
        let id: Arc<str> = c.octgn_id.trim().to_ascii_lowercase().into();
        if self.by_id.insert(id.clone(), idx).is_some() {
            return Err(broken(CardProblem::IdTwice));
        }
        let product = match self.products.iter().position(|p| *p == c.product) {
            Some(p) => p,
            None => {
                self.products.push(c.product.to_string());
                self.products.len() - 1
            }
        } as u16;
        let text = c.text.as_deref().unwrap_or_default();
        let locked = if c.is_locked_to_affiliation {
            Some(locked_affiliation(text).ok_or_else(|| broken(CardProblem::LockedToNone))?)
        } else {
            None
        };
        let alliance = if c.kind == CardType::Affiliation && text.contains("must contain exactly") {
            Some(parse_alliance(text).ok_or_else(|| {
                broken(CardProblem::Alliance {
                    text: text.to_string(),
                })
            })?)
        } else {
            None
        };
        let seq = c.objective_set_sequence.unwrap_or(0);
        if let Some(set) = c.objective_set_number {
            if !(1..=6).contains(&seq) {
                return Err(broken(CardProblem::Sequence { seq }));
            }
            if (seq == 1) != (c.kind == CardType::Objective) {
                return Err(broken(CardProblem::Objective {
                    seq,
                    set,
                    kind: c.kind,
                }));
            }
            let slot = usize::from(set);
            if self.sets.len() <= slot {
                self.sets.resize(slot + 1, None);
            }
            let cards = self.sets[slot].get_or_insert([CardIdx::MAX; 6]);
            let place = &mut cards[usize::from(seq - 1)];
            if *place != CardIdx::MAX {
                return Err(broken(CardProblem::TwoCards { set, seq }));
            }
            *place = idx;
        } else if c.kind == CardType::Mission {
            return Err(broken(CardProblem::MissionOutsideSet));
        }
        let card = Card {
            id,
            title: strings.get(c.title.trim()),
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
        self.titles.add(idx, &card.title);
        match card.kind {
            CardType::Objective if card.set.is_some() => self.objectives.add(idx, &card.title),
            CardType::Affiliation => self.affiliations.add(idx, &card.title),
            _ => {}
        }
        self.cards.push(card);
        Ok(())
    }

    /// The catalog once every file is in: every objective set has its six cards.
    fn finish(&mut self) -> Result<(), CatalogError> {
        self.cards.shrink_to_fit();
        for index in [
            &mut self.titles,
            &mut self.objectives,
            &mut self.affiliations,
        ] {
            index.compact();
        }
        for (set, cards) in self.sets.iter().enumerate() {
            if let Some(cards) = cards
                && let Some(missing) = cards.iter().position(|c| *c == CardIdx::MAX)
            {
                return Err(CatalogError::SetIncomplete {
                    set,
                    missing: missing + 1,
                });
            }
        }
        Ok(())
    }

    pub fn card(&self, idx: CardIdx) -> &Card {
        &self.cards[usize::from(idx)]
    }

    /// A card as an answer names it: its OCTGN id and its title.
    pub fn card_ref(&self, idx: CardIdx) -> CardRef {
        let card = self.card(idx);
        CardRef::new(card.id.clone(), card.title.clone(), None)
    }

    /// A card by its OCTGN GUID, whatever its case, with or without braces.
    pub fn by_id(&self, id: &str) -> Option<CardIdx> {
        let id = id.trim().trim_start_matches('{').trim_end_matches('}');
        if id.len() > 64 {
            return None;
        }
        // Every byte looked at, none skipped: a loop the compiler runs many bytes at a time
        // (ids are written in lower case, so this seldom finds one).
        if id
            .bytes()
            .fold(false, |upper, b| upper | b.is_ascii_uppercase())
        {
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

    /// A catalog of these records, as a product file's would make.
    fn build(cards: Vec<(&Path, RawCard<'_>)>) -> Result<Catalog, CatalogError> {
        let mut catalog = Catalog::empty();
        let mut strings = Strings::default();
        for (path, c) in cards {
            catalog.add(&mut strings, path, c)?;
        }
        catalog.finish()?;
        Ok(catalog)
    }

    fn raw(id: &str, set: Option<u16>, seq: u16, kind: CardType) -> (&'static Path, RawCard<'_>) {
        (
            Path::new("test.json"),
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
                title: format!("Card {id}").into(),
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
        let err = build(cards).unwrap_err();
        assert!(
            matches!(err, CatalogError::SetIncomplete { set: 1, missing: 3 }),
            "{err}"
        );
    }

    #[test]
    fn a_duplicate_id_names_its_file_and_card() {
        let cards = vec![
            raw("a", None, 0, CardType::Affiliation),
            raw("A", None, 0, CardType::Affiliation),
        ];
        let err = build(cards).unwrap_err();
        assert!(err.to_string().starts_with("test.json: card A"), "{err}");
        assert!(matches!(
            err,
            CatalogError::Card {
                problem: CardProblem::IdTwice,
                ..
            }
        ));
    }

    #[test]
    fn a_broken_record_is_named_by_its_index_and_id() {
        let bytes = br#"[{"octgnId": "x1", "title": "Broken"}]"#;
        let err = read_file(Path::new("core-set.json"), bytes).unwrap_err();
        assert!(
            err.to_string().starts_with("core-set.json: record 0 (x1):"),
            "{err}"
        );
    }
}
