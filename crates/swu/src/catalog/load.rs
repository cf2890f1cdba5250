//! Loading the catalog from a directory of swu-db API responses, and building it from records.
//!
//! Card files are `all_cards.json` (a combined array) and files named after a set code
//! (`SOR.json`, `ASH.json`: the API's `{"total_cards": N, "data": [...]}` for one set, or an
//! array), in the directory or any directory below it. Other JSON files (companion files such as
//! `sets.upstream.json`) are not card files and are passed over. A file or record that cannot be
//! read stops the load with its path, the record's index and the record itself.

use rustc_hash::FxHashMap as HashMap;
use std::path::{Path, PathBuf};

use jiff::civil::Date;
use serde::Deserialize;
use serde_json::value::RawValue;

use super::model::{Aspects, CardType, Rarity, RawCard};
use super::{
    Card, CardId, Catalog, IdIndex, KeyIndex, Printing, PrintingId, SetIdx, identity_key,
    printing_key,
};
use deckcheck_core::text::squash;

/// Why a catalog could not be loaded. Each variant names the file, and the record where one broke.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("card data directory {path} does not exist or is not a directory")]
    NotFound { path: PathBuf },
    #[error("cannot read {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("no card files (all_cards.json or SET.json) found under {path}")]
    NoCardFiles { path: PathBuf },
    #[error(
        "{path} is not swu-db card data (expected an array of cards or {{\"data\": [...]}}): {source}"
    )]
    Json {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("the card names in other languages cannot be read: {reason}")]
    Names { reason: super::NamesError },
    #[error("{path}, record {index}: {reason}; the record: {record}")]
    Record {
        path: PathBuf,
        index: usize,
        reason: RecordError,
        record: String,
    },
}

/// Why one card record cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    #[error("set {set:?} and number {number:?} do not form an id")]
    NotAnId { set: String, number: String },
    #[error("the card has no Name")]
    NoName,
    #[error("unknown card Type {0:?}")]
    UnknownType(String),
    #[error("set code {0:?} is not 1 to 8 letters and digits")]
    SetCode(String),
    #[error("too many sets")]
    TooManySets,
}

/// A record of the records given to [`build`] that cannot be read, by its index.
#[derive(Debug, thiserror::Error)]
#[error("record {index}: {reason}")]
pub struct BuildError {
    pub index: usize,
    pub reason: RecordError,
}

/// The API's per-set response.
#[derive(Deserialize)]
struct SetResponse<'a> {
    #[serde(borrow)]
    data: Vec<&'a RawValue>,
}

/// Which release date a set code has, so that a newer printing's attributes win over an
/// older one's (swu-db types SOR's Snapshot Reflexes as an Event and SHD's as an Upgrade;
/// the later printing is right).
pub type ReleaseDateOf<'a> = &'a dyn Fn(&str) -> Option<Date>;

/// Loads every card file under `dir` into one catalog.
pub fn load_dir(dir: &Path, release_date_of: ReleaseDateOf<'_>) -> Result<Catalog, CatalogError> {
    if !dir.is_dir() {
        return Err(CatalogError::NotFound {
            path: dir.to_path_buf(),
        });
    }
    let mut files = Vec::new();
    find_card_files(dir, 0, &mut files)?;
    if files.is_empty() {
        return Err(CatalogError::NoCardFiles {
            path: dir.to_path_buf(),
        });
    }
    // The combined file first, then per-set files: a printing in both keeps the first record.
    files.sort_by_key(|p| (!p.ends_with("all_cards.json"), p.clone()));

    let mut builder = Builder::new(release_date_of);
    let mut hasher = xxhash_rust::xxh3::Xxh3::new();
    for path in &files {
        let bytes = std::fs::read(path).map_err(|source| CatalogError::Io {
            path: path.clone(),
            source,
        })?;
        hasher.update(
            path.strip_prefix(dir)
                .unwrap_or(path)
                .to_string_lossy()
                .as_bytes(),
        );
        hasher.update(&bytes);
        let text = std::str::from_utf8(&bytes).map_err(|e| CatalogError::Io {
            path: path.clone(),
            source: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
        })?;
        for card in read_records(path, text)? {
            let (index, card) = card;
            builder.add(card).map_err(|reason| CatalogError::Record {
                path: path.clone(),
                index,
                reason,
                record: String::new(),
            })?;
        }
    }
    // The names in other languages a sync keeps beside the cards, if any.
    let names = super::localized::read_files(dir, &mut |bytes| hasher.update(bytes))
        .map_err(|reason| CatalogError::Names { reason })?;
    let mut version = format!("xxh3:{:016x}", hasher.digest());
    if let Some(synced_at) = synced_at(dir) {
        version.push('@');
        version.push_str(&synced_at);
    }
    Ok(builder.finish(version).with_local_names(&names))
}

