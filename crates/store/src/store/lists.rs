//! Lists: a player registers and resubmits until the lock (CEG 3.3.3); an organizer (before
//! the lock) or a judge amends a list with a reason, and a judge accepts a pending list as it
//! is (CPG 4.3). Every version is kept.

use std::sync::Arc;

use deckcheck_core::{AnyGame, DeckInput, RequestError, ValidateRequest, Validated};
use jiff::Timestamp;
use serde_json::Value;

use super::{
    Access, Checked, MAX_NAME, MAX_PLAYERS, MAX_REASON, MAX_UID, Store, Submitted, allow,
    text_field, uid_key,
};
use crate::error::StoreError;
use crate::lifecycle::{Actor, Op};
use crate::model::*;
use crate::repo::{self, Inserted, RowLock, TokenRow};
use crate::token;

/// Judges a list for an event: the event's format and date, registration completeness at
/// Competitive and Master tier, the event's options and the player's pool.
pub fn check_list(
    game: &dyn AnyGame,
    event: &Event,
    player: &str,
    uid: &str,
    submission: &Submission,
) -> Result<Checked, StoreError> {
    if submission.decks.is_empty() || submission.decks.iter().all(|d| d.trim().is_empty()) {
        return Err(RequestError::missing("deck", "a deck list").into());
    }
    let mut options = event.options.clone();
    if let Some(pool) = &submission.pool {
        options.insert("pool".into(), Value::String(pool.clone()));
    }
    let several = submission.decks.len() > 1;
    let request = ValidateRequest {
        decks: submission
            .decks
            .iter()
            .enumerate()
            .map(|(i, text)| DeckInput {
                field: if several {
                    format!("decks[{i}]")
                } else {
                    "deck".into()
                },
                text: text.clone(),
            })
            .collect(),
        formats: vec![event.format.clone()],
        as_of: event.date,
        input_format: submission.input_format.clone(),
        explain: true,
        player: Some(player.to_string()),
        uid: Some(uid.to_string()),
        registration: event.tier.needs_complete_list(),
        options,
    };
    // Each deck read once: its verdict and its fingerprint from the same reading.
    let (mut report, fingerprinted) = game.validate_fingerprinted(&request)?;
    let fingerprints = fingerprinted
        .into_iter()
        .map(|f| f.map(|f| f.fingerprint.to_string()))
        .collect();
    let cards = report
        .decks
        .iter_mut()
        .map(|d| {
            let mut sections = DeckCards::new();
            if let Some(view) = d.view.take() {
                for s in view.sections {
                    let lines = s
                        .lines
                        .iter()
                        .flat_map(|l| {
                            std::iter::once(CardCount(l.card.id.to_string(), l.count)).chain(
                                l.attached
                                    .iter()
                                    .map(|a| CardCount(a.id.to_string(), l.count)),
                            )
                        })
                        .collect();
                    sections.insert(s.id.to_string(), lines);
                }
            }
            sections
        })
        .collect();
    let verdict = if report.legal {
        ListVerdict::Legal
    } else if !report.summary.illegal.is_empty() {
        ListVerdict::Illegal
    } else {
        ListVerdict::Unverified
    };
    Ok(Checked {
        verdict,
        report,
        cards,
        fingerprints,
    })
}

/// [`check_list`] off the async threads (a list is CPU work: reading, judging, fingerprinting),
/// so a worker answering other requests never waits on it.
pub(crate) async fn judge_list(
    game: &Arc<dyn AnyGame>,
    event: &Event,
    player: &str,
    uid: &str,
    submission: &Submission,
) -> Result<Checked, StoreError> {
    let (game, event, player, uid, submission) = (
        Arc::clone(game),
        event.clone(),
        player.to_string(),
        uid.to_string(),
        submission.clone(),
    );
    tokio::task::spawn_blocking(move || {
        check_list(game.as_ref(), &event, &player, &uid, &submission)
    })
    .await
    .map_err(|e| StoreError::Corrupt(format!("judging the list did not finish: {e}")))?
}

/// A deck's fingerprint (`docs/fingerprint.md`), read as of the event's date; `None` when its
/// entries are not all cards (an unknown or ambiguous name).
pub(crate) fn fingerprint(
    game: &dyn AnyGame,
    deck: &DeckInput,
    input_format: Option<&str>,
    date: jiff::civil::Date,
) -> Option<String> {
    game.fingerprint(deck, input_format, date)
        .ok()
        .map(|f| f.fingerprint.to_string())
}

