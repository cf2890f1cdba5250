//! Tokens with a lifecycle: the organizer issues judge tokens, lists, revokes and reissues
//! judges' and players' tokens (a reissued token is how a player who lost theirs, or whose
//! registration answer was lost, gets back in), and rotates their own; the operator gives an
//! event a new organizer token when the old one is lost. Tokens are kept only as hashes, and
//! expire the policy's lifetime after the event's day ([`Store::expires_at`]).

use jiff::Timestamp;

use super::{Access, MAX_NAME, Store, allow, text_field};
use crate::db::Tx;
use crate::error::StoreError;
use crate::lifecycle::Op;
use crate::model::*;
use crate::repo::{self, Inserted, RowLock, TokenRow, Tokens};
use crate::token;

impl Store {
    /// Writes a new token for `event` and answers it (shown once).
    async fn issue(
        &self,
        tx: &mut Tx,
        event: &Event,
        role: Role,
        player: Option<&str>,
        label: &str,
        now: Timestamp,
    ) -> Result<Issued, StoreError> {
        // 256 random bits: a second draw is for the id's 64 bits, and never expected.
        for _ in 0..4 {
            let secret = token::new_token(role);
            let row = TokenRow::new(token::hash(&secret), &event.id, role, player, label, now);
            if let Inserted::Yes = repo::insert_token(tx.conn(), &row).await? {
                return Ok(Issued {
                    id: row.id,
                    role,
                    label: label.to_string(),
                    player_id: player.map(str::to_string),
                    token: secret,
                    expires_at: self.expires_at(event, now),
                });
            }
        }
        Err(StoreError::unavailable(
            "no free token id was drawn; send it again",
        ))
    }

    /// Runs `work` on the event in one write, if `access` may do `op` in its phase.
    async fn token_write<T>(
        &self,
        access: &Access,
        op: Op,
        now: Timestamp,
        work: impl AsyncFnOnce(&mut Tx, &Event) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.db()
            .write(async |tx| {
                let event = repo::event_for_write(tx, &access.event_id, RowLock::Share).await?;
                allow(op, access.actor(), &event, now)?;
                work(tx, &event).await
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
        let now = repo::whole_micros(now);
        let name = text_field("name", name, MAX_NAME)?;
        self.token_write(access, Op::IssueJudge, now, async |tx, event| {
            self.issue(tx, event, Role::Judge, None, &name, now).await
        })
        .await
    }

    /// The event's tokens (never the tokens themselves): ids, roles, names, times.
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

    /// The organizer revokes a judge's or a player's token: it opens nothing any more.
    pub async fn revoke_token(
        &self,
        access: &Access,
        token_id: &str,
        now: Timestamp,
    ) -> Result<(), StoreError> {
        self.token_write(access, Op::ManageTokens, now, async |tx, event| {
            let row = staff_or_player_token(tx, event, token_id).await?;
            repo::delete_tokens(tx.conn(), &event.id, Tokens::One(&row.id)).await?;
            Ok(())
        })
        .await
    }

    /// A judge's token replaced by a new one for the same judge (the old one stops working).
    pub async fn reissue_judge_token(
        &self,
        access: &Access,
        token_id: &str,
        now: Timestamp,
    ) -> Result<Issued, StoreError> {
        let now = repo::whole_micros(now);
        self.token_write(access, Op::ManageTokens, now, async |tx, event| {
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
            repo::delete_tokens(tx.conn(), &event.id, Tokens::One(&row.id)).await?;
            self.issue(tx, event, Role::Judge, None, &row.label, now)
                .await
        })
        .await
    }

    /// A player's tokens replaced by a new one: how a player who lost their token, or whose
    /// registration's answer was lost, gets back to their list. Every earlier token of the
    /// player stops working.
    pub async fn reissue_player_token(
        &self,
        access: &Access,
        player_id: &str,
        now: Timestamp,
    ) -> Result<Issued, StoreError> {
        let now = repo::whole_micros(now);
        self.token_write(access, Op::ManageTokens, now, async |tx, event| {
            let registration = repo::registration(tx.conn(), &event.id, player_id)
                .await?
                .ok_or_else(|| StoreError::NoPlayer(player_id.to_string()))?;
            repo::delete_tokens(tx.conn(), &event.id, Tokens::OfPlayer(&registration.id)).await?;
            self.issue(
                tx,
                event,
                Role::Player,
                Some(&registration.id),
                &registration.player,
                now,
            )
            .await
        })
        .await
    }

    /// The organizer's token replaced by a new one: every organizer token of the event, the
    /// one presented too, stops working.
    pub async fn rotate_organizer_token(
        &self,
        access: &Access,
        now: Timestamp,
    ) -> Result<Issued, StoreError> {
        self.new_organizer_token(access, Op::RotateOrganizer, now)
            .await
    }

    /// The operator gives an event whose organizer lost their token a new one (every earlier
    /// organizer token stops working).
    pub async fn recover_organizer(
        &self,
        event_id: &str,
        now: Timestamp,
    ) -> Result<Issued, StoreError> {
        self.new_organizer_token(&Access::operator(event_id), Op::RecoverOrganizer, now)
            .await
    }

    async fn new_organizer_token(
        &self,
        access: &Access,
        op: Op,
        now: Timestamp,
    ) -> Result<Issued, StoreError> {
        let now = repo::whole_micros(now);
        self.token_write(access, op, now, async |tx, event| {
            repo::delete_tokens(tx.conn(), &event.id, Tokens::OfRole(Role::Organizer)).await?;
            self.issue(tx, event, Role::Organizer, None, "organizer", now)
                .await
        })
        .await
    }
}

/// A judge's or a player's token of the event (the organizer's are rotated, not revoked).
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
    Ok(row)
}
