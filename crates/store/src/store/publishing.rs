//! Publishing after the event (CEG 5.9: lists are "generally made public after the conclusion
//! of the tournament"; CEG 10.2: the organizer may publish them): once, final. The lists are
//! rendered once, when published, into a snapshot kept in order with its time; reading it is
//! reading a page of stored rows, with an entity tag that never changes.
//!
//! Publishing is a decision (issue 34): with a list pending (not legal, or not judged, and not
//! accepted by a judge) the organizer must say what to do with it, leave it out (withheld) or
//! publish it marked pending; a published list is every line of the registered one (what could
//! not be read as a card shown as written, marked); and the answer is a summary, not the lists.

use std::collections::HashMap;
use std::sync::Arc;

use deckcheck_core::AnyGame;
use deckcheck_core::error::PendingPlayer;
use jiff::Timestamp;

use super::judging::render_decks;
use super::{Access, Publish, Store, allow};
use crate::error::StoreError;
use crate::faults::Point;
use crate::lifecycle::{Op, Phase};
use crate::model::*;
use crate::repo::{self, CurrentList, RowLock};

/// How many times publishing reads and renders the lists again when one was amended meanwhile.
const PUBLISH_TRIES: usize = 3;

/// The lists to publish, in order, with their places: every current list, or the players
/// named, in finishing order (each once, each of the event).
fn chosen(
    current: Vec<CurrentList>,
    which: &Publish,
) -> Result<Vec<(CurrentList, Option<i64>)>, StoreError> {
    let ids = match which {
        Publish::All => return Ok(current.into_iter().map(|l| (l, None)).collect()),
        Publish::Top(ids) => ids,
    };
    let mut by_id: HashMap<String, CurrentList> = current
        .into_iter()
        .map(|l| (l.registration_id.clone(), l))
        .collect();
    let mut out = Vec::with_capacity(ids.len());
    for (i, id) in ids.iter().enumerate() {
        if ids[..i].contains(id) {
            return Err(StoreError::invalid(
                &format!("players[{i}]"),
                format!("{id} is named twice"),
            ));
        }
        // The event exists (the path); a player it does not have is the body's.
        let list = by_id.remove(id).ok_or_else(|| {
            StoreError::unprocessable(
                deckcheck_core::ErrorCode::NotAPlayer,
                &format!("players[{i}]"),
                format!("this event has no player {id:?}"),
            )
        })?;
        out.push((list, Some(i as i64 + 1)));
    }
    Ok(out)
}

/// Lists in a page when none is asked, and the most a page holds.
pub const PAGE_LISTS: u64 = 100;
pub const MAX_PAGE_LISTS: u64 = 1000;

/// The entity tag of an event's published snapshot (quoted, as the header carries it).
fn etag(event: &Event, at: Timestamp) -> String {
    format!("\"{}.{}\"", event.id, at.as_microsecond())
}

