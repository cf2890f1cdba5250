//! Corrections of the roster and of judges' work (issue 34), each kept in the history, nothing
//! deleted: the organizer removes a registration (a no-show, an entry made under another
//! player's UID) or corrects a player's name or UID; a player withdraws their own registration
//! before the lock; a judge voids a deck check made in error. A removed or withdrawn entry
//! leaves the roster, the sheets and the published lists, its UID is free again, and its
//! versions, checks and the removal stay for the history and the export.
//!
//! Also the UIDs' normal form for rows stored before it (`uid_form` 0, migration 0006): SQL has
//! no NFKC, so the store computes it when it opens.

use jiff::Timestamp;

use super::{Access, MAX_NAME, MAX_REASON, MAX_UID, Store, allow, on_roster, text_field, uid_key};
use crate::error::StoreError;
use crate::lifecycle::Op;
use crate::model::*;
use crate::repo::{self, CountDelta, Inserted, RowLock, Tokens};

/// What the organizer corrects of a registration: a name, a UID, or both.
#[derive(Debug, Clone, Default)]
pub struct Correction {
    pub player: Option<String>,
    pub uid: Option<String>,
}

impl Store {
    /// The organizer takes a registration off the roster, with the reason: it leaves the
    /// roster, the sheets and the published lists, its UID is free again, and its tokens open
    /// nothing any more; the registration, its versions and checks and the removal are kept.
    pub async fn remove(
        &self,
        access: &Access,
        player_id: &str,
        reason: &str,
        now: Timestamp,
    ) -> Result<Registration, StoreError> {
        let reason = text_field("reason", reason, MAX_REASON)?;
        self.take_off(
            Op::Remove,
            ChangeKind::Removed,
            access,
            player_id,
            Some(reason),
            now,
        )
        .await
    }

    /// A player takes back their own registration before the lock: as a removal, by them. Their
    /// token opens nothing any more; they may register again with the event's code.
    pub async fn withdraw(
        &self,
        access: &Access,
        now: Timestamp,
    ) -> Result<Registration, StoreError> {
        let player_id = access
            .registration_id
            .clone()
            .ok_or_else(|| StoreError::Corrupt("a player token without its registration".into()))?;
        self.take_off(
            Op::Withdraw,
            ChangeKind::Withdrawn,
            access,
            &player_id,
            None,
            now,
        )
        .await
    }

    async fn take_off(
        &self,
        op: Op,
        kind: ChangeKind,
        access: &Access,
        player_id: &str,
        reason: Option<String>,
        now: Timestamp,
    ) -> Result<Registration, StoreError> {
        let given = now;
        let event_id = access.event_id.as_str();
        self.db()
            .write(async |tx| {
                let stored = repo::event_for_write(tx, event_id, RowLock::Write).await?;
                let now = tx.decide(given, stored.db_now);
                allow(op, access.actor(), &stored.event, now)?;
                let registration = repo::registration_for_write(tx.conn(), event_id, player_id)
                    .await?
                    .ok_or_else(|| StoreError::NoPlayer(player_id.to_string()))?;
                let registration = on_roster(registration)?;
                if !repo::mark_removed(tx.conn(), event_id, player_id, now).await? {
                    return Err(StoreError::NoPlayer(player_id.to_string()));
                }
                // The event's numbers count the roster: one player (and one list of its
                // state) fewer; its versions stay stored.
                repo::add_counts(tx.conn(), event_id, CountDelta::removal(registration.state))
                    .await?;
                repo::retire_tokens(tx.conn(), event_id, Tokens::OfPlayer(player_id), now, None)
                    .await?;
                repo::insert_change(
                    tx.conn(),
                    event_id,
                    &RosterChange {
                        player_id: player_id.to_string(),
                        at: now,
                        kind,
                        actor: access.label.clone(),
                        reason,
                        player_before: registration.player.clone(),
                        uid_before: registration.uid.clone(),
                        player_after: registration.player.clone(),
                        uid_after: registration.uid.clone(),
                    },
                )
                .await?;
                let removed = Registration {
                    removed_at: Some(now),
                    updated_at: now,
                    ..registration
                };
                crate::idempotency::record(tx, now, &removed).await?;
                Ok(removed)
            })
            .await
    }

