//! Lists: a player registers and resubmits until the lock (CEG 3.3.3); an organizer (before
//! the lock) or a judge amends a list with a reason, and a judge accepts a pending list as it
//! is (CPG 4.3). Every version is kept.
//!
//! What one player or one event can store is bounded (issue 35 item 1): a list larger than its
//! game takes is refused before it is judged ([`list_limit`]); a list the same as the current
//! one adds no version; a player sends at most [`Policy::lists_per_hour`] new lists an hour
//! (the answer says when the next is taken); an event stores at most [`Policy::event_quota`]
//! bytes. A write holds its event's row for lists (one at a time per event), checks all of it
//! there with the database's clock, and keeps the event's numbers on its row in the same
//! transaction (issue 35 item 6: nothing is counted as it registers).

use std::sync::Arc;

use deckcheck_core::{AnyGame, DeckInput, RequestError, ValidateRequest, Validated};
use jiff::Timestamp;
use serde_json::Value;

use super::{
    Access, Checked, MAX_NAME, MAX_PLAYERS, MAX_REASON, MAX_UID, Store, Submitted, allow,
    text_field, uid_key,
};
use crate::db::Tx;
use crate::error::StoreError;
use crate::lifecycle::{Actor, Op};
use crate::model::*;
use crate::repo::{self, CountDelta, Inserted, RowLock, StoredEvent, TokenRow};
use crate::{idempotency, token};

/// The most one deck (or pool) of a game may be, in bytes and lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListLimit {
    pub bytes: u64,
    pub lines: u64,
}

/// The size limit of a list of `game` (each deck, and the pool, alike): about twice the largest
/// legal list of the game as people write it, so no legal list comes near it.
///
/// - Star Wars: Unlimited: the longest legal deck is Twin Suns, 2 leaders, a base and 80
///   different cards: 83 entries, about 5 KB and 340 lines as pretty SWUDB JSON (4 lines an
///   entry), 90 lines of text; a sealed pool is about 100 entries. 16 KiB, 800 lines.
/// - The Card Game, CCG and Legion: an OCTGN deck, a GEMP side or an army is under 5 KB and 70
///   lines (the largest real lists of the tests: 4.4 KB, 4.8 KB and 65 lines). 16 KiB, 400
///   lines.
pub fn list_limit(game: &str) -> ListLimit {
    match game {
        "swu" => ListLimit {
            bytes: 16 * 1024,
            lines: 800,
        },
        _ => ListLimit {
            bytes: 16 * 1024,
            lines: 400,
        },
    }
}

/// A submission within its game's limit: each deck and the pool ([`list_limit`]); the first
/// that is not, refused naming its field.
fn within_limit(game: &str, submission: &Submission) -> Result<(), StoreError> {
    let limit = list_limit(game);
    let several = submission.decks.len() > 1;
    let texts = submission
        .decks
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let field = if several {
                format!("decks[{i}]")
            } else {
                "deck".to_string()
            };
            (field, d.as_str())
        })
        .chain(
            submission
                .pool
                .iter()
                .map(|p| ("pool".to_string(), p.as_str())),
        );
    for (field, text) in texts {
        let bytes = text.len() as u64;
        // Counted only as far as needed: a 200 KB body is refused at its 801st line.
        let lines = text.lines().take(limit.lines as usize + 1).count() as u64;
        if bytes > limit.bytes || lines > limit.lines {
            return Err(StoreError::ListTooLarge {
                field,
                bytes,
                lines: if lines > limit.lines {
                    text.lines().count() as u64
                } else {
                    lines
                },
                max_bytes: limit.bytes,
                max_lines: limit.lines,
            });
        }
    }
    Ok(())
}

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

