//! Events do not stay forever (issue 27, item 3): the service asks the store to delete every
//! event whose day is over by more than `DECKCHECK_RETENTION_DAYS` (`Store::purge`), once at
//! start and then every `DECKCHECK_PURGE_INTERVAL`. Several replicas may purge at once: the
//! store deletes each event once.

use actix_web::rt::time::sleep;
use actix_web::web::Data;
use jiff::Timestamp;

use crate::state::AppState;

/// Purges expired events now and then again an interval after each purge ended, until the
/// service stops.
pub async fn purge_periodically(state: Data<AppState>) {
    let every = state.settings.purge_interval();
    loop {
        match state.store.purge(Timestamp::now()).await {
            Ok(purged) if purged.is_empty() => {}
            Ok(purged) => tracing::info!(
                events = purged.len(),
                ids = %purged.join(","),
                retention_days = state.settings.retention_days,
                "events past their retention deleted"
            ),
            Err(e) => tracing::warn!(
                error = %e,
                retry_in_s = every.as_secs(),
                "the purge of events past their retention failed; it runs again at the next interval"
            ),
        }
        sleep(every).await;
    }
}
