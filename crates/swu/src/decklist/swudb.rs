//! SWUDB JSON, the exchange format of swudb.com, Karabast and most deck sites:
//! `{"metadata": {...}, "leader": {"id": "SOR_017", "count": 1}, "secondleader": ..., "base":
//! ..., "deck": [...], "sideboard": [...]}`. Twin Suns' second leader is `secondleader` (SWUDB,
//! Karabast) or `leader2` (SWUBase). Ids may be padded or not, and any printing.
//!
//! One serde reading with typed entries reads the usual export. Only when it fails is the deck
//! read again section by section and entry by entry, to name what is wrong: one malformed entry
//! is a diagnostic for that entry and the rest of the deck is still read.

use deckcheck_core::input::MAX_COUNT;
use deckcheck_core::json::{Object, from_object};
use deckcheck_core::{
    Diagnostic, DiagnosticCode, ImportError, Imported, InputFormat, InputFormatInfo, echo,
};
use serde::Deserialize;
use serde_json::value::RawValue;

use super::resolve::{Lookup, numbering_note};
use crate::catalog::Catalog;
use crate::deck::{Deck, DeckEntry, Zone};

pub struct SwudbJson;

impl<'a> InputFormat<Lookup<'a>, Deck> for SwudbJson {
    fn info(&self) -> InputFormatInfo {
        InputFormatInfo {
            id: "swudb-json",
            name: "SWUDB JSON",
            description: "The JSON export of swudb.com, Karabast and SWUBase: leader, base, deck and sideboard entries by printing id.",
        }
    }

    fn detect(&self, text: &str) -> bool {
        text.starts_with('{')
    }

    fn read(&self, lookup: &Lookup<'a>, text: &str) -> Result<Imported<Deck>, ImportError> {
        parse_swudb(lookup.catalog, text)
    }
}

/// The usual export, typed: every entry an object with a string id and a whole count.
#[derive(Deserialize)]
struct TypedDeck<'a> {
    #[serde(default)]
    metadata: Option<Object<Metadata>>,
    #[serde(default, borrow)]
    leader: Option<Object<TypedEntry<'a>>>,
    #[serde(default, borrow)]
    secondleader: Option<Object<TypedEntry<'a>>>,
    #[serde(default, borrow)]
    leader2: Option<Object<TypedEntry<'a>>>,
    #[serde(default, borrow)]
    base: Option<Object<TypedEntry<'a>>>,
    #[serde(default, borrow)]
    deck: Option<Vec<Object<TypedEntry<'a>>>>,
    #[serde(default, borrow)]
    sideboard: Option<Vec<Object<TypedEntry<'a>>>>,
}

#[derive(Deserialize)]
struct TypedEntry<'a> {
    /// Borrowed from the input unless it has escapes.
    #[serde(borrow)]
    id: std::borrow::Cow<'a, str>,
    /// Leader and base entries often omit the count: one is meant.
    #[serde(default)]
    count: Option<u64>,
}

/// Any deck object, each section as written: read when the typed reading fails.
#[derive(Deserialize)]
struct LenientDeck<'a> {
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

/// One entry of the lenient reading: whatever its count is, kept to be named.
#[derive(Deserialize)]
struct LenientEntry {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    count: Option<Count>,
}

/// The metadata a deck list keeps (CEG 3.3.3 asks for the player's name and UID), as text.
#[derive(Deserialize, Default)]
struct Metadata {
    #[serde(default)]
    name: Option<MetaText>,
    #[serde(default)]
    author: Option<MetaText>,
    #[serde(default)]
    player: Option<MetaText>,
    #[serde(default)]
    uid: Option<MetaText>,
}

/// A count as written: a whole number, or whatever else was there, kept to be named.
enum Count {
    Number(u64),
    Null,
    Other(String),
}

/// A count as an entry reader takes it: none (missing or `null`: one is meant), a whole
/// number, or the text of anything else.
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

/// Where an entry is: `deck[3]`, written out only when a diagnostic names it.
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

fn at(field: &'static str, index: Option<usize>) -> At {
    At(field, index)
}

/// Reads a SWUDB JSON deck. Entries that cannot be used become diagnostics; only input that is
/// not a JSON object with at least one deck field is an error.
pub fn parse_swudb(catalog: &Catalog, text: &str) -> Result<Imported<Deck>, ImportError> {
    let text = text.trim().trim_start_matches('\u{feff}');
    if text.is_empty() {
        return Err(ImportError::Empty);
    }
    match from_object::<TypedDeck>(text) {
        Ok(typed) => read_typed(catalog, typed),
        Err(_) => read_entry_by_entry(catalog, text),
    }
}