/// A judged list about to be stored as a version (its number and time are set when written).
fn version_of(
    source: Source,
    actor: &str,
    reason: Option<&str>,
    submission: &Submission,
    checked: &Checked,
    state: State,
) -> Result<ListVersion, StoreError> {
    Ok(ListVersion {
        version: 1,
        at: Timestamp::UNIX_EPOCH,
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

/// Whether a list sent is the registration's current one: the same fingerprint for every deck
/// (the same cards in the same sections, however written) and the same pool; a deck without a
/// fingerprint (entries that are not all cards) is the same only as the same text.
fn same_list(current: &ListVersion, new: &ListVersion) -> bool {
    let fingerprinted = |v: &ListVersion| {
        v.fingerprints.len() == v.decks.len() && v.fingerprints.iter().all(Option::is_some)
    };
    let same_decks = if fingerprinted(current) && fingerprinted(new) {
        current.fingerprints == new.fingerprints
    } else {
        current.decks == new.decks && current.input_format == new.input_format
    };
    same_decks && current.pool == new.pool
}

/// What a list write did.
enum Written {
    /// The list sent is the current one: nothing was written.
    Unchanged(Registration, ListVersion),
    /// A new version, and the registration as it is now.
    New(Registration, ListVersion),
}

/// Who a version is written for, and what is checked for them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Writer {
    /// The player: a list the same as the current one adds no version, and the hour's budget.
    Player,
    /// The organizer or a judge (a reason is kept): neither.
    Staff,
}

/// The event's quota after a write that stores `bytes` more.
fn within_quota(stored: &StoredEvent, bytes: u64, quota: u64) -> Result<(), StoreError> {
    if stored.stored_bytes.saturating_add(bytes) > quota {
        return Err(StoreError::EventQuota { limit: quota });
    }
    Ok(())
}

impl Store {
    /// A player registers with the event's code: the list is judged, then stored (legal), stored
    /// as pending (not legal, under `pending`) or refused with its report (under `refuse`). It
    /// commits only if the event is still open when it does (its row held until then, its
    /// deadline read on the database's clock), with room for one more player and within the
    /// event's quota.
    pub async fn register(
        &self,
        game: &Arc<dyn AnyGame>,
        code: &str,
        player: &str,
        uid: &str,
        submission: &Submission,
        now: Timestamp,
    ) -> Result<Submitted, StoreError> {
        let given = now;
        let (event, now) = self.event_by_code_now(code, given).await?;
        allow(Op::Register, Actor::Public, &event, now)?;
        let player = text_field("player", player, MAX_NAME)?;
        let uid = text_field("uid", uid, MAX_UID)?;
        within_limit(&event.game, submission)?;
        // Said before the list is judged (the insert below guards it too).
        if repo::uid_taken(&self.db().pool, &event.id, &uid_key(&uid)).await? {
            return Err(StoreError::AlreadyRegistered { uid });
        }
        let checked = judge_list(game, &event, &player, &uid, submission).await?;
        let state = state_for(&event, &checked)?;
        let first = version_of(Source::Player, &player, None, submission, &checked, state)?;
        let player_token = token::new_token(Role::Player);
        let id = token::new_id("pl");
        let quota = self.policy().event_quota;
        self.db()
            .write(async move |tx| {
                let stored = repo::event_for_write(tx, &event.id, RowLock::Write).await?;
                let now = tx.decide(given, stored.db_now);
                allow(Op::Register, Actor::Public, &stored.event, now)?;
                if stored.players >= MAX_PLAYERS as u64 {
                    return Err(StoreError::conflict(
                        deckcheck_core::ErrorCode::RosterFull,
                        format!("the event has {MAX_PLAYERS} players, the most one event takes"),
                    ));
                }
                let registration = Registration {
                    id,
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
                let key = uid_key(&registration.uid);
                if let Inserted::Taken =
                    repo::insert_registration(tx.conn(), &event.id, &registration, &key).await?
                {
                    return Err(StoreError::AlreadyRegistered {
                        uid: registration.uid.clone(),
                    });
                }
                let first = ListVersion { at: now, ..first };
                let bytes =
                    repo::insert_version(tx.conn(), &event.id, &registration.id, &first).await?;
                within_quota(&stored, bytes, quota)?;
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
                repo::add_counts(tx.conn(), &event.id, CountDelta::list(None, state, bytes))
                    .await?;
                let submitted = Submitted {
                    token: Some(player_token),
                    state,
                    verdict: checked.verdict,
                    version: 1,
                    fingerprints: checked.fingerprints,
                    report: checked.report,
                    player: registration,
                    unchanged: false,
                };
                idempotency::record(tx, now, &submitted).await?;
                Ok(submitted)
            })
            .await
    }

    /// Inside a write: the next version of a registration's list, if `access` may do `op` now
    /// (the event's row held, its deadline read on the database's clock); the version's number
    /// comes from the registration row, its time is the write's. For the player
    /// ([`Writer::Player`]) a list the same as the current one adds no version, and a list past
    /// the hour's budget is refused. The event's numbers change with it.
    #[expect(
        clippy::too_many_arguments,
        reason = "what one version is written with"
    )]
    async fn write_in(
        &self,
        tx: &mut Tx,
        op: Op,
        access: &Access,
        registration_id: &str,
        version: ListVersion,
        writer: Writer,
        given: Timestamp,
    ) -> Result<(Written, Timestamp), StoreError> {
        let event_id = access.event_id.as_str();
        let policy = self.policy();
        let stored = repo::event_for_write(tx, event_id, RowLock::Write).await?;
        let now = tx.decide(given, stored.db_now);
        allow(op, access.actor(), &stored.event, now)?;
        let registration = repo::registration(tx.conn(), event_id, registration_id)
            .await?
            .ok_or_else(|| StoreError::NoPlayer(registration_id.to_string()))?;
        if writer == Writer::Player {
            let current = current_in(tx, &registration).await?;
            if same_list(&current, &version) {
                return Ok((Written::Unchanged(registration, current), now));
            }
            within_budget(tx, registration_id, now, policy.lists_per_hour).await?;
        }
        let mut version = ListVersion { at: now, ..version };
        version.version = repo::next_version(
            tx.conn(),
            event_id,
            registration_id,
            version.state,
            version.verdict,
            now,
        )
        .await?
        .ok_or_else(|| StoreError::NoPlayer(registration_id.to_string()))?;
        let bytes = repo::insert_version(tx.conn(), event_id, registration_id, &version).await?;
        within_quota(&stored, bytes, policy.event_quota)?;
        repo::add_counts(
            tx.conn(),
            event_id,
            CountDelta::list(Some(registration.state), version.state, bytes),
        )
        .await?;
        let registration = Registration {
            version: version.version,
            state: version.state,
            verdict: version.verdict,
            updated_at: now,
            ..registration
        };
        Ok((Written::New(registration, version), now))
    }

    /// [`Store::write_in`] in one transaction, answered as the list routes answer: the
    /// registration as it is now, the version, the list's report.
    #[expect(
        clippy::too_many_arguments,
        reason = "what one version is written with"
    )]
    async fn write_version(
        &self,
        op: Op,
        access: &Access,
        registration_id: &str,
        version: ListVersion,
        report: Validated,
        writer: Writer,
        given: Timestamp,
    ) -> Result<Submitted, StoreError> {
        self.db()
            .write(async move |tx| {
                let (written, now) = self
                    .write_in(tx, op, access, registration_id, version, writer, given)
                    .await?;
                let (player, version, unchanged) = match written {
                    Written::Unchanged(r, v) => (r, v, true),
                    Written::New(r, v) => (r, v, false),
                };
                let submitted = Submitted {
                    token: None,
                    state: version.state,
                    verdict: version.verdict,
                    version: version.version,
                    fingerprints: version.fingerprints,
                    report,
                    player,
                    unchanged,
                };
                idempotency::record(tx, now, &submitted).await?;
                Ok(submitted)
            })
            .await
    }

    /// A player's new list, with their token, until the lock. The same list as the current one
    /// adds no version; more new lists than the hour's budget are refused, saying when the
    /// next is taken.
    pub async fn resubmit(
        &self,
        game: &Arc<dyn AnyGame>,
        access: &Access,
        submission: &Submission,
        now: Timestamp,
    ) -> Result<Submitted, StoreError> {
        let given = now;
        let (event, now) = self.event_now(&access.event_id, given).await?;
        allow(Op::Resubmit, access.actor(), &event, now)?;
        let player_id = access
            .registration_id
            .as_deref()
            .ok_or_else(|| StoreError::Corrupt("a player token without its registration".into()))?;
        within_limit(&event.game, submission)?;
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
            Source::Player,
            &registration.player,
            None,
            submission,
            &checked,
            state,
        )?;
        self.write_version(
            Op::Resubmit,
            access,
            player_id,
            new,
            checked.report,
            Writer::Player,
            given,
        )
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
        let given = now;
        let (event, now) = self.event_now(&access.event_id, given).await?;
        allow(Op::Amend, access.actor(), &event, now)?;
        let reason = text_field("reason", reason, MAX_REASON)?;
        within_limit(&event.game, submission)?;
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
            source,
            &access.label,
            Some(&reason),
            &submission,
            &checked,
            state,
        )?;
        self.write_version(
            Op::Amend,
            access,
            player_id,
            new,
            checked.report,
            Writer::Staff,
            given,
        )
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
        let given = now;
        let (event, now) = self.event_now(&access.event_id, given).await?;
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
        self.db()
            .write(async move |tx| {
                let (written, _) = self
                    .write_in(
                        tx,
                        Op::Resolve,
                        access,
                        player_id,
                        new,
                        Writer::Staff,
                        given,
                    )
                    .await?;
                Ok(match written {
                    Written::New(r, _) | Written::Unchanged(r, _) => r,
                })
            })
            .await
    }
}

