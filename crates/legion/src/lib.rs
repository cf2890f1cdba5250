//! deckcheck-legion: Star Wars: Legion army lists, checked by points, ranks, uniques,
//! upgrades, battle forces, command hand and battle deck on any date.
//!
//! Card data is Legion HQ's (synced by [`sync::LegionSource`], or read from a mirror); the
//! modes and the army-building facts the card data lacks are the project's own, in
//! `card_data/legion/` ([`data`]). Lists are read from a Legion HQ link, its TTS JSON or its
//! text export ([`input`]) into an [`army::Army`]; [`rules`] holds one file per rule id of
//! the spec (LEG-*). Errors: [`catalog::CatalogError`] at load, `ImportError` for input that
//! is not a list at all; a list that breaks rules is a report.

pub mod army;
pub mod catalog;
pub mod data;
pub mod history;
pub mod input;
mod messages;
pub mod rules;
pub mod sheet;
pub mod sync;

use std::sync::Arc;

use deckcheck_core::sync::CatalogDir;
use deckcheck_core::{
    Ask, CardRef, CardSummary, ChangePoint, Confidence, DeckView, FormatInfo, Game, GameInfo,
    GameSpec, ImportError, Imported, Judged, LineView, NoteKind, Paths, Report, RequestError,
    SectionView,
};
use jiff::civil::Date;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::army::Army;
use crate::catalog::{Catalog, Kind, before_release_window};
use crate::data::LegionData;
use crate::rules::{Ctx, Settings};

/// How the service and the CLI load this game.
pub const SPEC: GameSpec = GameSpec {
    id: "legion",
    name: "Star Wars: Legion",
    dir_name: "legion",
    env: "DECKCHECK_LEGION_CARDS",
    source: &sync::LegionSource,
    load,
    api,
};

/// A real army (a Rebel list from Legion HQ), for the API document's examples.
const EXAMPLE_LINK: &str = "https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ahed0dc0,1aieh000,1gv00000,1ae000,2ak00000,2ao00,1he00,1ap000,cr,cq,vo,ck,bj,ch,Ag,Ah,Ai,Aa,Ab,Ac,yu,yv,yw";

/// What the API document says of the game, from its own data alone.
fn api(
    card_data: Option<&std::path::Path>,
) -> Result<deckcheck_core::GameApi, deckcheck_core::LoadError> {
    let data = match card_data {
        Some(d) => LegionData::from_dir(d),
        None => LegionData::embedded(),
    }
    .map_err(deckcheck_core::LoadError::new)?;
    Ok(deckcheck_core::GameApi::new::<LegionOptions>(
        data.modes.iter().map(|m| m.info.clone()).collect(),
        input::READERS.iter().map(|r| r.info()).collect(),
        deckcheck_core::ApiExample {
            deck: EXAMPLE_LINK,
            format: "standard",
            as_of: "2025-05-01",
            card: "Fb",
            name: "Luke Skywalker",
        },
    ))
}

fn load(paths: &Paths) -> Result<Arc<dyn deckcheck_core::AnyGame>, deckcheck_core::LoadError> {
    let dir = CatalogDir::new(&paths.cards).current();
    let catalog = Catalog::load(&dir).map_err(deckcheck_core::LoadError::new)?;
    let mut data = match &paths.card_data {
        Some(d) => LegionData::from_dir(d),
        None => LegionData::embedded(),
    }
    .map_err(deckcheck_core::LoadError::new)?;
    // A catalog synced from Legion HQ's live branch is of its own day (issue 36).
    if let Some(day) = deckcheck_core::sync::read_manifest(&dir)
        .and_then(|m| m.snapshot)
        .and_then(|d| d.parse::<Date>().ok())
    {
        data.army.snapshot = data.army.snapshot.max(day);
    }
    Ok(Arc::new(Legion::new(catalog, data)))
}

/// What a Legion check may be told beside the mode and the date.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = LegionOptions)]
pub struct LegionOptions {
    /// The options chosen for the army's battle force (Custom Clan chooses two of
    /// `Veterans`, `Tools of the Trade`, `Rapid Deployment`, `Guns for Hire`, `Feats of
    /// Valor`). Legion HQ's links and exports do not carry them; without them, a card whose
    /// legality or cost depends on a choice leaves the verdict unverified.
    #[serde(default)]
    pub choices: Option<Vec<String>>,
}

/// The Legion game: its catalog and its own data, read once.
pub struct Legion {
    catalog: Catalog,
    data: LegionData,
    /// The data linked to the catalog's cards.
    links: rules::Links,
    info: GameInfo,
}

