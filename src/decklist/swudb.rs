//! SWUDB JSON, the exchange format of swudb.com, Karabast and most deck sites:
//! `{"metadata": {...}, "leader": {"id": "SOR_017", "count": 1}, "secondleader": ..., "base":
//! ..., "deck": [...], "sideboard": [...]}`. Twin Suns' second leader is `secondleader` (SWUDB,
//! Karabast) or `leader2` (SWUBase). Ids may be padded or not, and any printing.

use serde::Deserialize;
use serde_json::Value;

use super::{Diagnostic, DiagnosticCode, ImportError, Imported, MAX_COUNT, Severity, echo};
use crate::catalog::Catalog;
use crate::deck::{DeckEntry, Zone};

#[derive(Deserialize)]
struct SwudbDeck {
    #[serde(default)]
    metadata: Option<Metadata>,
    #[serde(default)]
    leader: Value,
    #[serde(default)]
    secondleader: Value,
    #[serde(default)]
    leader2: Value,
    #[serde(default)]
    base: Value,
    #[serde(default)]
    deck: Value,
    #[serde(default)]
    sideboard: Value,
}

#[derive(Deserialize, Default)]
struct Metadata {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    author: Option<String>,
    #[serde(default)]
    player: Option<String>,
    #[serde(default)]
    uid: Option<Value>,
}

/// Reads a SWUDB JSON deck. Entries that cannot be used become diagnostics; only input that is
/// not a JSON object with at least one deck field is an error.
pub fn parse_swudb(catalog: &Catalog, text: &str) -> Result<Imported, ImportError> {
    let text = text.trim_start_matches('\u{feff}');
    if text.trim().is_empty() {
        return Err(ImportError::Empty);
    }
    let raw: SwudbDeck = serde_json::from_str(text).map_err(|e| {
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
        ("leader", Zone::Leader, &raw.leader),
        ("secondleader", Zone::Leader, &raw.secondleader),
        ("leader2", Zone::Leader, &raw.leader2),
        ("base", Zone::Base, &raw.base),
        ("deck", Zone::Main, &raw.deck),
        ("sideboard", Zone::Sideboard, &raw.sideboard),
    ];
    if sections.iter().all(|(_, _, v)| v.is_null()) {
        return Err(ImportError::NotADeck(
            "none of leader, base, deck or sideboard is present".into(),
        ));
    }
    let mut imported = Imported::default();
    let meta = raw.metadata.unwrap_or_default();
    imported.deck.name = meta.name;
    imported.deck.player = meta.player.or(meta.author);
    imported.deck.uid = meta.uid.and_then(|v| match v {
        Value::String(s) => Some(s),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    });
    for (field, zone, value) in sections {
        match value {
            Value::Null => {}
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    read_entry(catalog, &format!("{field}[{i}]"), zone, item, &mut imported);
                }
            }
            item => read_entry(catalog, field, zone, item, &mut imported),
        }
    }
    Ok(imported)
}

fn read_entry(catalog: &Catalog, at: &str, zone: Zone, item: &Value, out: &mut Imported) {
    let text = echo(&item.to_string());
    let diagnostic = |code, severity, message: String| Diagnostic {
        code,
        severity,
        at: at.to_string(),
        text: text.clone(),
        zone: Some(zone),
        message,
        understood: None,
        candidates: Vec::new(),
    };
    let Some(id) = item.get("id").and_then(Value::as_str) else {
        out.diagnostics.push(diagnostic(
            DiagnosticCode::MalformedEntry,
            Severity::Error,
            format!("{at} has no card id (expected {{\"id\": \"SOR_017\", \"count\": 1}})."),
        ));
        return;
    };
    // Leader and base entries often omit the count: one is meant.
    let count = match item.get("count") {
        None | Some(Value::Null) => Ok(1),
        Some(Value::Number(n)) => n.as_u64().ok_or_else(|| n.to_string()),
        Some(other) => Err(echo(&other.to_string())),
    };
    let count = match count {
        Ok(0) => {
            out.diagnostics.push(diagnostic(
                DiagnosticCode::ZeroCount,
                Severity::Warning,
                format!("{at} ({id}) has a count of 0 and was left out."),
            ));
            return;
        }
        Ok(n) if n <= MAX_COUNT => n as u32,
        Ok(n) => {
            out.diagnostics.push(diagnostic(
                DiagnosticCode::BadCount,
                Severity::Error,
                format!("{at} ({id}) claims {n} copies; a count must be from 1 to {MAX_COUNT}."),
            ));
            return;
        }
        Err(bad) => {
            out.diagnostics.push(diagnostic(
                DiagnosticCode::BadCount,
                Severity::Error,
                format!("{at} ({id}) has count {bad}; a count must be a whole number from 1 to {MAX_COUNT}."),
            ));
            return;
        }
    };
    match catalog.printing_by_id(id) {
        Some(p) => out.deck.entries.push(DeckEntry {
            zone,
            card: p.card,
            printing: p.id,
            count,
            line: None,
        }),
        None => out.diagnostics.push(diagnostic(
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
                DiagnosticCode::MalformedEntry
            ]
        );
        assert_eq!(imported.deck.count(Zone::Main), 3);
        assert_eq!(imported.diagnostics[0].at, "deck[0]");
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
        assert!(matches!(
            parse_swudb(catalog(), "[1,2]"),
            Err(ImportError::NotADeck(_))
        ));
        assert!(matches!(
            parse_swudb(catalog(), "{\"name\": 1}"),
            Err(ImportError::NotADeck(_))
        ));
    }
}