/// The registration's current version, inside a write.
async fn current_in(tx: &mut Tx, registration: &Registration) -> Result<ListVersion, StoreError> {
    repo::version(tx.conn(), &registration.id, registration.version)
        .await?
        .ok_or_else(|| {
            StoreError::Corrupt(format!(
                "registration {} has no version {}",
                registration.id, registration.version
            ))
        })
}

/// Whether the player may send one more new list at `now`: fewer than `per_hour` of theirs
/// in the hour before it; else refused with when the oldest of them leaves the hour.
async fn within_budget(
    tx: &mut Tx,
    registration_id: &str,
    now: Timestamp,
    per_hour: u32,
) -> Result<(), StoreError> {
    let hour = jiff::SignedDuration::from_hours(1);
    let since = now.checked_sub(hour).unwrap_or(Timestamp::MIN);
    let (sent, first) = repo::player_lists_since(tx.conn(), registration_id, since).await?;
    if sent < u64::from(per_hour) {
        return Ok(());
    }
    let free_at = first.and_then(|f| f.checked_add(hour).ok()).unwrap_or(now);
    let wait = now.until(free_at).map_or(1, |span| {
        span.total(jiff::Unit::Second)
            .map_or(1, |s| s.ceil().max(1.0) as u64)
    });
    Err(StoreError::TooManyLists {
        per_hour,
        retry_after: wait,
    })
}