impl Legion {
    pub fn new(catalog: Catalog, data: LegionData) -> Self {
        let info = GameInfo {
            id: "legion",
            name: "Star Wars: Legion",
            regulations: vec![
                "Star Wars: Legion Tournament Regulations v1.1 (effective 2018-07-23)".into(),
                "Atomic Mass Games Star Wars: Legion Rulebook 2.6.0 (from 2024-07-24)".into(),
                "Legion HQ's data and list builder (battle forces, modes, conditional costs)"
                    .into(),
            ],
            formats: data.modes.iter().map(|m| m.info.clone()).collect(),
            inputs: input::READERS.iter().map(|r| r.info()).collect(),
            codes: rules::codes(),
            catalog: catalog.version.clone(),
            cards: catalog.cards().len(),
        };
        Self {
            links: rules::Links::new(&catalog, &data),
            catalog,
            data,
            info,
        }
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    pub fn data(&self) -> &LegionData {
        &self.data
    }

    pub fn links(&self) -> &rules::Links {
        &self.links
    }

    /// Judges one army in one mode: every rule, the link's mode, and for each ambiguous
    /// name the verdict under each of its candidates.
    pub fn judge(
        &self,
        imported: &Imported<Army>,
        mode: &data::Mode,
        as_of: Date,
        settings: &Settings,
    ) -> Report {
        let army = &imported.deck;
        let cx = Ctx::new(self, army, mode, as_of, settings);
        let mut findings = rules::check(&cx);
        if let Some(points) = army.built_for
            && !mode.link_points.contains(&points)
        {
            let built = self
                .data
                .modes
                .iter()
                .find(|m| m.link_points.contains(&points))
                .map_or_else(|| format!("{points}-point"), |m| m.info.name.clone());
            findings.note(
                NoteKind::Caveat,
                None,
                format!(
                    "The list was built for {built} ({points} points); it is judged as {}.",
                    mode.info.name
                ),
            );
        }
        for (i, a) in army.ambiguous.iter().enumerate().take(8) {
            let outcomes: Vec<String> = a
                .candidates
                .iter()
                .take(6)
                .map(|c| {
                    let choice = army.with_choice(i, *c);
                    let cx = Ctx::new(self, &choice, mode, as_of, settings);
                    let f = rules::check(&cx);
                    let card = self.catalog.card(*c);
                    let certain: Vec<&str> = f
                        .violations
                        .iter()
                        .filter(|v| v.is_certain())
                        .map(|v| v.code.as_str())
                        .collect();
                    let verdict = if !certain.is_empty() {
                        let mut codes = certain.clone();
                        codes.dedup();
                        format!("illegal ({})", codes.join(", "))
                    } else if !f.violations.is_empty()
                        || f.notes.iter().any(|n| n.kind == NoteKind::Unverified)
                    {
                        "unverified".to_string()
                    } else {
                        "legal".to_string()
                    };
                    format!("as {} ({}) it is {verdict}", card.full_name(), card.id)
                })
                .collect();
            let at = a.line.map(|l| format!(" (line {l})")).unwrap_or_default();
            findings.note(
                NoteKind::Unverified,
                Some("REG Army Lists L152 (LEG-AMBIGUOUS)"),
                format!(
                    "\"{}\"{at} fits {} cards, so the army cannot be judged until the list names one: {}.",
                    a.text,
                    a.candidates.len(),
                    outcomes.join("; ")
                ),
            );
        }
        Report::new(
            "legion",
            &mode.info.id,
            as_of,
            findings,
            imported.unreadable(),
            self.catalog.version.clone(),
        )
    }

    fn mode(&self, format: &FormatInfo) -> Result<&data::Mode, RequestError> {
        self.data
            .mode(&format.id)
            .ok_or_else(|| self.info.unknown_format(&format.id))
    }
}

impl Game for Legion {
    type Deck = Army;
    type Options = LegionOptions;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn import(&self, text: &str, input: Option<&str>) -> Result<Imported<Army>, ImportError> {
        deckcheck_core::input::import(input::READERS, &self.catalog, text, input)
    }

    fn check(
        &self,
        decks: &[Imported<Army>],
        formats: &[&FormatInfo],
        ask: &Ask,
        options: &LegionOptions,
    ) -> Result<Vec<Judged>, RequestError> {
        let settings = Settings {
            choices: options.choices.clone(),
            registration: ask.registration,
        };
        let mut out = Vec::new();
        for format in formats {
            let mode = self.mode(format)?;
            for (i, deck) in decks.iter().enumerate() {
                out.push(Judged {
                    report: self.judge(deck, mode, ask.as_of, &settings),
                    decks: vec![i],
                });
            }
        }
        Ok(out)
    }

    /// A card is named by its Legion HQ id (`ah`), the id list links carry: names are not
    /// identities (the Rebel and the Republic AT-RT, four cards called The Darksaber).
    fn identity(&self, card: &CardRef) -> String {
        card.id.to_string()
    }