/// The sync time recorded in a synced catalog's manifest, if there is one.
fn synced_at(dir: &Path) -> Option<String> {
    deckcheck_core::sync::read_manifest(dir).map(|m| m.synced_at)
}

/// Reads every card record of one swu-db file (an API response or an array), with its index.
/// `path` only names the file in errors.
pub fn read_records(path: &Path, text: &str) -> Result<Vec<(usize, RawCard)>, CatalogError> {
    // One typed pass for the files that are fine (all of them, normally); the slower pass
    // record by record only to name the record that broke.
    #[derive(Deserialize)]
    struct Typed {
        data: Vec<RawCard>,
    }
    let typed = if text.trim_start().starts_with('[') {
        serde_json::from_str::<Vec<RawCard>>(text).ok()
    } else {
        serde_json::from_str::<Typed>(text).ok().map(|t| t.data)
    };
    if let Some(cards) = typed {
        return Ok(cards.into_iter().enumerate().collect());
    }
    records_of(path, text)?
        .into_iter()
        .enumerate()
        .map(|(index, raw)| {
            serde_json::from_str::<RawCard>(raw.get())
                .map(|card| (index, card))
                .map_err(|e| CatalogError::Record {
                    path: path.to_path_buf(),
                    index,
                    reason: e.into(),
                    record: deckcheck_core::echo(raw.get()),
                })
        })
        .collect()
}

/// Builds a catalog from records already in memory (tests, and data that arrived over HTTP).
pub fn build(
    records: impl IntoIterator<Item = RawCard>,
    release_date_of: ReleaseDateOf<'_>,
    version: String,
) -> Result<Catalog, BuildError> {
    let mut builder = Builder::new(release_date_of);
    for (index, record) in records.into_iter().enumerate() {
        builder
            .add(record)
            .map_err(|reason| BuildError { index, reason })?;
    }
    Ok(builder.finish(version))
}

fn records_of<'a>(path: &Path, text: &'a str) -> Result<Vec<&'a RawValue>, CatalogError> {
    let json_error = |source| CatalogError::Json {
        path: path.to_path_buf(),
        source,
    };
    if text.trim_start().starts_with('[') {
        serde_json::from_str::<Vec<&RawValue>>(text).map_err(json_error)
    } else {
        serde_json::from_str::<SetResponse>(text)
            .map(|r| r.data)
            .map_err(json_error)
    }
}

pub fn is_card_file(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    let Some(stem) = name.strip_suffix(".json") else {
        return false;
    };
    stem == "all_cards"
        || (!stem.is_empty() && stem.len() <= 8 && stem.chars().all(|c| c.is_ascii_alphanumeric()))
}

