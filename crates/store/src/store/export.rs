//! Backups: an event as one JSON document (`deckcheck events export`), and back
//! (`deckcheck events import`). Exporting what was imported gives the same document.

use jiff::Timestamp;
use serde::{Deserialize, Serialize};

use super::Store;
use crate::error::StoreError;
use crate::model::{
    DeckCheck, Event, ListVersion, Pick, Registration, Role, RosterChange, ShownList,
};
use crate::repo::{self, CountDelta, Inserted, TokenRow};

/// What the document says it is; an import refuses any other.
pub const EXPORT_FORMAT: &str = "deckcheck-event/1";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EventExport {
    pub format: String,
    pub event: Event,
    /// SHA-256 hashes of the event's tokens: a restore keeps them working, and the export
    /// holds no token.
    pub tokens: Vec<ExportedToken>,
    pub registrations: Vec<ExportedRegistration>,
    pub deck_checks: Vec<DeckCheck>,
    pub picks: Vec<Pick>,
    pub published: Vec<ShownList>,
    /// Every change to the roster (removals, withdrawals, corrections), oldest first (issue 34;
    /// absent from exports made before, and when there is none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roster_changes: Vec<RosterChange>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedToken {
    pub hash: String,
    pub role: Role,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player_id: Option<String>,
    pub label: String,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: Timestamp,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExportedRegistration {
    pub id: String,
    pub player: String,
    pub uid: String,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: Timestamp,
    /// Every version, oldest first; the last is the registered list.
    pub versions: Vec<ListVersion>,
    /// When the registration was removed or withdrawn (it is off the roster, kept here).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub removed_at: Option<Timestamp>,
}

pub(crate) async fn export(store: &Store, event_id: &str) -> Result<EventExport, StoreError> {
    let event = store.event_by_id(event_id).await?;
    let pool = &store.db().pool;
    let tokens = repo::tokens(pool, event_id)
        .await?
        .into_iter()
        .map(|t| {
            Ok(ExportedToken {
                role: t.role()?,
                created_at: t.created()?,
                hash: t.hash,
                player_id: t.registration_id,
                label: t.label,
            })
        })
        .collect::<Result<_, StoreError>>()?;
    let mut registrations = Vec::new();
    for r in repo::every_registration(pool, event_id).await? {
        registrations.push(ExportedRegistration {
            removed_at: r.removed_at,
            versions: repo::versions(pool, &r.id).await?,
            id: r.id,
            player: r.player,
            uid: r.uid,
            created_at: r.created_at,
        });
    }
    let published = repo::published_lists(pool, event_id).await?;
    Ok(EventExport {
        format: EXPORT_FORMAT.into(),
        deck_checks: repo::checks(pool, event_id, None).await?,
        picks: repo::picks(pool, event_id).await?,
        roster_changes: repo::changes(pool, event_id, None).await?,
        published,
        event,
        tokens,
        registrations,
    })
}

pub(crate) async fn import(store: &Store, export: &EventExport) -> Result<Event, StoreError> {
    if export.format != EXPORT_FORMAT {
        return Err(StoreError::invalid(
            "format",
            format!(
                "{:?} is not an event export this version reads ({EXPORT_FORMAT})",
                export.format
            ),
        ));
    }
    let event = &export.event;
    for r in &export.registrations {
        let numbers: Vec<i64> = r.versions.iter().map(|v| v.version).collect();
        if numbers.is_empty() || numbers.iter().enumerate().any(|(i, n)| *n != i as i64 + 1) {
            return Err(StoreError::invalid(
                &format!("registrations[{}].versions", r.id),
                "versions must be numbered 1, 2, 3… with none missing",
            ));
        }
    }
    store
        .db()
        .write(async |tx| {
            if let Inserted::Taken = repo::insert_event(tx.conn(), event).await? {
                return Err(StoreError::conflict(
                    deckcheck_core::ErrorCode::EventExists,
                    format!(
                        "this store has an event with id {} or registration code {} already",
                        event.id, event.registration_code
                    ),
                ));
            }
            // The event's numbers, as its rows count them.
            let mut counts = CountDelta::default();
            for r in &export.registrations {
                let last = r
                    .versions
                    .last()
                    .unwrap_or_else(|| unreachable!("checked above"));
                let registration = Registration {
                    id: r.id.clone(),
                    player: r.player.clone(),
                    uid: r.uid.clone(),
                    version: last.version,
                    state: last.state,
                    verdict: last.verdict,
                    created_at: r.created_at,
                    updated_at: last.at,
                    checks: 0,
                    removed_at: None,
                };
                // A removed registration's UID is free (whatever order the export lists them in).
                let key = match r.removed_at {
                    Some(_) => repo::removed_key(&r.id),
                    None => super::uid_key(&r.uid),
                };
                if let Inserted::Taken =
                    repo::insert_registration(tx.conn(), &event.id, &registration, &key).await?
                {
                    return Err(StoreError::invalid(
                        &format!("registrations[{}]", r.id),
                        "a registration of this id or UID is here already",
                    ));
                }
                for v in &r.versions {
                    let bytes = repo::insert_version(tx.conn(), &event.id, &r.id, v).await?;
                    counts.versions += 1;
                    counts.stored_bytes += bytes as i64;
                }
                match r.removed_at {
                    Some(at) => repo::set_removed(tx.conn(), &r.id, at).await?,
                    None => {
                        let on_roster = CountDelta::list(None, last.state, 0);
                        counts.players += on_roster.players;
                        counts.accepted += on_roster.accepted;
                        counts.pending += on_roster.pending;
                    }
                }
            }
            repo::add_counts(tx.conn(), &event.id, counts).await?;
            for t in &export.tokens {
                let at = t.created_at;
                let row = TokenRow::new(
                    t.hash.clone(),
                    &event.id,
                    t.role,
                    t.player_id.as_deref(),
                    &t.label,
                    at,
                );
                if let Inserted::Taken = repo::insert_token(tx.conn(), &row).await? {
                    return Err(StoreError::invalid("tokens", "a token is here already"));
                }
            }
            for c in &export.deck_checks {
                repo::insert_check(tx.conn(), &event.id, c).await?;
            }
            for p in &export.picks {
                repo::insert_pick(tx.conn(), &event.id, p).await?;
            }
            for c in &export.roster_changes {
                repo::insert_change(tx.conn(), &event.id, c).await?;
            }
            for (i, l) in export.published.iter().enumerate() {
                repo::insert_published(tx.conn(), &event.id, i as u64 + 1, l).await?;
            }
            if let Some(at) = event.published_at {
                repo::set_published(tx.conn(), &event.id, at, export.published.len() as u64)
                    .await?;
            }
            Ok(())
        })
        .await?;
    store.event_by_id(&event.id).await
}
