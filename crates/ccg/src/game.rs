//! The game as the service and the CLI see it: [`Ccg`] implements the core's `Game`.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use deckcheck_core::input::import;
use deckcheck_core::{
    Ask, CardRef, CardSummary, ChangePoint, Confidence, DeckView, FormatInfo, Game, GameInfo,
    ImportError, Imported, Judged, LineView, NoteKind, Report, RequestError, SectionView,
};
use jiff::civil::Date;
use serde_json::{Value, json};

use crate::catalog::{CardIdx, Catalog, CatalogError, Precision};
use crate::data::{DataError, FormatDef, LegalityData};
use crate::deck::{Deck, Entry, Resolution, Zone};
use crate::input::READERS;
use crate::rules::{self, Context, judge};
use crate::upstream::GempFormat;

/// What a check may be told beside the format and the date: nothing yet.
#[derive(Debug, Default, serde::Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CcgOptions {}

/// Why the game cannot be loaded: its data, its catalog, or the two disagreeing.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    #[error(transparent)]
    Data(#[from] DataError),
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    #[error("format {format}: GEMP's format file has no format {gemp:?}")]
    NoGempFormat { format: String, gemp: String },
}

/// Star Wars CCG: the catalog, the project's data, and what the game is.
pub struct Ccg {
    catalog: Catalog,
    data: LegalityData,
    info: GameInfo,
}

const COVERAGE: &str = "Rules that live only in card text (what an Objective or a Starting Effect lets you deploy, combo cards) and the physical rules of the guide (sleeves, oversized and foreign-language cards) are not checked.";

/// Codes of the rules that judge one card whatever the rest of the deck (for `card`).
const CARD_CODES: &[&str] = &[
    "CCG-GAME-AID",
    "CCG-NOT-TOURNAMENT",
    "CCG-SET",
    "CCG-ICON",
    "CCG-SOURCE-CONFLICT",
    "CCG-BANNED",
    "CCG-RARITY",
    "CCG-NEW-EXPANSION",
];

impl Ccg {
    /// Loads the catalog from a directory (resolved through its `current` version, if any) and
    /// the project's data from `card_data` (or the embedded copy).
    pub fn load(cards: &Path, card_data: Option<&Path>) -> Result<Self, GameError> {
        let data = match card_data {
            Some(dir) => LegalityData::from_dir(dir)?,
            None => LegalityData::embedded()?,
        };
        let dir = deckcheck_core::sync::CatalogDir::new(cards).current();
        let catalog = Catalog::load(&dir, &data.overlay())?;
        Self::new(catalog, data)
    }

