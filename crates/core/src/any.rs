//! The blanket implementation that makes every [`Game`] an [`AnyGame`]: a request read for the
//! game once ([`prepare`]: its decks imported, its formats resolved, its options typed, the deck
//! count checked), judged by the game's rules, and answered as plain data.

use std::collections::BTreeMap;

use jiff::civil::Date;
use serde_json::{Map, Value};

use crate::answer::{CardSummary, Comparison, DeckAnswer, Judged, Linked, Summary, Validated};
use crate::diagnostic::Diagnostic;
use crate::error::{DeckCount, Details, ErrorCode, RequestError};
use crate::fingerprint::{Canonical, Fingerprinted};
use crate::format::{ALL_FORMATS, Ask, FormatInfo, GameInfo};
use crate::game::{AnyGame, CompareRequest, DeckInput, Game, ValidateRequest, most_decks};
use crate::input::Imported;
use crate::json::{Forward, field_names, read_fields};
use crate::report::{Verdict, Violation};
use crate::window::{ChangePoint, FormatWindow, Interval, Window};

impl<G: Game> AnyGame for G {
    fn info(&self) -> &GameInfo {
        Game::info(self)
    }

    fn validate(&self, request: &ValidateRequest) -> Result<Validated, RequestError> {
        let prepared = prepare(self, request)?;
        let judged = self.check(
            &prepared.decks,
            &prepared.formats,
            &prepared.ask,
            &prepared.options,
        )?;
        Ok(answer(self, request, prepared.decks, judged))
    }

    fn validate_fingerprinted(
        &self,
        request: &ValidateRequest,
    ) -> Result<(Validated, Vec<Option<Fingerprinted>>), RequestError> {
        let prepared = prepare(self, request)?;
        let judged = self.check(
            &prepared.decks,
            &prepared.formats,
            &prepared.ask,
            &prepared.options,
        )?;
        let fingerprints = prepared
            .decks
            .iter()
            .map(|imported| {
                let whole = !imported.diagnostics.iter().any(Diagnostic::blocks_verdict);
                whole.then(|| fingerprinted(self, imported))
            })
            .collect();
        Ok((answer(self, request, prepared.decks, judged), fingerprints))
    }

    fn compare(&self, request: &CompareRequest) -> Result<Comparison, RequestError> {
        let info = Game::info(self);
        let format = match &request.format {
            Some(f) => info.format(f).ok_or_else(|| info.unknown_format(f))?,
            None => info
                .formats
                .first()
                .ok_or_else(|| RequestError::missing("format", "the event's format"))?,
        };
        let read_clean = |input: &DeckInput| read_whole(self, input, None, request.as_of);
        let registered = read_clean(&request.registered)?;
        let presented = read_clean(&request.presented)?;
        let extra = request.extra.as_ref().map(read_clean).transpose()?;
        Ok(Game::compare(
            self,
            &registered.deck,
            &presented,
            extra.as_ref().map(|e| &e.deck),
            format,
            request.as_of,
        ))
    }

    fn fingerprint(
        &self,
        deck: &DeckInput,
        input: Option<&str>,
        as_of: Date,
    ) -> Result<Fingerprinted, RequestError> {
        Ok(fingerprinted(self, &read_whole(self, deck, input, as_of)?))
    }

    fn sheet(
        &self,
        deck: &DeckInput,
        input: Option<&str>,
        as_of: Date,
    ) -> Result<crate::sheet::SheetDeck, RequestError> {
        let imported = self
            .import_on(&deck.text, input, as_of)
            .map_err(|e| RequestError::unreadable(&deck.field, &e))?;
        let mut sheet = Game::sheet(self, &imported.deck);
        sheet.merge_lines();
        sheet.not_read = imported
            .diagnostics
            .iter()
            .filter(|d| d.blocks_verdict())
            .map(|d| d.text.clone())
            .collect();
        Ok(sheet)
    }