/// A judged list about to be stored as a version.
fn version_of(
    at: Timestamp,
    source: Source,
    actor: &str,
    reason: Option<&str>,
    submission: &Submission,
    checked: &Checked,
    state: State,
) -> Result<ListVersion, StoreError> {
    Ok(ListVersion {
        // Numbered when written, from the registration row.
        version: 1,
        at,
        source,
        actor: actor.to_string(),
        reason: reason.map(str::to_string),
        decks: submission.decks.clone(),
        input_format: submission.input_format.clone(),
        pool: submission.pool.clone(),
        verdict: checked.verdict,
        state,
        cards: checked.cards.clone(),
        report: serde_json::to_value(&checked.report)
            .map_err(|e| StoreError::Corrupt(e.to_string()))?,
        fingerprints: checked.fingerprints.clone(),
    })
}

/// A player's list: accepted when legal; otherwise pending or refused by the event's setting.
fn state_for(event: &Event, checked: &Checked) -> Result<State, StoreError> {
    match (checked.verdict, event.illegal_lists) {
        (ListVerdict::Legal, _) => Ok(State::Accepted),
        (_, IllegalLists::Pending) => Ok(State::Pending),
        (verdict, IllegalLists::Refuse) => Err(StoreError::Refused {
            verdict: verdict.into(),
            report: Box::new(checked.report.clone()),
        }),
    }
}

impl Store {
    /// A player registers with the event's code: the list is judged, then stored (legal), stored
    /// as pending (not legal, under `pending`) or refused with its report (under `refuse`). It
    /// commits only if the event is still open when it does (its row held until then).
    pub async fn register(
        &self,
        game: &Arc<dyn AnyGame>,
        code: &str,
        player: &str,
        uid: &str,
        submission: &Submission,
        now: Timestamp,
    ) -> Result<Submitted, StoreError> {
        let now = repo::whole_micros(now);
        let event = self.event_by_code(code).await?;
        allow(Op::Register, Actor::Public, &event, now)?;
        let player = text_field("player", player, MAX_NAME)?;
        let uid = text_field("uid", uid, MAX_UID)?;
        // Said before the list is judged (the insert below guards it too).
        if repo::uid_taken(&self.db().pool, &event.id, &uid_key(&uid)).await? {
            return Err(StoreError::AlreadyRegistered { uid });
        }
        let checked = judge_list(game, &event, &player, &uid, submission).await?;
        let state = state_for(&event, &checked)?;
        let registration = Registration {
            id: token::new_id("pl"),
            player,
            uid,
            version: 1,
            state,
            verdict: checked.verdict,
            created_at: now,
            updated_at: now,
            checks: 0,
            removed_at: None,
        };
        let first = version_of(
            now,
            Source::Player,
            &registration.player,
            None,
            submission,
            &checked,
            state,
        )?;
        let player_token = token::new_token(Role::Player);
        self.db()
            .write(async |tx| {
                let event = repo::event_for_write(tx, &event.id, RowLock::Share).await?;
                allow(Op::Register, Actor::Public, &event, now)?;
                if repo::count_players(tx.conn(), &event.id).await? >= MAX_PLAYERS as u64 {
                    return Err(StoreError::conflict(
                        deckcheck_core::ErrorCode::RosterFull,
                        format!("the event has {MAX_PLAYERS} players, the most one event takes"),
                    ));
                }
                let key = uid_key(&registration.uid);
                if let Inserted::Taken =
                    repo::insert_registration(tx.conn(), &event.id, &registration, &key).await?
                {
                    return Err(StoreError::AlreadyRegistered {
                        uid: registration.uid.clone(),
                    });
                }
                repo::insert_version(tx.conn(), &event.id, &registration.id, &first).await?;
                let row = TokenRow::new(
                    token::hash(&player_token),
                    &event.id,
                    Role::Player,
                    Some(&registration.id),
                    &registration.player,
                    now,
                );
                if let Inserted::Taken = repo::insert_token(tx.conn(), &row).await? {
                    return Err(StoreError::unavailable("a token collided; send it again"));
                }
                Ok(())
            })
            .await?;
        Ok(Submitted {
            token: Some(player_token),
            state,
            verdict: checked.verdict,
            version: 1,
            fingerprints: checked.fingerprints,
            report: checked.report,
            player: registration,
        })
    }

    /// Writes the next version of a registration's list in one transaction, if `access` may
    /// do `op` when it commits (the event's row held); the version's number comes from the
    /// registration row. The answer: the registration as it is now, the version, its report.
    async fn write_version(
        &self,
        op: Op,
        access: &Access,
        registration_id: &str,
        version: ListVersion,
        report: Validated,
    ) -> Result<Submitted, StoreError> {
        let (state, verdict) = (version.state, version.verdict);
        let fingerprints = version.fingerprints.clone();
        let version = self
            .write_version_only(op, access, registration_id, version)
            .await?;
        Ok(Submitted {
            player: self.registration(&access.event_id, registration_id).await?,
            token: None,
            state,
            verdict,
            version,
            fingerprints,
            report,
        })
    }

