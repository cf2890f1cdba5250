//! Card names in German, French, Italian and Spanish from the official card database
//! (`admin.starwarsunlimited.com/api`, shared/data/swu/localized/SOURCES.md), fetched by the same
//! sync as the cards (issue 28): staged beside them, checked, and made current with them in one
//! step. Every language by default; `--locales de,fr` limits them (`en` alone: none).
//!
//! Over HTTP: the set list (`card-expansions`), then for each language and set the base records
//! of the card list (`card-list?locale=de&filters[expansion][code][$eq]=SOR&…`). Both are paged
//! (Strapi's `meta.pagination`: `page`, `pageSize`, `pageCount`, `total`; a default page of 25,
//! and the server may cap the size asked): every list is read page by page to its `pageCount`,
//! each page must say where it stands, and the pages together must hold the `total` the first
//! announced, else the sync fails and keeps the current data (issue 36: the set list read by its
//! first page alone lost the newest sets' names without a word). Each card-list page must also
//! hold records of that language and set only. A mirror of the database is a directory of its
//! pages named
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

/// Records per page asked for. The server may answer smaller pages (Strapi caps the size at
/// its `maxLimit`): the pages are followed to the `pageCount` it answers, whatever their size.
const PAGE_SIZE: u32 = 250;
/// The most pages one list may take: a set of a few hundred cards takes two pages of 250, and
/// forty pages of 25 hold a thousand records.
const MAX_PAGES: u32 = 40;

/// Where the reading of one paged list stands: what its first page announced, what was read.
#[derive(Debug)]
struct Paging {
    /// The list, in words, for errors: "the set list", "the German names of SOR".
    list: String,
    /// Whether every page must carry `meta.pagination` (over HTTP it always does; a page of a
    /// mirror directory may not).
    required: bool,
    total: Option<usize>,
    pages: u32,
    read: usize,
}

impl Paging {
    fn new(list: String, required: bool) -> Self {
        Self {
            list,
            required,
            total: None,
            pages: 1,
            read: 0,
        }
    }

    /// Takes page `page` (from 1), its pagination and how many records it held; whether there
    /// is another page to read.
    fn page(
        &mut self,
        page: u32,
        pagination: Option<&Pagination>,
        rows: usize,
    ) -> Result<bool, SyncError> {
        let bad = |reason: String| SyncError::BadFile {
            file: format!("{}, page {page}", self.list),
            reason,
        };
        self.read += rows;
        let Some(p) = pagination else {
            if self.required {
                return Err(bad(
                    "it has no meta.pagination, so whether the list is whole cannot be told".into(),
                ));
            }
            return Ok(false);
        };
        if let Some(at) = p.page
            && at != page
        {
            return Err(bad(format!("it says it is page {at}")));
        }
        if page == 1 {
            self.total = p.total;
            self.pages = p.page_count.unwrap_or(1);
            if self.required && (p.total.is_none() || p.page_count.is_none()) {
                return Err(bad(
                    "its meta.pagination gives no total or pageCount, so whether the list is whole cannot be told"
                        .into(),
                ));
            }
            if self.pages > MAX_PAGES {
                return Err(bad(format!(
                    "it announces {} pages, more than the {MAX_PAGES} one list may take",
                    self.pages
                )));
            }
        } else if p.total.is_some() && p.total != self.total {
            return Err(bad(format!(
                "it announces {} records where the first page announced {}: the list changed while it was read",
                p.total.unwrap_or_default(),
                self.total.unwrap_or_default()
            )));
        }
        Ok(page < self.pages && rows > 0)
    }

    /// The list read whole: as many records as the first page announced.
    fn finish(self) -> Result<(), SyncError> {
        match self.total {
            Some(announced) if announced != self.read => Err(SyncError::Incomplete {
                list: self.list,
                announced,
                read: self.read,
            }),
            _ => Ok(()),
        }
    }
}

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
    /// Whether the pages are the database's own answers, which always say where they stand.
    fn is_upstream(&self) -> bool;
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
        let mut paging = Paging::new("the set list (card-expansions)".into(), true);
        let mut codes = Vec::new();
        for page in 1..=MAX_PAGES {
            let path = format!(
                "card-expansions?locale=en&pagination[page]={page}&pagination[pageSize]={PAGE_SIZE}"
            );
            let bytes = match session.get_from(upstream, &path, local) {
                Ok(bytes) => bytes,
                // An upstream that serves no localized names (a mirror of swu-db's API only).
                Err(SyncError::Fetch(e)) if e.is_not_found() && page == 1 => {
                    return Ok(Vec::new());
                }
                Err(e) => return Err(e),
            };
            session.discard(local);
            let (page_codes, pagination) = expansion_codes(&bytes)?;
            let more = paging.page(page, pagination.as_ref(), page_codes.len())?;
            codes.extend(page_codes);
            if !more {
                break;
            }
        }
        paging.finish()?;
        codes.sort();
        codes.dedup();
        if codes.is_empty() {
            return Err(SyncError::BadFile {
                file: "card-expansions".into(),
                reason: "it lists no sets".into(),
            });
        }
        Ok(codes)
    }

    fn page(&self, set: &str, lang: Lang, page: u32) -> Option<String> {
        Some(format!(
            "card-list?locale={}&filters[$and][0][variantOf][id][$null]=true&filters[$and][1][expansion][code][$eq]={set}&sort[0]=cardNumber:asc&pagination[page]={page}&pagination[pageSize]={PAGE_SIZE}",
            lang.code()
        ))
    }

    fn is_upstream(&self) -> bool {
        true
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

    fn is_upstream(&self) -> bool {
        false
    }
}

