//! The event operations: create, register, resubmit, lock, amend, resolve, deck checks and
//! their picks, opponent review, publishing; every write one transaction.
//!
//! The rules they follow, as the SWU Comprehensive Event Guide (CEG, which replaced the
//! Tournament Regulations) says them:
//! - 3.3.3: a legal deck list has the player's name and UID, leader, base, draw deck and
//!   sideboard; lists are due at a date and time, after which they cannot be altered (the lock).
//! - CPG 4.3 (Decklist Error): after that, lists are edited by judges, who note the changes: an
//!   amendment needs a judge and a reason, kept in the list's history.
//! - 5.9: lists are not public during the event; 5.10: in the open-decklist portion (the top
//!   cut) opponents review each other's list before the match.
//! - 5.11: judges deck-check around 10% of all decks over the event.
//! - 9.2.5.1: at a sealed event the pool is registered before deck construction.
//! - 10.2 (TR 7.1): the organizer may publish lists after the event.

use deckcheck_core::{
    AnyGame, CompareRequest, DeckInput, RequestError, ValidateRequest, Validated,
};
use jiff::Timestamp;
use serde_json::{Map, Value, json};

use crate::db::{Backend, Db, Location};
use crate::error::StoreError;
use crate::model::*;
use crate::rows::{
    self, check_columns, event_columns, micros, registration_columns, version_columns,
};
use crate::token;

/// The most players one event takes (an absurd roster is refused, not stored).
pub const MAX_PLAYERS: i64 = 20_000;
/// The longest name, UID, and reason or note accepted, in characters.
pub const MAX_NAME: usize = 200;
pub const MAX_UID: usize = 64;
pub const MAX_REASON: usize = 2000;
/// The share of decks checked when none is asked (CEG 5.11: "around 10% of all decks").
pub const DEFAULT_CHECK_SHARE: f64 = 0.10;

const SELECT_EVENT: &str = concat!("SELECT ", event_columns!(), " FROM events WHERE id = $1");
const SELECT_EVENT_FOR_SHARE: &str = concat!(
    "SELECT ",
    event_columns!(),
    " FROM events WHERE id = $1 FOR SHARE"
);
const SELECT_EVENT_BY_CODE: &str = concat!(
    "SELECT ",
    event_columns!(),
    " FROM events WHERE registration_code = $1"
);
const SELECT_REGISTRATION: &str = concat!(
    "SELECT ",
    registration_columns!(),
    " FROM registrations r WHERE r.event_id = $1 AND r.id = $2"
);
const SELECT_ROSTER: &str = concat!(
    "SELECT ",
    registration_columns!(),
    " FROM registrations r WHERE r.event_id = $1 ORDER BY r.created_at, r.id"
);
const SELECT_VERSIONS: &str = concat!(
    "SELECT ",
    version_columns!(),
    " FROM list_versions WHERE registration_id = $1 ORDER BY version"
);
const SELECT_VERSION: &str = concat!(
    "SELECT ",
    version_columns!(),
    " FROM list_versions WHERE registration_id = $1 AND version = $2"
);
const SELECT_CHECKS: &str = concat!(
    "SELECT ",
    check_columns!(),
    " FROM deck_checks WHERE event_id = $1 ORDER BY at, id"
);
const SELECT_PLAYER_CHECKS: &str = concat!(
    "SELECT ",
    check_columns!(),
    " FROM deck_checks WHERE event_id = $1 AND registration_id = $2 ORDER BY at, id"
);
const INSERT_VERSION: &str = "INSERT INTO list_versions (registration_id, version, event_id, at, source, actor, reason, decks, input_format, pool, verdict, state, cards, report) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)";
const INSERT_TOKEN: &str = "INSERT INTO tokens (hash, event_id, role, registration_id, label, created_at) VALUES ($1, $2, $3, $4, $5, $6)";
const NEXT_VERSION: &str = "UPDATE registrations SET version = version + 1, state = $3, verdict = $4, updated_at = $5 WHERE event_id = $1 AND id = $2 RETURNING version";

/// The event store: one interface over SQLite and PostgreSQL.
pub struct Store {
    db: Db,
}

/// Who a token speaks for, once checked against the event of the route.
#[derive(Debug, Clone)]
pub struct Access {
    pub event_id: String,
    pub role: Role,
    /// The player's registration, for a player token.
    pub registration_id: Option<String>,
    /// The judge's or player's name, `organizer` for the organizer.
    pub label: String,
}

/// A new event and its organizer token (shown once, never stored).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Created {
    pub event: Event,
    pub organizer_token: String,
}

/// A list judged, before it is stored.
#[derive(Debug, Clone)]
pub struct Checked {
    pub verdict: ListVerdict,
    /// The validate answer, as `POST /v1/decks/validate` gives it.
    pub report: Validated,
    /// Printing ids per deck and section.
    pub cards: Value,
}

/// A list stored: the registration as it is now, the version written and the report.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Submitted {
    pub player: Registration,
    /// The player's token, on the first registration only: it is shown once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    pub state: State,
    pub verdict: ListVerdict,
    pub version: i64,
    /// The validate answer (as `POST /v1/decks/validate` answers it).
    pub report: Validated,
}