    fn window(
        &self,
        request: &ValidateRequest,
        from: Option<Date>,
        until: Option<Date>,
    ) -> Result<Window, RequestError> {
        let prepared = prepare(self, request)?;
        window(
            self,
            &prepared.decks,
            &prepared.formats,
            &prepared.ask,
            &prepared.options,
            from,
            until,
        )
    }

    fn convert(
        &self,
        deck: &DeckInput,
        input: Option<&str>,
        to: &str,
    ) -> Result<(String, Vec<Diagnostic>), RequestError> {
        let imported = self
            .import(&deck.text, input)
            .map_err(|e| RequestError::unreadable(&deck.field, &e))?;
        let text = self.export(&imported.deck, to)?;
        Ok((text, imported.diagnostics))
    }

    fn search(&self, query: &str, limit: usize) -> Vec<CardSummary> {
        Game::search(self, query, limit)
    }

    fn card(&self, id: &str, as_of: Date) -> Option<Value> {
        Game::card(self, id, as_of)
    }

    fn format_rules(&self, format: &str) -> Option<Value> {
        Game::format_rules(self, format)
    }

    fn is_bare_deck(&self, body: &Map<String, Value>) -> bool {
        Game::is_bare_deck(self, body)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn check_options(&self, options: &Map<String, Value>) -> Result<(), RequestError> {
        read_options(self, options).map(|_| ())
    }

    fn option_names(&self) -> &'static [&'static str] {
        field_names::<G::Options>()
    }

    fn options_schema(
        &self,
    ) -> (
        String,
        utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
    ) {
        (
            <G::Options as utoipa::ToSchema>::name().into_owned(),
            <G::Options as utoipa::PartialSchema>::schema(),
        )
    }
}

/// A request read for a game: its decks imported, formats resolved, options typed.
pub(crate) struct Prepared<'g, G: Game> {
    pub decks: Vec<Imported<G::Deck>>,
    pub formats: Vec<&'g FormatInfo>,
    pub ask: Ask,
    pub options: G::Options,
}

fn prepare<'g, G: Game>(
    game: &'g G,
    request: &ValidateRequest,
) -> Result<Prepared<'g, G>, RequestError> {
    let info = Game::info(game);
    if request.decks.is_empty() {
        return Err(RequestError::missing("deck", "a deck list"));
    }
    let most = most_decks(&info.formats);
    if request.decks.len() > most {
        return Err(RequestError::bad_value(
            "decks",
            format!(
                "{} decks were given; no {} format plays more than {most}",
                request.decks.len(),
                info.name
            ),
        ));
    }
    let formats = info.resolve_formats(&request.formats, request.as_of)?;
    check_deck_count(info, &formats, request.decks.len())?;
    if let Some(asked) = &request.input_format {
        info.input(asked)?;
    }
    let options = read_options(game, &request.options)?;
    let mut decks = Vec::with_capacity(request.decks.len());
    for input in &request.decks {
        let imported = game
            .import_on(&input.text, request.input_format.as_deref(), request.as_of)
            .map_err(|e| RequestError::unreadable(&input.field, &e))?;
        decks.push(imported);
    }
    let ask = Ask {
        as_of: request.as_of,
        player: request.player.clone(),
        uid: request.uid.clone(),
        registration: request.registration,
    };
    Ok(Prepared {
        decks,
        formats,
        ask,
        options,
    })
}

/// A list read whole, as a deck check and a fingerprint read it: an entry that is not a card
/// refuses the list, naming every such entry.
fn read_whole<G: Game>(
    game: &G,
    input: &DeckInput,
    format: Option<&str>,
    as_of: Date,
) -> Result<Imported<G::Deck>, RequestError> {
    let imported = game
        .import_on(&input.text, format, as_of)
        .map_err(|e| RequestError::unreadable(&input.field, &e))?;
    let errors: Vec<&Diagnostic> = imported
        .diagnostics
        .iter()
        .filter(|d| d.blocks_verdict())
        .collect();
    if !errors.is_empty() {
        return Err(RequestError::new(
            ErrorCode::UnreadableDeck,
            format!(
                "{}: {} entries cannot be read as cards",
                input.field,
                errors.len()
            ),
        )
        .field(input.field.clone())
        .details(Details::listed(&errors)));
    }
    Ok(imported)
}