    pub fn new(catalog: Catalog, data: LegalityData) -> Result<Self, GameError> {
        for f in &data.formats {
            if catalog.gemp_format(&f.gemp).is_none() {
                return Err(GameError::NoGempFormat {
                    format: f.id.clone(),
                    gemp: f.gemp.clone(),
                });
            }
        }
        let formats = formats(&data);
        let info = GameInfo {
            id: "ccg",
            name: "Star Wars CCG",
            regulations: vec![
                "Official SW:CCG Tournament Guide v2.3.6 (2006-07-03)".into(),
                "GEMP (PlayersCommittee/gemp-swccg-public): swccgFormats.json and DefaultSwccgFormat, for what the guide does not say".into(),
            ],
            formats,
            inputs: READERS.iter().map(|r| r.info()).collect(),
            codes: rules::codes(),
            catalog: catalog.version.clone(),
            cards: catalog.len(),
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

    pub fn data(&self) -> &LegalityData {
        &self.data
    }

    fn format(&self, id: &str) -> Result<(&FormatDef, &GempFormat), RequestError> {
        let def = self
            .data
            .formats
            .iter()
            .find(|f| f.id == id)
            .ok_or_else(|| self.info.unknown_format(id))?;
        let gemp = self
            .catalog
            .gemp_format(&def.gemp)
            .ok_or_else(|| self.info.unknown_format(id))?;
        Ok((def, gemp))
    }

    /// The report of `decks` (one deck, or a pair) in one format on one date.
    pub fn report<D: std::borrow::Borrow<Deck>>(
        &self,
        decks: &[D],
        unreadable: usize,
        format: &str,
        as_of: Date,
        registration: bool,
    ) -> Result<Report, RequestError> {
        let (def, gemp) = self.format(format)?;
        let mut ctx = Context::new(&self.catalog, def, gemp, as_of, decks);
        ctx.registration = registration;
        let mut findings = judge(&ctx);
        if def.available_on(as_of).is_none() {
            let first = def.first_day().map_or("-".into(), |d| d.to_string());
            findings.note(
                NoteKind::Unverified,
                def.available.entries().first().map(|d| d.section.as_str()),
                format!(
                    "{} is first documented from {first}; deckcheck cannot judge a {} deck on {as_of}.",
                    def.name, def.name
                ),
            );
        } else if let Some(fact) = def.available_on(as_of) {
            findings.resting_on(fact);
        }
        if let Some(caveat) = &def.caveat {
            findings.note(NoteKind::Caveat, None, caveat.clone());
        }
        findings.note(NoteKind::Coverage, None, COVERAGE);
        Ok(Report::new(
            "ccg",
            &def.id,
            as_of,
            findings,
            unreadable,
            self.catalog.version.clone(),
        ))
    }

    fn line_ref(&self, entry: &Entry) -> CardRef {
        match &entry.card {
            Resolution::Card(c) => self.catalog.card_ref(*c),
            _ => CardRef::new(entry.written.clone(), entry.written.clone(), None),
        }
        .at_line(entry.line)
    }

    fn resolved(deck: &Deck) -> Result<Vec<(Zone, CardIdx, u32)>, RequestError> {
        let unresolved = deck.unresolved();
        if unresolved > 0 {
            return Err(RequestError::bad_value(
                "deck",
                format!(
                    "{unresolved} {} of the deck {} not one card (unknown or ambiguous); fix {} before converting",
                    if unresolved == 1 { "entry" } else { "entries" },
                    if unresolved == 1 { "is" } else { "are" },
                    if unresolved == 1 { "it" } else { "them" }
                ),
            ));
        }
        Ok(deck
            .entries
            .iter()
            .filter_map(|e| e.card().map(|c| (e.zone, c, e.count)))
            .collect())
    }
}

/// `&`, `<`, `>`, `"` and `'` escaped for an XML attribute.
fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

impl Game for Ccg {
    type Deck = Deck;
    type Options = CcgOptions;

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
        _options: &CcgOptions,
    ) -> Result<Vec<Judged>, RequestError> {
        let plain: Vec<&Deck> = decks.iter().map(|d| &d.deck).collect();
        let unreadable = decks.iter().map(Imported::unreadable).sum();
        formats
            .iter()
            .map(|f| {
                Ok(Judged {
                    report: self.report(&plain, unreadable, &f.id, ask.as_of, ask.registration)?,
                    decks: (0..decks.len()).collect(),
                })
            })
            .collect()
    }

    /// A card is named by its GEMP blueprint id (`7_167`; a retired Legacy card, which has
    /// none, by `legacy-` and its card database id): titles are not identities (Cloud City's
    /// and Special Edition's Boba Fett are two cards), and the id is one card whatever its
    /// foil or alternate image.
    fn identity(&self, card: &CardRef) -> String {
        card.id.to_string()
    }

    fn view(&self, deck: &Deck) -> DeckView {
        let mut sections = Vec::new();
        for zone in [Zone::Deck, Zone::Outside] {
            let mut lines: Vec<LineView> = Vec::new();
            for e in deck.entries.iter().filter(|e| e.zone == zone) {
                let card = self.line_ref(e);
                match lines.iter_mut().find(|l| l.card.id == card.id) {
                    Some(l) => l.count = l.count.saturating_add(e.count),
                    None => lines.push(LineView {
                        count: e.count,
                        card,
                        attached: Vec::new(),
                    }),
                }
            }
            if zone == Zone::Outside && lines.is_empty() {
                continue;
            }
            sections.push(SectionView {
                id: zone.id(),
                label: zone.label(),
                count: deck.count(zone),
                lines,
            });
        }
        DeckView { sections }
    }

    fn sheet(&self, deck: &Deck) -> deckcheck_core::SheetDeck {
        crate::sheet::of(&self.catalog, deck)
    }

    fn export(&self, deck: &Deck, to: &str) -> Result<String, RequestError> {
        let cards = Self::resolved(deck)?;
        let copies = |zone: Zone| {
            cards
                .iter()
                .filter(move |(z, _, _)| *z == zone)
                .flat_map(|(_, c, n)| std::iter::repeat_n(*c, *n as usize))
        };
        match to {
            "gemp-xml" => {
                let mut out = String::from(
                    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<deck>\n",
                );
                for (zone, tag) in [(Zone::Deck, "card"), (Zone::Outside, "cardOutsideDeck")] {
                    for c in copies(zone) {
                        let card = self.catalog.card(c);
                        out.push_str(&format!(
                            "  <{tag} blueprintId=\"{}\" title=\"{}\"/>\n",
                            card.id,
                            xml_escape(&card.title)
                        ));
                    }
                }
                out.push_str("</deck>\n");
                Ok(out)
            }
            "gemp-string" => {
                let ids = |zone| {
                    copies(zone)
                        .map(|c| self.catalog.card(c).id.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                };
                Ok(format!("{}|{}", ids(Zone::Deck), ids(Zone::Outside)))
            }
            "text" => {
                let mut out = String::new();
                for zone in [Zone::Deck, Zone::Outside] {
                    let mut grouped: BTreeMap<(String, CardIdx), u64> = BTreeMap::new();
                    for (z, c, n) in &cards {
                        if *z == zone {
                            let category = self.catalog.card(*c).category_name().to_uppercase();
                            *grouped.entry((category, *c)).or_insert(0) += u64::from(*n);
                        }
                    }
                    if grouped.is_empty() {
                        continue;
                    }
                    out.push_str(match zone {
                        Zone::Deck => "Deck:\n",
                        Zone::Outside => "\nOutside the deck:\n",
                    });
                    let mut last = String::new();
                    for ((category, c), n) in grouped {
                        if category != last {
                            out.push_str(&format!("{category}\n"));
                            last = category;
                        }
                        let card = self.catalog.card(c);
                        out.push_str(&format!("{n}x {} ({})\n", card.title, card.id));
                    }
                }
                Ok(out)
            }
            other => Err(RequestError::bad_value(
                "to",
                format!(
                    "Star Wars CCG decks can be written as gemp-xml, gemp-string or text, not {:?}",
                    deckcheck_core::echo(other)
                ),
            )),
        }
    }

    fn search(&self, query: &str, limit: usize) -> Vec<CardSummary> {
        let mut found: Vec<CardIdx> = self.catalog.by_title(query);
        for c in self.catalog.suggest(query, limit, |_| true) {
            if !found.contains(&c) {
                found.push(c);
            }
        }
        found.truncate(limit);
        found
            .into_iter()
            .map(|c| CardSummary {
                card: self.catalog.card_ref(c),
                kind: self.catalog.card(c).category_name(),
            })
            .collect()
    }

    fn card(&self, id: &str, as_of: Date) -> Option<Value> {
        let idx = self.catalog.by_id(id)?;
        let card = self.catalog.card(idx);
        let set = card.set.and_then(|s| self.catalog.set(s));
        let legal_from = card
            .set
            .and_then(|s| rules::new_expansion_legal_from(&self.catalog, s));
        let deck = Deck {
            entries: vec![Entry {
                zone: Zone::Deck,
                count: 1,
                line: None,
                written: card.id.clone(),
                card: Resolution::Card(idx),
            }],
            name: None,
        };
        let mut formats = serde_json::Map::new();
        for f in &self.data.formats {
            let Ok(report) = self.report(std::slice::from_ref(&deck), 0, &f.id, as_of, false)
            else {
                continue;
            };
            let violations: Vec<Value> = report
                .violations
                .iter()
                .filter(|v| CARD_CODES.contains(&v.code.as_str()))
                .map(|v| json!({"code": v.code, "section": v.section, "message": v.message()}))
                .collect();
            let status = if violations.is_empty() {
                if f.available_on(as_of).is_some() {
                    "legal"
                } else {
                    "unverified"
                }
            } else if report
                .violations
                .iter()
                .any(|v| CARD_CODES.contains(&v.code.as_str()) && v.is_certain())
            {
                "illegal"
            } else {
                "unverified"
            };
            formats.insert(
                f.id.clone(),
                json!({"status": status, "violations": violations}),
            );
        }
        Some(json!({
            "id": card.id,
            "title": card.title,
            "side": card.side.name(),
            "category": card.category_name(),
            "icons": card.icons,
            "set": set.map(|s| json!({
                "id": s.id,
                "name": s.name,
                "release": s.release,
                "release_precision": match s.precision { Precision::Day => "day", Precision::Month => "month" },
            })),
            "retired_to": card.legacy_block,
            "legal_from": legal_from.map(|(first, _)| first),
            "in_gemp": card.in_gemp,
            "episode_i_icon_conflict": card.icon_conflict.map(|c| json!({"gemp": c.gemp, "pc_card_database": c.pc})),
            "formats": formats,
        }))
    }

    fn change_points(&self, format: &FormatInfo) -> Vec<ChangePoint> {
        let Ok((def, gemp)) = self.format(&format.id) else {
            return Vec::new();
        };
        let mut points = Vec::new();
        for d in def.available.entries() {
            points.push(ChangePoint {
                date: d.from,
                what: if d.value {
                    format!("{} can be played", def.name)
                } else {
                    format!("{} ends", def.name)
                },
                confidence: d.confidence,
            });
        }
        for d in def.deck_size.entries() {
            points.push(ChangePoint {
                date: d.from,
                what: format!("decks of {} cards", d.value),
                confidence: d.confidence,
            });
        }
        for (icon, timeline) in &def.banned_icons {
            for d in timeline.entries() {
                points.push(ChangePoint {
                    date: d.from,
                    what: format!(
                        "cards with {} {}",
                        rules::icon_name(icon),
                        if d.value {
                            "are banned"
                        } else {
                            "are no longer banned"
                        }
                    ),
                    confidence: d.confidence,
                });
            }
        }
        for &set in &gemp.set {
            let Some(info) = self.catalog.set(set) else {
                continue;
            };
            let Some((first, last)) = rules::new_expansion_legal_from(&self.catalog, set) else {
                continue;
            };
            let exact = info.precision == Precision::Day;
            points.push(ChangePoint {
                date: first,
                what: if exact {
                    format!(
                        "{} is tournament-legal (one week after its release)",
                        info.name
                    )
                } else {
                    format!(
                        "{} may be tournament-legal (released that month; the day is not known)",
                        info.name
                    )
                },
                confidence: if exact {
                    Confidence::Official
                } else {
                    Confidence::Unconfirmed
                },
            });
            if !exact {
                points.push(ChangePoint {
                    date: last,
                    what: format!("{} is surely tournament-legal", info.name),
                    confidence: Confidence::Unconfirmed,
                });
            }
        }
        points.sort_by_key(|p| p.date);
        points
    }
}

impl std::fmt::Debug for Ccg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ccg")
            .field("cards", &self.catalog.len())
            .field("catalog", &self.catalog.version)
            .finish()
    }
}

