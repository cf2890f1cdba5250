//! Star Wars: Unlimited for deckcheck: the swu-db catalog and its sync, the deck lists players
//! exchange (SWUDB JSON, the picklist, text as people type it), the formats as dated data from
//! `card_data/swu/`, one rule per file, and the judge's deck check.
//!
//! The path of a check: input text → [`decklist::import`] (one reader per input format) →
//! [`deck::Deck`] → [`rules::check`] (every rule of [`rules::RULES`], reading the format's
//! settings on the date) → [`deckcheck_core::Report`].
//!
//! Errors: typed errors in the domain ([`catalog::CatalogError`], [`data::DataError`],
//! [`deckcheck_core::ImportError`]); a deck that breaks rules is a report, not an error.

pub mod catalog;
pub mod data;
pub mod deck;
pub mod decklist;
pub mod judge;
mod messages;
pub mod rules;
pub mod sync;

use std::sync::Arc;

use deckcheck_core::{
    Ask, CardSummary, ChangePoint, Comparison, Confidence, DeckView, FormatInfo, Game, GameInfo,
    GameSpec, ImportError, Imported, Judged, LineView, Paths, RequestError, SectionView,
};
use jiff::civil::Date;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::catalog::{CardType, Catalog, CatalogError, load_dir};
use crate::data::{DataError, FormatDef, LegalityData, PoolKind};
use crate::deck::{Deck, DeckEntry, Zone};
use crate::rules::{Links, Pool, Submission};

/// The game as the binary lists it.
pub const SPEC: GameSpec = GameSpec {
    id: "swu",
    name: "Star Wars: Unlimited",
    dir_name: "cards",
    env: "DECKCHECK_CARDS",
    source: &sync::SwuDb,
    load: |paths| {
        Ok(Arc::new(
            Swu::load(paths).map_err(deckcheck_core::LoadError::new)?,
        ))
    },
    api,
};

/// A real list, for the API document's examples.
const EXAMPLE_DECK: &str = "Leader\n1 | Han Solo | Audacious Smuggler\nBase\n1 | Level 1313\nDeck\n3 | Waylay\n3 | Cunning\n";

/// What the API document says of the game: its formats, inputs and options from its own data.
fn api(
    card_data: Option<&std::path::Path>,
) -> Result<deckcheck_core::GameApi, deckcheck_core::LoadError> {
    let data = match card_data {
        Some(dir) => LegalityData::from_dir(&dir.join("swu")),
        None => LegalityData::embedded(),
    }
    .map_err(deckcheck_core::LoadError::new)?;
    let mut api = deckcheck_core::GameApi::new::<Options>(
        data.formats.iter().map(FormatDef::info).collect(),
        decklist::readers().iter().map(|r| r.info()).collect(),
        deckcheck_core::ApiExample {
            deck: EXAMPLE_DECK,
            format: "premier",
            as_of: "2025-05-01",
            card: "SOR_222",
            name: "Waylay",
        },
    );
    let choices = pool_choices(&data);
    if let Some(pool) = api.options.pointer_mut("/properties/trilogy_pool") {
        // `null` is "not given", as leaving the field out.
        let mut values: Vec<Value> = choices.iter().map(|c| json!(c)).collect();
        values.push(Value::Null);
        pool["enum"] = Value::Array(values);
    }
    if let Some(pool) = api.options.pointer_mut("/properties/pool") {
        // A list (a string) or an object (see `PoolInput`).
        let description = pool.get("description").cloned();
        *pool = json!({
            "oneOf": [{ "type": "string" }, { "type": "object" }, { "type": "null" }],
            "description": description,
        });
    }
    api.bare_deck = true;
    Ok(api)
}

/// The pools a format may be played with, from the data (Trilogy: Premier's or Eternal's).
fn pool_choices(data: &LegalityData) -> Vec<&str> {
    let mut choices: Vec<&str> = Vec::new();
    for f in &data.formats {
        for rule in f.card_pool.entries() {
            if rule.value.kind == PoolKind::ChosenFormat {
                for c in &rule.value.formats {
                    if !choices.contains(&c.as_str()) {
                        choices.push(c);
                    }
                }
            }
        }
    }
    choices
}

