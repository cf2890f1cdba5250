-- Issue 30: list fingerprints. Each version keeps the fingerprint of each of its decks (core's
-- `AnyGame::fingerprint`, docs/fingerprint.md), and a deck check keeps the registered deck's and
-- the presented deck's, so a judge sees at once whether the deck on the table is the list.
--
-- JSON array, one entry per deck: the fingerprint, or null for a deck whose entries are not all
-- cards. NULL for versions stored before this migration: they are shown without fingerprints
-- (computing them needs the game's catalog, which a migration does not have).
ALTER TABLE list_versions ADD COLUMN fingerprints TEXT;

-- NULL: not known (a check stored before this migration, a version without fingerprints, a
-- presented deck whose entries are not all cards).
ALTER TABLE deck_checks ADD COLUMN registered_fingerprint TEXT;
ALTER TABLE deck_checks ADD COLUMN presented_fingerprint TEXT;
