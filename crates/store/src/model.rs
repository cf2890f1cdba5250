//! What an event holds, as the service answers it and the export writes it: events,
//! registrations, list versions (their cards typed), deck checks, picks, published lists,
//! tokens and the operator's policy. Each enum is stored as its kebab-case name; [`Stored`]
//! reads it back and refuses anything else.

use std::collections::BTreeMap;

use jiff::civil::Date;
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::error::StoreError;
pub use crate::lifecycle::Role;
use crate::lifecycle::{Milestones, Phase};

/// A value kept in a TEXT column by its name.
pub trait Stored: Sized + Copy + 'static {
    const ALL: &'static [Self];
    fn as_str(self) -> &'static str;

    fn parse(column: &str, text: &str) -> Result<Self, StoreError> {
        Self::ALL
            .iter()
            .copied()
            .find(|v| v.as_str() == text)
            .ok_or_else(|| StoreError::Corrupt(format!("{column} holds {text:?}")))
    }
}

macro_rules! stored {
    ($ty:ident { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl Stored for $ty {
            const ALL: &'static [Self] = &[$(Self::$variant),+];
            fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $name),+ }
            }
        }
    };
}

/// The tier of play (CEG 2.3): deck lists are required at Competitive and Master tier (CEG
/// 3.3.3, 5.9), and only there is a list checked for registration completeness.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Tier {
    Casual,
    Relaxed,
    Competitive,
    Master,
}
stored!(Tier { Casual => "casual", Relaxed => "relaxed", Competitive => "competitive", Master => "master" });

impl Tier {
    /// Whether a list must be complete for registration (name, UID, leader, base, deck and
    /// sideboard: CEG 3.3.3, TR 3.1.3).
    pub fn needs_complete_list(self) -> bool {
        matches!(self, Self::Competitive | Self::Master)
    }
}

/// What happens to a list that is not legal when submitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum IllegalLists {
    /// Refused with every reason; nothing is stored (the default).
    Refuse,
    /// Stored as `pending` for a judge to resolve; never counted as accepted.
    Pending,
}
stored!(IllegalLists { Refuse => "refuse", Pending => "pending" });

stored!(Role { Organizer => "organizer", Judge => "judge", Player => "player" });

/// Where a list version came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// The player, with their token (before the lock).
    Player,
    /// The organizer, with a reason.
    Organizer,
    /// A judge, with a reason (after the lock only judges amend lists: CPG 4.3).
    Judge,
}
stored!(Source { Player => "player", Organizer => "organizer", Judge => "judge" });

/// Where a registration stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum State {
    /// Its current list is legal, or a judge accepted it with a reason.
    Accepted,
    /// Its current list is illegal or unverified and waits for a judge.
    Pending,
}
stored!(State { Accepted => "accepted", Pending => "pending" });

/// A verdict as stored (the core's three values).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ListVerdict {
    Legal,
    Illegal,
    Unverified,
}
stored!(ListVerdict { Legal => "legal", Illegal => "illegal", Unverified => "unverified" });

/// The answer of a deck check, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CheckVerdict {
    Match,
    LegalSideboarding,
    Mismatch,
}
stored!(CheckVerdict { Match => "match", LegalSideboarding => "legal-sideboarding", Mismatch => "mismatch" });

impl From<deckcheck_core::ComparisonVerdict> for CheckVerdict {
    fn from(v: deckcheck_core::ComparisonVerdict) -> Self {
        match v {
            deckcheck_core::ComparisonVerdict::Match => Self::Match,
            deckcheck_core::ComparisonVerdict::LegalSideboarding => Self::LegalSideboarding,
            deckcheck_core::ComparisonVerdict::Mismatch => Self::Mismatch,
        }
    }
}

/// What an organizer gives to create an event; only name, game, format and date are needed.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewEvent {
    pub name: String,
    /// `swu`, `lcg`, `ccg`, `legion`.
    pub game: String,
    /// One of the game's formats (`premier`, `sealed`, `standard`…).
    pub format: String,
    /// The day of the event: lists are judged as of this date.
    #[schema(value_type = String, format = Date)]
    pub date: Date,
    /// Default `competitive`.
    #[serde(default)]
    pub tier: Option<Tier>,
    /// When lists are due, RFC 3339 (`2026-07-12T09:00:00-05:00`): from then on changes are
    /// refused. Default: none, the organizer locks by hand.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub locks_at: Option<Timestamp>,
    /// Default `refuse`.
    #[serde(default)]
    pub illegal_lists: Option<IllegalLists>,
    /// The game's options every check of the event gets: a limited event's set
    /// (`{"event_set": "SOR"}`), a Trilogy card pool (`{"pool_format": "eternal"}`)…
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub options: Option<Map<String, Value>>,
}

