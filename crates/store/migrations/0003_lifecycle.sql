-- Issue 27: tokens the organizer can name (to revoke or reissue them), the published lists as a
-- snapshot made once at publishing (read a page at a time, in order), and the lock's clock.

-- A token's id: made from its hash (which says nothing of the token), so it is known for
-- every token, old ones too, and a restored backup gives the same ids.
ALTER TABLE tokens ADD COLUMN id TEXT;
UPDATE tokens SET id = 'tk_' || substr(hash, 1, 16);
CREATE UNIQUE INDEX tokens_by_id ON tokens (id);
CREATE INDEX tokens_by_registration ON tokens (registration_id);

-- The published snapshot: each list as published (the player's name and the decks as they
-- were shown), numbered in the order it is read. Written once, in publishing's transaction.
CREATE TABLE publication_lists (
    event_id TEXT NOT NULL REFERENCES events (id),
    -- 1, 2, 3... in finishing order (or registration order when all lists are published).
    position BIGINT NOT NULL,
    player_id TEXT NOT NULL REFERENCES registrations (id),
    player TEXT NOT NULL,
    place BIGINT,
    version BIGINT NOT NULL,
    -- JSON: one entry per deck, {"swudb": object or null, "text": string}.
    decks TEXT NOT NULL,
    PRIMARY KEY (event_id, position)
);
INSERT INTO publication_lists (event_id, position, player_id, player, place, version, decks)
SELECT p.event_id,
       ROW_NUMBER() OVER (PARTITION BY p.event_id ORDER BY p.place, r.created_at, r.id),
       p.registration_id, r.player, p.place, p.version, p.lists
FROM published_lists p JOIN registrations r ON r.id = p.registration_id;
DROP TABLE published_lists;

-- How many lists the snapshot has (read with every page, counted once).
ALTER TABLE events ADD COLUMN published_lists BIGINT;
UPDATE events SET published_lists = (SELECT COUNT(*) FROM publication_lists l WHERE l.event_id = events.id)
WHERE published_at IS NOT NULL;

-- The lock's time is never before a list already written (the latest list of the event).
CREATE INDEX list_versions_by_event_time ON list_versions (event_id, at);
