//! The event store's operations: each reads what it needs, asks [`crate::lifecycle::decide`]
//! whether its actor may do it in the event's phase (before its transaction, and again inside
//! it, on the row it holds), and writes through [`crate::repo`] in one [`Db::write`].
//!
//! - `lists`: registration, resubmission, judges' amendments and resolutions (CEG 3.3.3, CPG 4.3)
//! - `organizer`: creating, configuring, locking and deleting events; retention
//! - `judging`: deck checks, picks, open decklist review (CEG 5.9-5.11)
//! - `publishing`: the published snapshot (CEG 5.9, 10.2)
//! - `roster`: corrections of the roster (a removal, a withdrawal, a name or UID corrected)
//!   and voided deck checks, each kept in the history (issue 34)
//! - `tokens`: issuing, listing, revoking, reissuing, rotating and recovering tokens
//! - `keys`: organizer keys, issued and revoked by the operator
//! - `limits`: per-client budgets kept in the database, for several replicas

pub mod export;
mod judging;
mod keys;
pub mod limits;
mod lists;
mod organizer;
mod publishing;
pub mod roster;
mod tokens;

pub use judging::render;
pub use lists::{ListLimit, check_list, list_limit};

use jiff::Timestamp;

use crate::db::{Backend, Clock, Db, Location};
use crate::error::StoreError;
#[cfg(feature = "faults")]
use crate::faults::Faults;
use crate::lifecycle::{Actor, Op, Phase, PhaseKind, decide};
use crate::model::*;
use crate::{repo, token};

/// The most players one event takes (an absurd roster is refused, not stored).
pub const MAX_PLAYERS: i64 = 20_000;
/// Versions of a list in a page of a player's history, when none is asked, and the most.
pub const HISTORY_PAGE: u64 = 20;
pub const MAX_HISTORY_PAGE: u64 = 100;
/// The longest name, UID, and reason or note accepted, in characters.
pub const MAX_NAME: usize = 200;
pub const MAX_UID: usize = 64;
pub const MAX_REASON: usize = 2000;
/// The share of decks checked when none is asked (CEG 5.11: "around 10% of all decks").
pub const DEFAULT_CHECK_SHARE: f64 = 0.10;

/// The event store: one interface over SQLite and PostgreSQL.
pub struct Store {
    db: Db,
    policy: Policy,
}

/// Who acts on an event: a token checked against the event of the route
/// ([`Store::authorize`]), or the operator ([`Access::operator`]).
#[derive(Debug, Clone)]
pub struct Access {
    pub event_id: String,
    /// The token's role (the operator acts with the organizer's).
    pub role: Role,
    /// The player's registration, for a player token.
    pub registration_id: Option<String>,
    /// The judge's or player's name, `organizer` for the organizer, `operator`.
    pub label: String,
    actor: Actor,
    /// The id of the token presented.
    token_id: Option<String>,
}

impl Access {
    /// The operator (the admin key, or the CLI on the store itself), acting on one event.
    pub fn operator(event_id: &str) -> Self {
        Self {
            event_id: event_id.to_string(),
            role: Role::Organizer,
            registration_id: None,
            label: "operator".into(),
            actor: Actor::Operator,
            token_id: None,
        }
    }

    pub fn actor(&self) -> Actor {
        self.actor
    }

    /// The id of the token that was presented (none for the operator).
    pub fn token_id(&self) -> Option<&str> {
        self.token_id.as_deref()
    }
}

/// A new event and its organizer token (shown once, never stored).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Created {
    pub event: Event,
    pub organizer_token: String,
    /// What the organizer should look at (a date far from today).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<Warning>,
}

/// A list judged, before it is stored.
#[derive(Debug, Clone)]
pub struct Checked {
    pub verdict: ListVerdict,
    /// The validate answer, as `POST /v1/decks/validate` gives it.
    pub report: deckcheck_core::Validated,
    /// Printing ids per deck and section.
    pub cards: Vec<DeckCards>,
    /// Each deck's fingerprint (`None`: its entries are not all cards).
    pub fingerprints: Vec<Option<String>>,
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
    /// Each deck's fingerprint, in the order of the list's decks (`docs/fingerprint.md`):
    /// `null` for a deck whose entries are not all cards.
    #[schema(value_type = Vec<Option<String>>, example = json!(["64VBV1V1HF"]))]
    pub fingerprints: Vec<Option<String>>,
    /// The validate answer (as `POST /v1/decks/validate` answers it).
    pub report: deckcheck_core::Validated,
    /// `true` when the list sent is the current one (the same fingerprint): no version was
    /// added, and `version` is the current one.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unchanged: bool,
}

