#!/usr/bin/env bash
# End-to-end test of the event pages (issues 19, 27): registration, organizer and judge pages at
# 1280px and 390px, axe-core on every page and view. The same as `scripts/e2e.sh events`, which
# says what it installs.
exec "$(dirname "$0")/e2e.sh" events