impl Store {
    /// Publishes lists after the event (CEG 5.9, 10.2): all of them, or the top N in
    /// finishing order. The event must be locked; once published, nothing of it changes
    /// ([`StoreError::Published`]), publishing again included.
    ///
    /// Every current list is read in one query and rendered once, on the blocking pool (a
    /// 10,000-player event's lists are seconds of work that no request thread waits on), then
    /// written in one transaction that checks no list changed meanwhile (a judge's amendment
    /// after the lock): if one did, the lists are read and rendered again.
    ///
    /// A pending list among those chosen needs `pending` said: [`PendingChoice::Ask`] refuses
    /// ([`StoreError::PendingLists`], naming them), `Withhold` leaves them out (listed as
    /// withheld, without decks), `Include` publishes them marked pending.
    pub async fn publish(
        &self,
        game: Arc<dyn AnyGame>,
        access: &Access,
        which: Publish,
        pending: PendingChoice,
        now: Timestamp,
    ) -> Result<PublishSummary, StoreError> {
        let given = now;
        let event_id = access.event_id.as_str();
        let (event, now) = self.event_now(event_id, given).await?;
        allow(Op::Publish, access.actor(), &event, now)?;
        if let Publish::Top(ids) = &which
            && ids.is_empty()
        {
            return Err(StoreError::invalid(
                "players",
                "name the players to publish, in finishing order, or give \"all\"",
            ));
        }
        for _ in 0..PUBLISH_TRIES {
            let current = repo::current_lists(&self.db().pool, event_id).await?;
            let chosen = chosen(current, &which)?;
            let waiting: Vec<PendingPlayer> = chosen
                .iter()
                .filter(|(l, _)| l.state == State::Pending)
                .map(|(l, _)| PendingPlayer {
                    player_id: l.registration_id.clone(),
                    player: l.player.clone(),
                    verdict: l.verdict.into(),
                })
                .collect();
            if pending == PendingChoice::Ask && !waiting.is_empty() {
                return Err(StoreError::PendingLists { players: waiting });
            }
            let (game, shown) = (Arc::clone(&game), event.clone());
            let lists = tokio::task::spawn_blocking(move || {
                chosen
                    .into_iter()
                    .map(|(list, place)| {
                        let standing = match (list.state, pending) {
                            (State::Accepted, _) => None,
                            (State::Pending, PendingChoice::Withhold) => Some(Standing::Withheld),
                            (State::Pending, _) => Some(Standing::Pending),
                        };
                        ShownList {
                            decks: if standing == Some(Standing::Withheld) {
                                Vec::new()
                            } else {
                                render_decks(
                                    game.as_ref(),
                                    &shown,
                                    &list.decks,
                                    list.input_format.as_deref(),
                                    &list.fingerprints,
                                )
                            },
                            player_id: list.registration_id,
                            player: list.player,
                            place,
                            version: list.version,
                            standing,
                        }
                    })
                    .collect::<Vec<_>>()
            })
            .await
            .map_err(|e| StoreError::Corrupt(format!("rendering the lists failed: {e}")))?;
            let written = self
                .db()
                .write(async move |tx| {
                    let stored = repo::event_for_write(tx, event_id, RowLock::Update).await?;
                    let now = tx.decide(given, stored.db_now);
                    let event = stored.event;
                    let Phase::Locked { since } = allow(Op::Publish, access.actor(), &event, now)?
                    else {
                        unreachable!("only a locked event is published (the table)")
                    };
                    let versions = repo::current_versions(tx.conn(), event_id).await?;
                    if lists
                        .iter()
                        .any(|l| versions.get(&l.player_id) != Some(&l.version))
                    {
                        return Ok(None);
                    }
                    // Never before the lock, nor before a list a judge amended since.
                    let floor = now.max(event.locked_at.unwrap_or(since));
                    let at = super::organizer::after_every_list(tx, event_id, floor).await?;
                    for (i, list) in lists.iter().enumerate() {
                        if i == lists.len() / 2 {
                            tx.reached(Point::Publish).await;
                        }
                        repo::insert_published(tx.conn(), event_id, i as u64 + 1, list).await?;
                    }
                    repo::set_published(tx.conn(), event_id, at, lists.len() as u64).await?;
                    let event = Event {
                        published_at: Some(at),
                        ..event
                    };
                    let standing =
                        |s: Option<Standing>| lists.iter().filter(move |l| l.standing == s);
                    let summary = PublishSummary {
                        etag: etag(&event, at),
                        event: event.public(now),
                        published_at: at,
                        published: lists.len() as u64
                            - standing(Some(Standing::Withheld)).count() as u64,
                        marked_pending: standing(Some(Standing::Pending)).count() as u64,
                        withheld: standing(Some(Standing::Withheld))
                            .map(|l| PublishedPlayer {
                                player_id: l.player_id.clone(),
                                player: l.player.clone(),
                            })
                            .collect(),
                    };
                    crate::idempotency::record(tx, now, &summary).await?;
                    Ok(Some(summary))
                })
                .await?;
            if let Some(summary) = written {
                return Ok(summary);
            }
        }
        Err(StoreError::unavailable(
            "lists were amended while they were being published; publish again",
        ))
    }