    /// The organizer corrects a player's name or UID, with the reason kept in the history. A UID
    /// another registration of the event holds (in its normal form) is refused.
    pub async fn correct(
        &self,
        access: &Access,
        player_id: &str,
        correction: Correction,
        reason: &str,
        now: Timestamp,
    ) -> Result<Registration, StoreError> {
        let given = now;
        let reason = text_field("reason", reason, MAX_REASON)?;
        let player = correction
            .player
            .as_deref()
            .map(|p| text_field("name", p, MAX_NAME))
            .transpose()?;
        let uid = correction
            .uid
            .as_deref()
            .map(|u| text_field("uid", u, MAX_UID))
            .transpose()?;
        if player.is_none() && uid.is_none() {
            return Err(StoreError::unprocessable(
                deckcheck_core::ErrorCode::Unanswerable,
                "name",
                "nothing to correct: give the corrected name, the corrected UID, or both",
            ));
        }
        let event_id = access.event_id.as_str();
        self.db()
            .write(async |tx| {
                let stored = repo::event_for_write(tx, event_id, RowLock::Share).await?;
                let now = tx.decide(given, stored.db_now);
                allow(Op::Correct, access.actor(), &stored.event, now)?;
                let before = repo::registration_for_write(tx.conn(), event_id, player_id)
                    .await?
                    .ok_or_else(|| StoreError::NoPlayer(player_id.to_string()))?;
                let before = on_roster(before)?;
                let after_player = player.clone().unwrap_or_else(|| before.player.clone());
                let after_uid = uid.clone().unwrap_or_else(|| before.uid.clone());
                let key = uid_key(&after_uid);
                if let Inserted::Taken = repo::rename(
                    tx.conn(),
                    event_id,
                    player_id,
                    &after_player,
                    &after_uid,
                    &key,
                    now,
                )
                .await?
                {
                    return Err(StoreError::AlreadyRegistered { uid: after_uid });
                }
                if after_player != before.player {
                    repo::relabel_player_tokens(tx.conn(), event_id, player_id, &after_player)
                        .await?;
                }
                repo::insert_change(
                    tx.conn(),
                    event_id,
                    &RosterChange {
                        player_id: player_id.to_string(),
                        at: now,
                        kind: ChangeKind::Corrected,
                        actor: access.label.clone(),
                        reason: Some(reason.clone()),
                        player_before: before.player.clone(),
                        uid_before: before.uid.clone(),
                        player_after: after_player.clone(),
                        uid_after: after_uid.clone(),
                    },
                )
                .await?;
                let corrected = Registration {
                    player: after_player,
                    uid: after_uid,
                    updated_at: now,
                    ..before
                };
                crate::idempotency::record(tx, now, &corrected).await?;
                Ok(corrected)
            })
            .await
    }

    /// A judge (or the organizer) voids a deck check made in error, with the reason: it stays in
    /// the history beside the others, marked, and no longer counts (nor keeps its player from
    /// being picked).
    pub async fn void_check(
        &self,
        access: &Access,
        check_id: &str,
        reason: &str,
        now: Timestamp,
    ) -> Result<DeckCheck, StoreError> {
        let given = now;
        let reason = text_field("reason", reason, MAX_REASON)?;
        let event_id = access.event_id.as_str();
        self.db()
            .write(async |tx| {
                let stored = repo::event_for_write(tx, event_id, RowLock::Share).await?;
                let now = tx.decide(given, stored.db_now);
                allow(Op::VoidCheck, access.actor(), &stored.event, now)?;
                let check = repo::check_for_write(tx.conn(), event_id, check_id)
                    .await?
                    .ok_or_else(|| StoreError::NoCheck(check_id.to_string()))?;
                if let Some(void) = &check.void {
                    return Err(StoreError::conflict(
                        deckcheck_core::ErrorCode::AlreadyVoided,
                        format!(
                            "this deck check was voided at {} by {}: {}",
                            void.at, void.by, void.reason
                        ),
                    ));
                }
                let void = CheckVoid {
                    at: now,
                    by: access.label.clone(),
                    reason: reason.clone(),
                };
                if !repo::void_check(tx.conn(), event_id, check_id, &void).await? {
                    return Err(StoreError::NoCheck(check_id.to_string()));
                }
                let voided = DeckCheck {
                    void: Some(void),
                    ..check
                };
                crate::idempotency::record(tx, now, &voided).await?;
                Ok(voided)
            })
            .await
    }

    /// Every change to the event's roster, oldest first.
    pub async fn roster_changes(&self, access: &Access) -> Result<Vec<RosterChange>, StoreError> {
        self.readable(Op::ReadRoster, access).await?;
        repo::changes(&self.db().pool, &access.event_id, None).await
    }

    /// Gives the registrations stored before the UIDs' normal form (migration 0006) their
    /// normal form's key, each in its own write; one whose normal form another registration of
    /// its event holds already keeps its old key (marked, and said in the log). Run when the
    /// store opens, before it serves: a registration is then compared with every other one by
    /// the same form.
    pub(crate) async fn normalize_uids(&self) -> Result<(), StoreError> {
        for (id, event_id, uid) in repo::old_uid_keys(&self.db().pool).await? {
            let key = uid_key(&uid);
            let taken = self
                .db()
                .write(async |tx| {
                    Ok(matches!(
                        repo::set_uid_key(tx.conn(), &id, &key, 1).await?,
                        Inserted::Taken
                    ))
                })
                .await?;
            if taken {
                tracing::warn!(
                    event = event_id.as_str(),
                    registration = id.as_str(),
                    "two registrations of an event have UIDs that differ only in form; this one keeps its old key (the organizer can remove one)"
                );
                self.db()
                    .write(async |tx| repo::set_uid_form(tx.conn(), &id, 2).await)
                    .await?;
            }
        }
        Ok(())
    }
}
