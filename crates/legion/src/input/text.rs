//! Legion HQ's text exports, read as best we can: the standard text (units under rank
//! headings, ` - 3× Rebel Troopers (40): Z-6 Trooper (20) = 192`), the tournament text
//! (`Leia Organa (75)` then ` - Upgrade (5)` lines, battle deck sections) and the minimal
//! text (`3× Rebel Troopers (Z-6 Trooper)`). These exports drop titles: a name is narrowed
//! by the section's rank, the army's faction, the pips and the printed cost, and a name that
//! still fits several cards is reported with every candidate, never guessed.

use deckcheck_core::input::{MAX_COUNT, MAX_LINES};
use deckcheck_core::{
    Diagnostic, DiagnosticCode, ImportError, Imported, InputFormat, InputFormatInfo,
};

use super::{Names, ambiguous};
use crate::army::{Ambiguity, Army, Counterpart, Place, Placed, Source, Unit, fits_faction};
use crate::catalog::{Catalog, Ix, Kind, Kw, Rank};

pub struct Text;

impl InputFormat<Catalog, Army> for Text {
    fn info(&self) -> InputFormatInfo {
        InputFormatInfo {
            id: "legion-text",
            name: "Legion HQ text export",
            description: "Legion HQ's text exports (standard, tournament, minimal); best effort, as they drop the cards' titles",
        }
    }

    fn detect(&self, _: &str) -> bool {
        true
    }