/// What an organizer may change after creating an event (before the lock).
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EventChanges {
    #[serde(default)]
    pub name: Option<String>,
    /// A new deadline; `null` removes it.
    #[serde(default, with = "double_option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub locks_at: Option<Option<Timestamp>>,
    #[serde(default)]
    pub illegal_lists: Option<IllegalLists>,
}

/// `Some(None)` for an explicit `null`, `None` for an absent field.
mod double_option {
    use serde::{Deserialize, Deserializer};

    pub fn deserialize<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
    where
        D: Deserializer<'de>,
        T: Deserialize<'de>,
    {
        Option::<T>::deserialize(d).map(Some)
    }
}

/// An event as its organizer and judges see it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct Event {
    pub id: String,
    pub name: String,
    pub game: String,
    pub format: String,
    #[schema(value_type = String, format = Date)]
    pub date: Date,
    pub tier: Tier,
    pub illegal_lists: IllegalLists,
    #[schema(value_type = Object)]
    pub options: Map<String, Value>,
    /// What players register with.
    pub registration_code: String,
    #[schema(value_type = Option<String>, format = DateTime)]
    pub locks_at: Option<Timestamp>,
    /// When the organizer locked it.
    #[schema(value_type = Option<String>, format = DateTime)]
    pub locked_at: Option<Timestamp>,
    #[schema(value_type = Option<String>, format = DateTime)]
    pub published_at: Option<Timestamp>,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: Timestamp,
}

impl Event {
    /// The times that decide the event's phase.
    pub fn milestones(&self) -> Milestones {
        Milestones {
            locks_at: self.locks_at,
            locked_at: self.locked_at,
            published_at: self.published_at,
        }
    }

    /// Where the event stands at `now`.
    pub fn phase(&self, now: Timestamp) -> Phase {
        self.milestones().phase(now)
    }

    /// Whether lists are frozen at `now`: the organizer locked it, its deadline passed, or it
    /// is published.
    pub fn is_locked(&self, now: Timestamp) -> bool {
        self.phase(now) != Phase::Open
    }

    /// The moment the event's day is over (midnight UTC after its date): tokens and retention
    /// count from here, or from the event's creation when that is later (an event entered
    /// after the fact).
    pub fn ends_at(&self) -> Timestamp {
        let day_after = self
            .date
            .tomorrow()
            .unwrap_or(self.date)
            .to_zoned(jiff::tz::TimeZone::UTC)
            .map(|z| z.timestamp())
            .unwrap_or(self.created_at);
        day_after.max(self.created_at)
    }

    /// What a player sees before registering (no code, no settings).
    pub fn public(&self, now: Timestamp) -> PublicEvent {
        PublicEvent {
            id: self.id.clone(),
            name: self.name.clone(),
            game: self.game.clone(),
            format: self.format.clone(),
            date: self.date,
            tier: self.tier,
            locks_at: self.locks_at,
            locked: self.is_locked(now),
            published: self.published_at.is_some(),
        }
    }
}

/// An event as a player sees it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PublicEvent {
    pub id: String,
    pub name: String,
    pub game: String,
    pub format: String,
    #[schema(value_type = String, format = Date)]
    pub date: Date,
    pub tier: Tier,
    #[schema(value_type = Option<String>, format = DateTime)]
    pub locks_at: Option<Timestamp>,
    /// Lists can no longer be changed by players.
    pub locked: bool,
    pub published: bool,
}

/// A list as a player, organizer or judge submits it.
#[derive(Debug, Clone, Default)]
pub struct Submission {
    /// The deck texts (one; two for a Light Side / Dark Side pair; three for Trilogy), each a
    /// list in any input format of the game, or a JSON deck as its JSON text.
    pub decks: Vec<String>,
    pub input_format: Option<String>,
    /// Limited: the registered pool (CEG 9.2.5.1), as a list in any input format.
    pub pool: Option<String>,
}