/// Which lists to publish.
#[derive(Debug, Clone)]
pub enum Publish {
    /// Every registered list.
    All,
    /// These players' lists, in finishing order (the top N).
    Top(Vec<String>),
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
    let mut report = game.validate(&request)?;
    let cards = Value::Array(
        report
            .decks
            .iter_mut()
            .map(|d| {
                let mut sections = Map::new();
                if let Some(view) = d.view.take() {
                    for s in view.sections {
                        let lines: Vec<Value> = s
                            .lines
                            .iter()
                            .flat_map(|l| {
                                std::iter::once(json!([l.card.id.as_ref(), l.count])).chain(
                                    l.attached.iter().map(|a| json!([a.id.as_ref(), l.count])),
                                )
                            })
                            .collect();
                        sections.insert(s.id.to_string(), Value::Array(lines));
                    }
                }
                Value::Object(sections)
            })
            .collect(),
    );
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
    })
}

fn text_field(field: &str, value: &str, max: usize) -> Result<String, StoreError> {
    // The length as sent, spaces around it included (what the API document bounds).
    if value.chars().count() > max {
        return Err(StoreError::invalid(
            field,
            format!("it is longer than {max} characters"),
        ));
    }
    let value = value.trim();
    if value.is_empty() {
        return Err(StoreError::invalid(field, "it is empty"));
    }
    if value.chars().any(char::is_control) {
        return Err(StoreError::invalid(field, "it holds control characters"));
    }
    Ok(value.to_string())
}

fn uid_key(uid: &str) -> String {
    uid.trim().to_lowercase()
}

fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

fn to_json(value: &impl serde::Serialize) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Corrupt(e.to_string()))
}

/// A list rendered for an opponent or for publishing: text, and SWUDB JSON where the game
/// writes it; a list the game cannot rewrite is shown as submitted.
pub fn render(game: &dyn AnyGame, version: &ListVersion) -> Vec<RenderedDeck> {
    version
        .decks
        .iter()
        .map(|text| {
            let input = DeckInput {
                field: "deck".into(),
                text: text.clone(),
            };
            let written = |to: &str| {
                game.convert(&input, version.input_format.as_deref(), to)
                    .ok()
                    .filter(|(_, diagnostics)| !diagnostics.iter().any(|d| d.blocks_verdict()))
                    .map(|(t, _)| t)
            };
            RenderedDeck {
                swudb: written("swudb").and_then(|t| serde_json::from_str(&t).ok()),
                text: written("text").unwrap_or_else(|| text.clone()),
            }
        })
        .collect()
}

impl Store {
    /// Opens the store and brings its schema up to date.
    pub async fn open(location: &Location) -> Result<Self, StoreError> {
        Ok(Self {
            db: Db::open(location).await?,
        })
    }

    /// A store over a pool that connects on first use; the schema must be up to date already
    /// ([`Store::migrate`]).
    pub fn lazy(location: &Location) -> Result<Self, StoreError> {
        Ok(Self {
            db: Db::lazy(location)?,
        })
    }

    pub async fn migrate(&self) -> Result<(), StoreError> {
        self.db.migrate().await
    }

    pub fn backend(&self) -> Backend {
        self.db.backend
    }

    pub async fn close(&self) {
        self.db.close().await;
    }

