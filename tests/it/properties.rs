//! Property tests (issue 7): what must hold for every deck, not just the ones we wrote down.