/// The codes of one page of `card-expansions` (`{"data": [{"id", "attributes": {"code",
/// "name"}}], "meta": {"pagination": …}}`), one per record, and the page's pagination.
fn expansion_codes(bytes: &[u8]) -> Result<(Vec<String>, Option<Pagination>), SyncError> {
    #[derive(Deserialize)]
    struct List {
        data: Vec<Item>,
        #[serde(default)]
        meta: Option<Meta>,
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
    Ok((codes, list.meta.and_then(|m| m.pagination)))
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
    #[serde(default)]
    pagination: Option<Pagination>,
}

/// Strapi's `meta.pagination`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Pagination {
    #[serde(default)]
    page: Option<u32>,
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
    let mut paging = Paging::new(
        format!("the {} names of {set}", lang.name()),
        source.is_upstream(),
    );
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
        let pagination = answer.meta.and_then(|m| m.pagination);
        let more = paging.page(page, pagination.as_ref(), answer.data.len())?;
        for (i, record) in answer.data.into_iter().enumerate() {
            records.extend(
                name_record(record, set, lang).map_err(|e| bad(format!("record {i}: {e}")))?,
            );
        }
        if !more {
            break;
        }
        page += 1;
    }
    paging.finish()?;
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
        let list = br#"{"data": [{"id": 1, "attributes": {"code": "SOR", "name": "Spark"}}, {"id": 2, "attributes": {"code": "hmwp"}}], "meta": {"pagination": {"page": 1, "pageSize": 25, "pageCount": 1, "total": 2}}}"#;
        let (codes, pagination) = expansion_codes(list).unwrap();
        assert_eq!(codes, ["SOR", "HMWP"]);
        assert_eq!(pagination.unwrap().total, Some(2));
        assert!(expansion_codes(br#"{"data": [{"attributes": {"code": "../x"}}]}"#).is_err());
        assert!(expansion_codes(b"<html>").is_err());
    }

    fn pagination(page: u32, page_count: u32, total: usize) -> Pagination {
        Pagination {
            page: Some(page),
            page_count: Some(page_count),
            total: Some(total),
        }
    }

    #[test]
    fn a_paged_list_is_followed_to_its_page_count_and_must_hold_its_total() {
        // 15 sets served 10 a page: two pages, whatever size was asked.
        let mut paging = Paging::new("the set list".into(), true);
        assert!(paging.page(1, Some(&pagination(1, 2, 15)), 10).unwrap());
        assert!(!paging.page(2, Some(&pagination(2, 2, 15)), 5).unwrap());
        paging.finish().unwrap();

        // A second page that comes back short, or empty: fewer rows than announced.
        let mut short = Paging::new("the set list".into(), true);
        assert!(short.page(1, Some(&pagination(1, 2, 15)), 10).unwrap());
        assert!(!short.page(2, Some(&pagination(2, 2, 15)), 0).unwrap());
        let err = short.finish().unwrap_err();
        assert!(
            matches!(
                err,
                SyncError::Incomplete {
                    announced: 15,
                    read: 10,
                    ..
                }
            ),
            "{err}"
        );

        // A server that answers the first page again for every page asked.
        let mut stuck = Paging::new("the set list".into(), true);
        stuck.page(1, Some(&pagination(1, 2, 15)), 10).unwrap();
        let err = stuck.page(2, Some(&pagination(1, 2, 15)), 10).unwrap_err();
        assert!(err.to_string().contains("it says it is page 1"), "{err}");

        // Over HTTP a page that does not say where it stands cannot be trusted to be whole.
        let mut silent = Paging::new("the set list".into(), true);
        let err = silent.page(1, None, 10).unwrap_err();
        assert!(err.to_string().contains("no meta.pagination"), "{err}");
        // A page of a mirror directory may have no pagination: it is the whole list.
        let mut mirror = Paging::new("the German names of SOR".into(), false);
        assert!(!mirror.page(1, None, 10).unwrap());
        mirror.finish().unwrap();
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
