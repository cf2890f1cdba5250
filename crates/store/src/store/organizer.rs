//! The organizer's event: creating it (deadlines that make sense), changing its settings
//! before the lock, locking it (CEG 3.3.3: the time lists are due), deleting it; and the
//! operator's retention, which deletes events whose time is over.

use deckcheck_core::AnyGame;
use jiff::{SignedDuration, Timestamp};

use super::{Access, Created, MAX_NAME, Store, allow, text_field};
use crate::db::Tx;
use crate::error::StoreError;
use crate::faults::Point;
use crate::lifecycle::Op;
use crate::model::*;
use crate::repo::{self, Inserted, RowLock, TokenRow};
use crate::{idempotency, token};

/// How far from today an event's date may be before the answer warns (either way).
pub const FAR_DAYS: i64 = 365;

/// A deadline must be ahead: one already past would lock the event for good at once.
fn deadline_ahead(locks_at: Option<Timestamp>, now: Timestamp) -> Result<(), StoreError> {
    match locks_at {
        Some(t) if t <= now => Err(StoreError::unprocessable(
            deckcheck_core::ErrorCode::LocksAtPast,
            "locks_at",
            format!(
                "{t} is not in the future (it is {now} now): give the time lists are due, or none to lock by hand"
            ),
        )),
        _ => Ok(()),
    }
}

/// A warning when the event's date is more than a year from today, either way.
fn date_warnings(event: &Event, now: Timestamp) -> Vec<Warning> {
    let today = now.to_zoned(jiff::tz::TimeZone::UTC).date();
    let days = today
        .until(event.date)
        .map(|s| s.get_days() as i64)
        .unwrap_or(0);
    if days.abs() <= FAR_DAYS {
        return Vec::new();
    }
    let when = if days > 0 { "from now" } else { "ago" };
    vec![Warning {
        code: "date-far-from-today",
        field: "date",
        message: format!(
            "the event's date {} is {} days {when}: lists are judged as of that date; check it is the day of the event",
            event.date,
            days.abs()
        ),
    }]
}

/// The time a lock or publishing is stamped with: `now`, or just after the latest list of the
/// event when a writer's clock ran ahead, so no accepted list is ever after the lock.
pub(super) async fn after_every_list(
    tx: &mut Tx,
    event_id: &str,
    now: Timestamp,
) -> Result<Timestamp, StoreError> {
    Ok(match repo::latest_list_time(tx.conn(), event_id).await? {
        Some(latest) if latest >= now => latest
            .checked_add(SignedDuration::from_micros(1))
            .unwrap_or(latest),
        _ => now,
    })
}

/// The option names a game's checks take (its options schema's properties).
fn option_names(game: &dyn AnyGame) -> Vec<String> {
    let (_, schema) = game.options_schema();
    match schema {
        utoipa::openapi::RefOr::T(utoipa::openapi::schema::Schema::Object(o)) => {
            o.properties.keys().cloned().collect()
        }
        _ => Vec::new(),
    }
}

impl Store {
    /// Creates an event for `game` (which must be the game `new.game` names) and its organizer
    /// token. A deadline in the past is refused (on the database's clock); a date far from
    /// today is answered with a warning.
    pub async fn create_event(
        &self,
        game: &dyn AnyGame,
        new: NewEvent,
        now: Timestamp,
    ) -> Result<Created, StoreError> {
        self.create_event_with(game, new, None, now).await
    }

    /// [`Store::create_event`], counting the event against the organizer key `key` (its id)
    /// that created it, if one did.
    pub async fn create_event_with(
        &self,
        game: &dyn AnyGame,
        new: NewEvent,
        key: Option<&str>,
        now: Timestamp,
    ) -> Result<Created, StoreError> {
        let given = now;
        let info = game.info();
        if !info.id.eq_ignore_ascii_case(new.game.trim()) {
            return Err(StoreError::invalid("game", "not the game given"));
        }
        let name = text_field("name", &new.name, MAX_NAME)?;
        let format = info
            .format(&new.format)
            .ok_or_else(|| info.unknown_format(&new.format))?;
        let options = new.options.unwrap_or_default();
        let known = option_names(game);
        for key in options.keys() {
            if key == "pool" {
                return Err(StoreError::invalid(
                    "options.pool",
                    "a pool is each player's own: it is registered with the player's list",
                ));
            }
            if !known.contains(key) {
                return Err(StoreError::invalid(
                    &format!("options.{key}"),
                    format!(
                        "{} checks take no option {key:?}; they take {}",
                        info.name,
                        if known.is_empty() {
                            "none".to_string()
                        } else {
                            known.join(", ")
                        }
                    ),
                ));
            }
        }
        // Read now as every check of the event will read them: a value of the wrong kind is
        // refused here, not at every registration.
        game.check_options(&options).map_err(|e| {
            let field = match e.field.as_deref() {
                Some(f) if !f.is_empty() && f != "options" => format!("options.{f}"),
                _ => "options".to_string(),
            };
            StoreError::invalid(&field, e.message)
        })?;
        let locks_at = new.locks_at.map(repo::whole_micros);
        let mut event = Event {
            id: token::new_id("ev"),
            name,
            game: info.id.to_string(),
            format: format.id.clone(),
            date: new.date,
            tier: new.tier.unwrap_or(Tier::Competitive),
            illegal_lists: new.illegal_lists.unwrap_or(IllegalLists::Refuse),
            options,
            registration_code: String::new(),
            locks_at,
            locked_at: None,
            published_at: None,
            created_at: Timestamp::UNIX_EPOCH,
        };
        let organizer_token = token::new_token(Role::Organizer);
        // A code already taken is drawn again (40 bits: a second draw is rare already).
        for _ in 0..8 {
            event.registration_code = token::new_code();
            let created = self
                .db()
                .write(async |tx| {
                    let now = tx.now(given).await?;
                    deadline_ahead(event.locks_at, now)?;
                    let event = Event {
                        created_at: now,
                        ..event.clone()
                    };
                    if let Inserted::Taken = repo::insert_event(tx.conn(), &event).await? {
                        return Ok(None);
                    }
                    let row = TokenRow::new(
                        token::hash(&organizer_token),
                        &event.id,
                        Role::Organizer,
                        None,
                        "organizer",
                        now,
                    );
                    if let Inserted::Taken = repo::insert_token(tx.conn(), &row).await? {
                        return Err(StoreError::unavailable("a token collided; send it again"));
                    }
                    if let Some(key) = key {
                        repo::key_created_event(tx.conn(), key).await?;
                    }
                    let created = Created {
                        warnings: date_warnings(&event, now),
                        event,
                        organizer_token: organizer_token.clone(),
                    };
                    idempotency::record(tx, now, &created).await?;
                    Ok(Some(created))
                })
                .await?;
            if let Some(created) = created {
                return Ok(created);
            }
        }
        Err(StoreError::conflict(
            deckcheck_core::ErrorCode::NoFreeCode,
            "no free registration code was found; try again",
        ))
    }

