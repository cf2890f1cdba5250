//! Star Wars: The Card Game as a [`Game`]: its catalog, its hand data and its two input
//! formats; a submission is one deck, or a light side and a dark side deck judged together.

use std::sync::Arc;

use deckcheck_core::fingerprint;
use deckcheck_core::input::{ImportError, Imported, import};
use deckcheck_core::{
    Ask, CardRef, CardSummary, ChangePoint, Confidence, DeckView, FormatInfo, Game, GameInfo,
    Judged, LineView, Report, RequestError, SectionView,
};
use jiff::civil::Date;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::catalog::Catalog;
use crate::data::{DataError, HandData};
use crate::deck::{Deck, Section};
use crate::input::{READERS, write_o8d, write_pods};
use crate::rules::{self, Context};

/// A check takes no options beyond the format and the date.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = LcgOptions)]
pub struct LcgOptions {}

pub struct Lcg {
    catalog: Catalog,
    data: HandData,
    info: GameInfo,
}

impl Lcg {
    /// The game from a loaded catalog and hand data, checked against each other.
    pub fn new(catalog: Catalog, data: HandData) -> Result<Self, DataError> {
        data.check_against(&catalog)?;
        let info = GameInfo {
            id: "lcg",
            name: "Star Wars: The Card Game",
            regulations: vec![
                "Star Wars: The Card Game Tournament Rules (REG)".into(),
                "Core rulebook (2012): Objective Sets p.7, Setup p.10, Custom Decks p.28 (CR)"
                    .into(),
                "Official Rules Clarification, FAQ and Errata v5.0, effective 2017-04-12 (FAQ)"
                    .into(),
            ],
            formats: formats(&data),
            inputs: READERS.iter().map(|r| r.info()).collect(),
            codes: rules::codes(),
            catalog: catalog.version.clone(),
            cards: catalog.cards.len(),
        };
        Ok(Self {
            catalog,
            data,
            info,
        })
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }
}

impl Game for Lcg {
    type Deck = Deck;
    type Options = LcgOptions;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn import(&self, text: &str, input: Option<&str>) -> Result<Imported<Deck>, ImportError> {
        import(READERS, &self.catalog, text, input)
    }

    fn check(
        &self,
        decks: &[Imported<Deck>],
        formats: &[&FormatInfo],
        ask: &Ask,
        _options: &LcgOptions,
    ) -> Result<Vec<Judged>, RequestError> {
        if decks.len() > 2 {
            return Err(RequestError::bad_value(
                "decks",
                format!(
                    "{} decks were given; a Star Wars: The Card Game registration is one light side and one dark side deck",
                    decks.len()
                ),
            ));
        }
        let refs: Vec<&Deck> = decks.iter().map(|d| &d.deck).collect();
        let unreadable = decks.iter().map(Imported::unreadable).sum();
        let mut out = Vec::with_capacity(formats.len());
        for format in formats {
            let def = self
                .data
                .formats
                .iter()
                .find(|f| f.id == format.id)
                .ok_or_else(|| self.info.unknown_format(&format.id))?;
            let ctx = Context {
                catalog: &self.catalog,
                data: &self.data,
                format: def,
                as_of: ask.as_of,
            };
            let findings = rules::check(&ctx, &refs);
            out.push(Judged {
                report: Report::new(
                    "lcg",
                    &format.id,
                    ask.as_of,
                    findings,
                    unreadable,
                    self.info.catalog.clone(),
                ),
                decks: (0..decks.len()).collect(),
            });
        }
        Ok(out)
    }

    fn view(&self, deck: &Deck) -> DeckView {
        let sections = [Section::Affiliation, Section::Objective, Section::Command]
            .into_iter()
            .map(|section| {
                let mut lines: Vec<LineView> = deck
                    .entries
                    .iter()
                    .filter(|e| e.section == section)
                    .map(|e| LineView {
                        count: e.count,
                        card: self.catalog.card_ref(e.card).at_line(e.line),
                        attached: Vec::new(),
                    })
                    .collect();
                lines.extend(
                    deck.unknown
                        .iter()
                        .filter(|u| u.section == section)
                        .map(|u| LineView {
                            count: u.count,
                            card: CardRef::new(u.id.as_str().into(), u.name.as_str().into(), None)
                                .at_line(u.line),
                            attached: Vec::new(),
                        }),
                );
                SectionView {
                    id: section.id(),
                    label: section.label(),
                    count: lines.iter().map(|l| u64::from(l.count)).sum(),
                    lines,
                }
            })
            .collect();
        DeckView { sections }
    }

    fn sheet(&self, deck: &Deck) -> deckcheck_core::SheetDeck {
        crate::sheet::of(&self.catalog, deck)
    }

    /// A card of an objective set is named by the set's number and its title (`#005 guardian of
    /// peace`): a deck is built of whole sets, the same title in two sets is two cards, and a
    /// set's two copies of a card are one card whichever of its two OCTGN ids a list gives. A
    /// card outside any set (an affiliation card) is named by its title.
    fn identity(&self, card: &CardRef) -> String {
        let set = self
            .catalog
            .by_id(&card.id)
            .and_then(|idx| self.catalog.card(idx).set);
        match set {
            Some(set) => format!("#{set:03} {}", fingerprint::by_name(card)),
            None => fingerprint::by_name(card),
        }
    }

    fn export(&self, deck: &Deck, to: &str) -> Result<String, RequestError> {
        match to.trim().to_ascii_lowercase().as_str() {
            "o8d" => Ok(write_o8d(&self.catalog, deck)),
            "pod-list" | "pods" | "text" => write_pods(&self.catalog, deck)
                .map_err(|e| RequestError::bad_value("to", e.to_string())),
            other => Err(RequestError::bad_value(
                "to",
                format!(
                    "Star Wars: The Card Game decks can be written as o8d or pod-list, not {:?}",
                    deckcheck_core::echo(other)
                ),
            )),
        }
    }