/// One registration on the roster.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct Registration {
    pub id: String,
    pub player: String,
    pub uid: String,
    /// The current version of the list.
    pub version: i64,
    pub state: State,
    pub verdict: ListVerdict,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: Timestamp,
    #[schema(value_type = String, format = DateTime)]
    pub updated_at: Timestamp,
    /// Deck checks made on this player (a voided one not counted).
    #[serde(default)]
    pub checks: i64,
    /// When the organizer removed the registration or the player withdrew it: it left the
    /// roster, the sheets and the published lists, and is kept for the history.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub removed_at: Option<Timestamp>,
}

/// One version of a list: the texts as submitted, how they were judged, who wrote them.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct ListVersion {
    pub version: i64,
    #[schema(value_type = String, format = DateTime)]
    pub at: Timestamp,
    pub source: Source,
    /// The player's name, or the organizer's or judge's.
    pub actor: String,
    /// Why an organizer or judge changed it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub decks: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_format: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,
    pub verdict: ListVerdict,
    pub state: State,
    /// Printing ids per deck and section: `[{"main": [["SOR_010", 3], …], …}]`.
    #[schema(value_type = Vec<Object>)]
    pub cards: Vec<DeckCards>,
    /// The validate answer this version got (as `POST /v1/decks/validate` answers it).
    #[schema(value_type = deckcheck_core::Validated)]
    pub report: Value,
    /// Each deck's fingerprint (`docs/fingerprint.md`), in the order of `decks`: `null` for a
    /// deck whose entries are not all cards. Empty for a version stored before fingerprints
    /// were kept (it is shown without them).
    #[serde(default)]
    #[schema(value_type = Vec<Option<String>>, example = json!(["64VBV1V1HF"]))]
    pub fingerprints: Vec<Option<String>>,
}

/// The printing ids of one deck, by section (`main`, `sideboard`, `leader`…), never catalog
/// indices.
pub type DeckCards = BTreeMap<String, Vec<CardCount>>;

/// A printing id and its count: `["SOR_010", 3]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardCount(pub String, pub u32);

/// A deck check: the presented deck against the registered list, by whom and when.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct DeckCheck {
    pub id: String,
    pub player_id: String,
    pub version: i64,
    pub deck_index: i64,
    pub judge: String,
    #[schema(value_type = String, format = DateTime)]
    pub at: Timestamp,
    pub verdict: CheckVerdict,
    pub presented: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deck_box: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The comparison (as `POST /v1/decks/compare` answers it).
    #[schema(value_type = deckcheck_core::Comparison)]
    pub comparison: Value,
    /// Whether the presented deck is exactly the registered deck, by their fingerprints.
    #[serde(default)]
    pub fingerprint: FingerprintMatch,
    /// The check was voided (made on the wrong player, with the wrong deck…): it stays in the
    /// history beside the others, and no longer counts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub void: Option<CheckVoid>,
}

/// Why and by whom a deck check was voided.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct CheckVoid {
    #[schema(value_type = String, format = DateTime)]
    pub at: Timestamp,
    /// The judge's name, or `organizer`.
    pub by: String,
    pub reason: String,
}

/// What a change to the roster did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ChangeKind {
    /// The organizer removed the registration (a no-show, a registration under someone else's
    /// UID).
    Removed,
    /// The player withdrew their registration before the lock.
    Withdrawn,
    /// The organizer corrected the player's name or UID.
    Corrected,
}
stored!(ChangeKind { Removed => "removed", Withdrawn => "withdrawn", Corrected => "corrected" });

/// One change to the roster, as the history keeps it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct RosterChange {
    pub player_id: String,
    #[schema(value_type = String, format = DateTime)]
    pub at: Timestamp,
    pub kind: ChangeKind,
    /// The organizer, or the player's name.
    pub actor: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The name and UID before the change, and after it (the same for a removal).
    pub player_before: String,
    pub uid_before: String,
    pub player_after: String,
    pub uid_after: String,
}

/// The registered deck's fingerprint beside the presented deck's (`docs/fingerprint.md`): the
/// same fingerprint is the same cards in the same sections, however they were written.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct FingerprintMatch {
    /// The registered deck's; `null` when it has none (its entries are not all cards, or it was
    /// stored before fingerprints were kept).
    #[schema(example = "64VBV1V1HF")]
    pub registered: Option<String>,
    /// The presented deck's; `null` when its entries are not all cards.
    #[schema(example = "64VBV1V1HF")]
    pub presented: Option<String>,
    /// `true`: the same cards in the same sections; `false`: they differ; `null`: one of the
    /// two is not known.
    pub matches: Option<bool>,
}