/// Which lists to publish.
#[derive(Debug, Clone)]
pub enum Publish {
    /// Every registered list.
    All,
    /// These players' lists, in finishing order (the top N).
    Top(Vec<String>),
}

/// A text field as given: at most `max` characters, not blank, no control characters; trimmed.
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

/// A UID as compared: one registration per UID and event, whatever its case, width, spaces or
/// invisible characters (core's [`deckcheck_core::text::uid_normal_form`]).
pub(crate) fn uid_key(uid: &str) -> String {
    deckcheck_core::text::uid_normal_form(uid)
}

/// A registration that is on the roster, or why it is not.
pub(crate) fn on_roster(registration: Registration) -> Result<Registration, StoreError> {
    match registration.removed_at {
        Some(at) => Err(StoreError::Removed {
            player: registration.player,
            at,
        }),
        None => Ok(registration),
    }
}

/// Whether `actor` may ever do `op` (in some phase of the lifecycle table), as the store's
/// error: what a read asks, reads being allowed alike in every phase to those who may read.
fn may(op: Op, actor: Actor) -> Result<(), StoreError> {
    if PhaseKind::ALL.iter().any(|p| op.who(*p).contains(&actor)) {
        return Ok(());
    }
    let needed = PhaseKind::ALL
        .iter()
        .flat_map(|p| op.who(*p))
        .map(|a| a.as_str())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect::<Vec<_>>()
        .join(" or ");
    Err(StoreError::Forbidden {
        role: actor.as_str(),
        action: op.describe(),
        needed,
    })
}

/// Whether `actor` may do `op` on `event` at `now` ([`decide`]), as the store's error.
fn allow(op: Op, actor: Actor, event: &Event, now: Timestamp) -> Result<Phase, StoreError> {
    let phase = event.phase(now);
    decide(op, actor, phase).map_err(|r| match StoreError::refused(r, actor, op.describe()) {
        StoreError::NoEvent(_) => StoreError::NoEvent(event.id.clone()),
        e => e,
    })?;
    Ok(phase)
}

impl Store {
    /// Opens the store and brings its schema up to date; fails at once, saying why, when the
    /// data directory is read-only or the database cannot be reached.
    pub async fn open(location: &Location) -> Result<Self, StoreError> {
        let store = Self {
            db: Db::open(location).await?,
            policy: Policy::default(),
        };
        store.normalize_uids().await?;
        Ok(store)
    }

    /// A store over a pool that connects on first use; the schema must be up to date already
    /// ([`Store::migrate`]).
    pub fn lazy(location: &Location) -> Result<Self, StoreError> {
        Ok(Self {
            db: Db::lazy(location)?,
            policy: Policy::default(),
        })
    }

