//! SWUDB JSON, the exchange format of swudb.com, Karabast and most deck sites:
//! `{"metadata": {...}, "leader": {"id": "SOR_017", "count": 1}, "secondleader": ..., "base":
//! ..., "deck": [...], "sideboard": [...]}`. Twin Suns' second leader is `secondleader` (SWUDB,
//! Karabast) or `leader2` (SWUBase). Ids may be padded or not, and any printing.
//!
//! Sections are read as raw JSON first and each entry on its own, so one malformed entry is a
//! diagnostic for that entry and the rest of the deck is still read.

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;

mod scan;

use super::{Diagnostic, DiagnosticCode, ImportError, Imported, MAX_COUNT, Severity, echo};
use crate::catalog::Catalog;
use crate::deck::{DeckEntry, Zone};
use crate::json::{Object, from_object};

#[derive(Deserialize)]
struct SwudbDeck<'a> {
    #[serde(default, borrow)]
    metadata: Option<&'a RawValue>,
    #[serde(default, borrow)]
    leader: Option<&'a RawValue>,
    #[serde(default, borrow)]
    secondleader: Option<&'a RawValue>,
    #[serde(default, borrow)]
    leader2: Option<&'a RawValue>,
    #[serde(default, borrow)]
    base: Option<&'a RawValue>,
    #[serde(default, borrow)]
    deck: Option<&'a RawValue>,
    #[serde(default, borrow)]
    sideboard: Option<&'a RawValue>,
}

#[derive(Deserialize, Default)]
struct Metadata<'a> {
    #[serde(default, borrow)]
    name: Option<&'a RawValue>,
    #[serde(default, borrow)]
    author: Option<&'a RawValue>,
    #[serde(default, borrow)]
    player: Option<&'a RawValue>,
    #[serde(default, borrow)]
    uid: Option<&'a RawValue>,
}

/// One `{"id": ..., "count": ...}` entry, read without copying. Read only from an object
/// ([`Object`]): a list is no entry.
#[derive(Deserialize)]
struct Entry<'a> {
    #[serde(default, borrow)]
    id: Option<Id<'a>>,
    #[serde(default)]
    count: Option<Count>,
}

/// An id, borrowed from the input unless it has escapes. (A newtype: serde borrows a
/// `Cow<str>` field only when it is not wrapped in an `Option`.)
#[derive(Deserialize)]
struct Id<'a>(#[serde(borrow)] Cow<'a, str>);

/// A count as written: a whole number, or whatever else was there, kept to be named.
enum Count {
    Number(u64),
    Null,
    Other(String),
}

/// A count as an entry reader takes it: none (missing or `null`: one is meant), a whole
/// number, or the text of anything else. Small and `Copy`, so that the one-pass reading hands
/// it over in registers.
#[derive(Clone, Copy)]
enum Written<'a> {
    Missing,
    Number(u64),
    Other(&'a str),
}