fn no_sections() -> ImportError {
    ImportError::NotADeck("none of leader, base, deck or sideboard is present".into())
}

fn read_typed(catalog: &Catalog, typed: TypedDeck<'_>) -> Result<Imported<Deck>, ImportError> {
    let singles = [
        ("leader", Zone::Leader, typed.leader),
        ("secondleader", Zone::Leader, typed.secondleader),
        ("leader2", Zone::Leader, typed.leader2),
        ("base", Zone::Base, typed.base),
    ];
    if singles.iter().all(|(_, _, e)| e.is_none())
        && typed.deck.is_none()
        && typed.sideboard.is_none()
    {
        return Err(no_sections());
    }
    let mut imported: Imported<Deck> = Imported::default();
    let listed = |list: &Option<Vec<_>>| list.as_ref().map_or(0, Vec::len);
    imported
        .deck
        .reserve(singles.len() + listed(&typed.deck) + listed(&typed.sideboard));
    let meta = typed.metadata.map(|Object(m)| m).unwrap_or_default();
    set_metadata(&mut imported.deck, meta);
    for (field, zone, entry) in singles {
        if let Some(Object(e)) = entry {
            let count = e.count.map_or(Written::Missing, Written::Number);
            read_entry(catalog, at(field, None), zone, &e.id, count, &mut imported);
        }
    }
    for (field, zone, list) in [
        ("deck", Zone::Main, typed.deck),
        ("sideboard", Zone::Sideboard, typed.sideboard),
    ] {
        for (i, Object(e)) in list.into_iter().flatten().enumerate() {
            let count = e.count.map_or(Written::Missing, Written::Number);
            read_entry(
                catalog,
                at(field, Some(i)),
                zone,
                &e.id,
                count,
                &mut imported,
            );
        }
    }
    Ok(imported)
}

/// The list's metadata. SWUDB's `author` is who made the list on the site, which is not
/// necessarily the player: it is kept as the author, and only `player` names the player.
fn set_metadata(deck: &mut Deck, meta: Metadata) {
    let text = |t: Option<MetaText>| t.and_then(|t| t.0);
    deck.set_name(text(meta.name));
    deck.set_player(text(meta.player));
    deck.set_author(text(meta.author));
    deck.set_uid(text(meta.uid));
}