/// Card catalog and legality data, loaded once and shared by every check.
#[derive(Debug, Clone)]
pub struct Swu {
    catalog: Catalog,
    data: LegalityData,
    /// The data linked to the catalog's cards and sets.
    links: Links,
    info: GameInfo,
}

/// Why the game could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("card catalog: {0}")]
    Catalog(#[from] CatalogError),
    #[error("legality data: {0}")]
    Data(#[from] DataError),
}

/// The error code of a pool that cannot be read (a 400: the pool is a request option).
pub const UNREADABLE_POOL: deckcheck_core::ErrorCode = deckcheck_core::ErrorCode::UnreadablePool;

/// The most lines of a pool that could not be read that a report names one by one.
const MAX_POOL_NOTES: usize = 20;

/// What a check may be told beside the format and the date.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = SwuOptions)]
pub struct Options {
    /// Limited: the cards opened or drafted, as a deck list in any input format (a string), a
    /// SWUDB object, or packs: `{"packs": [six or three lists], "leaders": [...],
    /// "promo_leaders": [...], "event_set": "SOR"}`.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub pool: Option<PoolInput>,
    /// Limited: the set the event is played with (for "any Common base of the set"); inferred
    /// from the pool when not given.
    #[serde(default)]
    pub event_set: Option<String>,
    /// Trilogy: the card pool played, `premier` (the default) or `eternal`.
    #[serde(default, rename = "trilogy_pool", alias = "pool_format")]
    pub pool_format: Option<String>,
}

/// A limited pool as a request gives it.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum PoolInput {
    /// The cards opened or drafted as one deck list, in any input format.
    List(String),
    /// A SWUDB object, or packs: `{"packs": [...], "leaders": [...], "promo_leaders": [...],
    /// "event_set": "SOR"}`.
    Json(serde_json::Map<String, Value>),
}

impl Swu {
    /// Loads the catalog from `paths.cards` (its current version, resolved once) and the
    /// legality data from `paths.card_data/swu` (or the embedded copy).
    pub fn load(paths: &Paths) -> Result<Self, LoadError> {
        let data = match &paths.card_data {
            Some(dir) => LegalityData::from_dir(&dir.join("swu"))?,
            None => LegalityData::embedded()?,
        };
        let dir = deckcheck_core::sync::CatalogDir::new(&paths.cards).current();
        let release = |code: &str| data.release_date(code);
        let catalog = load_dir(&dir, &release)?;
        Ok(Self::new(catalog, data))
    }

