//! Backups: an event as one JSON document (`deckcheck events export`), and back
//! (`deckcheck events import`). Exporting what was imported gives the same document.

use jiff::Timestamp;
use serde::{Deserialize, Serialize};

use crate::error::StoreError;
use crate::events::Store;
use crate::model::ListVerdict;
use crate::model::{DeckCheck, Event, ListVersion, Pick, Role, ShownList, State, Stored};
use crate::rows::{self, micros};

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
}

pub(crate) async fn export(store: &Store, event_id: &str) -> Result<EventExport, StoreError> {
    let event = store.event(event_id).await?;
    let pool = &store.db().pool;
    let token_rows = sqlx::query(
        "SELECT hash, role, registration_id, label, created_at FROM tokens WHERE event_id = $1 ORDER BY created_at, hash",
    )
    .bind(event_id)
    .fetch_all(pool)
    .await?;
    let mut tokens = Vec::with_capacity(token_rows.len());
    for row in &token_rows {
        let player_id = rows::text_opt(row, "registration_id")?;
        tokens.push(ExportedToken {
            hash: rows::text(row, "hash")?,
            role: Role::parse("role", &rows::text(row, "role")?)?,
            player_id,
            label: rows::text(row, "label")?,
            created_at: Timestamp::from_microsecond(rows::int(row, "created_at")?)
                .map_err(|e| StoreError::Corrupt(e.to_string()))?,
        });
    }
    let mut registrations = Vec::new();
    for r in store.roster(event_id).await? {
        registrations.push(ExportedRegistration {
            versions: store.versions_of(&r.id).await?,
            id: r.id,
            player: r.player,
            uid: r.uid,
            created_at: r.created_at,
        });
    }
    Ok(EventExport {
        format: EXPORT_FORMAT.into(),
        deck_checks: store.deck_checks(event_id).await?,
        picks: store.picks(event_id).await?,
        published: store.published_of(event_id).await?,
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
    let mut w = store.db().write().await?;
    let inserted = sqlx::query("INSERT INTO events (id, name, game, format, event_date, tier, illegal_lists, options, registration_code, locks_at, locked_at, published_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)")
        .bind(&event.id)
        .bind(&event.name)
        .bind(&event.game)
        .bind(&event.format)
        .bind(event.date.to_string())
        .bind(event.tier.as_str())
        .bind(event.illegal_lists.as_str())
        .bind(serde_json::to_string(&event.options).map_err(|e| StoreError::Corrupt(e.to_string()))?)
        .bind(&event.registration_code)
        .bind(event.locks_at.map(micros))
        .bind(event.locked_at.map(micros))
        .bind(event.published_at.map(micros))
        .bind(micros(event.created_at))
        .execute(&mut *w.tx)
        .await;
    match inserted {
        Err(sqlx::Error::Database(d)) if d.is_unique_violation() => {
            return Err(StoreError::Conflict(format!(
                "this store has an event with id {} or registration code {} already",
                event.id, event.registration_code
            )));
        }
        other => other?,
    };
    for r in &export.registrations {
        let last = r
            .versions
            .last()
            .unwrap_or_else(|| unreachable!("checked above"));
        let (state, verdict): (State, ListVerdict) = (last.state, last.verdict);
        sqlx::query("INSERT INTO registrations (id, event_id, player, uid, uid_key, version, state, verdict, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)")
            .bind(&r.id)
            .bind(&event.id)
            .bind(&r.player)
            .bind(&r.uid)
            .bind(r.uid.trim().to_lowercase())
            .bind(last.version)
            .bind(state.as_str())
            .bind(verdict.as_str())
            .bind(micros(r.created_at))
            .bind(micros(last.at))
            .execute(&mut *w.tx)
            .await?;
        for v in &r.versions {
            store
                .insert_version_raw(&mut w.tx, &event.id, &r.id, v)
                .await?;
        }
    }
    for t in &export.tokens {
        sqlx::query("INSERT INTO tokens (hash, event_id, role, registration_id, label, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(&t.hash)
            .bind(&event.id)
            .bind(t.role.as_str())
            .bind(t.player_id.as_deref())
            .bind(&t.label)
            .bind(micros(t.created_at))
            .execute(&mut *w.tx)
            .await?;
    }
    for c in &export.deck_checks {
        store.insert_check_raw(&mut w.tx, &event.id, c).await?;
    }
    for p in &export.picks {
        sqlx::query("INSERT INTO deck_check_picks (event_id, registration_id, at, picked_by) VALUES ($1, $2, $3, $4)")
            .bind(&event.id)
            .bind(&p.player_id)
            .bind(micros(p.at))
            .bind(&p.picked_by)
            .execute(&mut *w.tx)
            .await?;
    }
    for l in &export.published {
        store.insert_published_raw(&mut w.tx, &event.id, l).await?;
    }
    w.commit().await?;
    store.event(&event.id).await
}