/// The game's options read from a request's fields, unknown ones refused by name, each value
/// checked by the game.
fn read_options<G: Game>(
    game: &G,
    options: &Map<String, Value>,
) -> Result<G::Options, RequestError> {
    let fields = options.iter().map(|(k, v)| (k.as_str(), Forward(v)));
    let read: G::Options = read_fields(fields, ErrorCode::InvalidRequest)?;
    game.check_option_values(&read)?;
    Ok(read)
}

/// Refuses more decks than the formats asked play (issue 15): a submission of two decks
/// checked for Premier alone is a mistake, not two checks.
fn check_deck_count(
    info: &GameInfo,
    formats: &[&FormatInfo],
    given: usize,
) -> Result<(), RequestError> {
    let Some(most) = formats.iter().map(|f| f.decks as usize).max() else {
        return Ok(());
    };
    if given <= most {
        return Ok(());
    }
    let asked: Vec<&str> = formats.iter().map(|f| f.name.as_str()).collect();
    let several: Vec<String> = info
        .formats
        .iter()
        .filter(|f| f.decks > 1)
        .map(|f| format!("{} plays {}", f.name, f.decks))
        .collect();
    let plays = match most {
        1 => "one deck".to_string(),
        n => format!("at most {n} decks"),
    };
    let mut message = format!(
        "{given} decks were given; {} {} {plays}",
        asked.join(", "),
        if asked.len() == 1 { "plays" } else { "play" }
    );
    if several.is_empty() {
        message.push_str(": send one deck per request");
    } else {
        message.push_str(&format!(
            ": send one deck per request, or ask for a format of several decks ({})",
            several.join(", ")
        ));
    }
    // The document allows up to three decks whatever the format: asking a format of one
    // deck for two has the documented shape and cannot be answered as it is (issue 17).
    Err(RequestError::bad_value("decks", message)
        .details(Details::DeckCount(DeckCount { decks: given, most }))
        .unanswerable())
}

fn answer<G: Game>(
    game: &G,
    request: &ValidateRequest,
    decks: Vec<Imported<G::Deck>>,
    reports: Vec<Judged>,
) -> Validated {
    let info = Game::info(game);
    let mut summary = Summary::default();
    let mut seen: BTreeMap<&str, Verdict> = BTreeMap::new();
    for judged in &reports {
        let worst = seen
            .entry(judged.report.format.as_str())
            .or_insert(Verdict::Legal);
        *worst = match (*worst, judged.report.verdict) {
            (Verdict::Illegal, _) | (_, Verdict::Illegal) => Verdict::Illegal,
            (Verdict::Unverified, _) | (_, Verdict::Unverified) => Verdict::Unverified,
            _ => Verdict::Legal,
        };
    }
    for judged in &reports {
        let format = judged.report.format.as_str();
        let Some(verdict) = seen.remove(format) else {
            continue;
        };
        match verdict {
            Verdict::Legal => summary.legal.push(format.to_string()),
            Verdict::Illegal => summary.illegal.push(format.to_string()),
            Verdict::Unverified => summary.unverified.push(format.to_string()),
        }
    }
    // Formats that cannot be judged for want of an input the request did not give.
    for format in &summary.unverified {
        let missing: Vec<&'static str> = info
            .format(format)
            .map(|f| {
                f.needs
                    .iter()
                    .copied()
                    .filter(|need| !request.options.contains_key(*need))
                    .collect()
            })
            .unwrap_or_default();
        if !missing.is_empty() {
            summary.needs.insert(format.clone(), missing);
        }
    }
    // Asked about every format, the deck is playable when some format takes it; asked about
    // named formats, when every one of them does.
    let everywhere = request
        .formats
        .iter()
        .flat_map(|a| a.split(','))
        .any(|asked| asked == ALL_FORMATS);
    let legal = if everywhere {
        !summary.legal.is_empty()
    } else {
        summary.illegal.is_empty() && summary.unverified.is_empty() && !summary.legal.is_empty()
    };
    // Not legal: illegal when that is certain (a format asked is illegal; asked `all`, none is
    // unverified either), else not known.
    let verdict = if legal {
        Verdict::Legal
    } else if summary.unverified.is_empty() || (!everywhere && !summary.illegal.is_empty()) {
        Verdict::Illegal
    } else {
        Verdict::Unverified
    };
    let answers = decks
        .into_iter()
        .map(|imported| {
            let (player, uid) = game.player(&imported.deck);
            DeckAnswer {
                input_format: imported.format,
                view: request.explain.then(|| game.view(&imported.deck)),
                diagnostics: imported.diagnostics,
                player: request.player.clone().or(player),
                uid: request.uid.clone().or(uid),
            }
        })
        .collect();
    Validated {
        game: info.id,
        legal,
        verdict,
        as_of: request.as_of,
        catalog: info.catalog.clone(),
        summary,
        decks: answers,
        reports,
        links: Linked::new(),
    }
}