impl Count {
    fn written(count: Option<&Count>) -> Written<'_> {
        match count {
            None | Some(Count::Null) => Written::Missing,
            Some(Count::Number(n)) => Written::Number(*n),
            Some(Count::Other(text)) => Written::Other(text),
        }
    }
}

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Count;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a count")
            }
            fn visit_u64<E>(self, n: u64) -> Result<Count, E> {
                Ok(Count::Number(n))
            }
            fn visit_i64<E>(self, n: i64) -> Result<Count, E> {
                Ok(Count::Other(n.to_string()))
            }
            fn visit_f64<E>(self, n: f64) -> Result<Count, E> {
                // Integers beyond u64 arrive here; print them as written where possible.
                Ok(Count::Other(if n.fract() == 0.0 && n.abs() < 1e21 {
                    format!("{n:.0}")
                } else {
                    n.to_string()
                }))
            }
            fn visit_str<E>(self, s: &str) -> Result<Count, E> {
                Ok(Count::Other(format!("{s:?}")))
            }
            fn visit_bool<E>(self, b: bool) -> Result<Count, E> {
                Ok(Count::Other(b.to_string()))
            }
            fn visit_unit<E>(self) -> Result<Count, E> {
                Ok(Count::Null)
            }
            fn visit_none<E>(self) -> Result<Count, E> {
                Ok(Count::Null)
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Count, A::Error> {
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(Count::Other("a list".into()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Count, A::Error> {
                while map
                    .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
                    .is_some()
                {}
                Ok(Count::Other("an object".into()))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

/// The shape nearly every real deck has: read in one pass. Anything else takes the lenient
/// path of [`SwudbDeck`], entry by entry.
#[derive(Default)]
struct WellFormedDeck<'a> {
    metadata: Option<Object<WellFormedMetadata>>,
    leader: Option<Object<Entry<'a>>>,
    secondleader: Option<Object<Entry<'a>>>,
    leader2: Option<Object<Entry<'a>>>,
    base: Option<Object<Entry<'a>>>,
    deck: Option<Vec<Object<Entry<'a>>>>,
    sideboard: Option<Vec<Object<Entry<'a>>>>,
    /// The object's other fields, unread.
    other: Vec<(Cow<'a, str>, &'a RawValue)>,
}

impl<'de> Deserialize<'de> for WellFormedDeck<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = WellFormedDeck<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a SWUDB deck object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                // Each SWUDB field once, as a derived `Deserialize` would insist.
                fn once<'de, T: Deserialize<'de>, A: serde::de::MapAccess<'de>>(
                    map: &mut A,
                    slot: &mut Option<T>,
                    seen: &mut bool,
                    name: &'static str,
                ) -> Result<(), A::Error> {
                    if std::mem::replace(seen, true) {
                        return Err(serde::de::Error::duplicate_field(name));
                    }
                    *slot = map.next_value()?;
                    Ok(())
                }
                let mut deck = WellFormedDeck::default();
                let mut seen = [false; 7];
                while let Some(Key(key)) = map.next_key::<Key>()? {
                    match key.as_ref() {
                        "metadata" => once(&mut map, &mut deck.metadata, &mut seen[0], "metadata")?,
                        "leader" => once(&mut map, &mut deck.leader, &mut seen[1], "leader")?,
                        "secondleader" => once(
                            &mut map,
                            &mut deck.secondleader,
                            &mut seen[2],
                            "secondleader",
                        )?,
                        "leader2" => once(&mut map, &mut deck.leader2, &mut seen[3], "leader2")?,
                        "base" => once(&mut map, &mut deck.base, &mut seen[4], "base")?,
                        "deck" => once(&mut map, &mut deck.deck, &mut seen[5], "deck")?,
                        "sideboard" => {
                            once(&mut map, &mut deck.sideboard, &mut seen[6], "sideboard")?
                        }
                        _ => {
                            let value = map.next_value()?;
                            deck.other.push((key, value));
                        }
                    }
                }
                Ok(deck)
            }
        }
        deserializer.deserialize_map(Visitor)
    }
}

/// An object's key, borrowed from the input unless it has escapes.
struct Key<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a key")
            }
            fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(s)))
            }
            fn visit_str<E>(self, s: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(s.to_string())))
            }
        }
        deserializer.deserialize_str(Visitor)
    }
}

/// The metadata a deck list keeps (TR 3.1.3 asks for the player's name and UID), read as text.
#[derive(Deserialize, Default)]
struct WellFormedMetadata {
    #[serde(default)]
    name: Option<MetaText>,
    #[serde(default)]
    author: Option<MetaText>,
    #[serde(default)]
    player: Option<MetaText>,
    #[serde(default)]
    uid: Option<MetaText>,
}

/// A metadata value as text: a string that is not blank, or a number as JSON writes it;
/// anything else is no text.
struct MetaText(Option<String>);

