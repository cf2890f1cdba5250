-- Issue 34: a roster that can be corrected, every correction kept; deck checks that can be
-- voided; publishing that says what it did with pending lists.

-- A registration the organizer removed or the player withdrew: it leaves the roster, the
-- sheets and the published lists, and stays here (with its versions and checks) for the
-- history and the export. Its uid_key is set to a value no UID has ('removed <id>': a normal
-- form never holds a space), so the UID is free again.
ALTER TABLE registrations ADD COLUMN removed_at BIGINT;

-- Which form uid_key holds: 1, the UID's normal form (NFKC, case-folded, without white space
-- or invisible format characters: core's `uid_normal_form`), for every row written from now
-- on; 0 for the rows written before, whose key was the UID trimmed and lowercased. SQL has no
-- NFKC: the store computes the normal form of those rows when it opens (`Store::open`), and
-- marks a row whose normal form another registration of its event holds already with 2 (it
-- keeps its old key; the organizer sees both and can remove one).
ALTER TABLE registrations ADD COLUMN uid_form BIGINT NOT NULL DEFAULT 1;
UPDATE registrations SET uid_form = 0;

-- Every change to the roster, kept: a removal or a withdrawal (with the name and UID the
-- entry had), a correction of a name or UID (before and after), who made it, when and why.
CREATE TABLE roster_changes (
    event_id TEXT NOT NULL REFERENCES events (id),
    registration_id TEXT NOT NULL REFERENCES registrations (id),
    at BIGINT NOT NULL,
    -- removed, withdrawn, corrected
    kind TEXT NOT NULL,
    actor TEXT NOT NULL,
    reason TEXT,
    player_before TEXT NOT NULL,
    uid_before TEXT NOT NULL,
    player_after TEXT NOT NULL,
    uid_after TEXT NOT NULL
);
CREATE INDEX roster_changes_by_event ON roster_changes (event_id, registration_id, at);

-- A voided deck check stays beside the others, marked: when, by whom and why.
ALTER TABLE deck_checks ADD COLUMN voided_at BIGINT;
ALTER TABLE deck_checks ADD COLUMN voided_by TEXT;
ALTER TABLE deck_checks ADD COLUMN void_reason TEXT;

-- A published list's standing: NULL for an accepted list; 'pending' for a pending list the
-- organizer published marked as such; 'withheld' for one left out (no decks).
ALTER TABLE publication_lists ADD COLUMN standing TEXT;