/// The lenient reading: each section as written, each entry on its own.
fn read_entry_by_entry(catalog: &Catalog, text: &str) -> Result<Imported<Deck>, ImportError> {
    let raw: LenientDeck = from_object(text).map_err(|e| {
        if e.is_data() {
            ImportError::NotADeck(e.to_string())
        } else {
            ImportError::json(&e)
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
    if let Some(meta) = raw.metadata.filter(|m| m.get() != "null") {
        match from_object::<Metadata>(meta.get()) {
            Ok(m) => set_metadata(&mut imported.deck, m),
            Err(_) => imported.diagnostics.push(Diagnostic::warning(
                DiagnosticCode::MALFORMED_METADATA,
                "metadata",
                meta.get(),
                "metadata is not an object like {\"name\": ..., \"author\": ...}: the deck's name, player and UID were not read.",
            )),
        }
    }
    for (field, zone, value) in sections {
        let Some(value) = value.filter(|v| v.get() != "null") else {
            continue;
        };
        let items = value
            .get()
            .starts_with('[')
            .then(|| serde_json::from_str::<Vec<&RawValue>>(value.get()).ok())
            .flatten();
        match items {
            Some(items) => {
                for (i, item) in items.into_iter().enumerate() {
                    read_lenient_entry(catalog, at(field, Some(i)), zone, item, &mut imported);
                }
            }
            None => read_lenient_entry(catalog, at(field, None), zone, value, &mut imported),
        }
    }
    Ok(imported)
}

fn read_lenient_entry(
    catalog: &Catalog,
    at: At,
    zone: Zone,
    item: &RawValue,
    out: &mut Imported<Deck>,
) {
    match from_object::<LenientEntry>(item.get()) {
        Ok(LenientEntry {
            id: Some(id),
            count,
        }) => read_entry(catalog, at, zone, &id, Count::written(count.as_ref()), out),
        _ => out.diagnostics.push(
            Diagnostic::error(
                DiagnosticCode::MALFORMED_ENTRY,
                at.to_string(),
                item.get(),
                format!(
                    "{at} is not a card entry (expected {{\"id\": \"SOR_017\", \"count\": 1}})."
                ),
            )
            .in_zone(zone.id()),
        ),
    }
}

/// Reads one entry that has an id.
fn read_entry(
    catalog: &Catalog,
    at: At,
    zone: Zone,
    id: &str,
    count: Written,
    out: &mut Imported<Deck>,
) {
    let written = || {
        let count = match count {
            Written::Number(n) => n.to_string(),
            Written::Other(text) => text.to_string(),
            Written::Missing => "null".into(),
        };
        format!("{{\"id\": {id:?}, \"count\": {count}}}")
    };
    let problem = |error: bool, code, message: String| {
        let d = if error {
            Diagnostic::error(code, at.to_string(), &written(), message)
        } else {
            Diagnostic::warning(code, at.to_string(), &written(), message)
        };
        d.in_zone(zone.id())
    };
    let count = match count {
        Written::Missing => 1,
        Written::Number(0) => {
            out.diagnostics.push(problem(
                false,
                DiagnosticCode::ZERO_COUNT,
                format!("{at} ({}) has a count of 0 and was left out.", echo(id)),
            ));
            return;
        }
        Written::Number(n) if n <= MAX_COUNT => n as u32,
        Written::Number(n) => {
            out.diagnostics.push(problem(
                true,
                DiagnosticCode::BAD_COUNT,
                format!(
                    "{at} ({}) claims {n} copies; a count must be from 1 to {MAX_COUNT}.",
                    echo(id)
                ),
            ));
            return;
        }
        Written::Other(bad) => {
            out.diagnostics.push(problem(
                true,
                DiagnosticCode::BAD_COUNT,
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
        Some((card, printing)) => {
            // Only a printing read by numbering is said (the text is written for it alone).
            if catalog.printing(printing).numbered.is_some()
                && let Some(d) = numbering_note(catalog, printing, &at.to_string(), &written())
            {
                out.diagnostics.push(d.in_zone(zone.id()));
            }
            out.deck.push(DeckEntry {
                zone,
                card,
                printing,
                count,
                line: None,
            })
        }
        None => {
            out.deck.add_unresolved(zone, count);
            out.diagnostics.push(problem(
                true,
                DiagnosticCode::UNKNOWN_CARD,
                format!("{at}: no card has the id {:?}.", echo(id)),
            ));
        }
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
        assert_eq!(
            d.player(),
            None,
            "the author of a SWUDB list is not its player"
        );
        assert_eq!(d.author(), Some("aces"));
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
                DiagnosticCode::UNKNOWN_CARD,
                DiagnosticCode::BAD_COUNT,
                DiagnosticCode::BAD_COUNT,
                DiagnosticCode::ZERO_COUNT,
                DiagnosticCode::MALFORMED_ENTRY,
                DiagnosticCode::MALFORMED_ENTRY,
                DiagnosticCode::BAD_COUNT,
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
    fn an_entry_without_an_id_is_echoed_as_written() {
        // Found by the swudb_json fuzz target: a reading echoed `{"id": null, ...}`.
        let json = r#"{"leader":{"id":"SOR_017"},"deck":[{"iU":"SOR_220","count":1}]}"#;
        let imported = parse_swudb(catalog(), json).unwrap();
        assert_eq!(
            imported.diagnostics[0].text,
            r#"{"iU":"SOR_220","count":1}"#
        );
    }

    #[test]
    fn an_entry_written_as_a_list_is_no_entry() {
        // Found by the swudb_json fuzz target: a derived reading took `"leader": ["id"]` for
        // the entry `{"id": "id"}` by position.
        let json =
            r#"{"leader":["SOR_017", 1],"deck":[["SOR_220", 2],{"id":"SOR_301","count":3}]}"#;
        let one_pass = parse_swudb(catalog(), json).unwrap();
        let at: Vec<_> = one_pass
            .diagnostics
            .iter()
            .map(|d| (d.code, d.at.as_ref()))
            .collect();
        assert_eq!(
            at,
            [
                (DiagnosticCode::MALFORMED_ENTRY, "leader[0]"),
                (DiagnosticCode::MALFORMED_ENTRY, "leader[1]"),
                (DiagnosticCode::MALFORMED_ENTRY, "deck[0]"),
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
            assert_eq!(imported.deck.name(), None, "{metadata}");
            let [warning] = &imported.diagnostics[..] else {
                panic!("{metadata}: {:?}", imported.diagnostics);
            };
            assert_eq!(
                (warning.code, warning.severity, warning.at.as_ref()),
                (
                    DiagnosticCode::MALFORMED_METADATA,
                    deckcheck_core::Severity::Warning,
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
