-- Publishing (CEG 10.2, TR 7.1): after the event the organizer publishes all lists or the top
-- N; until then no list is visible to other players. Each published list is written once, as
-- SWUDB JSON (where the game has it) and text, at the time of publishing.

ALTER TABLE events ADD COLUMN published_at BIGINT;

CREATE TABLE published_lists (
    event_id TEXT NOT NULL REFERENCES events (id),
    registration_id TEXT NOT NULL REFERENCES registrations (id),
    -- The finishing place given by the organizer (1 = first); NULL when all lists are published
    -- without standings.
    place BIGINT,
    version BIGINT NOT NULL,
    -- JSON: one entry per deck, {"swudb": object or null, "text": string}.
    lists TEXT NOT NULL,
    PRIMARY KEY (event_id, registration_id)
);