    /// Links legality data to a catalog, and adds the variant ids the catalog lacks by each
    /// set's documented numbering.
    pub fn new(mut catalog: Catalog, data: LegalityData) -> Self {
        let numbering = catalog.add_numbered(&data.numbering);
        let mut links = Links::new(&catalog, &data);
        links.unlinked.extend(numbering);
        let info = GameInfo {
            id: "swu",
            name: "Star Wars: Unlimited",
            regulations: vec![
                "Star Wars: Unlimited Tournament Regulations v1.3 (EN) and v1.4".into(),
                "Star Wars: Unlimited Comprehensive Event Guide (2025-11-20, 2026-06-26)".into(),
                "Star Wars: Unlimited Comprehensive Rules".into(),
            ],
            formats: data.formats.iter().map(FormatDef::info).collect(),
            inputs: decklist::readers().iter().map(|r| r.info()).collect(),
            codes: rules::codes(),
            catalog: Arc::clone(catalog.version()),
            cards: catalog.cards().len(),
        };
        Self {
            catalog,
            data,
            links,
            info,
        }
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    pub fn data(&self) -> &LegalityData {
        &self.data
    }

    pub fn links(&self) -> &Links {
        &self.links
    }

    /// What of `card_data` could not be linked to this catalog: a suspension naming no card, a
    /// leader whose starting side is not in the data, a variant numbering that does not fit.
    pub fn data_problems(&self) -> &[String] {
        &self.links.unlinked
    }

    /// Judges decks already read, for a format on a date: the rules engine without a request.
    pub fn check_decks(
        &self,
        format: &str,
        as_of: Date,
        submission: Submission<'_>,
        unreadable: usize,
    ) -> Option<deckcheck_core::Report> {
        let format = self.data.format(format)?;
        Some(rules::check(
            &self.catalog,
            &self.data,
            &self.links,
            format,
            as_of,
            submission,
            unreadable,
        ))
    }

    /// Reads a limited pool given in a request. A pool that cannot be read at all (not a list,
    /// or no line of it a card) is an `unreadable-pool` error naming `pool`, with its
    /// diagnostics (the service's 422, as for a deck that cannot be read). Lines it could not read come back as
    /// sentences for the answer, which cannot then be certain (issue 15).
    fn read_pool(
        &self,
        value: &PoolInput,
        event_set: Option<&str>,
        as_of: Date,
    ) -> Result<(Pool, Vec<String>), RequestError> {
        let text = match value {
            PoolInput::List(text) => text.clone(),
            PoolInput::Json(object) => Value::Object(object.clone()).to_string(),
        };
        let imported = decklist::read_pool(&self.catalog, &text, Some(as_of)).map_err(|e| {
            RequestError::new(
                UNREADABLE_POOL,
                format!("pool cannot be read as a list of cards: {e}"),
            )
            .field("pool")
        })?;
        let errors: Vec<_> = imported
            .diagnostics
            .iter()
            .filter(|d| d.blocks_verdict())
            .collect();
        if imported.pool.copies.is_empty() && !errors.is_empty() {
            return Err(RequestError::new(
                UNREADABLE_POOL,
                format!(
                    "pool: no line of the pool could be read as a card ({} lines could not)",
                    errors.len()
                ),
            )
            .field("pool")
            .details(deckcheck_core::Details::listed(&errors)));
        }
        let mut notes: Vec<String> = errors
            .iter()
            .take(MAX_POOL_NOTES)
            .map(|d| format!("The pool could not be read whole: {}", d.message))
            .collect();
        if errors.len() > MAX_POOL_NOTES {
            notes.push(format!(
                "{} more lines of the pool could not be read.",
                errors.len() - MAX_POOL_NOTES
            ));
        }
        let mut pool = imported.pool;
        if let Some(set) = event_set {
            pool.event_set = Some(set.to_string());
        }
        Ok((pool, notes))
    }

    /// Whether a card may be played in a format on a date, and if not, why: its release, the
    /// card pool and suspensions (deck-shape rules do not apply to one card).
    fn card_legality(&self, card: catalog::CardId, format: &FormatDef, as_of: Date) -> Value {
        if format.is_limited() {
            return json!({
                "format": format.id,
                "legal": null,
                "note": "Limited decks may play any card opened or drafted at the event once its set is released; below Competitive tier, also at its prerelease in the week before.",
            });
        }
        let c = self.catalog.card(card);
        let zone = match c.card_type {
            CardType::Leader => Zone::Leader,
            CardType::Base => Zone::Base,
            _ => Zone::Main,
        };
        let mut deck = Deck::new();
        deck.push(DeckEntry {
            zone,
            card,
            printing: self.catalog.default_printing(card),
            count: 1,
            line: None,
        });
        let report = rules::check(
            &self.catalog,
            &self.data,
            &self.links,
            format,
            as_of,
            Submission::of(std::slice::from_ref(&deck)),
            0,
        );
        let card_codes = [
            rules::codes::FORMAT_NOT_AVAILABLE,
            rules::codes::CARD_NOT_RELEASED,
            rules::codes::CARD_NOT_IN_FORMAT,
            rules::codes::CARD_SUSPENDED,
        ];
        let violations: Vec<_> = report
            .violations
            .iter()
            .filter(|v| card_codes.contains(&v.code))
            .collect();
        let token = c.card_type == CardType::Token;
        let mut answer = json!({
            "format": format.id,
            "legal": violations.is_empty() && !token,
        });
        if !violations.is_empty() {
            answer["violations"] = json!(violations);
        }
        if token {
            answer["note"] = json!("Tokens are never part of a deck (CR 1.2.3).");
        }
        answer
    }
}

impl Game for Swu {
    type Deck = Deck;
    type Options = Options;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn import(&self, text: &str, input: Option<&str>) -> Result<Imported<Deck>, ImportError> {
        decklist::import(&self.catalog, text, input)
    }

