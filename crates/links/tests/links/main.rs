//! The links crate against a local HTTPS server standing in for the deck sites.
//!
//! The local server (recorded answers by host and path, an rcgen certificate only the test
//! client trusts) and the test network that sends the sites' hosts to it are the crate's own
//! (`deckcheck_links::testing`, feature `testing`), shared with the service's tests.
//!
//! - `sites`: each site's link read from its recorded answer: text, site and title;
//! - `refusals`: everything a link may not do, and how each failure is named.

mod refusals;
mod sites;
