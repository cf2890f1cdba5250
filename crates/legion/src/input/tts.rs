//! Legion HQ's TTS JSON export (the schema of the swlegion Tabletop Simulator mod): one
//! entry per unit copy with its upgrades by name, command cards by name, and the battle deck
//! under TTS's old card type names (`deployment` = primary, `objective` = secondary,
//! `conditions` = advantage). Names are read as Legion HQ's importer reads them ("cardName
//! title", its TTS name, or "cardName, title"); a name that fits several cards is reported
//! with every candidate, never guessed.

use deckcheck_core::json::Object;
use deckcheck_core::{
    Diagnostic, DiagnosticCode, ImportError, Imported, InputFormat, InputFormatInfo,
};
use serde::Deserialize;

use super::{Names, Resolved, ambiguous, bounded, loose};
use crate::army::{self, Ambiguity, Army, Counterpart, Place, Placed, Source, Unit};
use crate::catalog::{Catalog, Ix, Kind};

pub struct Tts;

#[derive(Deserialize)]
struct TtsList {
    #[serde(default)]
    listname: Option<String>,
    #[serde(rename = "armyFaction", default)]
    army_faction: Option<String>,
    #[serde(rename = "battleForce", default)]
    battle_force: Option<String>,
    #[serde(rename = "commandCards", default)]
    command_cards: Option<Vec<String>>,
    #[serde(default)]
    units: Vec<Object<TtsUnit>>,
    #[serde(rename = "battlefieldDeck", alias = "battleFieldDeck", default)]
    battle_deck: Option<Object<TtsBattleDeck>>,
}

#[derive(Deserialize)]
struct TtsUnit {
    name: String,
    #[serde(default)]
    upgrades: Vec<String>,
}

#[derive(Deserialize, Default)]
struct TtsBattleDeck {
    /// `recon` or `standard`: which of two battle cards of one name is meant.
    #[serde(default)]
    scenario: Option<String>,
    #[serde(default)]
    deployment: Vec<String>,
    #[serde(default)]
    objective: Vec<String>,
    #[serde(default)]
    conditions: Vec<String>,
}

impl InputFormat<Catalog, Army> for Tts {
    fn info(&self) -> InputFormatInfo {
        InputFormatInfo {
            id: "legion-tts-json",
            name: "Legion HQ TTS JSON",
            description: "Legion HQ's Tabletop Simulator export: {armyFaction, battleForce, commandCards, units: [{name, upgrades}], battlefieldDeck}",
        }
    }

    fn detect(&self, text: &str) -> bool {
        text.starts_with(['{', '['])
    }

    fn read(&self, catalog: &Catalog, text: &str) -> Result<Imported<Army>, ImportError> {
        let list: TtsList =
            deckcheck_core::json::from_object(text).map_err(|e| ImportError::json(&e))?;
        read(catalog, list)
    }
}

fn read(catalog: &Catalog, list: TtsList) -> Result<Imported<Army>, ImportError> {
    let mut imported: Imported<Army> = Imported::default();
    let mut names = Names::default();
    let army = &mut imported.deck;
    army.source = Source::Tts;
    army.title = list.listname.filter(|t| !t.trim().is_empty());
    let units = bounded(list.units, "units")?;
    let commands = bounded(
        list.command_cards.clone().unwrap_or_default(),
        "command cards",
    )?;

    if let Some(name) = list
        .battle_force
        .as_deref()
        .filter(|n| !n.trim().is_empty())
    {
        match catalog.force_by_name(name) {
            Some(bf) => army.battle_force = Some(bf),
            None => imported.diagnostics.push(Diagnostic::error(
                DiagnosticCode::new("unknown-battle-force"),
                "battleForce",
                name,
                "No battle force has this name; the army is judged without one.",
            )),
        }
    }
    let army = &mut imported.deck;
    army.faction = list
        .army_faction
        .as_deref()
        .and_then(army::faction)
        .map(str::to_string)
        .or_else(|| army.battle_force.map(|b| catalog.force(b).faction.clone()));
    let faction = army.faction.clone();
    let faction = faction.as_deref();

    // One entry per copy: identical entries become one unit with a count.
    for (i, Object(entry)) in units.into_iter().enumerate() {
        let at = format!("units[{i}]");
        let card = match super::resolve(catalog, &entry.name, &[Kind::Unit], faction) {
            Resolved::One(c) => c,
            Resolved::Loose(c) => {
                imported
                    .diagnostics
                    .push(loose(catalog, at.clone(), &entry.name, c));
                c
            }
            Resolved::Several(candidates) => {
                let upgrades = read_upgrades(
                    catalog,
                    &mut imported,
                    &mut names,
                    &at,
                    &entry.upgrades,
                    faction,
                    None,
                )
                .0;
                imported
                    .diagnostics
                    .push(ambiguous(catalog, at, &entry.name, &candidates));
                imported.deck.ambiguous.push(Ambiguity {
                    line: None,
                    text: entry.name,
                    candidates,
                    place: Place::Unit { count: 1, upgrades },
                });
                continue;
            }
            Resolved::None => {
                imported.deck.unread += 1;
                imported.diagnostics.push(names.unknown(
                    catalog,
                    at,
                    &entry.name,
                    &[Kind::Unit],
                    "unit",
                ));
                continue;
            }
        };
        let (upgrades, counterpart) = read_upgrades(
            catalog,
            &mut imported,
            &mut names,
            &at,
            &entry.upgrades,
            faction,
            Some(card),
        );
        imported.deck.add_unit(Unit {
            card,
            count: 1,
            upgrades,
            counterpart,
            line: None,
        });
    }

    imported.deck.command_hand_given = list.command_cards.is_some_and(|c| !c.is_empty());
    for (i, name) in commands.iter().enumerate() {
        let at = format!("commandCards[{i}]");
        if let Some(card) = one_card(
            catalog,
            &mut imported,
            &mut names,
            at,
            name,
            Kind::Command,
            faction,
            Place::Command,
        ) && catalog.card(card).id.as_ref() != "aa"
        {
            imported.deck.commands.push(Placed { card, line: None });
        }
    }
    if let Some(Object(deck)) = list.battle_deck {
        // Without a scenario nothing tells a Standard from a Recon printing of one name: the
        // ambiguity stands (every candidate reported, the verdict under each).
        let recon = deck
            .scenario
            .as_deref()
            .map(|s| s.trim().eq_ignore_ascii_case("recon"));
        let all = [
            ("deployment", deck.deployment),
            ("objective", deck.objective),
            ("conditions", deck.conditions),
        ];
        for (key, cards) in all {
            for (i, name) in bounded(cards, "battle cards")?.iter().enumerate() {
                let at = format!("battlefieldDeck.{key}[{i}]");
                let card = one_card(
                    catalog,
                    &mut imported,
                    &mut names,
                    at,
                    name,
                    Kind::Battle,
                    faction,
                    Place::Battle,
                );
                let card = card.or_else(|| {
                    recon.and_then(|recon| super::battle_by_scenario(catalog, &mut imported, recon))
                });
                if let Some(card) = card {
                    imported.deck.battle.push(Placed { card, line: None });
                }
            }
        }
    }
    Ok(imported)
}