    fn import_on(
        &self,
        text: &str,
        input: Option<&str>,
        as_of: Date,
    ) -> Result<Imported<Deck>, ImportError> {
        decklist::import_on(&self.catalog, text, input, Some(as_of))
    }

    fn check(
        &self,
        decks: &[Imported<Deck>],
        formats: &[&FormatInfo],
        ask: &Ask,
        options: &Options,
    ) -> Result<Vec<Judged>, RequestError> {
        let pool = match &options.pool {
            Some(value) => Some(self.read_pool(value, options.event_set.as_deref(), ask.as_of)?),
            None => None,
        };
        // The decks as the one slice a submission holds: a single deck borrowed, several
        // (Trilogy) gathered.
        let all: std::borrow::Cow<'_, [Deck]> = match decks {
            [one] => std::borrow::Cow::Borrowed(std::slice::from_ref(&one.deck)),
            _ => decks.iter().map(|d| d.deck.clone()).collect(),
        };
        let mut judged = Vec::new();
        for format in formats {
            let def = self
                .data
                .format(&format.id)
                .ok_or_else(|| self.info.unknown_format(&format.id))?;
            if let Some(chosen) = &options.pool_format {
                // The pools the format could be played with on the date (Trilogy had only
                // Premier's before Eternal began).
                let choices: Vec<&String> = def.pool_choices(ask.as_of).iter().collect();
                if !choices.is_empty()
                    && !choices
                        .iter()
                        .any(|c| c.eq_ignore_ascii_case(chosen.trim()))
                {
                    let err = RequestError::bad_value(
                        "trilogy_pool",
                        format!(
                            "on {} {} is played with the card pool of {}; {:?} is not one of them",
                            ask.as_of,
                            def.name,
                            choices
                                .iter()
                                .map(|c| c.as_str())
                                .collect::<Vec<_>>()
                                .join(" or "),
                            deckcheck_core::echo(chosen)
                        ),
                    );
                    // A pool some format is played with on some date (the document's list) is
                    // the documented shape, not playable on this date: a 422 (issue 17).
                    let documented = self
                        .data
                        .formats
                        .iter()
                        .flat_map(|f| f.card_pool.entries())
                        .filter(|rule| rule.value.kind == PoolKind::ChosenFormat)
                        .flat_map(|rule| rule.value.formats.iter())
                        .any(|c| c.eq_ignore_ascii_case(chosen.trim()));
                    return Err(if documented { err.unanswerable() } else { err });
                }
            }
            let submission = |decks| Submission {
                decks,
                player: ask.player.as_deref(),
                uid: ask.uid.as_deref(),
                registration: ask.registration,
                pool: pool.as_ref().map(|(p, _)| p),
                pool_notes: pool.as_ref().map_or(&[], |(_, n)| n.as_slice()),
                pool_format: options.pool_format.as_deref().map(str::trim),
            };
            let groups: Vec<Vec<usize>> = if def.decks > 1 {
                vec![(0..decks.len()).collect()]
            } else {
                (0..decks.len()).map(|i| vec![i]).collect()
            };
            for group in groups {
                let unreadable = group.iter().map(|i| decks[*i].unreadable()).sum();
                let report = if group.len() == decks.len() {
                    rules::check(
                        &self.catalog,
                        &self.data,
                        &self.links,
                        def,
                        ask.as_of,
                        submission(&all),
                        unreadable,
                    )
                } else {
                    rules::check(
                        &self.catalog,
                        &self.data,
                        &self.links,
                        def,
                        ask.as_of,
                        submission(&all[group[0]..=group[0]]),
                        unreadable,
                    )
                };
                let mut report = report;
                report.notes.extend(decklist::languages_note(
                    group.iter().map(|i| &decks[*i].deck),
                    &self.data,
                    ask.as_of,
                ));
                judged.push(Judged {
                    report,
                    decks: group,
                });
            }
        }
        Ok(judged)
    }

