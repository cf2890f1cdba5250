-- Issue 35: many clients at once, and several replicas on one database.

-- A token that stops working is kept, marked (a tombstone), never deleted with its event still
-- there: so the loser of two operations on the same token at once is told the token changed
-- (409 `token-changed`), not that there never was one. `replaced_by` names the token that took
-- its place (a rotation, a reissue); NULL with `revoked_at` set: revoked outright.
ALTER TABLE tokens ADD COLUMN revoked_at BIGINT;
ALTER TABLE tokens ADD COLUMN replaced_by TEXT;

-- The event's numbers, kept on its row and changed in the transaction that changes them: a
-- registration no longer counts the roster (issue 35 item 6). `stored_bytes` is what its list
-- versions hold (texts, printing ids, reports), what the event's storage quota bounds.
ALTER TABLE events ADD COLUMN players BIGINT NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN accepted BIGINT NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN pending BIGINT NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN versions BIGINT NOT NULL DEFAULT 0;
ALTER TABLE events ADD COLUMN stored_bytes BIGINT NOT NULL DEFAULT 0;
UPDATE events SET
    players = (SELECT COUNT(*) FROM registrations r WHERE r.event_id = events.id),
    accepted = (SELECT COUNT(*) FROM registrations r WHERE r.event_id = events.id AND r.state = 'accepted'),
    pending = (SELECT COUNT(*) FROM registrations r WHERE r.event_id = events.id AND r.state = 'pending'),
    versions = (SELECT COUNT(*) FROM list_versions v WHERE v.event_id = events.id),
    -- Characters, not bytes, for what was stored before (both databases count them alike).
    stored_bytes = (SELECT COALESCE(SUM(LENGTH(v.decks) + COALESCE(LENGTH(v.pool), 0) + LENGTH(v.cards) + LENGTH(v.report)), 0)
                    FROM list_versions v WHERE v.event_id = events.id);

-- Idempotent writes: the answer a request with an `Idempotency-Key` got, written in the
-- transaction of what it did, for 24 hours. Never the key itself: `id` is the SHA-256 of the
-- route, who asked and the key; the answer is sealed with a key derived from the client's key
-- (it may hold a token), so the database alone cannot read it.
CREATE TABLE idempotency_keys (
    id TEXT PRIMARY KEY,
    -- SHA-256 of the request (method, path, query, body): the same key with another body is
    -- refused.
    request TEXT NOT NULL,
    status BIGINT NOT NULL,
    answer TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX idempotency_keys_by_time ON idempotency_keys (created_at);

-- Per-client limits shared by every replica on PostgreSQL: one row per budget and client, its
-- GCRA theoretical arrival time (microseconds), updated in one statement. Lost in a crash
-- without harm (PostgreSQL keeps the table unlogged: see db.rs).
CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    tat BIGINT NOT NULL
);
CREATE INDEX rate_limits_by_time ON rate_limits (tat);

-- Organizer keys: issued by the operator, one per organizer, listed and revoked; only the
-- SHA-256 of a key is kept. A request carrying a live one creates events without the caps that
-- strangers spend.
CREATE TABLE organizer_keys (
    id TEXT PRIMARY KEY,
    hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    revoked_at BIGINT,
    -- Events created with it.
    events BIGINT NOT NULL DEFAULT 0
);
