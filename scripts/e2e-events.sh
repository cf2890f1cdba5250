#!/usr/bin/env bash
# End-to-end test of the event pages (issue 19): registration, organizer and judge pages at
# desktop and phone width. The same as `scripts/e2e.sh events`, which says what it installs.
exec "$(dirname "$0")/e2e.sh" events