impl<'de> Deserialize<'de> for MetaText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = MetaText;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a text")
            }
            fn visit_str<E>(self, s: &str) -> Result<MetaText, E> {
                Ok(MetaText((!s.trim().is_empty()).then(|| s.to_string())))
            }
            fn visit_u64<E>(self, n: u64) -> Result<MetaText, E> {
                Ok(MetaText(Some(n.to_string())))
            }
            fn visit_i64<E>(self, n: i64) -> Result<MetaText, E> {
                Ok(MetaText(Some(n.to_string())))
            }
            fn visit_f64<E>(self, n: f64) -> Result<MetaText, E> {
                Ok(MetaText(
                    serde_json::Number::from_f64(n).map(|n| n.to_string()),
                ))
            }
            fn visit_bool<E>(self, _: bool) -> Result<MetaText, E> {
                Ok(MetaText(None))
            }
            fn visit_unit<E>(self) -> Result<MetaText, E> {
                Ok(MetaText(None))
            }
            fn visit_none<E>(self) -> Result<MetaText, E> {
                Ok(MetaText(None))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<MetaText, A::Error> {
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(MetaText(None))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<MetaText, A::Error> {
                while map
                    .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
                    .is_some()
                {}
                Ok(MetaText(None))
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

/// A deck read in one pass, with the fields of its object that are not SWUDB's (a request
/// option written beside a bare deck, a deck site's own field), unread, for the caller to judge.
pub struct WellFormed<'a> {
    pub imported: Imported,
    pub other: Vec<(Cow<'a, str>, &'a RawValue)>,
}

/// Where an entry is: `deck[3]`, written out only for a diagnostic.
#[derive(Clone, Copy)]
struct At(&'static str, Option<usize>);

impl std::fmt::Display for At {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.1 {
            Some(i) => write!(f, "{}[{i}]", self.0),
            None => f.write_str(self.0),
        }
    }
}

/// Reads a SWUDB JSON deck. Entries that cannot be used become diagnostics; only input that is
/// not a JSON object with at least one deck field is an error.
pub fn parse_swudb(catalog: &Catalog, text: &str) -> Result<Imported, ImportError> {
    let text = text.trim_start_matches('\u{feff}');
    if text.trim().is_empty() {
        return Err(ImportError::Empty);
    }
    match parse_well_formed(catalog, text) {
        Some(well_formed) => Ok(well_formed.imported),
        None => parse_entry_by_entry(catalog, text),
    }
}

/// The lenient reading alone: each section as raw JSON, each entry on its own. What
/// [`parse_swudb`] falls back to; public for the fuzz target that holds the one-pass reading
/// to the same answer.
#[doc(hidden)]
pub fn parse_entry_by_entry(catalog: &Catalog, text: &str) -> Result<Imported, ImportError> {
    let raw: SwudbDeck = from_object(text).map_err(|e| {
        if e.is_data() {
            ImportError::NotADeck(e.to_string())
        } else {
            ImportError::Json {
                message: e.to_string(),
                line: e.line(),
                column: e.column(),
            }
        }
    })?;
    let sections = [
        ("leader", Zone::Leader, raw.leader),
        ("secondleader", Zone::Leader, raw.secondleader),
        ("leader2", Zone::Leader, raw.leader2),
        ("base", Zone::Base, raw.base),
        ("deck", Zone::Main, raw.deck),
        ("sideboard", Zone::Sideboard, raw.sideboard),
    ];
    let present = |v: &Option<&RawValue>| v.is_some_and(|v| v.get() != "null");
    if !sections.iter().any(|(_, _, v)| present(v)) {
        return Err(no_sections());
    }
    let mut imported = Imported::default();
    read_metadata(raw.metadata, &mut imported);
    for (field, zone, value) in sections {
        let Some(value) = value.filter(|v| v.get() != "null") else {
            continue;
        };
        let items = if value.get().starts_with('[') {
            serde_json::from_str::<Vec<&RawValue>>(value.get()).ok()
        } else {
            None
        };
        match items {
            Some(items) => {
                for (i, item) in items.into_iter().enumerate() {
                    read_raw_entry(catalog, At(field, Some(i)), zone, item, &mut imported);
                }
            }
            None => read_raw_entry(catalog, At(field, None), zone, value, &mut imported),
        }
    }
    Ok(imported)
}

/// Reads a deck in one pass when it has the shape nearly every real deck has; `None` when it
/// does not (a malformed entry, a section of the wrong type, no section at all), for the
/// caller to try other readings. Fields that are not SWUDB's are handed back unread.
pub fn parse_well_formed<'a>(catalog: &Catalog, text: &'a str) -> Option<WellFormed<'a>> {
    if let Some(imported) = scan::read(catalog, text) {
        return Some(WellFormed {
            imported,
            other: Vec::new(),
        });
    }
    parse_well_formed_with_serde(catalog, text)
}

fn parse_well_formed_with_serde<'a>(catalog: &Catalog, text: &'a str) -> Option<WellFormed<'a>> {
    let mut deck = serde_json::from_str::<WellFormedDeck>(text).ok()?;
    let other = std::mem::take(&mut deck.other);
    let imported = read_well_formed(catalog, deck)?;
    Some(WellFormed { imported, other })
}

