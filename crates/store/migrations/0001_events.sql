-- Events, their registrations and every version of every list, tokens (hashes only), deck
-- checks and the players picked for them. One SQL for SQLite and PostgreSQL: times are BIGINT
-- microseconds since the Unix epoch (UTC), JSON is TEXT, states are TEXT.

CREATE TABLE events (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    format TEXT NOT NULL,
    event_date TEXT NOT NULL,
    tier TEXT NOT NULL,
    illegal_lists TEXT NOT NULL,
    -- The game's options every check of this event is given (a limited event's set...), JSON.
    options TEXT NOT NULL,
    registration_code TEXT NOT NULL UNIQUE,
    -- When lists are due (the start): changes are refused from then on. NULL: only the
    -- organizer's lock closes registration.
    locks_at BIGINT,
    locked_at BIGINT,
    created_at BIGINT NOT NULL
);

CREATE TABLE registrations (
    id TEXT PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES events (id),
    player TEXT NOT NULL,
    uid TEXT NOT NULL,
    -- The UID as compared: one registration per UID and event.
    uid_key TEXT NOT NULL,
    -- The current version (the last one in list_versions), its state and verdict.
    version BIGINT NOT NULL,
    state TEXT NOT NULL,
    verdict TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (event_id, uid_key)
);
CREATE INDEX registrations_by_event ON registrations (event_id, created_at);

-- Append-only: every list a registration ever had, with when, from whom and why.
CREATE TABLE list_versions (
    registration_id TEXT NOT NULL REFERENCES registrations (id),
    version BIGINT NOT NULL,
    event_id TEXT NOT NULL REFERENCES events (id),
    at BIGINT NOT NULL,
    source TEXT NOT NULL,
    actor TEXT NOT NULL,
    reason TEXT,
    -- The texts as submitted (JSON array: one per deck), and how they were read.
    decks TEXT NOT NULL,
    input_format TEXT,
    pool TEXT,
    verdict TEXT NOT NULL,
    state TEXT NOT NULL,
    -- Printing ids per deck and section (JSON), never catalog indices.
    cards TEXT NOT NULL,
    -- The validate answer the list got (JSON).
    report TEXT NOT NULL,
    PRIMARY KEY (registration_id, version)
);
CREATE INDEX list_versions_by_event ON list_versions (event_id);

CREATE TABLE tokens (
    -- SHA-256 of the token, hex: the token itself is never stored.
    hash TEXT PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES events (id),
    role TEXT NOT NULL,
    registration_id TEXT REFERENCES registrations (id),
    label TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX tokens_by_event ON tokens (event_id);

CREATE TABLE deck_checks (
    id TEXT PRIMARY KEY,
    event_id TEXT NOT NULL REFERENCES events (id),
    registration_id TEXT NOT NULL REFERENCES registrations (id),
    -- The registered version the deck was compared with, and which of its decks.
    version BIGINT NOT NULL,
    deck_index BIGINT NOT NULL,
    judge TEXT NOT NULL,
    at BIGINT NOT NULL,
    verdict TEXT NOT NULL,
    presented TEXT NOT NULL,
    deck_box TEXT,
    note TEXT,
    comparison TEXT NOT NULL
);
CREATE INDEX deck_checks_by_event ON deck_checks (event_id, registration_id);

CREATE TABLE deck_check_picks (
    event_id TEXT NOT NULL REFERENCES events (id),
    registration_id TEXT NOT NULL REFERENCES registrations (id),
    at BIGINT NOT NULL,
    picked_by TEXT NOT NULL,
    PRIMARY KEY (event_id, registration_id, at)
);