    fn view(&self, deck: &Deck) -> DeckView {
        DeckView {
            sections: Zone::ALL
                .into_iter()
                .map(|zone| SectionView {
                    id: zone.id(),
                    label: zone.label(),
                    count: deck.count(zone),
                    lines: deck
                        .in_zone_as_written(zone)
                        .map(|(e, written)| LineView {
                            count: e.count,
                            card: self
                                .catalog
                                .card_ref(e.card, Some(e.printing))
                                .at_line(e.line)
                                .written_as(written.cloned()),
                            attached: Vec::new(),
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    fn player(&self, deck: &Deck) -> (Option<String>, Option<String>) {
        (
            deck.player().map(str::to_string),
            deck.uid().map(str::to_string),
        )
    }

    fn compare(
        &self,
        registered: &Deck,
        presented: &Imported<Deck>,
        extra: Option<&Deck>,
        format: &FormatInfo,
        as_of: Date,
    ) -> Comparison {
        let def = self
            .data
            .format(&format.id)
            .unwrap_or(&self.data.formats[0]);
        judge::compare(self, registered, presented, extra, def, as_of)
    }

    fn export(&self, deck: &Deck, to: &str) -> Result<String, RequestError> {
        match to {
            "swudb" | "swudb-json" | "json" => decklist::to_swudb_json(&self.catalog, deck)
                .map_err(|e| RequestError::bad_value("to", e.to_string())),
            "text" => Ok(decklist::to_text(&self.catalog, deck)),
            other => Err(RequestError::bad_value(
                "to",
                format!(
                    "a deck can be written as swudb (SWUDB JSON) or text, not {:?}",
                    deckcheck_core::echo(other)
                ),
            )),
        }
    }

    /// Cards by name in any of the five languages (a full name, then a title), else the
    /// closest names in any language; each card once, shown with the name it was found by when
    /// that is not its English name.
    fn search(&self, query: &str, limit: usize) -> Vec<CardSummary> {
        let q = query.trim();
        let mut found = self.catalog.full_name_fits(q, None);
        for fit in self.catalog.title_fits(q) {
            if !found.iter().any(|f| f.card == fit.card) {
                found.push(fit);
            }
        }
        if found.is_empty() {
            found = self
                .catalog
                .suggest_fits(q, limit, |c| c.card_type != CardType::Token);
        }
        found.truncate(limit);
        found
            .into_iter()
            .map(|fit| CardSummary {
                card: self.catalog.card_ref_as(fit, None),
                kind: self.catalog.card(fit.card).card_type.to_string(),
            })
            .collect()
    }

    fn card(&self, id: &str, as_of: Date) -> Option<Value> {
        let printing = self.catalog.printing_by_id(id)?;
        let card = self.catalog.card(printing.card);
        let printings: Vec<Value> = card
            .printings
            .iter()
            .map(|p| {
                let pr = self.catalog.printing(*p);
                json!({
                    "id": pr.code,
                    "set": self.catalog.set_code(pr.set),
                    "number": pr.number(),
                    "variant": pr.variant,
                    "rarity": pr.rarity,
                })
            })
            .collect();
        let legality: serde_json::Map<String, Value> = self
            .data
            .formats
            .iter()
            .map(|f| (f.id.clone(), self.card_legality(card.id, f, as_of)))
            .collect();
        let mut about = json!({
            "id": self.catalog.printing(self.catalog.default_printing(card.id)).code,
            "title": card.title,
            "subtitle": card.subtitle,
            "type": card.card_type,
            "aspects": card.aspects.iter().collect::<Vec<_>>(),
            "unique": card.unique,
        });
        // A leader that starts the game on a named side: each side's aspects (Twin Suns judges
        // the starting one).
        if let Some(side) = self.links.start_side(card.id) {
            about["sides"] = json!({
                "start": { "name": side.data.start_side, "aspects": side.data.start_aspects },
                "other": { "name": side.data.other_side, "aspects": side.data.other_aspects },
            });
        }
        if let Some(p) = &printing.numbered {
            about["resolved_by_numbering"] = json!({
                "id": printing.code,
                "variant": printing.variant,
                "confidence": p.confidence,
            });
        }
        Some(json!({
            "card": about,
            "printings": printings,
            "as_of": as_of,
            "legality": legality,
            "catalog": self.catalog.version(),
        }))
    }

    fn format_rules(&self, format: &str) -> Option<Value> {
        serde_json::to_value(self.data.format(format)?).ok()
    }

    fn change_points(&self, format: &FormatInfo) -> Vec<ChangePoint> {
        let Some(def) = self.data.format(&format.id) else {
            return Vec::new();
        };
        // The format's own settings: its first day, then each day a setting changes.
        let first = def.available.entries().first().map(|d| d.from);
        let mut by_day: std::collections::BTreeMap<Date, Vec<&str>> =
            std::collections::BTreeMap::new();
        for (date, what) in def.change_dates() {
            if Some(date) != first {
                let whats = by_day.entry(date).or_default();
                if !whats.contains(&what) {
                    whats.push(what);
                }
            }
        }
        let mut points: Vec<ChangePoint> = first
            .map(|date| ChangePoint {
                date,
                what: format!("{} can be played from this day", def.name),
                confidence: def.available.entries()[0].confidence,
            })
            .into_iter()
            .collect();
        points.extend(by_day.into_iter().map(|(date, whats)| ChangePoint {
            date,
            what: format!("{}'s rules change: {}", def.name, whats.join(", ")),
            confidence: Confidence::Official,
        }));
        for set in &self.data.sets {
            if let Some(date) = set.release_date {
                points.push(ChangePoint {
                    date,
                    what: format!("{} ({}) is released", set.name, set.code),
                    confidence: set.confidence,
                });
            }
            // Limited, below Competitive tier: its cards are legal at its prerelease.
            if let Some((opens, _)) = set.prerelease_week()
                && def.prerelease.entries().iter().any(|d| d.value)
            {
                points.push(ChangePoint {
                    date: opens,
                    what: format!("{} ({}) prerelease week begins", set.name, set.code),
                    confidence: Confidence::Official,
                });
            }
            // A format that took the set later (Intro Battle: Hoth in Twin Suns).
            for (format, later) in &set.legal_from {
                let date = later.from;
                if *format == def.id || def.pool_choices(date).contains(format) {
                    // Fixed only by a document published after the day: not a sure boundary.
                    let confidence = if later.published > date {
                        Confidence::Unconfirmed
                    } else {
                        set.confidence
                    };
                    points.push(ChangePoint {
                        date,
                        what: format!("{} ({}) counts in {}", set.name, set.code, def.name),
                        confidence,
                    });
                }
            }
        }
        let lists: Vec<&str> = std::iter::once(def)
            .chain(
                def.card_pool
                    .entries()
                    .iter()
                    .flat_map(|d| &d.value.formats)
                    .filter_map(|f| self.data.format(f)),
            )
            .flat_map(|f| f.suspension_list.entries().iter().map(|d| d.value.as_str()))
            .collect();
        let list_name = |list: &str| {
            self.data
                .formats
                .iter()
                .find(|f| f.suspension_list.entries().iter().any(|d| d.value == list))
                .map_or(list.to_string(), |f| f.name.clone())
        };
        for s in self
            .data
            .suspensions
            .iter()
            .filter(|s| lists.contains(&s.format.as_str()))
        {
            let name = match &s.subtitle {
                Some(sub) => format!("{} | {sub}", s.title),
                None => s.title.clone(),
            };
            points.push(ChangePoint {
                date: s.effective_from,
                what: format!("{name} is suspended in {}", list_name(&s.format)),
                confidence: s.confidence,
            });
            if let Some(until) = s.effective_until {
                points.push(ChangePoint {
                    date: until,
                    what: format!("{name}'s suspension in {} ends", list_name(&s.format)),
                    confidence: s.confidence,
                });
            }
        }
        points
    }

    /// `trilogy_pool` names a format some format's pool is chosen from (the data's list).
    fn check_option_values(&self, options: &Options) -> Result<(), RequestError> {
        let Some(chosen) = &options.pool_format else {
            return Ok(());
        };
        let choices = pool_choices(&self.data);
        if choices.contains(&chosen.as_str()) {
            return Ok(());
        }
        Err(RequestError::bad_value(
            "trilogy_pool",
            format!(
                "trilogy_pool {:?} is not one of {}",
                deckcheck_core::echo(chosen),
                choices.join(", ")
            ),
        ))
    }

    fn is_bare_deck(&self, body: &serde_json::Map<String, Value>) -> bool {
        body.get("deck").is_some_and(Value::is_array)
            || (!body.contains_key("deck")
                && (body.contains_key("leader") || body.contains_key("base")))
    }
}
