//! Card names in German, French, Italian and Spanish from the official card database
//! (`admin.starwarsunlimited.com/api`, shared/data/swu/localized/SOURCES.md), fetched by the same
//! sync as the cards (issue 28): staged beside them, checked, and made current with them in one
//! step. Every language by default; `--locales de,fr` limits them (`en` alone: none).
//!
//! Over HTTP: the set list (`card-expansions`), then for each language and set the base records
//! of the card list (`card-list?locale=de&filters[expansion][code][$eq]=SOR&…`), page by page.
//! Each page must parse, hold records of that language and set only, and the pages together the
//! total the first announced. A mirror of the database is a directory of its pages named
//! `card-list.<set>.<locale>.json` (`card-list.<set>.<locale>.<page>.json` from the second page
//! on), as the sample in shared/data/swu/localized/ is.
//!
//! Of each record the sync keeps its name, its English name (what loading matches it to a card
//! by), its type, and the names of the printing it reprints where given: one file per language,
//! `localized/names.<locale>.json` ([`NamesFile`]). The pages themselves (about 14 KB a record,
//! art and rules text included) are not kept.

use std::collections::BTreeMap;
use std::path::Path;

use deckcheck_core::sync::{Fetch, Session, SyncError, Upstream};
use serde::Deserialize;

use crate::catalog::localized::{Lang, Name, NameRecord, NamesFile, file_name};

/// The official card database, as the sync knows it.
pub const UPSTREAM: Upstream = Upstream {
    name: "names",
    default_upstream: "https://admin.starwarsunlimited.com/api",
    what: "card names in German, French, Italian and Spanish (the official card database)",
};

/// Records per page asked for (the database answers pages of 250).
const PAGE_SIZE: u32 = 250;
/// The most pages one set may take: a set of a few hundred cards takes two.
const MAX_PAGES: u32 = 40;

/// The languages to fetch, from `--locales` (`None`: all four). English is always there: it is
/// the card data itself.
pub fn languages(asked: Option<&[String]>) -> Result<Vec<Lang>, SyncError> {
    let Some(asked) = asked else {
        return Ok(Lang::ALL.to_vec());
    };
    let mut langs = Vec::new();
    for code in asked.iter().flat_map(|a| a.split(',')).map(str::trim) {
        if code.is_empty() || code.eq_ignore_ascii_case("en") {
            continue;
        }
        let lang = Lang::parse(code).ok_or_else(|| SyncError::BadFile {
            file: "--locales".into(),
            reason: format!(
                "{:?} is not a language of the official card database (en, de, fr, it, es)",
                deckcheck_core::echo(code)
            ),
        })?;
        if !langs.contains(&lang) {
            langs.push(lang);
        }
    }
    Ok(langs)
}

/// Fetches the names of every language asked into the session.
pub fn fetch(session: &mut Session<'_>, langs: &[Lang]) -> Result<(), SyncError> {
    if langs.is_empty() {
        return Ok(());
    }
    let Some(upstream) = session.also_from(UPSTREAM.name) else {
        session.progress(
            "card names in other languages: no upstream given for them; English names only",
        );
        return Ok(());
    };
    let source: Box<dyn Pages> = match upstream.mirror() {
        Some(dir) => Box::new(Mirror::scan(dir)?),
        None => Box::new(Api),
    };
    let sets = source.sets(session, upstream)?;
    if sets.is_empty() {
        session.progress(&format!(
            "card names in other languages: {} has none; English names only",
            upstream.name()
        ));
        return Ok(());
    }
    for lang in langs {
        let mut file = NamesFile {
            locale: *lang,
            upstream: upstream.name(),
            sets: BTreeMap::new(),
        };
        for set in &sets {
            let records = fetch_set(session, upstream, source.as_ref(), set, *lang)?;
            if !records.is_empty() {
                file.sets.insert(set.clone(), records);
            }
        }
        let bytes = serde_json::to_vec_pretty(&file).expect("a names file serializes");
        session.put(&file_name(*lang), &bytes)?;
    }
    Ok(())
}

