//! Judges' work: deck checks against the registered list (CEG 5.11, 3.3.2), the pick of
//! around 10% of decks (CEG 5.11), and a pairing's lists shown to each other in the
//! open-decklist portion (CEG 5.9, 5.10).

use std::sync::Arc;

use deckcheck_core::{AnyGame, CompareRequest, DeckInput, RequestError};
use jiff::Timestamp;
use serde_json::value::RawValue;

use super::lists::fingerprint;
use super::{Access, DEFAULT_CHECK_SHARE, MAX_REASON, Store, allow, text_field};
use crate::error::StoreError;
use crate::lifecycle::Op;
use crate::model::*;
use crate::repo::{self, RowLock};
use crate::token;

/// A list rendered for an opponent or for publishing: each deck as its sheet lists it, in the
/// sheet's order (one card a line; a Legion unit with its upgrades), with every entry that
/// could not be read as a card as it was written, under `Not read as cards` and in `not_read`:
/// nothing of the registered list is dropped. SWUDB JSON where the game writes it (every entry
/// read); each deck's fingerprint. A deck that cannot be read at all is shown as submitted.
pub fn render(game: &dyn AnyGame, event: &Event, version: &ListVersion) -> Vec<RenderedDeck> {
    render_decks(
        game,
        event,
        &version.decks,
        version.input_format.as_deref(),
        &version.fingerprints,
    )
}

/// [`render`] of a list's decks as stored.
pub(crate) fn render_decks(
    game: &dyn AnyGame,
    event: &Event,
    decks: &[String],
    input_format: Option<&str>,
    fingerprints: &[Option<String>],
) -> Vec<RenderedDeck> {
    decks
        .iter()
        .enumerate()
        .map(|(i, text)| {
            let input = DeckInput {
                field: format!("decks[{i}]"),
                text: text.clone(),
            };
            let (text, not_read) = match game.sheet(&input, input_format, event.date) {
                Ok(sheet) => (sheet.to_text(), sheet.not_read),
                Err(_) => (
                    input.text.clone(),
                    input
                        .text
                        .lines()
                        .map(str::trim)
                        .filter(|l| !l.is_empty())
                        .map(str::to_string)
                        .collect(),
                ),
            };
            let swudb = if not_read.is_empty() {
                game.convert(&input, input_format, "swudb")
                    .ok()
                    .filter(|(_, diagnostics)| !diagnostics.iter().any(|d| d.blocks_verdict()))
                    .and_then(|(t, _)| compact(&t))
            } else {
                None
            };
            RenderedDeck {
                swudb,
                text,
                fingerprint: fingerprints.get(i).cloned().flatten(),
                not_read,
            }
        })
        .collect()
}

/// JSON as it is written in answers (compact, as a `Value` writes it), kept as text: only this
/// deck's `Value` is ever parsed at once.
fn compact(json: &str) -> Option<Box<RawValue>> {
    let value: serde_json::Value = serde_json::from_str(json).ok()?;
    serde_json::value::to_raw_value(&value).ok()
}

/// A deck check's reading: the presented deck (and the box) against the registered one, and
/// both fingerprints (the registered one as stored, or, for a version stored before they were
/// kept, computed now from its text, as the comparison reads it again too).
fn compare(
    game: &dyn AnyGame,
    event: &Event,
    current: &ListVersion,
    deck_index: usize,
    registered: String,
    presented: String,
    deck_box: Option<String>,
) -> Result<(FingerprintMatch, deckcheck_core::Comparison), StoreError> {
    let presented_input = DeckInput {
        field: "presented".into(),
        text: presented,
    };
    let registered_input = DeckInput {
        field: "registered".into(),
        text: registered,
    };
    let registered_fingerprint = current
        .fingerprints
        .get(deck_index)
        .cloned()
        .flatten()
        .or_else(|| {
            fingerprint(
                game,
                &registered_input,
                current.input_format.as_deref(),
                event.date,
            )
        });
    let fingerprint = FingerprintMatch::of(
        registered_fingerprint,
        fingerprint(game, &presented_input, None, event.date),
    );
    let comparison = game.compare(&CompareRequest {
        registered: registered_input,
        presented: presented_input,
        extra: deck_box.map(|text| DeckInput {
            field: "box".into(),
            text,
        }),
        format: Some(event.format.clone()),
        as_of: event.date,
    })?;
    Ok((fingerprint, comparison))
}

