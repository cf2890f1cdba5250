//! Reference routes: cards (search with did-you-mean, one card with its printings and legality),
//! formats, sets and suspensions.

use actix_web::HttpResponse;
use actix_web::web::{Data, Path, Query};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};

use super::AppState;
use super::decks::parse_date;
use super::error::ApiError;
use crate::catalog::{Aspect, Card, CardType, Catalog, Rarity};
use crate::data::FormatId;

#[derive(Serialize)]
struct CardSummary {
    /// The card's default printing.
    id: String,
    title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    subtitle: Option<String>,
    #[serde(rename = "type")]
    card_type: CardType,
    aspects: Vec<Aspect>,
    unique: bool,
}

impl CardSummary {
    fn new(catalog: &Catalog, card: &Card) -> Self {
        Self {
            id: catalog.printing_code(catalog.default_printing(card.id)),
            title: card.title.clone(),
            subtitle: card.subtitle.clone(),
            card_type: card.card_type,
            aspects: card.aspects.iter().collect(),
            unique: card.unique,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchQuery {
    q: Option<String>,
    #[serde(default)]
    limit: Option<usize>,
}

#[derive(Serialize)]
struct SearchResponse {
    query: String,
    /// Whether the results name the query exactly (else they are did-you-mean suggestions).
    exact: bool,
    results: Vec<CardSummary>,
}

/// `GET /v1/cards?q=`: cards by name, forgiving case, accents and punctuation; when none has
/// the name, the closest names.
pub async fn search(
    query: Query<SearchQuery>,
    state: Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let q = query.q.as_deref().map(str::trim).unwrap_or("");
    if q.is_empty() {
        return Err(ApiError::missing("q", "the name to look for"));
    }
    if q.len() > 200 {
        return Err(ApiError::bad_value(
            "q",
            "q is longer than any card name (200 characters at most)",
        ));
    }
    let limit = query.limit.unwrap_or(10).clamp(1, 50);
    let checker = state.checker();
    let catalog = &checker.catalog;
    let names = catalog.names();
    let mut found: Vec<_> = names.by_full_name(q, None).to_vec();
    for c in names.by_title(q) {
        if !found.contains(c) {
            found.push(*c);
        }
    }
    let exact = !found.is_empty();
    if !exact {
        found = names
            .suggest(catalog.cards(), q, limit, |t| t != CardType::Token)
            .into_iter()
            .map(|s| s.card)
            .collect();
    }
    found.truncate(limit);
    Ok(HttpResponse::Ok().json(SearchResponse {
        query: q.to_string(),
        exact,
        results: found
            .iter()
            .map(|c| CardSummary::new(catalog, catalog.card(*c)))
            .collect(),
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AsOf {
    #[serde(default)]
    as_of: Option<String>,
    #[serde(default)]
    format: Option<String>,
}

fn as_of(query: &AsOf) -> Result<Date, ApiError> {
    match &query.as_of {
        Some(text) => parse_date("as_of", text),
        None => Ok(jiff::Zoned::now().date()),
    }
}

#[derive(Serialize)]
struct PrintingView {
    id: String,
    set: String,
    number: String,
    variant: String,
    rarity: Rarity,
}

/// `GET /v1/cards/{id}`: a card (by any of its printings' ids), every printing, and its legality
/// per format on a date.
pub async fn card(
    id: Path<String>,
    query: Query<AsOf>,
    state: Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let checker = state.checker();
    let catalog = &checker.catalog;
    let date = as_of(&query)?;
    let printing = catalog.printing_by_id(&id).ok_or_else(|| {
        ApiError::not_found(format!(
            "no card has the id {:?}",
            crate::decklist::echo(&id)
        ))
    })?;
    let card = catalog.card(printing.card);
    let printings: Vec<_> = card
        .printings
        .iter()
        .map(|p| {
            let pr = catalog.printing(*p);
            PrintingView {
                id: catalog.printing_code(*p),
                set: catalog.set_code(pr.set).to_string(),
                number: pr.number.clone(),
                variant: pr.variant.clone(),
                rarity: pr.rarity,
            }
        })
        .collect();
    let legality: serde_json::Map<String, serde_json::Value> = FormatId::ALL
        .into_iter()
        .map(|f| {
            let l = checker.card_legality(card.id, f, date);
            (
                f.as_str().to_string(),
                serde_json::to_value(l).unwrap_or_default(),
            )
        })
        .collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "card": CardSummary::new(catalog, card),
        "printings": printings,
        "as_of": date,
        "legality": legality,
        "catalog": catalog.version(),
    })))
}

/// `GET /v1/formats`: every format's rules, each a timeline of dated values with its section.
pub async fn formats(state: Data<AppState>) -> HttpResponse {
    let checker = state.checker();
    HttpResponse::Ok().json(serde_json::json!({ "formats": checker.data.formats }))
}

/// `GET /v1/sets`: sets with release dates, rotation blocks, sources and confidence.
pub async fn sets(state: Data<AppState>) -> HttpResponse {
    let checker = state.checker();
    HttpResponse::Ok().json(serde_json::json!({ "sets": checker.data.sets }))
}

/// `GET /v1/suspensions?format=&as_of=`: the suspension history, or the suspensions of one list
/// in force on a date.
pub async fn suspensions(
    query: Query<AsOf>,
    state: Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let checker = state.checker();
    let list = match query.format.as_deref() {
        None => None,
        Some(f) => match FormatId::parse(f) {
            Some(FormatId::Premier) => Some("premier"),
            Some(FormatId::Eternal) => Some("eternal"),
            Some(_) => Some(""), // formats without a suspension list
            None => return Err(ApiError::unknown_format(f)),
        },
    };
    let date = match &query.as_of {
        Some(text) => Some(parse_date("as_of", text)?),
        None => None,
    };
    let found: Vec<_> = checker
        .data
        .suspensions
        .iter()
        .filter(|s| list.is_none_or(|l| s.format == l))
        .filter(|s| date.is_none_or(|d| s.in_force_on(d)))
        .collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "format": query.format,
        "as_of": date,
        "suspensions": found,
    })))
}
