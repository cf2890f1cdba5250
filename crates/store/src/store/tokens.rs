//! Tokens with a lifecycle: the organizer issues judge tokens, lists, revokes and reissues
//! judges' and players' tokens (a reissued token is how a player who lost theirs, or whose
//! registration answer was lost, gets back in), and rotates their own; the operator gives an
//! event a new organizer token when the old one is lost. Tokens are kept only as hashes, and
//! expire the policy's lifetime after the event's day ([`Store::expires_at`]).
//!
//! Every token operation is one step (issue 35 item 2): it holds the event's row for token
//! writes (one at a time per event, on every replica), and changes nothing unless the tokens it
//! replaces are still the ones the request found: of two sent together, one wins and the other
//! is told the token changed ([`StoreError::TokenChanged`]), so exactly one new token works and
//! no client holds a token that died as it was answered. A token that stops working stays as a
//! tombstone (when, and what replaced it), which is how a late loser is told what happened.
//!
//! A player's new token and the operator's recovery name no token the request replaces: two
//! of them sent together are told apart from two sent one after the other by time. A token
//! that replaced another less than [`TOGETHER`] ago is not replaced again: the second request
//! is told the token changed (and when); one sent later replaces it.

use std::collections::BTreeSet;

use jiff::Timestamp;

use super::{Access, MAX_NAME, Store, allow, text_field};
use crate::db::Tx;
use crate::error::StoreError;
use crate::lifecycle::Op;
use crate::model::*;
use crate::repo::{self, Inserted, RowLock, TokenRow, Tokens};
use crate::token;

/// How close two replacements of the same tokens are taken as sent together: the second
/// changes nothing.
pub const TOGETHER: jiff::SignedDuration = jiff::SignedDuration::from_secs(10);

/// A token drawn, not yet written.
struct Drawn {
    secret: String,
    row: TokenRow,
}

impl Store {
    /// Draws a new token for `event` at `now` (written by [`Store::write_token`]).
    fn draw(event: &Event, role: Role, player: Option<&str>, label: &str, now: Timestamp) -> Drawn {
        let secret = token::new_token(role);
        let row = TokenRow::new(token::hash(&secret), &event.id, role, player, label, now);
        Drawn { secret, row }
    }

    /// Writes a drawn token and answers it (shown once).
    async fn write_token(
        &self,
        tx: &mut Tx,
        event: &Event,
        drawn: Drawn,
    ) -> Result<Issued, StoreError> {
        // 256 random bits: a taken hash or id is never expected.
        if let Inserted::Taken = repo::insert_token(tx.conn(), &drawn.row).await? {
            return Err(StoreError::unavailable(
                "no free token id was drawn; send it again",
            ));
        }
        let created = drawn.row.created()?;
        Ok(Issued {
            role: drawn.row.role()?,
            label: drawn.row.label,
            player_id: drawn.row.registration_id,
            id: drawn.row.id,
            token: drawn.secret,
            expires_at: self.expires_at(event, created),
        })
    }

    /// Runs `work` on the event in one write holding its row for token writes, if `access` may
    /// do `op` in its phase; `work` is given the time that decides (the database's clock on
    /// PostgreSQL).
    async fn token_write<T>(
        &self,
        access: &Access,
        op: Op,
        given: Timestamp,
        work: impl AsyncFnOnce(&mut Tx, &Event, Timestamp) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.db()
            .write(async |tx| {
                let stored = repo::event_for_write(tx, &access.event_id, RowLock::Write).await?;
                let now = tx.decide(given, stored.db_now);
                allow(op, access.actor(), &stored.event, now)?;
                work(tx, &stored.event, now).await
            })
            .await
    }

    /// A judge token for the event, labelled with the judge's name (shown once).
    pub async fn issue_judge(
        &self,
        access: &Access,
        name: &str,
        now: Timestamp,
    ) -> Result<Issued, StoreError> {
        let name = text_field("name", name, MAX_NAME)?;
        self.token_write(access, Op::IssueJudge, now, async |tx, event, now| {
            let drawn = Self::draw(event, Role::Judge, None, &name, now);
            self.write_token(tx, event, drawn).await
        })
        .await
    }