/// Card files under `dir`, at most three directories deep (against link loops).
pub fn find_card_files(dir: &Path, depth: u32, out: &mut Vec<PathBuf>) -> Result<(), CatalogError> {
    let entries = std::fs::read_dir(dir).map_err(|source| CatalogError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    for entry in entries {
        let entry = entry.map_err(|source| CatalogError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let path = entry.path();
        if path.is_dir() {
            // Deep enough for a mirror with one folder per snapshot; bounded against link loops.
            if depth < 3 {
                find_card_files(&path, depth + 1, out)?;
            }
        } else if is_card_file(&path) {
            out.push(path);
        }
    }
    Ok(())
}

struct Builder<'a> {
    catalog: Catalog,
    set_index: HashMap<String, SetIdx>,
    /// [`identity_key`] → card, while cards are added (the catalog keeps a [`KeyIndex`]).
    identities: HashMap<String, CardId>,
    /// The printings' keys, while they are added (the catalog keeps an [`IdIndex`]).
    keys: rustc_hash::FxHashSet<super::PrintingKey>,
    /// Release date of the printing each card's attributes were taken from.
    attributes_from: Vec<Option<Date>>,
    release_date_of: ReleaseDateOf<'a>,
}

impl<'a> Builder<'a> {
    fn new(release_date_of: ReleaseDateOf<'a>) -> Self {
        Self {
            catalog: Catalog::default(),
            set_index: HashMap::default(),
            identities: HashMap::default(),
            keys: Default::default(),
            attributes_from: Vec::new(),
            release_date_of,
        }
    }

    fn add(&mut self, raw: RawCard) -> Result<(), RecordError> {
        let set_code = raw.set.trim().to_ascii_uppercase();
        let code = format!("{set_code}_{}", raw.number.trim());
        let key = printing_key(&code).ok_or_else(|| RecordError::NotAnId {
            set: raw.set.clone(),
            number: raw.number.clone(),
        })?;
        if !self.keys.insert(key) {
            return Ok(());
        }
        let title = raw.name.trim();
        if title.is_empty() {
            return Err(RecordError::NoName);
        }
        let card_type = CardType::parse(&raw.card_type)
            .ok_or_else(|| RecordError::UnknownType(raw.card_type.clone()))?;
        let subtitle = raw
            .subtitle
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty());
        let set = self.intern_set(&set_code)?;
        let released = self.catalog.released[set.index()];
        let aspects = Aspects::parse(raw.aspects.iter().map(String::as_str));
        let declares_start_side = raw.declares_start_side();

        let identity = identity_key(title, subtitle);
        let card_id = match self.identities.get(&identity) {
            Some(id) => {
                let idx = id.0 as usize;
                // A later set's printing corrects an earlier one's attributes.
                if released > self.attributes_from[idx] {
                    let card = &mut self.catalog.cards[idx];
                    card.card_type = card_type;
                    card.aspects = aspects;
                    card.unique = raw.unique;
                    self.attributes_from[idx] = released;
                }
                self.catalog.cards[idx].declares_start_side |= declares_start_side;
                *id
            }
            None => {
                let id = CardId(self.catalog.cards.len() as u32);
                self.catalog.cards.push(Card {
                    id,
                    title: title.into(),
                    subtitle: subtitle.map(Into::into),
                    card_type,
                    aspects,
                    unique: raw.unique,
                    declares_start_side,
                    printings: Vec::new(),
                    sets: Vec::new(),
                });
                self.attributes_from.push(released);
                self.identities.insert(identity, id);
                id
            }
        };
        let printing_id = PrintingId(self.catalog.printings.len() as u32);
        let variant = self
            .catalog
            .variant(raw.variant_type.as_deref().unwrap_or("Normal"));
        self.catalog.printings.push(Printing {
            id: printing_id,
            card: card_id,
            set,
            code: code.into(),
            variant,
            rarity: Rarity::parse(raw.rarity.as_deref()),
            numbered: None,
        });
        let card = &mut self.catalog.cards[card_id.0 as usize];
        card.printings.push(printing_id);
        if !card.sets.contains(&set) {
            card.sets.push(set);
        }
        Ok(())
    }

    fn intern_set(&mut self, code: &str) -> Result<SetIdx, RecordError> {
        if let Some(idx) = self.set_index.get(code) {
            return Ok(*idx);
        }
        if code.is_empty() || code.len() > 8 || !code.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(RecordError::SetCode(code.to_string()));
        }
        let idx =
            SetIdx(u16::try_from(self.catalog.sets.len()).map_err(|_| RecordError::TooManySets)?);
        self.catalog.sets.push(code.to_string());
        self.catalog.released.push((self.release_date_of)(code));
        self.set_index.insert(code.to_string(), idx);
        Ok(idx)
    }

    fn finish(mut self, version: String) -> Catalog {
        let catalog = &mut self.catalog;
        catalog.version = version.into();
        let mut identities: Vec<(String, CardId)> = self.identities.into_iter().collect();
        let mut full_names: Vec<(String, CardId)> = Vec::with_capacity(catalog.cards.len());
        let mut titles: Vec<(String, CardId)> = Vec::with_capacity(catalog.cards.len());
        for card in &mut catalog.cards {
            card.printings.shrink_to_fit();
            card.sets.shrink_to_fit();
            let sub = card.subtitle.as_deref().unwrap_or("");
            full_names.push((squash(&format!("{} {sub}", card.title)), card.id));
            titles.push((squash(&card.title), card.id));
            catalog.names.add(card.id, &card.title);
            if !sub.is_empty() {
                catalog.names.add(card.id, &format!("{} {sub}", card.title));
            }
        }
        // A double-sided card titled "Front // Back" is listed by its front too
        // ("Chancellor Palpatine | Playing Both Sides", as deck sites write it): after its
        // own names, and by identity only where no card has that identity.
        for c in &catalog.cards {
            let Some((front, _)) = c.title.split_once(" // ") else {
                continue;
            };
            let front = front.trim();
            let sub = c
                .subtitle
                .as_deref()
                .map(|s| s.split_once(" // ").map_or(s, |(f, _)| f));
            identities.push((identity_key(front, sub), c.id));
            full_names.push((squash(&format!("{front} {}", sub.unwrap_or(""))), c.id));
            titles.push((squash(front), c.id));
            catalog.names.add(c.id, front);
            if let Some(sub) = sub {
                catalog.names.add(c.id, &format!("{front} {sub}"));
            }
        }
        catalog.by_identity = KeyIndex::build(identities);
        catalog.full_names = KeyIndex::build(full_names);
        catalog.titles = KeyIndex::build(titles);
        catalog.names.compact();
        catalog.cards.shrink_to_fit();
        catalog.printings.shrink_to_fit();
        catalog.ids = IdIndex::build(&catalog.printings);
        self.catalog
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::CardType;

    fn raw(set: &str, number: &str, name: &str, subtitle: Option<&str>, ty: &str) -> RawCard {
        RawCard {
            set: set.into(),
            number: number.into(),
            name: name.into(),
            subtitle: subtitle.map(Into::into),
            card_type: ty.into(),
            aspects: vec![],
            rarity: Some("Common".into()),
            unique: false,
            variant_type: Some("Normal".into()),
            front_text: None,
            back_text: None,
        }
    }

    fn dates(code: &str) -> Option<Date> {
        match code {
            "SOR" => Some(jiff::civil::date(2024, 3, 8)),
            "SHD" => Some(jiff::civil::date(2024, 7, 12)),
            _ => None,
        }
    }

    #[test]
    fn reprints_and_trailing_spaces_share_one_identity() {
        let catalog = build(
            [
                raw("SOR", "220", "Surprise Strike", None, "Event"),
                raw("SHD", "231", "Surprise Strike ", None, "Event"),
            ],
            &dates,
            "test".into(),
        )
        .unwrap();
        assert_eq!(catalog.cards().len(), 1);
        let a = catalog.printing_by_id("SOR_220").unwrap().card;
        let b = catalog.printing_by_id("SHD_231").unwrap().card;
        assert_eq!(a, b);
        assert_eq!(catalog.card(a).printings.len(), 2);
    }

    #[test]
    fn the_newer_printing_corrects_a_card_typed_differently_in_two_sets() {
        let catalog = build(
            [
                raw("SHD", "223", "Snapshot Reflexes", None, "Upgrade"),
                raw("SOR", "215", "Snapshot Reflexes", None, "Event"),
            ],
            &dates,
            "test".into(),
        )
        .unwrap();
        let card = catalog.card_by_identity("snapshot reflexes", None).unwrap();
        assert_eq!(card.card_type, CardType::Upgrade);
    }

    #[test]
    fn a_record_with_an_unknown_type_is_refused_with_its_index() {
        let err = build(
            [
                raw("SOR", "1", "A", None, "Unit"),
                raw("SOR", "2", "B", None, "Planet"),
            ],
            &dates,
            "test".into(),
        )
        .unwrap_err();
        assert_eq!(err.index, 1);
        assert!(
            matches!(&err.reason, RecordError::UnknownType(t) if t == "Planet"),
            "{err}"
        );
    }

    #[test]
    fn companion_files_are_not_card_files() {
        assert!(is_card_file(Path::new("x/all_cards.json")));
        assert!(is_card_file(Path::new("x/SOR.json")));
        assert!(is_card_file(Path::new("x/TS26.json")));
        assert!(!is_card_file(Path::new("x/sets.upstream.json")));
        assert!(!is_card_file(Path::new("x/corrections.upstream.json")));
        assert!(!is_card_file(Path::new("x/README.md")));
    }
}