/// Whether the scanner of the exported shape reads `text` as serde_json does (the same deck,
/// the same diagnostics), wherever the scanner reads it at all: for the property test and the
/// fuzz target that hold it so.
#[doc(hidden)]
pub fn one_pass_readers_agree(catalog: &Catalog, text: &str) -> bool {
    let Some(scanned) = scan::read(catalog, text) else {
        return true;
    };
    parse_well_formed_with_serde(catalog, text).is_some_and(|parsed| {
        parsed.other.is_empty()
            && parsed.imported.deck == scanned.deck
            && parsed.imported.diagnostics == scanned.diagnostics
    })
}

fn no_sections() -> ImportError {
    ImportError::NotADeck("none of leader, base, deck or sideboard is present".into())
}

/// The well-formed deck resolved; `None` when it has no section, or an entry without an id
/// (which the entry-by-entry reading reports as written).
fn read_well_formed(catalog: &Catalog, deck: WellFormedDeck<'_>) -> Option<Imported> {
    let singles = [
        ("leader", Zone::Leader, deck.leader),
        ("secondleader", Zone::Leader, deck.secondleader),
        ("leader2", Zone::Leader, deck.leader2),
        ("base", Zone::Base, deck.base),
    ];
    if singles.iter().all(|(_, _, e)| e.is_none())
        && deck.deck.is_none()
        && deck.sideboard.is_none()
    {
        return None;
    }
    let mut imported = Imported::default();
    imported.deck.entries.reserve(super::USUAL_LINES);
    let meta = deck.metadata.map(|Object(m)| m).unwrap_or_default();
    let text = |t: Option<MetaText>| t.and_then(|t| t.0);
    imported.deck.name = text(meta.name);
    imported.deck.player = text(meta.player).or(text(meta.author));
    imported.deck.uid = text(meta.uid);
    let entries = singles
        .into_iter()
        .filter_map(|(field, zone, entry)| Some((At(field, None), zone, entry?)))
        .chain(
            [
                ("deck", Zone::Main, deck.deck),
                ("sideboard", Zone::Sideboard, deck.sideboard),
            ]
            .into_iter()
            .flat_map(|(field, zone, list)| {
                list.into_iter()
                    .flatten()
                    .enumerate()
                    .map(move |(i, entry)| (At(field, Some(i)), zone, entry))
            }),
        );
    for (at, zone, Object(entry)) in entries {
        let id = entry.id?;
        read_entry(
            catalog,
            at,
            zone,
            &id.0,
            Count::written(entry.count.as_ref()),
            &mut imported,
        );
    }
    Some(imported)
}