    /// The event's tokens that work (never the tokens themselves): ids, roles, names, times.
    pub async fn tokens(&self, access: &Access) -> Result<Vec<TokenInfo>, StoreError> {
        let event = self.readable(Op::ManageTokens, access).await?;
        repo::tokens(&self.db().pool, &access.event_id)
            .await?
            .into_iter()
            .map(|t| {
                let created_at = t.created()?;
                Ok(TokenInfo {
                    role: t.role()?,
                    expires_at: self.expires_at(&event, created_at),
                    id: t.id,
                    label: t.label,
                    player_id: t.registration_id,
                    created_at,
                })
            })
            .collect()
    }

    /// The organizer revokes a judge's or a player's token: it opens nothing any more. One
    /// already revoked (or replaced) is [`StoreError::TokenChanged`].
    pub async fn revoke_token(
        &self,
        access: &Access,
        token_id: &str,
        now: Timestamp,
    ) -> Result<(), StoreError> {
        self.token_write(access, Op::ManageTokens, now, async |tx, event, now| {
            let row = staff_or_player_token(tx, event, token_id).await?;
            retire_one(tx, event, &row, now, None).await
        })
        .await
    }

    /// A judge's token replaced by a new one for the same judge (the old one stops working).
    /// One already replaced (or revoked) is [`StoreError::TokenChanged`].
    pub async fn reissue_judge_token(
        &self,
        access: &Access,
        token_id: &str,
        now: Timestamp,
    ) -> Result<Issued, StoreError> {
        self.token_write(access, Op::ManageTokens, now, async |tx, event, now| {
            let row = staff_or_player_token(tx, event, token_id).await?;
            if row.role()? != Role::Judge {
                return Err(StoreError::unprocessable(
                    deckcheck_core::ErrorCode::NotAJudgeToken,
                    "token",
                    format!(
                        "{token_id} is a {} token; a player's is reissued by their registration",
                        row.role
                    ),
                ));
            }
            let drawn = Self::draw(event, Role::Judge, None, &row.label, now);
            retire_one(tx, event, &row, now, Some(&drawn.row.id)).await?;
            self.write_token(tx, event, drawn).await
        })
        .await
    }

    /// A player's tokens replaced by a new one: how a player who lost their token, or whose
    /// registration's answer was lost, gets back to their list. Every earlier token of the
    /// player stops working. When the player's tokens changed since the request read them
    /// (another reissue at the same time), nothing is done: [`StoreError::TokenChanged`].
    pub async fn reissue_player_token(
        &self,
        access: &Access,
        player_id: &str,
        now: Timestamp,
    ) -> Result<Issued, StoreError> {
        let found = repo::live_tokens(
            &self.db().pool,
            &access.event_id,
            Tokens::OfPlayer(player_id),
        )
        .await?;
        self.token_write(access, Op::ManageTokens, now, async |tx, event, now| {
            let registration = repo::registration(tx.conn(), &event.id, player_id)
                .await?
                .ok_or_else(|| StoreError::NoPlayer(player_id.to_string()))?;
            let drawn = Self::draw(
                event,
                Role::Player,
                Some(&registration.id),
                &registration.player,
                now,
            );
            replace(
                tx,
                event,
                Tokens::OfPlayer(&registration.id),
                &found,
                now,
                &drawn.row.id,
            )
            .await?;
            self.write_token(tx, event, drawn).await
        })
        .await
    }

    /// The organizer's token replaced by a new one: every organizer token of the event, the
    /// one presented too, stops working. The token presented must still work when the write
    /// commits: of two rotations at once, the second is [`StoreError::TokenChanged`].
    pub async fn rotate_organizer_token(
        &self,
        access: &Access,
        now: Timestamp,
    ) -> Result<Issued, StoreError> {
        let presented = access
            .token_id()
            .ok_or_else(|| StoreError::Corrupt("a rotation without the token presented".into()))?
            .to_string();
        self.token_write(access, Op::RotateOrganizer, now, async |tx, event, now| {
            let drawn = Self::draw(event, Role::Organizer, None, "organizer", now);
            let gone = repo::retire_tokens(
                tx.conn(),
                &event.id,
                Tokens::One(&presented),
                now,
                Some(&drawn.row.id),
            )
            .await?;
            if gone.is_empty() {
                return Err(changed(tx, event, &presented).await);
            }
            repo::retire_tokens(
                tx.conn(),
                &event.id,
                Tokens::OfRole(Role::Organizer),
                now,
                Some(&drawn.row.id),
            )
            .await?;
            self.write_token(tx, event, drawn).await
        })
        .await
    }