impl FingerprintMatch {
    pub fn of(registered: Option<String>, presented: Option<String>) -> Self {
        let matches = registered
            .as_ref()
            .zip(presented.as_ref())
            .map(|(r, p)| r == p);
        Self {
            registered,
            presented,
            matches,
        }
    }
}

/// A player picked for a deck check.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct Pick {
    pub player_id: String,
    #[schema(value_type = String, format = DateTime)]
    pub at: Timestamp,
    pub picked_by: String,
}

/// A player's record as a judge reads it: the registration, every version, every check.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PlayerRecord {
    pub registration: Registration,
    /// Every version, oldest first; the last is the registered list.
    pub versions: Vec<ListVersion>,
    pub checks: Vec<DeckCheck>,
    /// Every change to the registration (corrections, a removal or withdrawal), oldest first.
    #[serde(default)]
    pub changes: Vec<RosterChange>,
}

/// One deck of a published or reviewed list.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct RenderedDeck {
    // Kept as text, never parsed into a `Value`: a 60-card deck's `Value` is ~24 KB of small
    // allocations, and publishing a 10,000-player event held 10,000 of them at once (issue 33
    // item 6).
    /// SWUDB JSON, where the game writes it.
    #[schema(value_type = Option<Object>)]
    pub swudb: Option<Box<RawValue>>,
    /// One card per line.
    pub text: String,
    /// The deck's fingerprint as registered (`docs/fingerprint.md`); `null` when its entries
    /// are not all cards, absent from lists published before fingerprints were kept.
    #[serde(default)]
    #[schema(example = "64VBV1V1HF")]
    pub fingerprint: Option<String>,
    /// The lines of the registered list that could not be read as cards, as written (the text
    /// shows them too, marked): a published list is every line of the registered one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_read: Vec<String>,
}

/// Equal when they are written the same (a `RawValue` is text).
impl PartialEq for RenderedDeck {
    fn eq(&self, other: &Self) -> bool {
        self.swudb.as_deref().map(RawValue::get) == other.swudb.as_deref().map(RawValue::get)
            && self.text == other.text
            && self.fingerprint == other.fingerprint
            && self.not_read == other.not_read
    }
}

/// A player's list as shown to their opponent (open decklists, CEG 5.10) or published.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct ShownList {
    pub player_id: String,
    pub player: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<i64>,
    pub version: i64,
    pub decks: Vec<RenderedDeck>,
    /// Absent for an accepted list; `pending` for a pending list published as the organizer
    /// chose, marked; `withheld` for a pending list left out (no decks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standing: Option<Standing>,
}

/// How a list that was not accepted stands in the published lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Standing {
    /// Published as it is, marked: it was pending (not legal, or not judged) when published.
    Pending,
    /// Left out: it was pending when published.
    Withheld,
}
stored!(Standing { Pending => "pending", Withheld => "withheld" });

/// What publishing does with lists that are pending.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PendingChoice {
    /// Not said: publishing with a pending list is refused, naming them (`pending-lists`).
    #[default]
    Ask,
    /// Leave them out, listed as withheld.
    Withhold,
    /// Publish them as they are, marked pending.
    Include,
}

/// The lists published after the event.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Publication {
    pub event: PublicEvent,
    #[schema(value_type = String, format = DateTime)]
    pub published_at: Timestamp,
    pub lists: Vec<ShownList>,
}

/// What publishing did: counts, the time and the snapshot's entity tag, not the lists
/// (`GET …/published` reads them a page at a time).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PublishSummary {
    pub event: PublicEvent,
    #[schema(value_type = String, format = DateTime)]
    pub published_at: Timestamp,
    /// The snapshot's entity tag, as `GET …/published` answers it.
    pub etag: String,
    /// Lists published (those marked pending among them).
    pub published: u64,
    /// Pending lists published, marked.
    pub marked_pending: u64,
    /// Pending lists left out, each named.
    pub withheld: Vec<PublishedPlayer>,
}

/// A player of the published lists, by id and name.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct PublishedPlayer {
    pub player_id: String,
    pub player: String,
}

/// Something the organizer should look at, in an answer that succeeded.
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct Warning {
    /// Stable id: `date-far-from-today`.
    pub code: &'static str,
    pub field: &'static str,
    pub message: String,
}

/// A token just issued: shown once, kept only as its hash.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Issued {
    /// What the organizer names the token by to revoke or reissue it (not secret).
    pub id: String,
    pub role: Role,
    /// The judge's or player's name, `organizer` for the organizer.
    pub label: String,
    /// The player's registration, for a player token.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player_id: Option<String>,
    /// The token itself.
    pub token: String,
    /// When it stops working (the event's day plus the operator's token lifetime).
    #[schema(value_type = String, format = DateTime)]
    pub expires_at: Timestamp,
}