/// Where the pages are: the database over HTTP, or a directory of its pages.
trait Pages {
    /// The set codes to ask names for.
    fn sets(
        &self,
        session: &mut Session<'_>,
        upstream: &dyn Fetch,
    ) -> Result<Vec<String>, SyncError>;
    /// The path of one page of a set's records in a language (`None`: the mirror has no such page).
    fn page(&self, set: &str, lang: Lang, page: u32) -> Option<String>;
}

/// The database over HTTP.
struct Api;

impl Pages for Api {
    fn sets(
        &self,
        session: &mut Session<'_>,
        upstream: &dyn Fetch,
    ) -> Result<Vec<String>, SyncError> {
        let local = "localized/_page.json";
        let bytes = match session.get_from(upstream, "card-expansions?locale=en", local) {
            Ok(bytes) => bytes,
            // An upstream that serves no localized names (a mirror of swu-db's API only).
            Err(SyncError::Fetch(e)) if e.is_not_found() => return Ok(Vec::new()),
            Err(e) => return Err(e),
        };
        session.discard(local);
        expansion_codes(&bytes)
    }

    fn page(&self, set: &str, lang: Lang, page: u32) -> Option<String> {
        Some(format!(
            "card-list?locale={}&filters[$and][0][variantOf][id][$null]=true&filters[$and][1][expansion][code][$eq]={set}&sort[0]=cardNumber:asc&pagination[page]={page}&pagination[pageSize]={PAGE_SIZE}",
            lang.code()
        ))
    }
}

/// A directory of the database's pages: `card-list.<set>.<locale>[.<page>].json`, anywhere up
/// to two directories down.
struct Mirror {
    /// (set code as written in the file name, locale, page) → path relative to the mirror.
    pages: BTreeMap<(String, String, u32), String>,
}

impl Mirror {
    fn scan(dir: &Path) -> Result<Self, SyncError> {
        let mut pages = BTreeMap::new();
        scan(dir, dir, 0, &mut pages).map_err(|e| SyncError::BadFile {
            file: dir.display().to_string(),
            reason: e.to_string(),
        })?;
        Ok(Self { pages })
    }
}

fn scan(
    root: &Path,
    dir: &Path,
    depth: u32,
    out: &mut BTreeMap<(String, String, u32), String>,
) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            if depth < 2 {
                scan(root, &path, depth + 1, out)?;
            }
            continue;
        }
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Some(parts) = name
            .strip_prefix("card-list.")
            .and_then(|n| n.strip_suffix(".json"))
        else {
            continue;
        };
        let parts: Vec<&str> = parts.split('.').collect();
        let (set, locale, page) = match parts.as_slice() {
            [set, locale] => (*set, *locale, 1),
            [set, locale, page] => match page.parse() {
                Ok(page) => (*set, *locale, page),
                Err(_) => continue,
            },
            _ => continue,
        };
        let relative = path.strip_prefix(root).unwrap_or(&path);
        out.insert(
            (set.to_ascii_uppercase(), locale.to_ascii_lowercase(), page),
            relative.to_string_lossy().replace('\\', "/"),
        );
    }
    Ok(())
}

impl Pages for Mirror {
    fn sets(&self, _: &mut Session<'_>, _: &dyn Fetch) -> Result<Vec<String>, SyncError> {
        let mut sets: Vec<String> = self.pages.keys().map(|(s, _, _)| s.clone()).collect();
        sets.dedup();
        Ok(sets)
    }

    fn page(&self, set: &str, lang: Lang, page: u32) -> Option<String> {
        self.pages
            .get(&(set.to_string(), lang.code().to_string(), page))
            .cloned()
    }
}

/// The codes of `card-expansions`: `{"data": [{"id", "attributes": {"code", "name"}}]}`.
fn expansion_codes(bytes: &[u8]) -> Result<Vec<String>, SyncError> {
    #[derive(Deserialize)]
    struct List {
        data: Vec<Item>,
    }
    #[derive(Deserialize)]
    struct Item {
        #[serde(default)]
        attributes: Option<Code>,
        #[serde(default)]
        code: Option<String>,
    }
    #[derive(Deserialize)]
    struct Code {
        code: String,
    }
    let bad = |reason: String| SyncError::BadFile {
        file: "card-expansions".into(),
        reason,
    };
    let list: List = serde_json::from_slice(bytes).map_err(|e| bad(e.to_string()))?;
    let mut codes = Vec::new();
    for (i, item) in list.data.into_iter().enumerate() {
        let code = item
            .attributes
            .map(|a| a.code)
            .or(item.code)
            .ok_or_else(|| bad(format!("set {i} has no code")))?;
        let code = code.trim().to_ascii_uppercase();
        if code.is_empty() || code.len() > 8 || !code.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(bad(format!(
                "{:?} is not a set code",
                deckcheck_core::echo(&code)
            )));
        }
        codes.push(code);
    }
    codes.sort();
    codes.dedup();
    if codes.is_empty() {
        return Err(bad("it lists no sets".into()));
    }
    Ok(codes)
}