/// The fingerprint of a list read whole (every entry a card).
fn fingerprinted<G: Game>(game: &G, imported: &Imported<G::Deck>) -> Fingerprinted {
    let view = game.view(&imported.deck);
    let canonical = Canonical::new(game.info().id, &view, |card| game.identity(card));
    Fingerprinted {
        fingerprint: canonical.fingerprint(),
        canonical: canonical.into_text(),
        input_format: imported.format,
        diagnostics: imported.diagnostics.clone(),
    }
}

/// The windows of a submission in each format, judged at every change point between `from`
/// (default: the format's first day, else the earliest change point) and `until` (default: the
/// last change point).
pub fn window<G: Game>(
    game: &G,
    decks: &[Imported<G::Deck>],
    formats: &[&FormatInfo],
    ask: &Ask,
    options: &G::Options,
    from: Option<Date>,
    until: Option<Date>,
) -> Result<Window, RequestError> {
    if let (Some(f), Some(u)) = (from, until)
        && u < f
    {
        return Err(RequestError::bad_value(
            "until",
            format!("until ({u}) is before from ({f})"),
        ));
    }
    let mut result = Window {
        game: game.info().id,
        from: from.unwrap_or(Date::MAX),
        until: until.unwrap_or(Date::MIN),
        formats: Vec::new(),
        links: Default::default(),
    };
    if formats.is_empty() {
        // No format to judge (`all` on a day none is played): the window asked, or the day.
        result.from = from.unwrap_or(ask.as_of);
        result.until = until.unwrap_or(result.from);
    }
    for format in formats {
        let mut points = game.change_points(format);
        points.sort_by_key(|p| p.date);
        // By default from the format's first day (else the data's first change).
        let first = from
            .or(format.from)
            .or(points.first().map(|p| p.date))
            .unwrap_or(ask.as_of);
        // Never before `first`: a window asked from after the last change ends where it starts.
        let last = until
            .or(points.last().map(|p| p.date))
            .unwrap_or(first)
            .max(first);
        result.from = result.from.min(first);
        result.until = result.until.max(last);
        let mut dates: Vec<Date> = std::iter::once(first)
            .chain(
                points
                    .iter()
                    .map(|p| p.date)
                    .filter(|d| *d > first && *d <= last),
            )
            .collect();
        dates.dedup();
        let mut intervals: Vec<Interval> = Vec::new();
        let mut before: Vec<Violation> = Vec::new();
        for date in dates {
            let day = Ask {
                as_of: date,
                ..ask.clone()
            };
            let judged = game.check(decks, &[format], &day, options)?;
            let verdict = judged
                .iter()
                .map(|j| j.report.verdict)
                .max_by_key(|v| match v {
                    Verdict::Legal => 0,
                    Verdict::Unverified => 1,
                    Verdict::Illegal => 2,
                })
                .unwrap_or(Verdict::Unverified);
            let now: Vec<Violation> = judged
                .into_iter()
                .flat_map(|j| j.report.violations)
                .collect();
            let same = |a: &Violation, b: &Violation| {
                a.code == b.code && a.deck == b.deck && a.cards == b.cards
            };
            let opened: Vec<Violation> = now
                .iter()
                .filter(|v| !before.iter().any(|b| same(b, v)))
                .cloned()
                .collect();
            let closed: Vec<Violation> = before
                .iter()
                .filter(|b| !now.iter().any(|v| same(b, v)))
                .cloned()
                .collect();
            let todays: Vec<&ChangePoint> = points.iter().filter(|p| p.date == date).collect();
            let boundary = todays
                .iter()
                .filter(|p| p.confidence.needs_caveat())
                .map(|p| {
                    format!(
                        "The date of this change ({}) is not confirmed by an official source.",
                        p.what
                    )
                })
                .next();
            let changed = !opened.is_empty()
                || !closed.is_empty()
                || intervals.last().is_none_or(|i| i.verdict != verdict);
            if changed {
                if let Some(last) = intervals.last_mut() {
                    last.until = Some(date);
                }
                intervals.push(Interval {
                    from: date,
                    until: None,
                    verdict,
                    changes: todays.iter().map(|p| p.what.clone()).collect(),
                    opened,
                    closed,
                    boundary,
                });
            }
            before = now;
        }
        result.formats.push(FormatWindow {
            format: format.id.clone(),
            intervals,
        });
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    fn format(id: &str, decks: u32) -> FormatInfo {
        FormatInfo {
            id: id.into(),
            name: id.to_uppercase(),
            summary: String::new(),
            decks,
            from: None,
            until: None,
            needs: Vec::new(),
        }
    }

    fn game() -> GameInfo {
        GameInfo {
            id: "toy",
            name: "Toy",
            regulations: Vec::new(),
            formats: vec![format("premier", 1), format("trilogy", 3)],
            inputs: Vec::new(),
            codes: Vec::new(),
            catalog: Arc::from("test"),
            cards: 0,
        }
    }

    fn asked<'a>(info: &'a GameInfo, formats: &str) -> Vec<&'a FormatInfo> {
        info.resolve_formats(&[formats.to_string()], jiff::civil::date(2025, 1, 1))
            .unwrap()
    }

    /// Issue 15, item 4: more decks than the formats asked play is a 400 naming `decks`.
    #[test]
    fn two_decks_for_a_one_deck_format_are_refused_naming_decks() {
        let info = game();
        let err = check_deck_count(&info, &asked(&info, "premier"), 2).unwrap_err();
        assert_eq!(
            (err.code, err.field.as_deref()),
            (ErrorCode::Unanswerable, Some("decks"))
        );
        assert!(
            err.message
                .contains("2 decks were given; PREMIER plays one deck")
                && err.message.contains("TRILOGY plays 3"),
            "{}",
            err.message
        );
    }

    #[test]
    fn as_many_decks_as_some_format_asked_plays_are_taken() {
        let info = game();
        assert!(check_deck_count(&info, &asked(&info, "premier"), 1).is_ok());
        assert!(check_deck_count(&info, &asked(&info, "trilogy"), 3).is_ok());
        assert!(check_deck_count(&info, &asked(&info, "premier,trilogy"), 3).is_ok());
        assert!(check_deck_count(&info, &asked(&info, "all"), 2).is_ok());
        assert!(check_deck_count(&info, &asked(&info, "trilogy"), 4).is_err());
    }

    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Toy {
        pool: Option<String>,
        #[serde(rename = "trilogy_pool", alias = "pool_format")]
        chosen: Option<String>,
    }

    #[test]
    fn the_field_names_of_an_options_type_are_read_from_its_type() {
        assert!(field_names::<Toy>().contains(&"pool"));
        assert!(field_names::<Toy>().contains(&"trilogy_pool"));
        assert!(field_names::<String>().is_empty());
    }

    /// Issue 15, item 5: an empty list of formats asks for nothing, and is refused.
    #[test]
    fn an_empty_format_list_is_refused_naming_format() {
        let info = game();
        let err = info
            .resolve_formats(&[], jiff::civil::date(2025, 1, 1))
            .unwrap_err();
        assert_eq!(err.field.as_deref(), Some("format"));
    }
}