    /// [`Store::write_version`], answering the version's number only.
    async fn write_version_only(
        &self,
        op: Op,
        access: &Access,
        registration_id: &str,
        mut version: ListVersion,
    ) -> Result<i64, StoreError> {
        let event_id = access.event_id.as_str();
        self.db()
            .write(async |tx| {
                let event = repo::event_for_write(tx, event_id, RowLock::Share).await?;
                allow(op, access.actor(), &event, version.at)?;
                version.version = repo::next_version(
                    tx.conn(),
                    event_id,
                    registration_id,
                    version.state,
                    version.verdict,
                    version.at,
                )
                .await?
                .ok_or_else(|| StoreError::NoPlayer(registration_id.to_string()))?;
                repo::insert_version(tx.conn(), event_id, registration_id, &version).await?;
                Ok(version.version)
            })
            .await
    }

    /// A player's new list, with their token, until the lock.
    pub async fn resubmit(
        &self,
        game: &Arc<dyn AnyGame>,
        access: &Access,
        submission: &Submission,
        now: Timestamp,
    ) -> Result<Submitted, StoreError> {
        let now = repo::whole_micros(now);
        let event = self.event_by_id(&access.event_id).await?;
        allow(Op::Resubmit, access.actor(), &event, now)?;
        let player_id = access
            .registration_id
            .as_deref()
            .ok_or_else(|| StoreError::Corrupt("a player token without its registration".into()))?;
        let registration = self.registration(&event.id, player_id).await?;
        let checked = judge_list(
            game,
            &event,
            &registration.player,
            &registration.uid,
            submission,
        )
        .await?;
        let state = state_for(&event, &checked)?;
        let new = version_of(
            now,
            Source::Player,
            &registration.player,
            None,
            submission,
            &checked,
            state,
        )?;
        self.write_version(Op::Resubmit, access, player_id, new, checked.report)
            .await
    }

    /// An organizer's or judge's change to a player's list, with the reason kept in its
    /// history. After the lock only a judge may amend (CPG 4.3: judges edit the list and note
    /// it); after publishing nobody. The list is stored whatever its verdict; one that is not
    /// legal stays pending. A pool given without decks is registered under the current list
    /// (CEG 9.2.5.1).
    pub async fn amend(
        &self,
        game: &Arc<dyn AnyGame>,
        access: &Access,
        player_id: &str,
        submission: &Submission,
        reason: &str,
        now: Timestamp,
    ) -> Result<Submitted, StoreError> {
        let now = repo::whole_micros(now);
        let event = self.event_by_id(&access.event_id).await?;
        allow(Op::Amend, access.actor(), &event, now)?;
        let reason = text_field("reason", reason, MAX_REASON)?;
        let source = match access.actor() {
            Actor::Judge => Source::Judge,
            _ => Source::Organizer,
        };
        let registration = self.registration(&event.id, player_id).await?;
        let submission = if submission.decks.is_empty() && submission.pool.is_some() {
            let current = self.current(&registration).await?;
            Submission {
                decks: current.decks,
                input_format: current.input_format,
                pool: submission.pool.clone(),
            }
        } else {
            submission.clone()
        };
        let checked = judge_list(
            game,
            &event,
            &registration.player,
            &registration.uid,
            &submission,
        )
        .await?;
        let state = if checked.verdict == ListVerdict::Legal {
            State::Accepted
        } else {
            State::Pending
        };
        let new = version_of(
            now,
            source,
            &access.label,
            Some(&reason),
            &submission,
            &checked,
            state,
        )?;
        self.write_version(Op::Amend, access, player_id, new, checked.report)
            .await
    }

    /// A judge accepts a pending list as it is (a card the judge identified, a correction
    /// made on paper), with the reason: a new version with the same list, accepted.
    pub async fn resolve(
        &self,
        access: &Access,
        player_id: &str,
        reason: &str,
        now: Timestamp,
    ) -> Result<Registration, StoreError> {
        let now = repo::whole_micros(now);
        let event = self.event_by_id(&access.event_id).await?;
        allow(Op::Resolve, access.actor(), &event, now)?;
        let reason = text_field("reason", reason, MAX_REASON)?;
        let registration = self.registration(&access.event_id, player_id).await?;
        if registration.state != State::Pending {
            return Err(StoreError::conflict(
                deckcheck_core::ErrorCode::NotPending,
                format!(
                    "{}'s list is {}, not pending",
                    registration.player,
                    registration.state.as_str()
                ),
            ));
        }
        let current = self.current(&registration).await?;
        let new = ListVersion {
            version: 0,
            at: now,
            source: Source::Judge,
            actor: access.label.clone(),
            reason: Some(reason),
            state: State::Accepted,
            ..current
        };
        self.write_version_only(Op::Resolve, access, player_id, new)
            .await?;
        self.registration(&access.event_id, player_id).await
    }
}