impl Store {
    /// A deck check: the presented deck (and any other cards found in the box) against the
    /// registered list, stored with the judge and the time. `version` is the version of the
    /// list the judge checked against (the one they were shown): one that is not the player's
    /// current list when the check is written is refused ([`StoreError::StaleVersion`]), so a
    /// check is never recorded against a list it was not made for.
    #[expect(
        clippy::too_many_arguments,
        reason = "what a judge gives for one check"
    )]
    pub async fn deck_check(
        &self,
        game: &Arc<dyn AnyGame>,
        access: &Access,
        player_id: &str,
        version: i64,
        presented: &str,
        deck_box: Option<&str>,
        deck_index: usize,
        note: Option<&str>,
        now: Timestamp,
    ) -> Result<DeckCheck, StoreError> {
        let given = now;
        let (event, now) = self.event_now(&access.event_id, given).await?;
        allow(Op::DeckCheck, access.actor(), &event, now)?;
        let registration = self.registration(&event.id, player_id).await?;
        if version != registration.version {
            return Err(StoreError::StaleVersion {
                asked: version,
                current: registration.version,
            });
        }
        let current = self.current(&registration).await?;
        let registered = current.decks.get(deck_index).ok_or_else(|| {
            StoreError::unprocessable(
                deckcheck_core::ErrorCode::NoSuchDeck,
                "deck_index",
                format!(
                    "the registered list has {} deck(s); give 0 to {}",
                    current.decks.len(),
                    current.decks.len().saturating_sub(1)
                ),
            )
        })?;
        if presented.trim().is_empty() {
            return Err(
                RequestError::missing("presented", "the cards the player presented").into(),
            );
        }
        let note = note
            // A blank note is none; one too long is refused, blank or not.
            .filter(|n| !n.trim().is_empty() || n.chars().count() > MAX_REASON)
            .map(|n| text_field("note", n, MAX_REASON))
            .transpose()?;
        let deck_box = deck_box
            .filter(|b| !b.trim().is_empty())
            .map(str::to_string);
        // Reading and comparing the decks is CPU work: off the async threads.
        let (fingerprint, comparison) = {
            let (game, event, current) = (Arc::clone(game), event.clone(), current.clone());
            let (registered, presented, deck_box) =
                (registered.clone(), presented.to_string(), deck_box.clone());
            tokio::task::spawn_blocking(move || {
                compare(
                    game.as_ref(),
                    &event,
                    &current,
                    deck_index,
                    registered,
                    presented,
                    deck_box,
                )
            })
            .await
            .map_err(|e| StoreError::Corrupt(format!("the deck check did not finish: {e}")))??
        };
        let check = DeckCheck {
            id: token::new_id("dc"),
            player_id: registration.id.clone(),
            version: current.version,
            deck_index: deck_index as i64,
            judge: access.label.clone(),
            at: now,
            verdict: comparison.verdict.into(),
            presented: presented.to_string(),
            deck_box,
            note,
            comparison: serde_json::to_value(&comparison)
                .map_err(|e| StoreError::Corrupt(e.to_string()))?,
            fingerprint,
            void: None,
        };
        self.db()
            .write(async move |tx| {
                let stored = repo::event_for_write(tx, &event.id, RowLock::Share).await?;
                let now = tx.decide(given, stored.db_now);
                allow(Op::DeckCheck, access.actor(), &stored.event, now)?;
                // The list may have been amended, or the entry removed, since it was read.
                let now_is = repo::registration_for_write(tx.conn(), &event.id, player_id)
                    .await?
                    .ok_or_else(|| StoreError::NoPlayer(player_id.to_string()))?;
                let now_is = super::on_roster(now_is)?;
                if now_is.version != version {
                    return Err(StoreError::StaleVersion {
                        asked: version,
                        current: now_is.version,
                    });
                }
                let check = DeckCheck { at: now, ..check };
                repo::insert_check(tx.conn(), &event.id, &check).await?;
                crate::idempotency::record(tx, now, &check).await?;
                Ok(check)
            })
            .await
    }

    /// Picks players at random for deck checks: `share` of all registered decks (CEG 5.11:
    /// around 10%), rounded up, among players not picked or checked before unless `again`.
    pub async fn pick(
        &self,
        access: &Access,
        share: Option<f64>,
        again: bool,
        now: Timestamp,
    ) -> Result<Vec<Registration>, StoreError> {
        let given = now;
        let share = share.unwrap_or(DEFAULT_CHECK_SHARE);
        if !(share > 0.0 && share <= 1.0) {
            return Err(StoreError::invalid(
                "share",
                "give the share of decks to check, above 0 and at most 1 (0.1 for 10%)",
            ));
        }
        let roster = repo::roster(&self.db().pool, &access.event_id).await?;
        self.db()
            .write(async |tx| {
                let stored = repo::event_for_write(tx, &access.event_id, RowLock::Share).await?;
                let now = tx.decide(given, stored.db_now);
                let event = stored.event;
                allow(Op::Pick, access.actor(), &event, now)?;
                let seen = if again {
                    Default::default()
                } else {
                    repo::seen_players(tx.conn(), &event.id).await?
                };
                let wanted = (share * roster.len() as f64).ceil() as usize;
                let mut candidates: Vec<Registration> = roster
                    .into_iter()
                    .filter(|r| !seen.contains(&r.id))
                    .collect();
                let n = wanted.min(candidates.len());
                // A partial Fisher-Yates shuffle: the first n are a uniform random choice.
                for i in 0..n {
                    let j = i + token::random_below(candidates.len() - i);
                    candidates.swap(i, j);
                }
                candidates.truncate(n);
                for r in &candidates {
                    let pick = Pick {
                        player_id: r.id.clone(),
                        at: now,
                        picked_by: access.label.clone(),
                    };
                    repo::insert_pick(tx.conn(), &event.id, &pick).await?;
                }
                Ok(candidates)
            })
            .await
    }

    /// Two players' registered lists for open decklist review before a top-cut match (CEG
    /// 5.10, TR 4.5.1).
    pub async fn review(
        &self,
        game: &dyn AnyGame,
        access: &Access,
        players: [&str; 2],
    ) -> Result<[ShownList; 2], StoreError> {
        let event = self.readable(Op::Review, access).await?;
        let event_id = access.event_id.as_str();
        if players[0] == players[1] {
            return Err(StoreError::unprocessable(
                deckcheck_core::ErrorCode::SamePlayer,
                "b",
                "a pairing is two different players",
            ));
        }
        let mut shown = Vec::with_capacity(2);
        for id in players {
            let registration = self.registration(event_id, id).await?;
            let current = self.current(&registration).await?;
            shown.push(ShownList {
                player_id: registration.id,
                player: registration.player,
                place: None,
                version: current.version,
                decks: render(game, &event, &current),
                standing: None,
            });
        }
        let b = shown.pop().unwrap_or_else(|| unreachable!("two lists"));
        let a = shown.pop().unwrap_or_else(|| unreachable!("two lists"));
        Ok([a, b])
    }
}