    /// Whether the database answers a trivial query now (the service's readiness).
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.db.pool).await?;
        Ok(())
    }

    // ---- reading ----

    async fn event_row(&self, id: &str) -> Result<Event, StoreError> {
        let row = sqlx::query(SELECT_EVENT)
            .bind(id)
            .fetch_optional(&self.db.pool)
            .await?;
        row.as_ref()
            .map(rows::event)
            .transpose()?
            .ok_or_else(|| StoreError::NoEvent(id.to_string()))
    }

    /// An event by id.
    pub async fn event(&self, id: &str) -> Result<Event, StoreError> {
        self.event_row(id).await
    }

    /// An event by its registration code (any case, spaces and dashes ignored).
    pub async fn event_by_code(&self, code: &str) -> Result<Event, StoreError> {
        let code = token::normalize_code(code);
        let row = sqlx::query(SELECT_EVENT_BY_CODE)
            .bind(&code)
            .fetch_optional(&self.db.pool)
            .await?;
        row.as_ref()
            .map(rows::event)
            .transpose()?
            .ok_or(StoreError::NoEvent(code))
    }

    /// Every event, newest first (for the CLI).
    pub async fn events(&self) -> Result<Vec<Event>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT ",
            event_columns!(),
            " FROM events ORDER BY created_at DESC, id"
        ))
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(rows::event).collect()
    }

    /// Checks a token against the event of the route and the roles that may do `action`. A
    /// missing or unknown token, or one of another event, is [`StoreError::Unauthorized`]
    /// (alike, so a token says nothing about other events).
    pub async fn authorize(
        &self,
        event_id: &str,
        presented: Option<&str>,
        allowed: &[Role],
        action: &'static str,
    ) -> Result<Access, StoreError> {
        let presented = presented.ok_or(StoreError::Unauthorized)?;
        let hash = token::hash(presented.trim());
        let row = sqlx::query(
            "SELECT hash, event_id, role, registration_id, label FROM tokens WHERE hash = $1",
        )
        .bind(&hash)
        .fetch_optional(&self.db.pool)
        .await?
        .ok_or(StoreError::Unauthorized)?;
        if !token::same_hash(&hash, &rows::text(&row, "hash")?) {
            return Err(StoreError::Unauthorized);
        }
        if rows::text(&row, "event_id")? != event_id {
            return Err(StoreError::Unauthorized);
        }
        let role = Role::parse("role", &rows::text(&row, "role")?)?;
        if !allowed.contains(&role) {
            return Err(StoreError::forbidden(role, action, allowed));
        }
        let registration_id = rows::text_opt(&row, "registration_id")?;
        Ok(Access {
            event_id: event_id.to_string(),
            role,
            registration_id,
            label: rows::text(&row, "label")?,
        })
    }

    pub async fn roster(&self, event_id: &str) -> Result<Vec<Registration>, StoreError> {
        self.event_row(event_id).await?;
        let rows = sqlx::query(SELECT_ROSTER)
            .bind(event_id)
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter().map(rows::registration).collect()
    }

    async fn registration(
        &self,
        event_id: &str,
        player_id: &str,
    ) -> Result<Registration, StoreError> {
        let row = sqlx::query(SELECT_REGISTRATION)
            .bind(event_id)
            .bind(player_id)
            .fetch_optional(&self.db.pool)
            .await?;
        row.as_ref()
            .map(rows::registration)
            .transpose()?
            .ok_or_else(|| StoreError::NoPlayer(player_id.to_string()))
    }

    async fn versions(&self, player_id: &str) -> Result<Vec<ListVersion>, StoreError> {
        let rows = sqlx::query(SELECT_VERSIONS)
            .bind(player_id)
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter().map(rows::version).collect()
    }

    async fn current(&self, registration: &Registration) -> Result<ListVersion, StoreError> {
        let row = sqlx::query(SELECT_VERSION)
            .bind(&registration.id)
            .bind(registration.version)
            .fetch_optional(&self.db.pool)
            .await?
            .ok_or_else(|| {
                StoreError::Corrupt(format!(
                    "registration {} has no version {}",
                    registration.id, registration.version
                ))
            })?;
        rows::version(&row)
    }

    /// A player's registration, every version of their list and every deck check.
    pub async fn player(
        &self,
        event_id: &str,
        player_id: &str,
    ) -> Result<PlayerRecord, StoreError> {
        let registration = self.registration(event_id, player_id).await?;
        let versions = self.versions(player_id).await?;
        let rows = sqlx::query(SELECT_PLAYER_CHECKS)
            .bind(event_id)
            .bind(player_id)
            .fetch_all(&self.db.pool)
            .await?;
        let checks = rows.iter().map(rows::check).collect::<Result<_, _>>()?;
        Ok(PlayerRecord {
            registration,
            versions,
            checks,
        })
    }

    pub async fn deck_checks(&self, event_id: &str) -> Result<Vec<DeckCheck>, StoreError> {
        self.event_row(event_id).await?;
        let rows = sqlx::query(SELECT_CHECKS)
            .bind(event_id)
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter().map(rows::check).collect()
    }

    pub async fn picks(&self, event_id: &str) -> Result<Vec<Pick>, StoreError> {
        let rows = sqlx::query(
            "SELECT registration_id, at, picked_by FROM deck_check_picks WHERE event_id = $1 ORDER BY at, registration_id",
        )
        .bind(event_id)
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(rows::pick).collect()
    }

    // ---- writing ----

    /// Reads the event inside a write, holding it as read (PostgreSQL: a share lock, so a lock
    /// committed meanwhile waits for this write, and a write after it sees it).
    async fn event_in(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        id: &str,
    ) -> Result<Event, StoreError> {
        let sql = match self.db.backend {
            Backend::Postgres => SELECT_EVENT_FOR_SHARE,
            Backend::Sqlite => SELECT_EVENT,
        };
        let row = sqlx::query(sql).bind(id).fetch_optional(&mut **tx).await?;
        row.as_ref()
            .map(rows::event)
            .transpose()?
            .ok_or_else(|| StoreError::NoEvent(id.to_string()))
    }

    fn open_for_players(event: &Event, now: Timestamp) -> Result<(), StoreError> {
        if event.is_locked(now) {
            let since = match (event.locked_at, event.locks_at) {
                (Some(a), Some(b)) => a.min(b),
                (Some(a), None) => a,
                (None, Some(b)) => b,
                (None, None) => now,
            };
            return Err(StoreError::Locked { since });
        }
        Ok(())
    }

    /// Creates an event for `game` (which must be the game `new.game` names) and its organizer
    /// token.
    pub async fn create_event(
        &self,
        game: &dyn AnyGame,
        new: NewEvent,
        now: Timestamp,
    ) -> Result<Created, StoreError> {
        let now = rows::whole_micros(now);
        let info = game.info();
        if !info.id.eq_ignore_ascii_case(new.game.trim()) {
            return Err(StoreError::invalid("game", "not the game given"));
        }
        let name = text_field("name", &new.name, MAX_NAME)?;
        let format = info
            .format(&new.format)
            .ok_or_else(|| info.unknown_format(&new.format))?;
        let options = new.options.unwrap_or_default();
        if options.contains_key("pool") {
            return Err(StoreError::invalid(
                "options.pool",
                "a pool is each player's own: it is registered with the player's list",
            ));
        }
        // An option the game does not take is refused by the game's own type, by name.
        // Read now as every check of the event will read them: a value of the wrong kind is
        // refused here, not at every registration.
        game.check_options(&options).map_err(|e| {
            let field = match e.field.as_deref() {
                Some(f) if !f.is_empty() && f != "options" => format!("options.{f}"),
                _ => "options".to_string(),
            };
            StoreError::invalid(&field, e.message)
        })?;
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
            locks_at: new.locks_at,
            locked_at: None,
            published_at: None,
            created_at: now,
        };
        let organizer_token = token::new_token(Role::Organizer);
        // A code already taken is drawn again (40 bits: a second draw is rare already).
        for _ in 0..8 {
            event.registration_code = token::new_code();
            let mut w = self.db.write().await?;
            let inserted = sqlx::query("INSERT INTO events (id, name, game, format, event_date, tier, illegal_lists, options, registration_code, locks_at, locked_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, NULL, $11)")
                .bind(&event.id)
                .bind(&event.name)
                .bind(&event.game)
                .bind(&event.format)
                .bind(event.date.to_string())
                .bind(event.tier.as_str())
                .bind(event.illegal_lists.as_str())
                .bind(to_json(&event.options)?)
                .bind(&event.registration_code)
                .bind(event.locks_at.map(micros))
                .bind(micros(now))
                .execute(&mut *w.tx)
                .await;
            match inserted {
                Err(e) if is_unique_violation(&e) => continue,
                other => other?,
            };
            sqlx::query(INSERT_TOKEN)
                .bind(token::hash(&organizer_token))
                .bind(&event.id)
                .bind(Role::Organizer.as_str())
                .bind(None::<String>)
                .bind("organizer")
                .bind(micros(now))
                .execute(&mut *w.tx)
                .await?;
            w.commit().await?;
            return Ok(Created {
                event,
                organizer_token,
            });
        }
        Err(StoreError::Conflict(
            "no free registration code was found; try again".into(),
        ))
    }

    /// Changes an event's name, deadline or illegal-list setting, before the lock.
    pub async fn configure(
        &self,
        event_id: &str,
        changes: EventChanges,
        now: Timestamp,
    ) -> Result<Event, StoreError> {
        let now = rows::whole_micros(now);
        let mut w = self.db.write().await?;
        let mut event = self.event_in(&mut w.tx, event_id).await?;
        Self::open_for_players(&event, now)?;
        if let Some(name) = &changes.name {
            event.name = text_field("name", name, MAX_NAME)?;
        }
        if let Some(locks_at) = changes.locks_at {
            event.locks_at = locks_at;
        }
        if let Some(policy) = changes.illegal_lists {
            event.illegal_lists = policy;
        }
        sqlx::query("UPDATE events SET name = $2, locks_at = $3, illegal_lists = $4 WHERE id = $1")
            .bind(event_id)
            .bind(&event.name)
            .bind(event.locks_at.map(micros))
            .bind(event.illegal_lists.as_str())
            .execute(&mut *w.tx)
            .await?;
        w.commit().await?;
        Ok(event)
    }

    /// Freezes the lists now (already locked: unchanged).
    pub async fn lock(&self, event_id: &str, now: Timestamp) -> Result<Event, StoreError> {
        let now = rows::whole_micros(now);
        let mut w = self.db.write().await?;
        sqlx::query("UPDATE events SET locked_at = $2 WHERE id = $1 AND locked_at IS NULL")
            .bind(event_id)
            .bind(micros(now))
            .execute(&mut *w.tx)
            .await?;
        let event = self.event_in(&mut w.tx, event_id).await?;
        w.commit().await?;
        Ok(event)
    }

    /// A judge token for the event, labelled with the judge's name.
    pub async fn issue_judge(
        &self,
        event_id: &str,
        name: &str,
        now: Timestamp,
    ) -> Result<String, StoreError> {
        let now = rows::whole_micros(now);
        let name = text_field("name", name, MAX_NAME)?;
        let token = token::new_token(Role::Judge);
        let mut w = self.db.write().await?;
        self.event_in(&mut w.tx, event_id).await?;
        sqlx::query(INSERT_TOKEN)
            .bind(token::hash(&token))
            .bind(event_id)
            .bind(Role::Judge.as_str())
            .bind(None::<String>)
            .bind(&name)
            .bind(micros(now))
            .execute(&mut *w.tx)
            .await?;
        w.commit().await?;
        Ok(token)
    }

    /// A player registers with the event's code: the list is judged, then stored (legal), stored
    /// as pending (not legal, under `pending`) or refused with its report (under `refuse`).
    pub async fn register(
        &self,
        game: &dyn AnyGame,
        code: &str,
        player: &str,
        uid: &str,
        submission: &Submission,
        now: Timestamp,
    ) -> Result<Submitted, StoreError> {
        let now = rows::whole_micros(now);
        let event = self.event_by_code(code).await?;
        Self::open_for_players(&event, now)?;
        let player = text_field("player", player, MAX_NAME)?;
        let uid = text_field("uid", uid, MAX_UID)?;
        // Said before the list is judged (the insert below guards it too).
        let taken =
            sqlx::query("SELECT id FROM registrations WHERE event_id = $1 AND uid_key = $2")
                .bind(&event.id)
                .bind(uid_key(&uid))
                .fetch_optional(&self.db.pool)
                .await?;
        if taken.is_some() {
            return Err(StoreError::AlreadyRegistered { uid });
        }
        let checked = check_list(game, &event, &player, &uid, submission)?;
        let state = Self::state_for(&event, &checked)?;
        let id = token::new_id("pl");
        let player_token = token::new_token(Role::Player);
        let mut w = self.db.write().await?;
        let event = self.event_in(&mut w.tx, &event.id).await?;
        Self::open_for_players(&event, now)?;
        let count = sqlx::query("SELECT COUNT(*) AS n FROM registrations WHERE event_id = $1")
            .bind(&event.id)
            .fetch_one(&mut *w.tx)
            .await?;
        if rows::int(&count, "n")? >= MAX_PLAYERS {
            return Err(StoreError::Conflict(format!(
                "the event has {MAX_PLAYERS} players, the most one event takes"
            )));
        }
        let inserted = sqlx::query("INSERT INTO registrations (id, event_id, player, uid, uid_key, version, state, verdict, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, $8)")
            .bind(&id)
            .bind(&event.id)
            .bind(&player)
            .bind(&uid)
            .bind(uid_key(&uid))
            .bind(state.as_str())
            .bind(checked.verdict.as_str())
            .bind(micros(now))
            .execute(&mut *w.tx)
            .await;
        match inserted {
            Err(e) if is_unique_violation(&e) => {
                return Err(StoreError::AlreadyRegistered { uid });
            }
            other => other?,
        };
        let report = serde_json::to_value(&checked.report)
            .map_err(|e| StoreError::Corrupt(e.to_string()))?;
        self.insert_version(
            &mut w.tx,
            &event.id,
            &id,
            1,
            now,
            &NewVersion {
                source: Source::Player,
                actor: &player,
                reason: None,
                submission,
                verdict: checked.verdict,
                state,
                cards: &checked.cards,
                report: &report,
            },
        )
        .await?;
        sqlx::query(INSERT_TOKEN)
            .bind(token::hash(&player_token))
            .bind(&event.id)
            .bind(Role::Player.as_str())
            .bind(&id)
            .bind(&player)
            .bind(micros(now))
            .execute(&mut *w.tx)
            .await?;
        w.commit().await?;
        Ok(Submitted {
            player: Registration {
                id,
                player,
                uid,
                version: 1,
                state,
                verdict: checked.verdict,
                created_at: now,
                updated_at: now,
                checks: 0,
            },
            token: Some(player_token),
            state,
            verdict: checked.verdict,
            version: 1,
            report: checked.report,
        })
    }

    fn state_for(event: &Event, checked: &Checked) -> Result<State, StoreError> {
        match (checked.verdict, event.illegal_lists) {
            (ListVerdict::Legal, _) => Ok(State::Accepted),
            (_, IllegalLists::Pending) => Ok(State::Pending),
            (verdict, IllegalLists::Refuse) => Err(StoreError::Refused {
                verdict,
                report: Box::new(checked.report.clone()),
            }),
        }
    }

    async fn insert_version(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        event_id: &str,
        registration_id: &str,
        version: i64,
        now: Timestamp,
        new: &NewVersion<'_>,
    ) -> Result<(), StoreError> {
        sqlx::query(INSERT_VERSION)
            .bind(registration_id)
            .bind(version)
            .bind(event_id)
            .bind(micros(now))
            .bind(new.source.as_str())
            .bind(new.actor)
            .bind(new.reason)
            .bind(to_json(&new.submission.decks)?)
            .bind(new.submission.input_format.as_deref())
            .bind(new.submission.pool.as_deref())
            .bind(new.verdict.as_str())
            .bind(new.state.as_str())
            .bind(to_json(new.cards)?)
            .bind(to_json(new.report)?)
            .execute(&mut **tx)
            .await?;
        Ok(())
    }

    /// Writes a new version of a registration's list in one transaction: for a player the
    /// lock is checked inside it, the version number comes from the registration row.
    async fn write_version(
        &self,
        event_id: &str,
        registration_id: &str,
        now: Timestamp,
        new: &NewVersion<'_>,
    ) -> Result<i64, StoreError> {
        let mut w = self.db.write().await?;
        let event = self.event_in(&mut w.tx, event_id).await?;
        if new.source == Source::Player {
            Self::open_for_players(&event, now)?;
        }
        let row = sqlx::query(NEXT_VERSION)
            .bind(event_id)
            .bind(registration_id)
            .bind(new.state.as_str())
            .bind(new.verdict.as_str())
            .bind(micros(now))
            .fetch_optional(&mut *w.tx)
            .await?
            .ok_or_else(|| StoreError::NoPlayer(registration_id.to_string()))?;
        let version = rows::int(&row, "version")?;
        self.insert_version(&mut w.tx, event_id, registration_id, version, now, new)
            .await?;
        w.commit().await?;
        Ok(version)
    }

    /// A player's new list, with their token, until the lock.
    pub async fn resubmit(
        &self,
        game: &dyn AnyGame,
        access: &Access,
        submission: &Submission,
        now: Timestamp,
    ) -> Result<Submitted, StoreError> {
        let now = rows::whole_micros(now);
        let player_id = access.registration_id.as_deref().ok_or_else(|| {
            StoreError::forbidden(access.role, "resubmit a list", &[Role::Player])
        })?;
        let event = self.event_row(&access.event_id).await?;
        Self::open_for_players(&event, now)?;
        let registration = self.registration(&event.id, player_id).await?;
        let checked = check_list(
            game,
            &event,
            &registration.player,
            &registration.uid,
            submission,
        )?;
        let state = Self::state_for(&event, &checked)?;
        let report = serde_json::to_value(&checked.report)
            .map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let version = self
            .write_version(
                &event.id,
                player_id,
                now,
                &NewVersion {
                    source: Source::Player,
                    actor: &registration.player,
                    reason: None,
                    submission,
                    verdict: checked.verdict,
                    state,
                    cards: &checked.cards,
                    report: &report,
                },
            )
            .await?;
        Ok(Submitted {
            player: self.registration(&event.id, player_id).await?,
            token: None,
            state,
            verdict: checked.verdict,
            version,
            report: checked.report,
        })
    }

    /// An organizer's or judge's change to a player's list, with the reason kept in its
    /// history. After the lock only a judge may amend (CPG 4.3: judges edit the list and note
    /// it). The list is stored whatever its verdict; one that is not legal stays pending. A
    /// pool given without decks is registered under the current list (CEG 9.2.5.1).
    pub async fn amend(
        &self,
        game: &dyn AnyGame,
        access: &Access,
        player_id: &str,
        submission: &Submission,
        reason: &str,
        now: Timestamp,
    ) -> Result<Submitted, StoreError> {
        let now = rows::whole_micros(now);
        let reason = text_field("reason", reason, MAX_REASON)?;
        let event = self.event_row(&access.event_id).await?;
        let source = match access.role {
            Role::Judge => Source::Judge,
            Role::Organizer if !event.is_locked(now) => Source::Organizer,
            role => {
                return Err(StoreError::forbidden(
                    role,
                    "amend a list after the lock",
                    &[Role::Judge],
                ));
            }
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
        let checked = check_list(
            game,
            &event,
            &registration.player,
            &registration.uid,
            &submission,
        )?;
        let state = if checked.verdict == ListVerdict::Legal {
            State::Accepted
        } else {
            State::Pending
        };
        let report = serde_json::to_value(&checked.report)
            .map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let version = self
            .write_version(
                &event.id,
                player_id,
                now,
                &NewVersion {
                    source,
                    actor: &access.label,
                    reason: Some(&reason),
                    submission: &submission,
                    verdict: checked.verdict,
                    state,
                    cards: &checked.cards,
                    report: &report,
                },
            )
            .await?;
        Ok(Submitted {
            player: self.registration(&event.id, player_id).await?,
            token: None,
            state,
            verdict: checked.verdict,
            version,
            report: checked.report,
        })
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
        let now = rows::whole_micros(now);
        let reason = text_field("reason", reason, MAX_REASON)?;
        let registration = self.registration(&access.event_id, player_id).await?;
        if registration.state != State::Pending {
            return Err(StoreError::Conflict(format!(
                "{}'s list is {}, not pending",
                registration.player,
                registration.state.as_str()
            )));
        }
        let current = self.current(&registration).await?;
        let submission = Submission {
            decks: current.decks.clone(),
            input_format: current.input_format.clone(),
            pool: current.pool.clone(),
        };
        self.write_version(
            &access.event_id,
            player_id,
            now,
            &NewVersion {
                source: Source::Judge,
                actor: &access.label,
                reason: Some(&reason),
                submission: &submission,
                verdict: current.verdict,
                state: State::Accepted,
                cards: &current.cards,
                report: &current.report,
            },
        )
        .await?;
        self.registration(&access.event_id, player_id).await
    }

    /// A deck check: the presented deck (and any other cards found in the box) against the
    /// registered list (its current version), stored with the judge and the time.
    #[expect(
        clippy::too_many_arguments,
        reason = "what a judge gives for one check"
    )]
    pub async fn deck_check(
        &self,
        game: &dyn AnyGame,
        access: &Access,
        player_id: &str,
        presented: &str,
        deck_box: Option<&str>,
        deck_index: usize,
        note: Option<&str>,
        now: Timestamp,
    ) -> Result<DeckCheck, StoreError> {
        let now = rows::whole_micros(now);
        let event = self.event_row(&access.event_id).await?;
        let registration = self.registration(&event.id, player_id).await?;
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
        let comparison = game.compare(&CompareRequest {
            registered: DeckInput {
                field: "registered".into(),
                text: registered.clone(),
            },
            presented: DeckInput {
                field: "presented".into(),
                text: presented.to_string(),
            },
            extra: deck_box
                .filter(|b| !b.trim().is_empty())
                .map(|b| DeckInput {
                    field: "box".into(),
                    text: b.to_string(),
                }),
            format: Some(event.format.clone()),
            as_of: event.date,
        })?;
        let check = DeckCheck {
            id: token::new_id("dc"),
            player_id: registration.id.clone(),
            version: current.version,
            deck_index: deck_index as i64,
            judge: access.label.clone(),
            at: now,
            verdict: comparison.verdict.into(),
            presented: presented.to_string(),
            deck_box: deck_box
                .filter(|b| !b.trim().is_empty())
                .map(str::to_string),
            note,
            comparison: serde_json::to_value(&comparison)
                .map_err(|e| StoreError::Corrupt(e.to_string()))?,
        };
        let mut w = self.db.write().await?;
        self.insert_check(&mut w.tx, &event.id, &check).await?;
        w.commit().await?;
        Ok(check)
    }

    async fn insert_check(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        event_id: &str,
        check: &DeckCheck,
    ) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO deck_checks (id, event_id, registration_id, version, deck_index, judge, at, verdict, presented, deck_box, note, comparison) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)")
            .bind(&check.id)
            .bind(event_id)
            .bind(&check.player_id)
            .bind(check.version)
            .bind(check.deck_index)
            .bind(&check.judge)
            .bind(micros(check.at))
            .bind(check.verdict.as_str())
            .bind(&check.presented)
            .bind(check.deck_box.as_deref())
            .bind(check.note.as_deref())
            .bind(to_json(&check.comparison)?)
            .execute(&mut **tx)
            .await?;
        Ok(())
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
        let now = rows::whole_micros(now);
        let share = share.unwrap_or(DEFAULT_CHECK_SHARE);
        if !(share > 0.0 && share <= 1.0) {
            return Err(StoreError::invalid(
                "share",
                "give the share of decks to check, above 0 and at most 1 (0.1 for 10%)",
            ));
        }
        let roster = self.roster(&access.event_id).await?;
        let mut w = self.db.write().await?;
        let seen: std::collections::BTreeSet<String> = if again {
            Default::default()
        } else {
            let rows = sqlx::query("SELECT registration_id FROM deck_check_picks WHERE event_id = $1 UNION SELECT registration_id FROM deck_checks WHERE event_id = $1")
                .bind(&access.event_id)
                .fetch_all(&mut *w.tx)
                .await?;
            rows.iter()
                .map(|r| rows::text(r, "registration_id"))
                .collect::<Result<_, _>>()?
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
            sqlx::query("INSERT INTO deck_check_picks (event_id, registration_id, at, picked_by) VALUES ($1, $2, $3, $4)")
                .bind(&access.event_id)
                .bind(&r.id)
                .bind(micros(now))
                .bind(&access.label)
                .execute(&mut *w.tx)
                .await?;
        }
        w.commit().await?;
        Ok(candidates)
    }

    /// Two players' registered lists for open decklist review before a top-cut match (CEG
    /// 5.10, TR 4.5.1).
    pub async fn review(
        &self,
        game: &dyn AnyGame,
        event_id: &str,
        players: [&str; 2],
    ) -> Result<[ShownList; 2], StoreError> {
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
                decks: render(game, &current),
            });
        }
        let b = shown.pop().unwrap_or_else(|| unreachable!("two lists"));
        let a = shown.pop().unwrap_or_else(|| unreachable!("two lists"));
        Ok([a, b])
    }

    /// Publishes lists after the event (CEG 10.2, TR 7.1): all of them, or the top N in
    /// finishing order. The event must be locked. Publishing again replaces what was published.
    pub async fn publish(
        &self,
        game: &dyn AnyGame,
        event_id: &str,
        which: Publish,
        now: Timestamp,
    ) -> Result<Publication, StoreError> {
        let now = rows::whole_micros(now);
        let event = self.event_row(event_id).await?;
        if !event.is_locked(now) {
            return Err(StoreError::Conflict(
                "lists are published after the event: lock it first".into(),
            ));
        }
        let chosen: Vec<(Registration, Option<i64>)> = match which {
            Publish::All => self
                .roster(event_id)
                .await?
                .into_iter()
                .map(|r| (r, None))
                .collect(),
            Publish::Top(ids) => {
                if ids.is_empty() {
                    return Err(StoreError::invalid(
                        "players",
                        "name the players to publish, in finishing order, or give \"all\"",
                    ));
                }
                let mut out = Vec::new();
                for (i, id) in ids.iter().enumerate() {
                    if ids[..i].contains(id) {
                        return Err(StoreError::invalid(
                            &format!("players[{i}]"),
                            format!("{id} is named twice"),
                        ));
                    }
                    // The event exists (the path); a player it does not have is the body's.
                    let registration = match self.registration(event_id, id).await {
                        Err(StoreError::NoPlayer(_)) => {
                            return Err(StoreError::unprocessable(
                                deckcheck_core::ErrorCode::NotAPlayer,
                                &format!("players[{i}]"),
                                format!("this event has no player {id:?}"),
                            ));
                        }
                        other => other?,
                    };
                    out.push((registration, Some(i as i64 + 1)));
                }
                out
            }
        };
        let mut lists = Vec::with_capacity(chosen.len());
        for (registration, place) in chosen {
            let current = self.current(&registration).await?;
            lists.push(ShownList {
                player_id: registration.id,
                player: registration.player,
                place,
                version: current.version,
                decks: render(game, &current),
            });
        }
        let mut w = self.db.write().await?;
        self.event_in(&mut w.tx, event_id).await?;
        sqlx::query("DELETE FROM published_lists WHERE event_id = $1")
            .bind(event_id)
            .execute(&mut *w.tx)
            .await?;
        for list in &lists {
            self.insert_published(&mut w.tx, event_id, list).await?;
        }
        sqlx::query("UPDATE events SET published_at = $2 WHERE id = $1")
            .bind(event_id)
            .bind(micros(now))
            .execute(&mut *w.tx)
            .await?;
        w.commit().await?;
        Ok(Publication {
            event: Event {
                published_at: Some(now),
                ..event
            }
            .public(now),
            published_at: now,
            lists,
        })
    }

    async fn insert_published(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        event_id: &str,
        list: &ShownList,
    ) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO published_lists (event_id, registration_id, place, version, lists) VALUES ($1, $2, $3, $4, $5)")
            .bind(event_id)
            .bind(&list.player_id)
            .bind(list.place)
            .bind(list.version)
            .bind(to_json(&list.decks)?)
            .execute(&mut **tx)
            .await?;
        Ok(())
    }

    async fn published_lists(&self, event_id: &str) -> Result<Vec<ShownList>, StoreError> {
        let rows = sqlx::query("SELECT p.registration_id, r.player, p.place, p.version, p.lists FROM published_lists p JOIN registrations r ON r.id = p.registration_id WHERE p.event_id = $1 ORDER BY p.place, r.created_at, r.id")
            .bind(event_id)
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter()
            .map(|row| {
                Ok(ShownList {
                    player_id: rows::text(row, "registration_id")?,
                    player: rows::text(row, "player")?,
                    place: rows::int_opt(row, "place")?,
                    version: rows::int(row, "version")?,
                    decks: serde_json::from_str(&rows::text(row, "lists")?)
                        .map_err(|e| StoreError::Corrupt(format!("lists: {e}")))?,
                })
            })
            .collect()
    }

    /// The published lists; an event not published yet shows none ([`StoreError::NoEvent`]:
    /// the same answer as no event, so nothing leaks before).
    pub async fn published(
        &self,
        event_id: &str,
        now: Timestamp,
    ) -> Result<Publication, StoreError> {
        let event = self.event_row(event_id).await?;
        let Some(published_at) = event.published_at else {
            return Err(StoreError::NoEvent(event_id.to_string()));
        };
        Ok(Publication {
            event: event.public(now),
            published_at,
            lists: self.published_lists(event_id).await?,
        })
    }

    // ---- backups ----

    /// The whole event as JSON: every registration with every version, the token hashes (so
    /// tokens keep working after a restore), deck checks, picks and published lists.
    pub async fn export(&self, event_id: &str) -> Result<crate::export::EventExport, StoreError> {
        crate::export::export(self, event_id).await
    }

    /// Restores an exported event into this store, in one transaction; an event with its id
    /// or code here already is refused.
    pub async fn import(&self, export: &crate::export::EventExport) -> Result<Event, StoreError> {
        crate::export::import(self, export).await
    }

    pub(crate) fn db(&self) -> &Db {
        &self.db
    }

    pub(crate) async fn versions_of(
        &self,
        player_id: &str,
    ) -> Result<Vec<ListVersion>, StoreError> {
        self.versions(player_id).await
    }

    pub(crate) async fn published_of(&self, event_id: &str) -> Result<Vec<ShownList>, StoreError> {
        self.published_lists(event_id).await
    }

    pub(crate) async fn insert_version_raw(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        event_id: &str,
        registration_id: &str,
        version: &ListVersion,
    ) -> Result<(), StoreError> {
        let submission = Submission {
            decks: version.decks.clone(),
            input_format: version.input_format.clone(),
            pool: version.pool.clone(),
        };
        self.insert_version(
            tx,
            event_id,
            registration_id,
            version.version,
            version.at,
            &NewVersion {
                source: version.source,
                actor: &version.actor,
                reason: version.reason.as_deref(),
                submission: &submission,
                verdict: version.verdict,
                state: version.state,
                cards: &version.cards,
                report: &version.report,
            },
        )
        .await
    }

    pub(crate) async fn insert_check_raw(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        event_id: &str,
        check: &DeckCheck,
    ) -> Result<(), StoreError> {
        self.insert_check(tx, event_id, check).await
    }

    pub(crate) async fn insert_published_raw(
        &self,
        tx: &mut sqlx::Transaction<'static, sqlx::Any>,
        event_id: &str,
        list: &ShownList,
    ) -> Result<(), StoreError> {
        self.insert_published(tx, event_id, list).await
    }
}

/// One version about to be written.
struct NewVersion<'a> {
    source: Source,
    actor: &'a str,
    reason: Option<&'a str>,
    submission: &'a Submission,
    verdict: ListVerdict,
    state: State,
    cards: &'a Value,
    report: &'a Value,
}