/// A token as the organizer lists it (never the token itself).
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct TokenInfo {
    pub id: String,
    pub role: Role,
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player_id: Option<String>,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: Timestamp,
    #[schema(value_type = String, format = DateTime)]
    pub expires_at: Timestamp,
}

/// An event's numbers, counted by the database.
#[derive(Debug, Clone, Copy, Default, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct Counts {
    pub players: u64,
    pub accepted: u64,
    pub pending: u64,
    /// List versions over all players.
    pub versions: u64,
    pub checks: u64,
    pub picks: u64,
}

/// A list of the published snapshot as it is served: its decks are the JSON written once, at
/// publishing, passed on as they are (the same document as [`ShownList`]).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PublishedList {
    pub player_id: String,
    pub player: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<i64>,
    pub version: i64,
    #[schema(value_type = Vec<RenderedDeck>)]
    pub decks: Box<RawValue>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standing: Option<Standing>,
}

/// A page of the published lists: the snapshot made at publishing, read a page at a time.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct PublishedPage {
    pub event: PublicEvent,
    #[schema(value_type = String, format = DateTime)]
    pub published_at: Timestamp,
    /// The snapshot's entity tag: it never changes, so a client's copy stays good.
    pub etag: String,
    /// Lists in the snapshot.
    pub total: u64,
    /// Lists skipped before this page.
    pub offset: u64,
    pub lists: Vec<PublishedList>,
}

/// What the operator decides for every event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// How long tokens work after the event's day is over. Default 30 days.
    pub token_lifetime: SignedDuration,
    /// How long an event's data is kept after its day is over; then [`crate::Store::purge`]
    /// deletes it. Default 180 days.
    pub retention: SignedDuration,
    /// New lists a player may send in an hour, their registration included (a list the same
    /// as the current one is no new list). Default [`Policy::DEFAULT_LISTS_PER_HOUR`].
    pub lists_per_hour: u32,
    /// Bytes of lists one event stores at most (texts, printing ids, reports). Default
    /// [`Policy::DEFAULT_EVENT_QUOTA`].
    pub event_quota: u64,
}

impl Policy {
    pub const DEFAULT_TOKEN_LIFETIME: SignedDuration = SignedDuration::from_hours(30 * 24);
    pub const DEFAULT_RETENTION: SignedDuration = SignedDuration::from_hours(180 * 24);
    /// One list every six minutes on average: a player fixing a list sends a few in a row,
    /// a script resubmitting in a loop is stopped after ten.
    pub const DEFAULT_LISTS_PER_HOUR: u32 = 10;
    /// 1 GiB: a 20,000-player event (the most one takes) with two versions of a 25 KB list each.
    pub const DEFAULT_EVENT_QUOTA: u64 = 1 << 30;
}

impl Default for Policy {
    fn default() -> Self {
        Self {
            token_lifetime: Self::DEFAULT_TOKEN_LIFETIME,
            retention: Self::DEFAULT_RETENTION,
            lists_per_hour: Self::DEFAULT_LISTS_PER_HOUR,
            event_quota: Self::DEFAULT_EVENT_QUOTA,
        }
    }
}

/// An organizer key as the operator lists it (never the key itself).
#[derive(Debug, Clone, Serialize, PartialEq, utoipa::ToSchema)]
pub struct OrganizerKey {
    /// What the operator names it by to revoke it (not secret).
    pub id: String,
    /// Whom it was issued to.
    pub name: String,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: Timestamp,
    /// When it was revoked; `null` while it works.
    #[schema(value_type = Option<String>, format = DateTime)]
    pub revoked_at: Option<Timestamp>,
    /// Events created with it.
    pub events: u64,
}

/// An organizer key just issued: shown once, kept only as its hash.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct IssuedKey {
    #[serde(flatten)]
    pub info: OrganizerKey,
    /// The key itself (`Authorization: Bearer <key>` on `POST /v1/events`).
    pub key: String,
}

impl From<ListVerdict> for deckcheck_core::Verdict {
    fn from(v: ListVerdict) -> Self {
        match v {
            ListVerdict::Legal => Self::Legal,
            ListVerdict::Illegal => Self::Illegal,
            ListVerdict::Unverified => Self::Unverified,
        }
    }
}