    fn view(&self, army: &Army) -> DeckView {
        let cat = &self.catalog;
        let line = |card, line| cat.card(card).card_ref().at_line(line);
        let units: Vec<LineView> = army
            .units
            .iter()
            .map(|u| LineView {
                count: u.count,
                card: line(u.card, u.line),
                attached: u
                    .upgrades
                    .iter()
                    .map(|x| line(*x, u.line))
                    .chain(u.counterpart.iter().flat_map(|c| {
                        std::iter::once(line(c.card, u.line))
                            .chain(c.upgrades.iter().map(|x| line(*x, u.line)))
                    }))
                    .collect(),
            })
            .collect();
        let placed = |list: &[army::Placed]| -> Vec<LineView> {
            list.iter()
                .map(|p| LineView {
                    count: 1,
                    card: line(p.card, p.line),
                    attached: vec![],
                })
                .collect()
        };
        let mut commands = placed(&army.commands);
        if army.command_hand_given
            && let Some(so) = cat.by_id("aa")
        {
            commands.push(LineView {
                count: 1,
                card: so.card_ref(),
                attached: vec![],
            });
        }
        let battle = placed(&army.battle);
        let section = |id, label, lines: Vec<LineView>| SectionView {
            id,
            label,
            count: lines.iter().map(|l| u64::from(l.count)).sum(),
            lines,
        };
        DeckView {
            sections: vec![
                section("units", "units", units),
                section("command", "command hand", commands),
                section("battle", "battle deck", battle),
            ],
        }
    }

    fn sheet(&self, army: &Army) -> deckcheck_core::SheetDeck {
        sheet::of(&self.catalog, army, self.view(army))
    }

    fn export(&self, army: &Army, to: &str) -> Result<String, RequestError> {
        match to {
            "legion-hq-link" => Ok(self.link(army)),
            _ => Err(RequestError::bad_value(
                "to",
                format!("Legion armies can be written as legion-hq-link, not {to:?}"),
            )),
        }
    }

    fn search(&self, query: &str, limit: usize) -> Vec<CardSummary> {
        let mut out: Vec<CardSummary> = Vec::new();
        if let Some(c) = self.catalog.by_id(query.trim()) {
            out.push(summary(c));
        }
        for s in self.catalog.names.suggest(query, limit, |_| true) {
            let c = self.catalog.card(s.card);
            if !out.iter().any(|o| o.card.id == c.id) {
                out.push(summary(c));
            }
        }
        out.truncate(limit);
        out
    }

    fn card(&self, id: &str, as_of: Date) -> Option<Value> {
        let c = self.catalog.by_id(id)?;
        let cost_then = c.cost.map(|now| {
            if as_of >= self.data.army.snapshot {
                Ok(now)
            } else {
                history::cost_on(now, &c.history, as_of)
            }
        });
        let released = match c.unreleased.as_deref() {
            Some(w) => match before_release_window(w, as_of) {
                Some(true) => json!(false),
                _ => Value::Null,
            },
            None if as_of >= self.data.army.snapshot => json!(true),
            None => Value::Null,
        };
        Some(json!({
            "id": &*c.id,
            "name": &*c.name,
            "title": c.title.as_deref(),
            "type": c.kind.as_str(),
            "subtype": c.subtype,
            "rank": c.rank.map(|r| r.key()),
            "faction": (!c.faction.is_empty()).then_some(&c.faction),
            "cost": c.cost,
            "cost_on_date": cost_then.and_then(Result::ok),
            "unique": c.is_unique(),
            "bullets": c.is_unique().then(|| c.bullets()),
            "keywords": c.keywords.iter().map(|k| match &k.value {
                Some(v) => format!("{} {v}", k.name),
                None => k.name.clone(),
            }).collect::<Vec<_>>(),
            "upgrade_bar": c.upgrade_bar,
            "unreleased": c.unreleased,
            "released_on_date": released,
            "history": c.history.iter().map(|h| json!({"date": h.date.to_string(), "text": h.text})).collect::<Vec<_>>(),
            "as_of": as_of.to_string(),
        }))
    }