    /// The published event and its snapshot's size, or [`StoreError::NoEvent`] before it is
    /// published (the same answer as no event, so nothing leaks before).
    async fn published_event(&self, event_id: &str) -> Result<(Event, Timestamp, u64), StoreError> {
        let stored = repo::stored_event(&self.db().pool, self.backend(), event_id)
            .await?
            .ok_or_else(|| StoreError::NoEvent(event_id.to_string()))?;
        match stored.event.published_at {
            Some(at) => Ok((stored.event, at, stored.published_lists)),
            None => Err(StoreError::NoEvent(event_id.to_string())),
        }
    }

    /// Every published list, in order.
    pub async fn published(
        &self,
        event_id: &str,
        now: Timestamp,
    ) -> Result<Publication, StoreError> {
        let (event, published_at, _) = self.published_event(event_id).await?;
        Ok(Publication {
            lists: repo::published_lists(&self.db().pool, event_id).await?,
            event: event.public(now),
            published_at,
        })
    }

    /// The published snapshot's entity tag (one row read): what a client's `If-None-Match`
    /// is compared with before any list is read.
    pub async fn published_etag(&self, event_id: &str) -> Result<String, StoreError> {
        let (event, published_at, _) = self.published_event(event_id).await?;
        Ok(etag(&event, published_at))
    }

    /// A page of the published lists: `limit` (default [`PAGE_LISTS`], at most
    /// [`MAX_PAGE_LISTS`]) from `offset` (at most [`super::MAX_PLAYERS`]), with the snapshot's
    /// time, size and entity tag.
    ///
    /// With `query`, only the lists whose player's name holds it (any case, any accents, as
    /// names are folded for search), among every list of the snapshot, not the page alone;
    /// `total` then counts those.
    pub async fn published_page(
        &self,
        event_id: &str,
        offset: u64,
        limit: Option<u64>,
        query: Option<&str>,
        now: Timestamp,
    ) -> Result<PublishedPage, StoreError> {
        let limit = limit.unwrap_or(PAGE_LISTS);
        if !(1..=MAX_PAGE_LISTS).contains(&limit) {
            return Err(StoreError::invalid(
                "limit",
                format!("give 1 to {MAX_PAGE_LISTS} lists a page"),
            ));
        }
        if offset > super::MAX_PLAYERS as u64 {
            return Err(StoreError::invalid(
                "offset",
                format!(
                    "give 0 to {}: an event has at most that many lists",
                    super::MAX_PLAYERS
                ),
            ));
        }
        let (event, published_at, total) = self.published_event(event_id).await?;
        let query = query
            .map(deckcheck_core::text::loose_fold)
            .filter(|q| !q.is_empty());
        let (lists, total) = match query {
            None => (
                repo::published(&self.db().pool, event_id, offset, limit).await?,
                total,
            ),
            Some(q) => {
                let found: Vec<u64> = repo::published_names(&self.db().pool, event_id)
                    .await?
                    .into_iter()
                    .filter(|(_, name)| deckcheck_core::text::loose_fold(name).contains(&q))
                    .map(|(position, _)| position)
                    .collect();
                let page: Vec<u64> = found
                    .iter()
                    .copied()
                    .skip(offset as usize)
                    .take(limit as usize)
                    .collect();
                (
                    repo::published_at(&self.db().pool, event_id, &page).await?,
                    found.len() as u64,
                )
            }
        };
        Ok(PublishedPage {
            lists,
            etag: etag(&event, published_at),
            event: event.public(now),
            published_at,
            total,
            offset,
        })
    }
}