/// A command or battle card by name; ambiguous and unknown names are set aside.
#[expect(
    clippy::too_many_arguments,
    reason = "one call per card list, all needed"
)]
fn one_card(
    catalog: &Catalog,
    imported: &mut Imported<Army>,
    names: &mut Names,
    at: String,
    name: &str,
    kind: Kind,
    faction: Option<&str>,
    place: Place,
) -> Option<Ix> {
    match super::resolve(catalog, name, &[kind], faction) {
        Resolved::One(c) => Some(c),
        Resolved::Loose(c) => {
            imported.diagnostics.push(loose(catalog, at, name, c));
            Some(c)
        }
        Resolved::Several(candidates) => {
            imported
                .diagnostics
                .push(ambiguous(catalog, at, name, &candidates));
            imported.deck.ambiguous.push(Ambiguity {
                line: None,
                text: name.to_string(),
                candidates,
                place,
            });
            None
        }
        Resolved::None => {
            imported.deck.unread += 1;
            let what = if kind == Kind::Command {
                "command card"
            } else {
                "battle card"
            };
            imported
                .diagnostics
                .push(names.unknown(catalog, at, name, &[kind], what));
            None
        }
    }
}

/// A unit's upgrade names: upgrades, or its counterpart (whose own upgrades follow it in the
/// export, matched to the counterpart's upgrade bar).
fn read_upgrades(
    catalog: &Catalog,
    imported: &mut Imported<Army>,
    names: &mut Names,
    at: &str,
    list: &[String],
    faction: Option<&str>,
    unit: Option<Ix>,
) -> (Vec<Ix>, Option<Counterpart>) {
    let mut upgrades = Vec::new();
    let mut counterpart: Option<Counterpart> = None;
    for (j, name) in list.iter().take(super::MAX_ENTRIES).enumerate() {
        let at = format!("{at}.upgrades[{j}]");
        let card = match super::resolve(catalog, name, &[Kind::Upgrade, Kind::Counterpart], faction)
        {
            Resolved::One(c) => c,
            Resolved::Loose(c) => {
                imported.diagnostics.push(loose(catalog, at, name, c));
                c
            }
            Resolved::Several(candidates) => {
                imported
                    .diagnostics
                    .push(ambiguous(catalog, at, name, &candidates));
                match unit {
                    // The unit is added after its upgrades: it will be the army's next one.
                    Some(_) => imported.deck.ambiguous.push(Ambiguity {
                        line: None,
                        text: name.clone(),
                        candidates,
                        place: Place::Upgrade {
                            unit: imported.deck.units.len(),
                        },
                    }),
                    None => imported.deck.unread += 1,
                }
                continue;
            }
            Resolved::None => {
                imported.deck.unread += 1;
                imported.diagnostics.push(names.unknown(
                    catalog,
                    at,
                    name,
                    &[Kind::Upgrade, Kind::Counterpart],
                    "upgrade",
                ));
                continue;
            }
        };
        let c = catalog.card(card);
        match (&mut counterpart, c.kind) {
            (_, Kind::Counterpart) => {
                counterpart = Some(Counterpart {
                    card,
                    upgrades: Vec::new(),
                })
            }
            (Some(cp), Kind::Upgrade) if catalog.card(cp.card).upgrade_bar.contains(&c.subtype) => {
                cp.upgrades.push(card)
            }
            _ => upgrades.push(card),
        }
    }
    (upgrades, counterpart)
}