    /// Changes an event's name, deadline or illegal-list setting, before the lock. A deadline
    /// in the past is refused.
    pub async fn configure(
        &self,
        access: &Access,
        changes: EventChanges,
        now: Timestamp,
    ) -> Result<Event, StoreError> {
        let given = now;
        let name = changes
            .name
            .as_deref()
            .map(|n| text_field("name", n, MAX_NAME))
            .transpose()?;
        let locks_at = changes.locks_at.map(|t| t.map(repo::whole_micros));
        self.db()
            .write(async |tx| {
                let stored = repo::event_for_write(tx, &access.event_id, RowLock::Update).await?;
                let now = tx.decide(given, stored.db_now);
                let mut event = stored.event;
                allow(Op::Configure, access.actor(), &event, now)?;
                if let Some(locks_at) = locks_at {
                    deadline_ahead(locks_at, now)?;
                    event.locks_at = locks_at;
                }
                if let Some(name) = name {
                    event.name = name;
                }
                if let Some(policy) = changes.illegal_lists {
                    event.illegal_lists = policy;
                }
                repo::update_settings(tx.conn(), &event).await?;
                Ok(event)
            })
            .await
    }

    /// Freezes the lists now (already locked: unchanged). The lock's time is
    /// never before a list already accepted: it waits for lists being written (their row
    /// lock), and is stamped after the latest of them.
    pub async fn lock(&self, access: &Access, now: Timestamp) -> Result<Event, StoreError> {
        let given = now;
        self.db()
            .write(async |tx| {
                let stored = repo::event_for_write(tx, &access.event_id, RowLock::Update).await?;
                let now = tx.decide(given, stored.db_now);
                let event = stored.event;
                allow(Op::Lock, access.actor(), &event, now)?;
                if event.locked_at.is_some() {
                    return Ok(event);
                }
                let at = after_every_list(tx, &event.id, now).await?;
                repo::set_locked(tx.conn(), &event.id, at).await?;
                tx.reached(Point::Lock).await;
                Ok(Event {
                    locked_at: Some(at),
                    ..event
                })
            })
            .await
    }

    /// Deletes the event and all its data (registrations, every version, checks, tokens, the
    /// published lists): the organizer's, or the operator's.
    pub async fn delete_event(&self, access: &Access, now: Timestamp) -> Result<(), StoreError> {
        let given = now;
        self.db()
            .write(async |tx| {
                let stored = repo::event_for_write(tx, &access.event_id, RowLock::Update).await?;
                let now = tx.decide(given, stored.db_now);
                let event = stored.event;
                allow(Op::Delete, access.actor(), &event, now)?;
                repo::delete_event(tx.conn(), &event.id).await?;
                Ok(())
            })
            .await
    }

    /// The operator's retention: deletes every event whose day (or creation, if later) is
    /// more than the policy's retention ago, one transaction each; their ids. The service
    /// calls it periodically. It forgets too the answers of idempotent writes older than a
    /// day and the per-client budgets that refilled.
    pub async fn purge(&self, now: Timestamp) -> Result<Vec<String>, StoreError> {
        let pool = &self.db().pool;
        let answers_before = now.checked_sub(idempotency::KEEP).unwrap_or(now);
        repo::forget_answers(pool, answers_before).await?;
        repo::forget_budgets(pool, now).await?;
        let mut purged = Vec::new();
        for event in self.events().await? {
            let ends = event.ends_at();
            let expired = ends
                .checked_add(self.policy().retention)
                .is_ok_and(|until| until <= now);
            if !expired {
                continue;
            }
            match self.delete_event(&Access::operator(&event.id), now).await {
                Ok(()) => purged.push(event.id),
                // Deleted meanwhile (by its organizer, or another replica's purge).
                Err(StoreError::NoEvent(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(purged)
    }
}