    /// The operator gives an event whose organizer lost their token a new one (every earlier
    /// organizer token stops working); two at once: the second is
    /// [`StoreError::TokenChanged`].
    pub async fn recover_organizer(
        &self,
        event_id: &str,
        now: Timestamp,
    ) -> Result<Issued, StoreError> {
        let access = Access::operator(event_id);
        let found =
            repo::live_tokens(&self.db().pool, event_id, Tokens::OfRole(Role::Organizer)).await?;
        self.token_write(
            &access,
            Op::RecoverOrganizer,
            now,
            async |tx, event, now| {
                let drawn = Self::draw(event, Role::Organizer, None, "organizer", now);
                replace(
                    tx,
                    event,
                    Tokens::OfRole(Role::Organizer),
                    &found,
                    now,
                    &drawn.row.id,
                )
                .await?;
                self.write_token(tx, event, drawn).await
            },
        )
        .await
    }
}

/// A judge's or a player's token of the event (the organizer's are rotated, not revoked); one
/// that stopped working is [`StoreError::TokenChanged`].
async fn staff_or_player_token(
    tx: &mut Tx,
    event: &Event,
    token_id: &str,
) -> Result<TokenRow, StoreError> {
    let row = repo::token_by_id(tx.conn(), &event.id, token_id)
        .await?
        .ok_or_else(|| StoreError::NoToken(token_id.to_string()))?;
    if row.role()? == Role::Organizer {
        return Err(StoreError::unprocessable(
            deckcheck_core::ErrorCode::OrganizerToken,
            "token",
            "the organizer's token is not revoked but rotated (a new one replaces it)",
        ));
    }
    if let Some(at) = row.retired()? {
        return Err(StoreError::TokenChanged { at });
    }
    Ok(row)
}

/// Retires one token that works, as one statement: if another request retired it first (its
/// write committed while this one waited for the event's row), [`StoreError::TokenChanged`].
async fn retire_one(
    tx: &mut Tx,
    event: &Event,
    row: &TokenRow,
    now: Timestamp,
    replaced_by: Option<&str>,
) -> Result<(), StoreError> {
    let gone =
        repo::retire_tokens(tx.conn(), &event.id, Tokens::One(&row.id), now, replaced_by).await?;
    if gone.is_empty() {
        return Err(changed(tx, event, &row.id).await);
    }
    Ok(())
}

/// Retires the tokens `which` names, replaced by `by`, if they are still those the request
/// `found` before its write; else [`StoreError::TokenChanged`] (and the write rolls back).
async fn replace(
    tx: &mut Tx,
    event: &Event,
    which: Tokens<'_>,
    found: &BTreeSet<String>,
    now: Timestamp,
    by: &str,
) -> Result<(), StoreError> {
    let gone = repo::retire_tokens(tx.conn(), &event.id, which, now, Some(by)).await?;
    for id in &gone {
        if let Some(at) = replaced_lately(tx, event, id, now).await? {
            return Err(StoreError::TokenChanged { at });
        }
    }
    if &gone != found {
        let first = found
            .iter()
            .find(|id| !gone.contains(*id))
            .or_else(|| gone.iter().find(|id| !found.contains(*id)))
            .cloned()
            .unwrap_or_default();
        return Err(changed(tx, event, &first).await);
    }
    Ok(())
}

/// When the token `id` was issued, if it replaced another less than [`TOGETHER`] before `now`.
async fn replaced_lately(
    tx: &mut Tx,
    event: &Event,
    id: &str,
    now: Timestamp,
) -> Result<Option<Timestamp>, StoreError> {
    let Some(row) = repo::token_by_id(tx.conn(), &event.id, id).await? else {
        return Ok(None);
    };
    let issued = row.created()?;
    let recent = issued.checked_add(TOGETHER).is_ok_and(|until| until > now);
    if recent && repo::replaced_any(tx.conn(), &event.id, id).await? {
        return Ok(Some(issued));
    }
    Ok(None)
}

/// The error for a token changed by another request: when it was (the tombstone's time, or
/// the time of the token that appeared meanwhile).
async fn changed(tx: &mut Tx, event: &Event, token_id: &str) -> StoreError {
    let at = match repo::token_by_id(tx.conn(), &event.id, token_id).await {
        Ok(Some(row)) => match row.retired() {
            Ok(Some(at)) => Some(at),
            _ => row.created().ok(),
        },
        _ => None,
    };
    match at {
        Some(at) => StoreError::TokenChanged { at },
        None => StoreError::TokenChanged {
            at: Timestamp::now(),
        },
    }
}