    fn change_points(&self, format: &FormatInfo) -> Vec<ChangePoint> {
        let Some(mode) = self.data.mode(&format.id) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut push = |date: Date, what: String, confidence: Confidence| {
            if !out
                .iter()
                .any(|p: &ChangePoint| p.date == date && p.what == what)
            {
                out.push(ChangePoint {
                    date,
                    what,
                    confidence,
                });
            }
        };
        for d in mode.points.entries() {
            push(
                d.from,
                format!("{}: {} points", mode.info.name, d.value),
                d.confidence,
            );
        }
        for d in mode.ranks.entries() {
            push(
                d.from,
                format!("{}: rank table ({})", mode.info.name, d.section),
                d.confidence,
            );
        }
        for d in mode.battle_deck.entries() {
            push(
                d.from,
                format!("{}: battle deck rules ({})", mode.info.name, d.section),
                d.confidence,
            );
        }
        for d in mode.command_hand.entries() {
            push(
                d.from,
                format!("{}: command hand rules", mode.info.name),
                d.confidence,
            );
        }
        push(
            self.data.army.snapshot,
            "Legion HQ's card data (the card pool is known from this day)".into(),
            Confidence::SingleSource,
        );
        for c in &self.data.army.card_changes {
            push(
                c.from,
                format!("card {} changes ({})", c.card, c.source),
                Confidence::SingleSource,
            );
        }
        for card in self.catalog.cards() {
            for h in &card.history {
                if h.change != history::Change::Other {
                    push(
                        h.date,
                        format!("points changes ({})", h.date),
                        Confidence::SingleSource,
                    );
                }
            }
            if let Some(w) = card.unreleased.as_deref()
                && let Some(start) = release_start(w)
            {
                push(
                    start,
                    format!("cards Legion HQ gives for {w} may be out"),
                    Confidence::Unconfirmed,
                );
            }
        }
        out.sort_by_key(|p| p.date);
        out
    }

    fn is_bare_deck(&self, body: &Map<String, Value>) -> bool {
        body.contains_key("armyFaction") && body.contains_key("units")
    }
}

fn summary(c: &catalog::Card) -> CardSummary {
    CardSummary {
        card: c.card_ref(),
        kind: match (c.kind, c.rank) {
            (Kind::Unit, Some(r)) => format!("unit ({})", r.label()),
            (Kind::Upgrade, _) => format!("upgrade ({})", c.subtype),
            (Kind::Command, _) => format!("command ({} pips)", c.subtype),
            (Kind::Battle, _) => format!("battle ({})", c.subtype),
            (k, _) => k.as_str().to_string(),
        },
    }
}

/// The first day of a month or quarter Legion HQ gives for an unreleased card.
fn release_start(window: &str) -> Option<Date> {
    // The first day on which `before_release_window` says false.
    let year: i16 = window.split_whitespace().nth(1)?.parse().ok()?;
    (1..=12i8)
        .filter_map(|m| Date::new(year, m, 1).ok())
        .find(|d| before_release_window(window, *d) == Some(false))
}

impl Legion {
    /// The army as a Legion HQ link (units with their upgrades in slot order, command
    /// cards, battle cards), so Legion HQ shows each upgrade in its slot.
    pub fn link(&self, army: &Army) -> String {
        let cat = &self.catalog;
        let slots = |card: catalog::Ix, upgrades: &[catalog::Ix]| -> String {
            let c = cat.card(card);
            let mut bar: Vec<(&str, Option<catalog::Ix>)> =
                c.upgrade_bar.iter().map(|t| (t.as_str(), None)).collect();
            for u in upgrades {
                bar.extend(
                    cat.card(*u)
                        .additional_slots
                        .iter()
                        .map(|t| (t.as_str(), None)),
                );
            }
            let mut extra = Vec::new();
            for u in upgrades {
                let kind = cat.card(*u).subtype.as_str();
                match bar.iter_mut().find(|(t, e)| *t == kind && e.is_none()) {
                    Some(slot) => slot.1 = Some(*u),
                    None => extra.push(*u),
                }
            }
            bar.iter()
                .map(|(_, e)| e.map_or_else(|| "0".to_string(), |u| cat.card(u).id.to_string()))
                .chain(extra.iter().map(|u| cat.card(*u).id.to_string()))
                .collect()
        };
        let mut segments: Vec<String> = Vec::new();
        for u in &army.units {
            let mut s = format!(
                "{}{}{}",
                u.count,
                cat.card(u.card).id,
                slots(u.card, &u.upgrades)
            );
            if let Some(cp) = &u.counterpart {
                s.push_str(&format!(
                    "+1{}{}",
                    cat.card(cp.card).id,
                    slots(cp.card, &cp.upgrades)
                ));
            }
            segments.push(s);
        }
        segments.extend(
            army.commands
                .iter()
                .map(|c| cat.card(c.card).id.to_string()),
        );
        segments.extend(army.battle.iter().map(|c| cat.card(c.card).id.to_string()));
        let faction = army.faction.as_deref().unwrap_or("rebels");
        let points = army.built_for.unwrap_or(1000);
        let bf = army
            .battle_force
            .map(|b| format!("{}:", cat.force(b).link_id))
            .unwrap_or_default();
        format!(
            "https://legionhq2.com/list/{faction}/{points}:{bf}{}",
            segments.join(",")
        )
    }
}