/// The deck's name, player and UID from its metadata object; metadata that cannot be read so
/// is a warning, and the deck is read without them.
fn read_metadata(meta: Option<&RawValue>, imported: &mut Imported) {
    let meta = match meta.map(RawValue::get) {
        None | Some("null") => Metadata::default(),
        Some(raw) => match from_object::<Metadata>(raw) {
            Ok(meta) => meta,
            Err(_) => {
                imported.diagnostics.push(diagnostic(
                    At("metadata", None),
                    None,
                    raw.to_string(),
                    DiagnosticCode::MalformedMetadata,
                    Severity::Warning,
                    "metadata is not an object like {\"name\": ..., \"author\": ...}: the \
                     deck's name, player and UID were not read."
                        .into(),
                ));
                return;
            }
        },
    };
    let text_of = |v: Option<&RawValue>| match serde_json::from_str::<Value>(v?.get()).ok()? {
        Value::String(s) if !s.trim().is_empty() => Some(s),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    imported.deck.name = text_of(meta.name);
    imported.deck.player = text_of(meta.player).or(text_of(meta.author));
    imported.deck.uid = text_of(meta.uid);
}

fn diagnostic(
    at: At,
    zone: Option<Zone>,
    text: String,
    code: DiagnosticCode,
    severity: Severity,
    message: String,
) -> Diagnostic {
    Diagnostic {
        code,
        severity,
        at: at.to_string(),
        text: echo(&text),
        zone,
        message,
        understood: None,
        candidates: Vec::new(),
    }
}

fn read_raw_entry(catalog: &Catalog, at: At, zone: Zone, item: &RawValue, out: &mut Imported) {
    match from_object::<Entry>(item.get()) {
        Ok(Entry {
            id: Some(id),
            count,
        }) => read_entry(
            catalog,
            at,
            zone,
            &id.0,
            Count::written(count.as_ref()),
            out,
        ),
        _ => out.diagnostics.push(diagnostic(
            at,
            Some(zone),
            item.get().to_string(),
            DiagnosticCode::MalformedEntry,
            Severity::Error,
            format!("{at} is not a card entry (expected {{\"id\": \"SOR_017\", \"count\": 1}})."),
        )),
    }
}

/// Reads an entry that has an id. (One without is not an entry of the well-formed shape: the
/// entry-by-entry reading reports it with the text as written.)
fn read_entry(catalog: &Catalog, at: At, zone: Zone, id: &str, count: Written, out: &mut Imported) {
    let written = || {
        let count = match count {
            Written::Number(n) => n.to_string(),
            Written::Other(text) => text.to_string(),
            Written::Missing => "null".into(),
        };
        format!("{{\"id\": {id:?}, \"count\": {count}}}")
    };
    let problem =
        |code, severity, message| diagnostic(at, Some(zone), written(), code, severity, message);
    // Leader and base entries often omit the count: one is meant.
    let count = match count {
        Written::Missing => Ok(1),
        Written::Number(n) => Ok(n),
        Written::Other(text) => Err(text),
    };
    let count = match count {
        Ok(0) => {
            out.diagnostics.push(problem(
                DiagnosticCode::ZeroCount,
                Severity::Warning,
                format!("{at} ({}) has a count of 0 and was left out.", echo(id)),
            ));
            return;
        }
        Ok(n) if n <= MAX_COUNT => n as u32,
        Ok(n) => {
            out.diagnostics.push(problem(
                DiagnosticCode::BadCount,
                Severity::Error,
                format!(
                    "{at} ({}) claims {n} copies; a count must be from 1 to {MAX_COUNT}.",
                    echo(id)
                ),
            ));
            return;
        }
        Err(bad) => {
            out.diagnostics.push(problem(
                DiagnosticCode::BadCount,
                Severity::Error,
                format!(
                    "{at} ({}) has count {}; a count must be a whole number from 1 to {MAX_COUNT}.",
                    echo(id),
                    echo(bad)
                ),
            ));
            return;
        }
    };
    match catalog.resolve_id(id) {
        Some((card, printing)) => out.deck.entries.push(DeckEntry {
            zone,
            card,
            printing,
            count,
            line: None,
        }),
        None => out.diagnostics.push(problem(
            DiagnosticCode::UnknownCard,
            Severity::Error,
            format!("{at}: no card has the id {:?}.", echo(id)),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::fixture::catalog;

    #[test]
    fn a_swudb_deck_reads_every_section_and_unpadded_ids() {
        let json = r#"{"metadata":{"name":"T","author":"aces"},
            "leader":{"id":"SOR_17","count":1},"base":{"id":"SOR_020","count":1},
            "deck":[{"id":"SOR_220","count":2},{"id":"SHD_231","count":1}],
            "sideboard":[{"id":"SOR_301","count":3}]}"#;
        let imported = parse_swudb(catalog(), json).unwrap();
        assert!(imported.diagnostics.is_empty());
        let d = &imported.deck;
        assert_eq!(
            (
                d.count(Zone::Leader),
                d.count(Zone::Base),
                d.count(Zone::Main),
                d.count(Zone::Sideboard)
            ),
            (1, 1, 3, 3)
        );
        assert_eq!(d.player.as_deref(), Some("aces"));
    }

    #[test]
    fn the_second_twin_suns_leader_is_read_under_either_name() {
        for field in ["secondleader", "leader2"] {
            let json = format!(
                r#"{{"leader":{{"id":"SOR_017"}},"{field}":{{"id":"SOR_005","count":1}}}}"#
            );
            let imported = parse_swudb(catalog(), &json).unwrap();
            assert_eq!(imported.deck.count(Zone::Leader), 2, "{field}");
        }
    }

    #[test]
    fn bad_entries_become_diagnostics_and_the_rest_is_kept() {
        let json = r#"{"leader":{"id":"SOR_017"},"deck":[
            {"id":"SOR_999","count":1},
            {"id":"SOR_220","count":18446744073709551616},
            {"id":"SOR_220","count":-1},
            {"id":"SOR_220","count":0},
            {"count":3},
            "SOR_220",
            {"id":"SOR_220","count":"3"},
            {"id":"SOR_301","count":3}]}"#;
        let imported = parse_swudb(catalog(), json).unwrap();
        let codes: Vec<_> = imported.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(
            codes,
            [
                DiagnosticCode::UnknownCard,
                DiagnosticCode::BadCount,
                DiagnosticCode::BadCount,
                DiagnosticCode::ZeroCount,
                DiagnosticCode::MalformedEntry,
                DiagnosticCode::MalformedEntry,
                DiagnosticCode::BadCount,
            ]
        );
        assert_eq!(imported.deck.count(Zone::Main), 3);
        assert_eq!(imported.diagnostics[0].at, "deck[0]");
        assert!(
            imported.diagnostics[1]
                .message
                .contains("18446744073709551616")
        );
    }

    #[test]
    fn an_entry_without_an_id_is_echoed_as_written_by_every_reading() {
        // Found by the swudb_json fuzz target: the one-pass reading echoed `{"id": null, ...}`.
        let json = r#"{"leader":{"id":"SOR_017"},"deck":[{"iU":"SOR_220","count":1}]}"#;
        let one_pass = parse_swudb(catalog(), json).unwrap();
        let entry_by_entry = parse_entry_by_entry(catalog(), json).unwrap();
        assert_eq!(one_pass.diagnostics, entry_by_entry.diagnostics);
        assert_eq!(
            one_pass.diagnostics[0].text,
            r#"{"iU":"SOR_220","count":1}"#
        );
    }

    #[test]
    fn an_entry_written_as_a_list_is_no_entry_to_any_reading() {
        // Found by the swudb_json fuzz target: the one-pass reading took `"leader": ["id"]` for
        // the entry `{"id": "id"}` by position; the entry-by-entry one, for a list of entries.
        let json =
            r#"{"leader":["SOR_017", 1],"deck":[["SOR_220", 2],{"id":"SOR_301","count":3}]}"#;
        let one_pass = parse_swudb(catalog(), json).unwrap();
        let entry_by_entry = parse_entry_by_entry(catalog(), json).unwrap();
        assert_eq!(one_pass.diagnostics, entry_by_entry.diagnostics);
        assert_eq!(one_pass.deck, entry_by_entry.deck);
        let at: Vec<_> = one_pass
            .diagnostics
            .iter()
            .map(|d| (d.code, d.at.as_str()))
            .collect();
        assert_eq!(
            at,
            [
                (DiagnosticCode::MalformedEntry, "leader[0]"),
                (DiagnosticCode::MalformedEntry, "leader[1]"),
                (DiagnosticCode::MalformedEntry, "deck[0]"),
            ]
        );
        assert_eq!(one_pass.deck.count(Zone::Main), 3);
    }

    #[test]
    fn metadata_that_is_not_an_object_is_a_warning_and_the_cards_are_read() {
        for metadata in [r#""Wichita""#, r#"["Wichita", "aces"]"#, "42", "true"] {
            let json = format!(
                r#"{{"metadata": {metadata}, "leader": {{"id": "SOR_017"}}, "deck": [{{"id": "SOR_220", "count": 3}}]}}"#
            );
            let imported = parse_swudb(catalog(), &json).unwrap();
            assert_eq!(imported.deck.count(Zone::Main), 3, "{metadata}");
            assert_eq!(imported.deck.name, None, "{metadata}");
            let [warning] = &imported.diagnostics[..] else {
                panic!("{metadata}: {:?}", imported.diagnostics);
            };
            assert_eq!(
                (warning.code, warning.severity, warning.at.as_str()),
                (
                    DiagnosticCode::MalformedMetadata,
                    Severity::Warning,
                    "metadata"
                )
            );
            assert_eq!(warning.text, metadata);
        }
        let json = r#"{"metadata": null, "leader": {"id": "SOR_017"}}"#;
        assert!(parse_swudb(catalog(), json).unwrap().diagnostics.is_empty());
    }

    #[test]
    fn input_that_is_not_a_deck_is_an_error() {
        assert!(matches!(
            parse_swudb(catalog(), "  "),
            Err(ImportError::Empty)
        ));
        assert!(matches!(
            parse_swudb(catalog(), "{\"leader\": "),
            Err(ImportError::Json { .. })
        ));
        for list in ["[1,2]", r#"[null, {"id": "SOR_017"}]"#, "\"SOR_017\""] {
            assert!(
                matches!(parse_swudb(catalog(), list), Err(ImportError::NotADeck(_))),
                "{list}"
            );
        }
        assert!(matches!(
            parse_swudb(catalog(), "{\"name\": 1}"),
            Err(ImportError::NotADeck(_))
        ));
        assert!(matches!(
            parse_swudb(catalog(), "{\"deck\": null}"),
            Err(ImportError::NotADeck(_))
        ));
    }
}
