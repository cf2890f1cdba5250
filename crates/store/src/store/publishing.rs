//! Publishing after the event (CEG 5.9: lists are "generally made public after the conclusion
//! of the tournament"; CEG 10.2: the organizer may publish them): once, final. The lists are
//! rendered once, when published, into a snapshot kept in order with its time; reading it is
//! reading a page of stored rows, with an entity tag that never changes.

use deckcheck_core::AnyGame;
use jiff::Timestamp;

use super::{Access, Publish, Store, allow, render};
use crate::error::StoreError;
use crate::faults::Point;
use crate::lifecycle::{Op, Phase};
use crate::model::*;
use crate::repo::{self, RowLock};

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
    pub async fn publish(
        &self,
        game: &dyn AnyGame,
        access: &Access,
        which: Publish,
        now: Timestamp,
    ) -> Result<Publication, StoreError> {
        let now = repo::whole_micros(now);
        let event_id = access.event_id.as_str();
        let event = self.event(event_id).await?;
        allow(Op::Publish, access.actor(), &event, now)?;
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
        let published_at = self
            .db()
            .write(async |tx| {
                let event = repo::event_for_write(tx, event_id, RowLock::Update).await?;
                let Phase::Locked { since } = allow(Op::Publish, access.actor(), &event, now)?
                else {
                    unreachable!("only a locked event is published (the table)")
                };
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
                Ok(at)
            })
            .await?;
        Ok(Publication {
            event: Event {
                published_at: Some(published_at),
                ..event
            }
            .public(now),
            published_at,
            lists,
        })
    }

    /// The published event and its snapshot's size, or [`StoreError::NoEvent`] before it is
    /// published (the same answer as no event, so nothing leaks before).
    async fn published_event(&self, event_id: &str) -> Result<(Event, Timestamp, u64), StoreError> {
        let stored = repo::stored_event(&self.db().pool, event_id)
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
    /// [`MAX_PAGE_LISTS`]) from `offset`, with the snapshot's time, size and entity tag.
    pub async fn published_page(
        &self,
        event_id: &str,
        offset: u64,
        limit: Option<u64>,
        now: Timestamp,
    ) -> Result<PublishedPage, StoreError> {
        let limit = limit.unwrap_or(PAGE_LISTS);
        if !(1..=MAX_PAGE_LISTS).contains(&limit) {
            return Err(StoreError::invalid(
                "limit",
                format!("give 1 to {MAX_PAGE_LISTS} lists a page"),
            ));
        }
        let (event, published_at, total) = self.published_event(event_id).await?;
        Ok(PublishedPage {
            lists: repo::published(&self.db().pool, event_id, offset, limit).await?,
            etag: etag(&event, published_at),
            event: event.public(now),
            published_at,
            total,
            offset,
        })
    }
}