    /// Whose clock decides deadlines and stamps: the database's by default (PostgreSQL), or
    /// the time each method is given ([`Clock::Caller`]: tests).
    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.db.clock = clock;
        self
    }

    /// The operator's policy (token lifetime, retention) instead of the defaults.
    pub fn with_policy(mut self, policy: Policy) -> Self {
        self.policy = policy;
        self
    }

    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// The fault hooks (the `faults` feature, for tests).
    #[cfg(feature = "faults")]
    pub fn faults(&self) -> &Faults {
        &self.db.faults
    }

    pub async fn migrate(&self) -> Result<(), StoreError> {
        self.db.migrate().await?;
        self.normalize_uids().await
    }

    pub fn backend(&self) -> Backend {
        self.db.backend
    }

    pub async fn close(&self) {
        self.db.close().await;
    }

    /// Whether the database answers a trivial query now (the service's readiness).
    pub async fn ping(&self) -> Result<(), StoreError> {
        self.db.ping().await
    }

    pub(crate) fn db(&self) -> &Db {
        &self.db
    }

    // ---- reading ----

    /// An event by id, for the store's own operations (each decides on it before it acts).
    pub(crate) async fn event_by_id(&self, id: &str) -> Result<Event, StoreError> {
        Ok(self.stored(id).await?.event)
    }

    async fn stored(&self, id: &str) -> Result<repo::StoredEvent, StoreError> {
        repo::stored_event(&self.db.pool, self.db.backend, id)
            .await?
            .ok_or_else(|| StoreError::NoEvent(id.to_string()))
    }

    /// An event by id and the time that decides for it now (the database's clock, read with
    /// it, on PostgreSQL): what an operation checks before its transaction (which decides
    /// again).
    pub(crate) async fn event_now(
        &self,
        id: &str,
        given: Timestamp,
    ) -> Result<(Event, Timestamp), StoreError> {
        let stored = self.stored(id).await?;
        let now = self.db.decide(given, stored.db_now);
        Ok((stored.event, now))
    }

    /// The event an access opens (any token of the event, or the operator).
    pub async fn event(&self, access: &Access) -> Result<Event, StoreError> {
        self.event_by_id(&access.event_id).await
    }

    /// The event an access opens, once the state machine lets its actor do `op` (a read is
    /// decided as a write is: who may read is the lifecycle table's).
    pub(crate) async fn readable(&self, op: Op, access: &Access) -> Result<Event, StoreError> {
        let event = self.event(access).await?;
        may(op, access.actor)?;
        Ok(event)
    }

    /// An event by its registration code (any case, spaces and dashes ignored).
    pub async fn event_by_code(&self, code: &str) -> Result<Event, StoreError> {
        Ok(self.event_by_code_now(code, Timestamp::now()).await?.0)
    }

    /// [`Store::event_by_code`] and the time that decides for it now ([`Store::event_now`]).
    pub(crate) async fn event_by_code_now(
        &self,
        code: &str,
        given: Timestamp,
    ) -> Result<(Event, Timestamp), StoreError> {
        let code = token::normalize_code(code);
        let stored = repo::event_by_code(&self.db.pool, self.db.backend, &code)
            .await?
            .ok_or(StoreError::NoEvent(code))?;
        let now = self.db.decide(given, stored.db_now);
        Ok((stored.event, now))
    }

    /// Every event, newest first (for the CLI).
    pub async fn events(&self) -> Result<Vec<Event>, StoreError> {
        repo::events(&self.db.pool, self.db.backend).await
    }

    /// The roster, in registration order.
    pub async fn roster(&self, access: &Access) -> Result<Vec<Registration>, StoreError> {
        self.readable(Op::ReadRoster, access).await?;
        repo::roster(&self.db.pool, &access.event_id).await
    }

    /// The event's numbers (players, accepted, pending, versions, checks, picks).
    pub async fn counts(&self, access: &Access) -> Result<Counts, StoreError> {
        self.readable(Op::ReadEvent, access).await?;
        repo::counts(&self.db.pool, &access.event_id).await
    }

    /// A registration on the roster (one removed or withdrawn is [`StoreError::Removed`]).
    async fn registration(
        &self,
        event_id: &str,
        player_id: &str,
    ) -> Result<Registration, StoreError> {
        let registration = self.any_registration(event_id, player_id).await?;
        on_roster(registration)
    }

    /// A registration, on the roster or not (its history is read either way).
    async fn any_registration(
        &self,
        event_id: &str,
        player_id: &str,
    ) -> Result<Registration, StoreError> {
        repo::registration(&self.db.pool, event_id, player_id)
            .await?
            .ok_or_else(|| StoreError::NoPlayer(player_id.to_string()))
    }

    /// The registration's current list.
    async fn current(&self, registration: &Registration) -> Result<ListVersion, StoreError> {
        repo::version(&self.db.pool, &registration.id, registration.version)
            .await?
            .ok_or_else(|| {
                StoreError::Corrupt(format!(
                    "registration {} has no version {}",
                    registration.id, registration.version
                ))
            })
    }

    /// A player's registration, the newest [`HISTORY_PAGE`] versions of their list (the last
    /// is the registered one) and every deck check: the staff's (and the operator's) read of
    /// any player, a player's of their own.
    pub async fn player(
        &self,
        access: &Access,
        player_id: &str,
    ) -> Result<PlayerRecord, StoreError> {
        self.player_page(access, player_id, None, None).await
    }

    /// [`Store::player`] with a page of the history: at most `limit` versions (default
    /// [`HISTORY_PAGE`], at most [`MAX_HISTORY_PAGE`]), the newest of those numbered below
    /// `before` (default: all), oldest first. A record stays small however many lists were
    /// sent; the registration's `version` says how many there are.
    pub async fn player_page(
        &self,
        access: &Access,
        player_id: &str,
        before: Option<i64>,
        limit: Option<u64>,
    ) -> Result<PlayerRecord, StoreError> {
        let limit = limit.unwrap_or(HISTORY_PAGE);
        if !(1..=MAX_HISTORY_PAGE).contains(&limit) {
            return Err(StoreError::invalid(
                "limit",
                format!("give 1 to {MAX_HISTORY_PAGE} versions a page"),
            ));
        }
        if before.is_some_and(|b| b < 1) {
            return Err(StoreError::invalid(
                "before",
                "give the number of a version of the list (from 1): the page holds those before it",
            ));
        }
        let own = access.registration_id.as_deref() == Some(player_id);
        let op = if own && access.actor == Actor::Player {
            Op::ReadOwnList
        } else {
            Op::ReadRoster
        };
        self.readable(op, access).await?;
        let registration = self.any_registration(&access.event_id, player_id).await?;
        Ok(PlayerRecord {
            versions: repo::versions_page(&self.db.pool, player_id, before, limit).await?,
            checks: repo::checks(&self.db.pool, &access.event_id, Some(player_id)).await?,
            changes: repo::changes(&self.db.pool, &access.event_id, Some(player_id)).await?,
            registration,
        })
    }

    /// Every deck check of the event.
    pub async fn deck_checks(&self, access: &Access) -> Result<Vec<DeckCheck>, StoreError> {
        self.readable(Op::ReadRoster, access).await?;
        repo::checks(&self.db.pool, &access.event_id, None).await
    }

    /// Every pick of players for deck checks.
    pub async fn picks(&self, access: &Access) -> Result<Vec<Pick>, StoreError> {
        self.readable(Op::ReadRoster, access).await?;
        repo::picks(&self.db.pool, &access.event_id).await
    }

    // ---- backups ----

    /// The whole event as JSON: every registration with every version, the token hashes (so
    /// tokens keep working after a restore), deck checks, picks and published lists.
    pub async fn export(&self, access: &Access) -> Result<export::EventExport, StoreError> {
        self.readable(Op::Export, access).await?;
        export::export(self, &access.event_id).await
    }

    /// Restores an exported event into this store, in one transaction; an event with its id
    /// or code here already is refused.
    pub async fn import(&self, export: &export::EventExport) -> Result<Event, StoreError> {
        export::import(self, export).await
    }

    // ---- tokens ----

    /// Checks a token against the event of the route and the operation asked: the token roles
    /// the lifecycle table lets do `op` in some phase ([`Op::token_roles`]). A missing, unknown
    /// or revoked token, or one of another event, is [`StoreError::Unauthorized`] (alike, so a
    /// token says nothing about other events); one past its time is
    /// [`StoreError::TokenExpired`]; a role that may never do `op`, [`StoreError::Forbidden`].
    /// What the role may do in the event's phase is decided again by each operation.
    pub async fn authorize(
        &self,
        event_id: &str,
        presented: Option<&str>,
        op: Op,
        now: Timestamp,
    ) -> Result<Access, StoreError> {
        let presented = presented.ok_or(StoreError::Unauthorized)?;
        let hash = token::hash(presented.trim());
        let (row, db_now) = repo::token_by_hash(&self.db.pool, self.db.backend, &hash)
            .await?
            .ok_or(StoreError::Unauthorized)?;
        if !token::same_hash(&hash, &row.hash) || row.event_id != event_id {
            return Err(StoreError::Unauthorized);
        }
        if let Some(at) = row.retired()? {
            // The organizer's own token, rotated by another request first: the loser of two
            // rotations at once is told so, whether it arrives before or after the winner
            // commits. Any other token that stopped working opens nothing.
            if op == Op::RotateOrganizer && row.replaced_by.is_some() {
                return Err(StoreError::TokenChanged { at });
            }
            return Err(StoreError::Unauthorized);
        }
        let now = self.db.decide(now, db_now);
        let event = self.event_by_id(event_id).await?;
        let expires_at = self.expires_at(&event, row.created()?);
        if now >= expires_at {
            return Err(StoreError::TokenExpired { at: expires_at });
        }
        let role = row.role()?;
        let allowed = op.token_roles();
        if !allowed.contains(&role) {
            let needed: Vec<&str> = allowed.iter().map(|r| r.as_str()).collect();
            return Err(StoreError::Forbidden {
                role: role.as_str(),
                action: op.describe(),
                needed: needed.join(" or "),
            });
        }
        Ok(Access {
            event_id: event_id.to_string(),
            role,
            registration_id: row.registration_id,
            label: row.label,
            actor: role.into(),
            token_id: Some(row.id),
        })
    }

    /// When a token issued at `issued` stops working: the token lifetime after the event's day
    /// is over, or after the token was issued when that is later (a player's token reissued
    /// after the event).
    pub fn expires_at(&self, event: &Event, issued: Timestamp) -> Timestamp {
        event
            .ends_at()
            .max(issued)
            .checked_add(self.policy.token_lifetime)
            .unwrap_or(Timestamp::MAX)
    }
}
