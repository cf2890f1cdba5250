//! Organizer keys (issue 35 item 4): the operator issues one per organizer (with the admin
//! token), lists them and revokes one without touching the others. A request carrying a live
//! key creates events without the caps that strangers spend. Only a key's SHA-256 is kept.

use jiff::Timestamp;

use super::{MAX_NAME, Store, text_field};
use crate::error::StoreError;
use crate::model::{IssuedKey, OrganizerKey};
use crate::repo::{self, Inserted, KeyRow};
use crate::token;

impl Store {
    /// A new organizer key for `name` (shown once).
    pub async fn issue_organizer_key(
        &self,
        name: &str,
        now: Timestamp,
    ) -> Result<IssuedKey, StoreError> {
        let name = text_field("name", name, MAX_NAME)?;
        let given = now;
        self.db()
            .write(async |tx| {
                let now = tx.now(given).await?;
                let key = token::new_organizer_key();
                let hash = token::hash(&key);
                let row = KeyRow {
                    id: token::key_id_of(&hash),
                    hash,
                    name: name.clone(),
                    created_at: now.as_microsecond(),
                    revoked_at: None,
                    events: 0,
                };
                if let Inserted::Taken = repo::insert_key(tx.conn(), &row).await? {
                    return Err(StoreError::unavailable("a key collided; send it again"));
                }
                Ok(IssuedKey {
                    info: row.info()?,
                    key,
                })
            })
            .await
    }

    /// Every organizer key, revoked ones too (never the keys themselves).
    pub async fn organizer_keys(&self) -> Result<Vec<OrganizerKey>, StoreError> {
        repo::keys(&self.db().pool)
            .await?
            .iter()
            .map(KeyRow::info)
            .collect()
    }

    /// Revokes an organizer key: it creates nothing any more (the events it created stay).
    /// Revoking it again changes nothing.
    pub async fn revoke_organizer_key(
        &self,
        id: &str,
        now: Timestamp,
    ) -> Result<OrganizerKey, StoreError> {
        let given = now;
        self.db()
            .write(async |tx| {
                let now = tx.now(given).await?;
                repo::key_by_id(tx.conn(), id)
                    .await?
                    .ok_or_else(|| StoreError::NoKey(id.to_string()))?;
                repo::revoke_key(tx.conn(), id, now).await?;
                repo::key_by_id(tx.conn(), id)
                    .await?
                    .ok_or_else(|| StoreError::NoKey(id.to_string()))?
                    .info()
            })
            .await
    }

    /// The live organizer key a request presents, if it is one.
    pub async fn organizer_key(&self, presented: &str) -> Result<Option<OrganizerKey>, StoreError> {
        let hash = token::hash(presented.trim());
        let Some(row) = repo::key_by_hash(&self.db().pool, &hash).await? else {
            return Ok(None);
        };
        if !token::same_hash(&hash, &row.hash) || row.revoked_at.is_some() {
            return Ok(None);
        }
        row.info().map(Some)
    }
}