/// One page of the card list, as much of it as the names need.
#[derive(Deserialize)]
struct Page {
    data: Vec<Record>,
    #[serde(default)]
    meta: Option<Meta>,
}

#[derive(Deserialize)]
struct Meta {
    pagination: Pagination,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Pagination {
    #[serde(default)]
    page_count: Option<u32>,
    #[serde(default)]
    total: Option<usize>,
}

#[derive(Deserialize)]
struct Record {
    attributes: Attributes,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Attributes {
    card_number: u32,
    title: String,
    #[serde(default)]
    subtitle: Option<String>,
    #[serde(default)]
    locale: Option<String>,
    #[serde(default)]
    localizations: Option<Many<Localization>>,
    #[serde(default, rename = "type")]
    kind: Option<One<Value>>,
    #[serde(default)]
    expansion: Option<One<Expansion>>,
    #[serde(default)]
    reprint_of: Option<One<Reprint>>,
}

/// A Strapi relation: `{"data": {"attributes": …}}` (or `{"data": null}`).
#[derive(Deserialize)]
struct One<T> {
    data: Option<Attributed<T>>,
}

#[derive(Deserialize)]
struct Many<T> {
    data: Vec<Attributed<T>>,
}

#[derive(Deserialize)]
struct Attributed<T> {
    attributes: T,
}

#[derive(Deserialize)]
struct Localization {
    title: String,
    #[serde(default)]
    subtitle: Option<String>,
    locale: String,
}

#[derive(Deserialize)]
struct Value {
    #[serde(default)]
    value: Option<String>,
}

#[derive(Deserialize)]
struct Expansion {
    #[serde(default)]
    code: Option<String>,
}

#[derive(Deserialize)]
struct Reprint {
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    subtitle: Option<String>,
    #[serde(default)]
    locale: Option<String>,
}

/// Every record of a set in a language, page by page, each page checked.
fn fetch_set(
    session: &mut Session<'_>,
    upstream: &dyn Fetch,
    source: &dyn Pages,
    set: &str,
    lang: Lang,
) -> Result<Vec<NameRecord>, SyncError> {
    let mut records = Vec::new();
    let mut fetched = 0;
    let mut total = None;
    let mut page = 1;
    while let Some(path) = source.page(set, lang, page) {
        let local = "localized/_page.json";
        let bytes = session.get_from(upstream, &path, local)?;
        session.discard(local);
        let what = format!("the {} names of {set}, page {page}", lang.name());
        let bad = |reason: String| SyncError::BadFile {
            file: what.clone(),
            reason,
        };
        let answer: Page = serde_json::from_slice(&bytes).map_err(|e| bad(e.to_string()))?;
        let pagination = answer.meta.map(|m| m.pagination);
        if page == 1 {
            total = pagination.as_ref().and_then(|p| p.total);
        }
        let pages = pagination.and_then(|p| p.page_count).unwrap_or(1);
        let empty = answer.data.is_empty();
        fetched += answer.data.len();
        for (i, record) in answer.data.into_iter().enumerate() {
            records.extend(
                name_record(record, set, lang).map_err(|e| bad(format!("record {i}: {e}")))?,
            );
        }
        if empty || page >= pages {
            break;
        }
        if page >= MAX_PAGES {
            return Err(bad(format!("more than {MAX_PAGES} pages for one set")));
        }
        page += 1;
    }
    if let Some(total) = total
        && total != fetched
    {
        return Err(SyncError::BadFile {
            file: format!("the {} names of {set}", lang.name()),
            reason: format!("the first page announced {total} records, the pages hold {fetched}"),
        });
    }
    Ok(records)
}

/// What the names keep of a record, after checking it is of the set and language asked. A record
/// without an English localization cannot be matched to a card: `None`.
fn name_record(record: Record, set: &str, lang: Lang) -> Result<Option<NameRecord>, String> {
    let a = record.attributes;
    if let Some(locale) = &a.locale
        && !locale.eq_ignore_ascii_case(lang.code())
    {
        return Err(format!("its locale is {locale:?}, not {:?}", lang.code()));
    }
    if let Some(code) = a
        .expansion
        .as_ref()
        .and_then(|e| e.data.as_ref())
        .and_then(|d| d.attributes.code.as_deref())
        && !code.trim().eq_ignore_ascii_case(set)
    {
        return Err(format!("it belongs to set {code:?}, not {set}"));
    }
    if a.title.trim().is_empty() {
        return Err("it has no title".into());
    }
    let Some(en) = a
        .localizations
        .iter()
        .flat_map(|l| &l.data)
        .map(|l| &l.attributes)
        .find(|l| l.locale.eq_ignore_ascii_case("en"))
    else {
        return Ok(None);
    };
    let also = a
        .reprint_of
        .and_then(|r| r.data)
        .map(|r| r.attributes)
        .filter(|r| {
            r.locale
                .as_deref()
                .is_none_or(|l| l.eq_ignore_ascii_case(lang.code()))
        })
        .and_then(|r| Some(Name::new(r.title.as_deref()?, r.subtitle.as_deref())))
        .filter(|n| !n.title.is_empty());
    Ok(Some(NameRecord {
        number: a.card_number,
        name: Name::new(&a.title, a.subtitle.as_deref()),
        en: Name::new(&en.title, en.subtitle.as_deref()),
        kind: a.kind.and_then(|k| k.data).and_then(|k| k.attributes.value),
        also: also.into_iter().collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_languages_asked_are_read_and_english_is_always_there() {
        let ask = |list: &[&str]| {
            languages(Some(
                &list.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            ))
        };
        assert_eq!(languages(None).unwrap(), Lang::ALL);
        assert_eq!(ask(&["de,fr"]).unwrap(), [Lang::De, Lang::Fr]);
        assert_eq!(ask(&["FR", "de", "fr"]).unwrap(), [Lang::Fr, Lang::De]);
        assert!(ask(&["en"]).unwrap().is_empty());
        let err = ask(&["de,pt"]).unwrap_err().to_string();
        assert!(err.contains("\"pt\"") && err.contains("--locales"), "{err}");
    }

    #[test]
    fn the_set_list_is_read_in_strapis_shape_and_refused_when_it_is_not_one() {
        let list = br#"{"data": [{"id": 1, "attributes": {"code": "SOR", "name": "Spark"}}, {"id": 2, "attributes": {"code": "hmwp"}}], "meta": {}}"#;
        assert_eq!(expansion_codes(list).unwrap(), ["HMWP", "SOR"]);
        assert!(expansion_codes(br#"{"data": []}"#).is_err());
        assert!(expansion_codes(br#"{"data": [{"attributes": {"code": "../x"}}]}"#).is_err());
        assert!(expansion_codes(b"<html>").is_err());
    }

    #[test]
    fn a_record_of_another_set_or_language_is_refused() {
        let record = |locale: &str, code: &str| -> Record {
            serde_json::from_str(&format!(
                r#"{{"attributes": {{"cardNumber": 1, "title": "Eravana", "subtitle": "", "locale": "{locale}",
                "expansion": {{"data": {{"attributes": {{"code": "{code}"}}}}}},
                "localizations": {{"data": [{{"attributes": {{"title": "Eravana", "subtitle": "Hauling Rathtars", "locale": "en"}}}}]}}}}}}"#
            ))
            .unwrap()
        };
        let ok = name_record(record("de", "HMWP"), "HMWP", Lang::De)
            .unwrap()
            .unwrap();
        assert_eq!(ok.name, Name::new("Eravana", None));
        assert_eq!(ok.en.display(), "Eravana | Hauling Rathtars");
        assert!(name_record(record("fr", "HMWP"), "HMWP", Lang::De).is_err());
        assert!(name_record(record("de", "SOR"), "HMWP", Lang::De).is_err());
    }
}