    fn read(&self, catalog: &Catalog, text: &str) -> Result<Imported<Army>, ImportError> {
        read(catalog, text)
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Section {
    None,
    Rank(Rank),
    Counterparts,
    Commands,
    Battle,
}

/// A card named on a line: its name as written, the cost printed beside it, where it is.
#[derive(Debug, Clone)]
struct Named {
    name: String,
    cost: Option<u32>,
}

#[derive(Debug)]
enum Entry {
    Unit {
        line: u32,
        count: u32,
        card: Named,
        rank: Option<Rank>,
        upgrades: Vec<Named>,
    },
    /// An upgrade on its own line, of the unit read last (tournament text).
    Upgrade {
        line: u32,
        text: String,
        card: Named,
    },
    /// A counterpart (C-3PO, ID10): it goes with the unit it belongs to.
    Counterpart {
        line: u32,
        card: Named,
        upgrades: Vec<Named>,
    },
    Command {
        line: u32,
        name: String,
        pips: Option<u32>,
    },
    Battle {
        line: u32,
        name: String,
    },
}

fn header(line: &str) -> Option<(Section, &str)> {
    let (head, rest) = line.split_once(':')?;
    let section = match head.trim().to_ascii_lowercase().as_str() {
        "commander" | "commanders" => Section::Rank(Rank::Commander),
        "operative" | "operatives" => Section::Rank(Rank::Operative),
        "corps" => Section::Rank(Rank::Corps),
        "special forces" | "special" => Section::Rank(Rank::Special),
        "support" => Section::Rank(Rank::Support),
        "heavy" | "heavies" => Section::Rank(Rank::Heavy),
        "counterparts" | "counterpart" => Section::Counterparts,
        "commands" | "command cards" => Section::Commands,
        "objectives" | "secondaries" | "advantages" | "primary" | "secondary" | "advantage" => {
            Section::Battle
        }
        _ => return None,
    };
    Some((section, rest.trim()))
}

/// `984/1000 (14 activations)` → 1000.
fn points_header(line: &str) -> Option<u32> {
    let (_, rest) = line.split_once('/')?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let spent = line.split_once('/')?.0.trim();
    (!spent.is_empty() && spent.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.parse().ok())
        .flatten()
}

/// `Rebel Troopers (40)` → ("Rebel Troopers", Some(40)); `Name` → ("Name", None).
fn named(text: &str) -> Named {
    let t = text.trim();
    if let Some(open) = t.rfind(" (")
        && let Some(inner) = t[open + 2..].strip_suffix(')')
        && let Ok(cost) = inner.trim().parse::<u32>()
    {
        return Named {
            name: t[..open].trim().to_string(),
            cost: Some(cost),
        };
    }
    Named {
        name: t.to_string(),
        cost: None,
    }
}

/// `Z-6 Trooper (20), Targeting Scopes (4)`: items end with a cost, so a comma inside a name
/// ("Contact, Contact!") stays in it; without costs, split on every comma.
fn upgrade_list(text: &str) -> Vec<Named> {
    let text = text.trim();
    if text.is_empty() {
        return Vec::new();
    }
    if text.ends_with(')') {
        let mut out = Vec::new();
        let mut rest = text;
        while let Some(end) = rest.find("), ") {
            out.push(named(&rest[..=end]));
            rest = &rest[end + 3..];
        }
        out.push(named(rest));
        return out;
    }
    text.split(", ").map(named).collect()
}

/// `3× Rebel Troopers (40): Z-6 (20) = 192`, `Leia Organa = 75`, `Leia Organa (75)`,
/// `3× Rebel Troopers (Z-6 Trooper, Targeting Scopes)`.
fn unit_line(text: &str) -> Option<(u32, Named, Vec<Named>)> {
    let mut t = text.trim();
    let mut count = 1;
    if let Some((n, rest)) = t.split_once(['×', 'x', 'X'])
        && !n.trim().is_empty()
        && n.trim().bytes().all(|b| b.is_ascii_digit())
    {
        let n: u64 = n.trim().parse().ok()?;
        if n == 0 || n > MAX_COUNT {
            return None;
        }
        count = n as u32;
        t = rest.trim();
    }
    let mut total = None;
    if let Some((left, right)) = t.rsplit_once(" = ") {
        total = right.trim().parse::<u32>().ok();
        t = left;
    }
    let (card, upgrades) = match t.split_once("): ") {
        Some((name, ups)) => (named(&format!("{name})")), upgrade_list(ups)),
        None => {
            let card = named(t);
            if card.cost.is_none()
                && let Some(open) = t.find(" (")
                && t.ends_with(')')
            {
                (named(&t[..open]), upgrade_list(&t[open + 2..t.len() - 1]))
            } else {
                (card, Vec::new())
            }
        }
    };
    let card = Named {
        cost: card.cost.or(total),
        ..card
    };
    (!card.name.is_empty()).then_some((count, card, upgrades))
}

/// `•• A Beautiful Friendship` → (2, "A Beautiful Friendship").
fn command(text: &str) -> (Option<u32>, String) {
    let t = text.trim();
    let pips = t.chars().take_while(|c| *c == '•' || *c == '●').count();
    let name: String = t.chars().skip(pips).collect();
    ((pips > 0).then_some(pips as u32), name.trim().to_string())
}

fn read(catalog: &Catalog, text: &str) -> Result<Imported<Army>, ImportError> {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() > MAX_LINES {
        return Err(ImportError::TooLarge(format!(
            "{} lines; a list has at most {MAX_LINES}",
            lines.len()
        )));
    }
    let mut imported: Imported<Army> = Imported::default();
    imported.deck.source = Source::Text;
    let mut entries = Vec::new();
    let mut section = Section::None;
    let mut seen_header = false;
    let mut first = true;
    for (i, raw) in lines.iter().enumerate() {
        let line = i as u32 + 1;
        let t = raw.trim().trim_start_matches('\u{feff}').trim();
        if t.is_empty() {
            continue;
        }
        if let Some(points) = points_header(t) {
            imported.deck.built_for = Some(points);
            seen_header = true;
            first = false;
            continue;
        }
        if t.eq_ignore_ascii_case("battle deck") {
            section = Section::Battle;
            continue;
        }
        if let Some((s, rest)) = header(t) {
            section = s;
            first = false;
            if s == Section::Commands {
                for item in rest.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let (pips, name) = command(item);
                    entries.push(Entry::Command { line, name, pips });
                }
            }
            continue;
        }
        // A title before the points line is not a card.
        if first && !seen_header && !t.starts_with('-') && !t.starts_with('•') {
            first = false;
            if lines
                .iter()
                .skip(i + 1)
                .any(|l| points_header(l.trim()).is_some())
            {
                imported.deck.title = Some(t.to_string());
                continue;
            }
        }
        first = false;
        let item = t.strip_prefix('-').map(str::trim);
        if section == Section::Commands || (item.is_none() && t.starts_with(['•', '●'])) {
            let (pips, name) = command(t);
            entries.push(Entry::Command { line, name, pips });
            continue;
        }
        let unit_body = match (section, item) {
            (Section::Battle, _) => {
                entries.push(Entry::Battle {
                    line,
                    name: item.unwrap_or(t).to_string(),
                });
                continue;
            }
            (Section::None, Some(body)) => {
                entries.push(Entry::Upgrade {
                    line,
                    text: t.to_string(),
                    card: named(body),
                });
                continue;
            }
            (Section::None, None) => t,
            (_, Some(body)) => body,
            (_, None) => {
                imported.deck.unread += 1;
                imported.diagnostics.push(Diagnostic::error(
                    DiagnosticCode::MALFORMED_ENTRY,
                    format!("line {line}"),
                    t,
                    "This line is not a unit, upgrade, command or battle card of a Legion HQ text export.",
                ));
                continue;
            }
        };
        match unit_line(unit_body) {
            Some((count, card, upgrades)) if section == Section::Counterparts => {
                let _ = count;
                entries.push(Entry::Counterpart {
                    line,
                    card,
                    upgrades,
                });
            }
            Some((count, card, upgrades)) => entries.push(Entry::Unit {
                line,
                count,
                card,
                rank: match section {
                    Section::Rank(r) => Some(r),
                    _ => None,
                },
                upgrades,
            }),
            None => {
                imported.deck.unread += 1;
                imported.diagnostics.push(Diagnostic::error(
                    DiagnosticCode::BAD_COUNT,
                    format!("line {line}"),
                    t,
                    format!("The count is not a whole number from 1 to {MAX_COUNT}."),
                ));
            }
        }
    }
    if entries.len() > super::MAX_ENTRIES {
        return Err(ImportError::TooLarge(format!(
            "{} entries; an army list has at most {}",
            entries.len(),
            super::MAX_ENTRIES
        )));
    }
    resolve_all(catalog, &mut imported, entries);
    Ok(imported)
}

/// Candidates for a name: by full or short name, of the kinds asked.
fn candidates(catalog: &Catalog, name: &str, kind: Kind) -> Vec<Ix> {
    let mut out: Vec<Ix> = catalog
        .by_full_name(name)
        .iter()
        .chain(catalog.by_short_name(name))
        .copied()
        .filter(|c| catalog.card(*c).kind == kind)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Keeps the candidates that pass `keep`, unless none would.
fn prefer(list: Vec<Ix>, keep: impl Fn(Ix) -> bool) -> Vec<Ix> {
    let kept: Vec<Ix> = list.iter().copied().filter(|c| keep(*c)).collect();
    if kept.is_empty() { list } else { kept }
}

fn resolve_all(catalog: &Catalog, imported: &mut Imported<Army>, entries: Vec<Entry>) {
    // The faction: the one every unit that fits a single faction agrees on.
    let mut factions: Vec<&str> = Vec::new();
    for e in &entries {
        if let Entry::Unit { card, .. } = e {
            let found = candidates(catalog, &card.name, Kind::Unit);
            let fs: Vec<&str> = found
                .iter()
                .map(|c| catalog.card(*c).faction.as_str())
                .filter(|f| *f != "mercenary")
                .collect();
            if let Some(f) = fs.first()
                && fs.iter().all(|g| g == f)
                && !factions.contains(f)
            {
                factions.push(f);
            }
        }
    }
    let faction = (factions.len() == 1).then(|| factions[0].to_string());
    imported.deck.faction = faction.clone();
    let faction = faction.as_deref();
    let mut names = Names::default();

    for e in entries {
        match e {
            Entry::Unit {
                line,
                count,
                card,
                rank,
                upgrades,
            } => {
                let at = format!("line {line}");
                let mut ups = Vec::new();
                for u in &upgrades {
                    match pick(catalog, &u.name, Kind::Upgrade, faction, u.cost, None, None) {
                        Ok(c) => ups.push(c),
                        Err(found) => report(
                            catalog,
                            imported,
                            &mut names,
                            &at,
                            &u.name,
                            found,
                            Kind::Upgrade,
                            line,
                            Some(Place::Upgrade { unit: usize::MAX }),
                        ),
                    }
                }
                // A cost beside a unit with upgrades is the unit's own; alone, it may be a total.
                let cost = card.cost;
                match pick(catalog, &card.name, Kind::Unit, faction, cost, rank, None) {
                    Ok(c) => {
                        imported.deck.add_unit(Unit {
                            card: c,
                            count,
                            upgrades: ups,
                            counterpart: None,
                            line: Some(line),
                        });
                        let index = imported
                            .deck
                            .units
                            .iter()
                            .position(|u| u.card == c && u.line == Some(line))
                            .unwrap_or(imported.deck.units.len() - 1);
                        for a in &mut imported.deck.ambiguous {
                            if a.place == (Place::Upgrade { unit: usize::MAX }) {
                                a.place = Place::Upgrade { unit: index };
                            }
                        }
                    }
                    Err(found) => {
                        report(
                            catalog,
                            imported,
                            &mut names,
                            &at,
                            &card.name,
                            found,
                            Kind::Unit,
                            line,
                            Some(Place::Unit {
                                count,
                                upgrades: ups,
                            }),
                        );
                    }
                }
            }
            Entry::Upgrade { line, text, card } => {
                let at = format!("line {line}");
                let Some(last) = imported.deck.units.len().checked_sub(1) else {
                    imported.deck.unread += 1;
                    imported.diagnostics.push(Diagnostic::error(
                        DiagnosticCode::MALFORMED_ENTRY,
                        at,
                        &text,
                        "An upgrade line before any unit.",
                    ));
                    continue;
                };
                match pick(
                    catalog,
                    &card.name,
                    Kind::Upgrade,
                    faction,
                    card.cost,
                    None,
                    None,
                ) {
                    Ok(c) => {
                        // Tournament text lists each copy: the upgrade is the last unit's.
                        let unit = &mut imported.deck.units[last];
                        unit.upgrades.push(c);
                        unit.upgrades.sort_unstable();
                    }
                    Err(found) => report(
                        catalog,
                        imported,
                        &mut names,
                        &at,
                        &card.name,
                        found,
                        Kind::Upgrade,
                        line,
                        Some(Place::Upgrade { unit: last }),
                    ),
                }
            }
            Entry::Counterpart {
                line,
                card,
                upgrades,
            } => {
                let at = format!("line {line}");
                match pick(
                    catalog,
                    &card.name,
                    Kind::Counterpart,
                    faction,
                    card.cost,
                    None,
                    None,
                ) {
                    Ok(c) => {
                        let ups: Vec<Ix> = upgrades
                            .iter()
                            .filter_map(|u| {
                                pick(catalog, &u.name, Kind::Upgrade, faction, u.cost, None, None)
                                    .ok()
                            })
                            .collect();
                        let id = catalog.card(c).id.clone();
                        let owner =
                            imported.deck.units.iter_mut().find(|u| {
                                catalog.card(u.card).counterpart_id.as_deref() == Some(&*id)
                            });
                        match owner {
                            Some(u) => {
                                u.counterpart = Some(Counterpart {
                                    card: c,
                                    upgrades: ups,
                                })
                            }
                            None => {
                                imported.deck.unread += 1;
                                imported.diagnostics.push(Diagnostic::error(
                                    DiagnosticCode::MALFORMED_ENTRY,
                                    at,
                                    &card.name,
                                    "No unit of the list takes this counterpart.",
                                ));
                            }
                        }
                    }
                    Err(found) => report(
                        catalog,
                        imported,
                        &mut names,
                        &at,
                        &card.name,
                        found,
                        Kind::Counterpart,
                        line,
                        None,
                    ),
                }
            }
            Entry::Command { line, name, pips } => {
                let at = format!("line {line}");
                imported.deck.command_hand_given = true;
                match pick(catalog, &name, Kind::Command, faction, None, None, pips) {
                    Ok(c) if catalog.card(c).id.as_ref() == "aa" => {}
                    Ok(c) => imported.deck.commands.push(Placed {
                        card: c,
                        line: Some(line),
                    }),
                    Err(found) => report(
                        catalog,
                        imported,
                        &mut names,
                        &at,
                        &name,
                        found,
                        Kind::Command,
                        line,
                        Some(Place::Command),
                    ),
                }
            }
            Entry::Battle { line, name } => {
                let at = format!("line {line}");
                // The points header tells a Standard from a Recon printing of one name; a list
                // without one leaves both readings, reported as an ambiguity.
                let recon = imported.deck.built_for.map(|p| matches!(p, 500 | 600));
                let picked = pick(catalog, &name, Kind::Battle, faction, None, None, None).or_else(
                    |found| {
                        let Some(recon) = recon else {
                            return Err(found);
                        };
                        let fit = prefer(found, |c| catalog.card(c).has(Kw::Recon) == recon);
                        match fit.as_slice() {
                            [one] => Ok(*one),
                            _ => Err(fit),
                        }
                    },
                );
                match picked {
                    Ok(c) => imported.deck.battle.push(Placed {
                        card: c,
                        line: Some(line),
                    }),
                    Err(found) => report(
                        catalog,
                        imported,
                        &mut names,
                        &at,
                        &name,
                        found,
                        Kind::Battle,
                        line,
                        Some(Place::Battle),
                    ),
                }
            }
        }
    }
    // Units read after upgrades of an ambiguous unit: nothing left pointing nowhere.
    let units = imported.deck.units.len();
    for a in &mut imported.deck.ambiguous {
        if let Place::Upgrade { unit } = a.place
            && unit >= units
        {
            a.place = Place::Upgrade {
                unit: units.saturating_sub(1),
            };
        }
    }
}

/// The one card a name means, narrowed by faction, rank, cost and pips; else every candidate
/// left (empty: no card has the name).
fn pick(
    catalog: &Catalog,
    name: &str,
    kind: Kind,
    faction: Option<&str>,
    cost: Option<u32>,
    rank: Option<Rank>,
    pips: Option<u32>,
) -> Result<Ix, Vec<Ix>> {
    let mut found = candidates(catalog, name, kind);
    found = prefer(found, |c| fits_faction(catalog, c, faction));
    if let Some(rank) = rank {
        found = prefer(found, |c| catalog.card(c).rank == Some(rank));
    }
    if let Some(pips) = pips {
        found = prefer(found, |c| catalog.card(c).pips() == Some(pips));
    }
    if let Some(cost) = cost {
        found = prefer(found, |c| catalog.card(c).cost == Some(cost));
    }
    match found.as_slice() {
        [one] => Ok(*one),
        _ => Err(found),
    }
}

#[expect(
    clippy::too_many_arguments,
    reason = "one call per entry kind, all needed"
)]
fn report(
    catalog: &Catalog,
    imported: &mut Imported<Army>,
    names: &mut Names,
    at: &str,
    name: &str,
    found: Vec<Ix>,
    kind: Kind,
    line: u32,
    place: Option<Place>,
) {
    if found.is_empty() {
        imported.deck.unread += 1;
        let what = match kind {
            Kind::Unit => "unit",
            Kind::Upgrade => "upgrade",
            Kind::Command => "command card",
            _ => "battle card",
        };
        imported
            .diagnostics
            .push(names.unknown(catalog, at.to_string(), name, &[kind], what));
        return;
    }
    imported
        .diagnostics
        .push(ambiguous(catalog, at.to_string(), name, &found));
    match place {
        Some(place) => imported.deck.ambiguous.push(Ambiguity {
            line: Some(line),
            text: name.to_string(),
            candidates: found,
            place,
        }),
        None => imported.deck.unread += 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_standard_text_unit_line_gives_count_name_cost_and_upgrades() {
        let (count, card, ups) =
            unit_line("3× Rebel Troopers (40): Z-6 Trooper (20), Targeting Scopes (4) = 192")
                .unwrap();
        assert_eq!(
            (count, card.name.as_str(), card.cost),
            (3, "Rebel Troopers", Some(40))
        );
        let names: Vec<&str> = ups.iter().map(|u| u.name.as_str()).collect();
        assert_eq!(names, ["Z-6 Trooper", "Targeting Scopes"]);
        let (_, leia, none) = unit_line("Leia Organa = 75").unwrap();
        assert_eq!(
            (leia.name.as_str(), leia.cost, none.len()),
            ("Leia Organa", Some(75), 0)
        );
    }

    #[test]
    fn minimal_text_puts_upgrades_in_parentheses() {
        let (count, card, ups) =
            unit_line("2× Rebel Troopers (Z-6 Trooper, Targeting Scopes)").unwrap();
        assert_eq!(
            (count, card.name.as_str(), ups.len()),
            (2, "Rebel Troopers", 2)
        );
    }

    #[test]
    fn absurd_counts_are_refused() {
        assert!(unit_line("0× Rebel Troopers").is_none());
        assert!(unit_line("18446744073709551616× Rebel Troopers").is_none());
    }

    #[test]
    fn command_pips_are_the_bullets() {
        assert_eq!(
            command("•• A Beautiful Friendship"),
            (Some(2), "A Beautiful Friendship".into())
        );
        assert_eq!(points_header("984/1000 (14 activations)"), Some(1000));
        assert_eq!(points_header("Luke / Leia"), None);
    }
}
