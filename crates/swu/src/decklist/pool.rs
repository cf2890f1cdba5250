//! Limited pools: the cards a player opened (any deck-list format; every section counts), or
//! the packs themselves: `{"packs": [...six or three lists...], "leaders": drafted leaders,
//! "promo_leaders": prerelease promo leaders, "event_set": "SOR"}`, where each list is a
//! deck list in any format (a string), a SWUDB object, or an array of ids or card lines.

use serde::Deserialize;
use serde_json::Value;
use serde_json::value::RawValue;

use deckcheck_core::json::from_object;
use deckcheck_core::{Diagnostic, DiagnosticCode, ImportError, Imported};

use super::import_on;
use crate::catalog::Catalog;
use crate::deck::Deck;
use crate::rules::Pool;
use jiff::civil::Date;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PackedPool<'a> {
    #[serde(borrow)]
    packs: Vec<&'a RawValue>,
    #[serde(default, borrow)]
    leaders: Option<&'a RawValue>,
    #[serde(default, borrow)]
    promo_leaders: Option<&'a RawValue>,
    #[serde(default)]
    event_set: Option<String>,
}

/// A pool and what was wrong with its lines.
#[derive(Debug, Clone, Default)]
pub struct ImportedPool {
    pub pool: Pool,
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads a pool: packs (JSON with `packs`) or one list of every card opened.
pub fn parse_pool(catalog: &Catalog, text: &str) -> Result<ImportedPool, ImportError> {
    read_pool(catalog, text, None)
}

/// Reads a pool for an event on `date` (suggestions offer cards released by then).
pub fn read_pool(
    catalog: &Catalog,
    text: &str,
    date: Option<Date>,
) -> Result<ImportedPool, ImportError> {
    let import =
        |catalog: &Catalog, text: &str, input: Option<&str>| import_on(catalog, text, input, date);
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    if let Ok(packed) = from_object::<PackedPool>(trimmed) {
        let mut out = ImportedPool::default();
        for (i, pack) in packed.packs.iter().enumerate() {
            let deck = list(catalog, pack, date)
                .map_err(|e| ImportError::NotADeck(format!("packs[{i}]: {e}")))?;
            out.pool.add(&deck.deck);
            out.diagnostics.extend(deck.diagnostics);
        }
        if let Some(leaders) = packed.leaders {
            let deck = list(catalog, leaders, date)
                .map_err(|e| ImportError::NotADeck(format!("leaders: {e}")))?;
            out.pool.add(&deck.deck);
            out.diagnostics.extend(deck.diagnostics);
        }
        if let Some(promos) = packed.promo_leaders {
            let deck = list(catalog, promos, date)
                .map_err(|e| ImportError::NotADeck(format!("promo_leaders: {e}")))?;
            out.pool.promo_leaders = deck.deck.entries().iter().map(|e| e.card).collect();
            out.diagnostics.extend(deck.diagnostics);
        }
        out.pool.packs = Some(packed.packs.len());
        out.pool.event_set = packed.event_set;
        return Ok(out);
    }
    let imported = import(catalog, text, None)?;
    let mut pool = Pool::default();
    pool.add(&imported.deck);
    Ok(ImportedPool {
        pool,
        diagnostics: imported.diagnostics,
    })
}

/// One list: a string (any format), a SWUDB object, or an array of ids or card lines.
fn list(
    catalog: &Catalog,
    raw: &RawValue,
    date: Option<Date>,
) -> Result<Imported<Deck>, ImportError> {
    let import =
        |catalog: &Catalog, text: &str, input: Option<&str>| import_on(catalog, text, input, date);
    match serde_json::from_str::<Value>(raw.get())
        .map_err(|e| ImportError::NotADeck(e.to_string()))?
    {
        Value::String(text) => import(catalog, &text, None),
        Value::Object(_) => import(catalog, raw.get(), Some("swudb-json")),
        Value::Array(items) if items.is_empty() => Ok(Imported::default()),
        Value::Array(items) => {
            let lines: Vec<String> = items
                .into_iter()
                .map(|v| match v {
                    Value::String(s) => Ok(s),
                    other => Err(ImportError::NotADeck(format!(
                        "{other} is not a card id or line"
                    ))),
                })
                .collect::<Result<_, _>>()?;
            // One id or name per copy is the natural way to list a pack: no count is no news.
            let mut imported = import(catalog, &lines.join("\n"), Some("text"))?;
            imported
                .diagnostics
                .retain(|d| d.code != DiagnosticCode::NO_COUNT);
            Ok(imported)
        }
        other => Err(ImportError::NotADeck(format!(
            "{other} is not a list of cards"
        ))),
    }
}
