//! The catalog's upstream: the community card repository jgornick/swlcg-json (public domain
//! JSON derived from OCTGN's set files), one file per product under `json/`. A sync fetches
//! every product `card_data/lcg/products.toml` lists, checks each as it arrives, and writes it
//! to `swlcg-json/<file>`; the core's [`sync`](deckcheck_core::sync::sync) then loads the staged
//! catalog whole and refuses one that lost a product or shrank one. A local mirror may have the
//! upstream's layout (`json/`) or the catalog's (`swlcg-json/`, as `../shared/data/swlcg`), and
//! may hold the restricted list transcription, which is copied too.

use std::collections::BTreeMap;
use std::path::Path;

use deckcheck_core::sync::{LoadError, Session, Source, SyncError};

use crate::catalog::{Catalog, RESTRICTED_FILE, cards_dir, check_product_file};
use crate::data::HandData;

/// The upstream's files at its last commit (2018-04-03, "Update to Trust in the Force").
pub const UPSTREAM: &str = "https://raw.githubusercontent.com/jgornick/swlcg-json/master";

pub struct SwlcgSource;

impl Source for SwlcgSource {
    fn game(&self) -> &'static str {
        "lcg"
    }

    fn default_upstream(&self) -> &'static str {
        UPSTREAM
    }

    fn fetch_all(&self, session: &mut Session<'_>) -> Result<(), SyncError> {
        let data = HandData::load(None).map_err(|e| SyncError::Load(LoadError::new(e)))?;
        let mirror = session.fetch().mirror().map(Path::to_path_buf);
        let prefix = match &mirror {
            Some(dir) if dir.join("swlcg-json").is_dir() => "swlcg-json",
            _ => "json",
        };
        for product in &data.products.list {
            let upstream = format!("{prefix}/{}", product.file);
            let local = format!("swlcg-json/{}", product.file);
            let bytes = session.get(&upstream, &local)?;
            check_product_file(&product.file, &bytes).map_err(|e| SyncError::BadFile {
                file: upstream.clone(),
                reason: e.to_string(),
            })?;
        }
        if mirror.is_some_and(|dir| dir.join(RESTRICTED_FILE).is_file()) {
            session.get(RESTRICTED_FILE, RESTRICTED_FILE)?;
        }
        Ok(())
    }

    fn inventory(&self, dir: &Path) -> Result<BTreeMap<String, usize>, LoadError> {
        if cards_dir(dir).is_none() {
            return Err(LoadError::new(format!(
                "{}: no catalog here",
                dir.display()
            )));
        }
        let catalog = Catalog::load(dir).map_err(LoadError::new)?;
        let data = HandData::load(None).map_err(LoadError::new)?;
        data.check_against(&catalog).map_err(LoadError::new)?;
        Ok(catalog.files.into_iter().collect())
    }
}