    fn search(&self, query: &str, limit: usize) -> Vec<CardSummary> {
        let summary = |idx| CardSummary {
            card: self.catalog.card_ref(idx),
            kind: self.catalog.card(idx).kind.name().to_string(),
        };
        let mut out: Vec<CardSummary> =
            self.catalog.by_id(query).map(summary).into_iter().collect();
        for idx in self.catalog.suggest_cards(query, limit) {
            if out.len() >= limit {
                break;
            }
            if !out.iter().any(|s| s.card.id == self.catalog.card(idx).id) {
                out.push(summary(idx));
            }
        }
        out
    }

    fn card(&self, id: &str, as_of: Date) -> Option<Value> {
        let idx = self.catalog.by_id(id)?;
        let card = self.catalog.card(idx);
        let product = &self.catalog.products[usize::from(card.product)];
        let released = self.data.products.named(product).and_then(|p| p.released);
        let set = card.set;
        let limit = set.map(|set| {
            let erratum = self
                .data
                .errata
                .iter()
                .find(|e| e.value.set == set && e.from <= as_of)
                .map(|e| e.value.limit);
            let printed = if self.catalog.objective(set).is_some_and(|o| o.limit_one) {
                1
            } else {
                2
            };
            erratum.unwrap_or(printed)
        });
        let restricted: Vec<String> = match (set, self.data.restricted.at(as_of)) {
            (Some(set), Some(list)) => list
                .value
                .groups
                .iter()
                .filter(|g| g.sets.iter().any(|s| s.set == set))
                .map(|g| format!("{} ({})", g.name, list.value.name))
                .collect(),
            _ => Vec::new(),
        };
        Some(json!({
            "id": card.id,
            "title": card.title,
            "type": card.kind.name(),
            "side": card.side.data_name(),
            "affiliation": card.affiliation.name(),
            "objective_set": set,
            "sequence": set.map(|_| card.seq),
            "number": card.number,
            "unique": card.unique,
            "product": product,
            "released": released.map(|d| d.to_string()),
            "copies_per_deck": limit,
            "affiliation_only": card.locked.map(|a| a.name()),
            "restricted": restricted,
            "text": card.text,
        }))
    }

    fn change_points(&self, format: &FormatInfo) -> Vec<ChangePoint> {
        let mut points = Vec::new();
        if let Some(def) = self.data.formats.iter().find(|f| f.id == format.id) {
            for fact in def.min_objective_sets.entries() {
                points.push(ChangePoint {
                    date: fact.from,
                    what: format!("at least {} objective sets per deck", fact.value),
                    confidence: fact.confidence,
                });
            }
        }
        for p in &self.data.products.list {
            if let Some(date) = p.released {
                points.push(ChangePoint {
                    date,
                    what: format!("{} is released", p.name),
                    confidence: p.confidence,
                });
            }
        }
        for e in &self.data.errata {
            points.push(ChangePoint {
                date: e.from,
                what: format!(
                    "{} ({}) becomes Limit {} per objective deck by errata",
                    e.value.title, e.value.set, e.value.limit
                ),
                confidence: e.confidence,
            });
        }
        for list in self.data.restricted.entries() {
            points.push(ChangePoint {
                date: list.from,
                what: format!("the {} restricted list takes effect", list.value.name),
                confidence: list.confidence,
            });
        }
        let complete = &self.data.products.complete_from;
        points.push(ChangePoint {
            date: complete.from,
            what: format!(
                "every product of the card data is out (the last, {}); the card pool is taken as complete",
                complete.value
            ),
            confidence: complete.confidence.max(Confidence::SingleSource),
        });
        points.sort_by_key(|p| p.date);
        points
    }
}

/// The formats of the hand data, as requests name them.
fn formats(data: &HandData) -> Vec<FormatInfo> {
    data.formats
        .iter()
        .map(|f| FormatInfo {
            id: f.id.clone(),
            name: f.name.clone(),
            summary: f.summary.clone(),
            decks: f.decks,
            from: None,
            until: None,
            needs: Vec::new(),
        })
        .collect()
}

/// A real deck (a legal Scum and Villainy deck), for the API document's examples.
const EXAMPLE_DECK: &str = include_str!("../tests/lcg/decks/scum-and-villainy.txt");

/// What the API document says of the game, from its hand data alone.
pub fn api(
    card_data: Option<&std::path::Path>,
) -> Result<deckcheck_core::GameApi, deckcheck_core::LoadError> {
    let data = HandData::load(card_data).map_err(deckcheck_core::LoadError::new)?;
    Ok(deckcheck_core::GameApi::new::<LcgOptions>(
        formats(&data),
        READERS.iter().map(|r| r.info()).collect(),
        deckcheck_core::ApiExample {
            deck: EXAMPLE_DECK,
            format: "standard",
            as_of: "2017-06-01",
            card: "ff4fb461-8060-457a-9c16-000000000428",
            name: "Jabba the Hutt",
        },
    ))
}

/// The game loaded from its catalog directory and hand data.
pub fn load(
    paths: &deckcheck_core::Paths,
) -> Result<Arc<dyn deckcheck_core::AnyGame>, deckcheck_core::LoadError> {
    let dir = deckcheck_core::sync::CatalogDir::new(&paths.cards).current();
    let catalog = Catalog::load(&dir).map_err(deckcheck_core::LoadError::new)?;
    let data =
        HandData::load(paths.card_data.as_deref()).map_err(deckcheck_core::LoadError::new)?;
    let game = Lcg::new(catalog, data).map_err(deckcheck_core::LoadError::new)?;
    Ok(Arc::new(game))
}