/// The formats of the project's data, as requests name them.
fn formats(data: &LegalityData) -> Vec<FormatInfo> {
    data.formats
        .iter()
        .map(|f| FormatInfo {
            id: f.id.clone(),
            name: f.name.clone(),
            summary: f.summary.clone(),
            decks: 2,
            from: f.first_day(),
            until: None,
            needs: Vec::new(),
        })
        .collect()
}

/// A real deck (GEMP's sample Classic EBO, light side), for the API document's examples.
const EXAMPLE_DECK: &str = include_str!("../tests/ccg/decks/ebo-light.txt");

/// What the API document says of the game, from the project's data alone.
pub fn api(card_data: Option<&Path>) -> Result<deckcheck_core::GameApi, deckcheck_core::LoadError> {
    let data = match card_data {
        Some(dir) => LegalityData::from_dir(dir),
        None => LegalityData::embedded(),
    }
    .map_err(deckcheck_core::LoadError::new)?;
    Ok(deckcheck_core::GameApi::new::<CcgOptions>(
        formats(&data),
        READERS.iter().map(|r| r.info()).collect(),
        deckcheck_core::ApiExample {
            deck: EXAMPLE_DECK,
            format: "classic",
            as_of: "2025-05-01",
            card: "10_6",
            name: "Dash Rendar",
        },
    ))
}

/// Loads the game for the registry.
pub fn load(
    paths: &deckcheck_core::Paths,
) -> Result<Arc<dyn deckcheck_core::AnyGame>, deckcheck_core::LoadError> {
    let game = Ccg::load(&paths.cards, paths.card_data.as_deref())
        .map_err(deckcheck_core::LoadError::new)?;
    Ok(Arc::new(game))
}
