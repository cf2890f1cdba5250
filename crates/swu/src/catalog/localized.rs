//! Card names in the other languages Star Wars: Unlimited is printed in (German, French, Italian,
//! Spanish), from the official card database, so that a list written in any of them, or in
//! several at once, is read (TR 3.2.4, CEG 4.1.1: "a player's deck can include cards in any
//! number of languages"; issue 28).
//!
//! A sync keeps one file per language beside the catalog, `localized/names.<lang>.json`
//! ([`NamesFile`]): per set of the official database, each record's name in that language and
//! its English name. Loading matches each record to a card of the catalog by its English name
//! (title and subtitle; a base by its title, as the official records leave a base's subtitle
//! empty where swu-db writes the planet), and indexes the names the way the English ones are:
//! exactly, folded (case, accents, `ß`, `’`, punctuation), by title alone, and for did-you-mean.
//! A name that is the English name (Italian names of recent sets are) is not indexed again; a
//! record whose English name matches no card is left out. A card with no localized record is
//! read by its English name only.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use deckcheck_core::names::{NameIndex, Suggestion, Written};
use deckcheck_core::text::{identity_fold, squash};
use serde::{Deserialize, Serialize};

use super::{CardId, Catalog, KeyIndex, identity_key};

/// A language of the official card database other than English.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    De,
    Fr,
    It,
    Es,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Self::De, Self::Fr, Self::It, Self::Es];

    /// The code the database and answers use: `de`.
    pub fn code(self) -> &'static str {
        match self {
            Self::De => "de",
            Self::Fr => "fr",
            Self::It => "it",
            Self::Es => "es",
        }
    }

    /// In words: `German`.
    pub fn name(self) -> &'static str {
        match self {
            Self::De => "German",
            Self::Fr => "French",
            Self::It => "Italian",
            Self::Es => "Spanish",
        }
    }

    pub fn parse(code: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code.trim()))
    }
}

/// Where a synced catalog keeps the names, relative to its directory.
pub const DIR: &str = "localized";

/// The file of one language's names.
pub fn file_name(lang: Lang) -> String {
    format!("{DIR}/names.{}.json", lang.code())
}

/// One language's names as a sync keeps them (the project's own shape of what it fetched).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamesFile {
    pub locale: Lang,
    /// Where they were fetched from.
    pub upstream: String,
    /// Per set code of the official database (`SOR`, `HMWP`), its cards' records.
    pub sets: BTreeMap<String, Vec<NameRecord>>,
}

/// One record: a printing's name in the file's language, and its English name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NameRecord {
    pub number: u32,
    pub name: Name,
    /// The same record's English name: what it is matched to a card by.
    pub en: Name,
    /// The type as the database names it in English (`Unit`, `Base`, `Token Upgrade`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// The names, in this language, of the printing it reprints, where the record gives them
    /// (a promo untranslated where its original printing is translated).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<Name>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Name {
    pub title: String,
    /// Empty and missing are the same (the database writes both `""` and `null`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
}

impl Name {
    pub fn new(title: &str, subtitle: Option<&str>) -> Self {
        Self {
            title: title.trim().to_string(),
            subtitle: subtitle
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string),
        }
    }

    /// "Title | Subtitle", the way lists write a card.
    pub fn display(&self) -> String {
        match &self.subtitle {
            Some(sub) => format!("{} | {sub}", self.title),
            None => self.title.clone(),
        }
    }
}

/// Reads the names files of a catalog directory (none is no error: English only), handing each
/// file's bytes to `seen` (the catalog's content hash).
pub fn read_files(dir: &Path, seen: &mut dyn FnMut(&[u8])) -> Result<Vec<NamesFile>, NamesError> {
    let mut files = Vec::new();
    for lang in Lang::ALL {
        let path = dir.join(file_name(lang));
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(source) => return Err(NamesError::Io { path, source }),
        };
        seen(&bytes);
        let file: NamesFile = match serde_json::from_slice(&bytes) {
            Ok(file) => file,
            Err(source) => return Err(NamesError::Json { path, source }),
        };
        if file.locale != lang {
            return Err(NamesError::Locale {
                path,
                holds: file.locale,
            });
        }
        files.push(file);
    }
    Ok(files)
}

/// Why a names file of a catalog directory cannot be read, with its path.
#[derive(Debug, thiserror::Error)]
pub enum NamesError {
    #[error("{path}: {source}", path = path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: not a names file: {source}", path = path.display())]
    Json {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("{path}: holds {} names", holds.code(), path = path.display())]
    Locale { path: PathBuf, holds: Lang },
}

/// A localized name of the index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NameId(u32);

#[derive(Debug, Clone)]
struct LocalName {
    card: CardId,
    lang: Lang,
    display: Arc<str>,
}

/// The keys of the names, while they are added (the index keeps each as a [`KeyIndex`]).
#[derive(Default)]
struct Keys {
    identity: Vec<(String, NameId)>,
    full_names: Vec<(String, NameId)>,
    titles: Vec<(String, NameId)>,
}

/// Every localized name of a catalog, indexed like the English ones.
#[derive(Debug, Clone, Default)]
pub struct LocalNames {
    names: Vec<LocalName>,
    /// [`identity_key`] → names.
    identity: KeyIndex<NameId>,
    /// squash(title + subtitle) → names.
    full_names: KeyIndex<NameId>,
    /// squash(title) → names.
    titles: KeyIndex<NameId>,
    suggest: NameIndex<NameId>,
    /// Per language, the sets its names cover.
    coverage: BTreeMap<Lang, BTreeSet<String>>,
    /// Records whose English name is no card of the catalog.
    pub unmatched: usize,
}

impl LocalNames {
    /// Matches the records of `files` to the catalog's cards and indexes their names.
    pub fn build(catalog: &Catalog, files: &[NamesFile]) -> Self {
        let mut out = Self::default();
        let mut keys = Keys::default();
        let mut seen: BTreeSet<(CardId, Lang, String)> = BTreeSet::new();
        for file in files {
            for (set, records) in &file.sets {
                for record in records {
                    let Some(card) = match_card(catalog, set, record) else {
                        out.unmatched += 1;
                        continue;
                    };
                    out.coverage
                        .entry(file.locale)
                        .or_default()
                        .insert(set.clone());
                    for name in std::iter::once(&record.name).chain(&record.also) {
                        let key = identity_key(&name.title, name.subtitle.as_deref());
                        if is_english(catalog, card, name)
                            || !seen.insert((card, file.locale, key.clone()))
                        {
                            continue;
                        }
                        out.add(&mut keys, card, file.locale, name, key);
                    }
                }
            }
        }
        out.identity = KeyIndex::build(keys.identity);
        out.full_names = KeyIndex::build(keys.full_names);
        out.titles = KeyIndex::build(keys.titles);
        out.suggest.compact();
        out
    }

    fn add(&mut self, keys: &mut Keys, card: CardId, lang: Lang, name: &Name, identity: String) {
        let id = NameId(self.names.len() as u32);
        let display = name.display();
        self.names.push(LocalName {
            card,
            lang,
            display: display.as_str().into(),
        });
        keys.identity.push((identity, id));
        let sub = name.subtitle.as_deref().unwrap_or("");
        keys.full_names
            .push((squash(&format!("{} {sub}", name.title)), id));
        keys.titles.push((squash(&name.title), id));
        self.suggest.add(id, &name.title);
        if !sub.is_empty() {
            self.suggest.add(id, &format!("{} {sub}", name.title));
        }
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// How many names are indexed.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// The card a name names.
    pub fn card(&self, id: NameId) -> CardId {
        self.names[id.0 as usize].card
    }

    pub fn lang(&self, id: NameId) -> Lang {
        self.names[id.0 as usize].lang
    }

    /// A name as an answer shows it beside the English one.
    pub fn written(&self, id: NameId) -> Written {
        let n = &self.names[id.0 as usize];
        Written {
            name: Arc::clone(&n.display),
            lang: n.lang.code(),
        }
    }

    /// Names with exactly this title and subtitle (case and Unicode form aside).
    pub fn by_identity(&self, key: &str) -> &[NameId] {
        self.identity.get(key)
    }

    /// Names whose title and subtitle, squashed together, equal the input's.
    pub fn by_full_name(&self, squashed: &str) -> &[NameId] {
        self.full_names.get(squashed)
    }

    /// Names with this title (squashed), whatever their subtitle.
    pub fn by_title(&self, squashed: &str) -> &[NameId] {
        self.titles.get(squashed)
    }

    /// Did-you-mean among the localized names.
    pub fn suggest(
        &self,
        query: &str,
        n: usize,
        keep: impl Fn(CardId) -> bool,
    ) -> Vec<Suggestion<NameId>> {
        self.suggest.suggest(query, n, |id| keep(self.card(id)))
    }

    /// The sets whose names the data holds, per language.
    pub fn coverage(&self) -> &BTreeMap<Lang, BTreeSet<String>> {
        &self.coverage
    }
}

/// Whether a localized name is the card's English name (Italian names of recent sets are),
/// or its English title alone where the localized record has no subtitle (a base, whose
/// subtitle swu-db writes and the official records leave empty).
fn is_english(catalog: &Catalog, card: CardId, name: &Name) -> bool {
    let c = catalog.card(card);
    let title = identity_fold(&name.title) == identity_fold(&c.title);
    let subtitle = match (&name.subtitle, &c.subtitle) {
        (None, _) => true,
        (Some(a), Some(b)) => identity_fold(a) == identity_fold(b),
        (Some(_), None) => false,
    };
    title && subtitle
}

/// The card of the catalog a record is a printing of: by its English title and subtitle; else,
/// for a record without a subtitle (a base), the one card with its English title, or among
/// several the one printed under the record's set and number.
fn match_card(catalog: &Catalog, set: &str, record: &NameRecord) -> Option<CardId> {
    let en = &record.en;
    if let Some(card) = catalog.card_by_identity(&en.title, en.subtitle.as_deref()) {
        return Some(card.id);
    }
    if let [one] = catalog.by_full_name(&en.title, en.subtitle.as_deref()) {
        return Some(*one);
    }
    if en.subtitle.is_some() {
        return None;
    }
    let folded = identity_fold(&en.title);
    let titled: Vec<CardId> = catalog
        .by_title(&en.title)
        .iter()
        .copied()
        .filter(|c| identity_fold(&catalog.card(*c).title) == folded)
        .collect();
    match titled.as_slice() {
        [one] => Some(*one),
        [] => None,
        several => {
            let printed = catalog.printing_by_id(&format!("{set}_{:03}", record.number))?;
            several.contains(&printed.card).then_some(printed.card)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_read_their_codes_and_nothing_else() {
        assert_eq!(Lang::parse("DE"), Some(Lang::De));
        assert_eq!(Lang::parse(" es "), Some(Lang::Es));
        assert_eq!(Lang::parse("en"), None);
        assert_eq!(Lang::parse("pt"), None);
        assert_eq!(file_name(Lang::Fr), "localized/names.fr.json");
    }

    #[test]
    fn an_empty_subtitle_is_no_subtitle() {
        assert_eq!(
            Name::new("Echo Base", Some("")),
            Name::new("Echo Base", None)
        );
        assert_eq!(
            Name::new(" Eravana ", Some("Hauling Rathtars")).display(),
            "Eravana | Hauling Rathtars"
        );
    }
}
