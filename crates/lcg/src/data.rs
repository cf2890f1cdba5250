//! The project's own facts (`card_data/lcg/`): formats, products and their release dates, the
//! restricted lists and the deckbuilding errata, each dated with its section and sources.
//! Embedded at build time; a `card_data` directory replaces them file by file.

use std::path::{Path, PathBuf};

use deckcheck_core::{Confidence, Dated, Timeline};
use jiff::civil::Date;
use serde::Deserialize;

use crate::catalog::{Catalog, Side};

const FORMATS: (&str, &str) = (
    "formats.toml",
    include_str!("../../../card_data/lcg/formats.toml"),
);
const PRODUCTS: (&str, &str) = (
    "products.toml",
    include_str!("../../../card_data/lcg/products.toml"),
);
const RESTRICTED: (&str, &str) = (
    "restricted.toml",
    include_str!("../../../card_data/lcg/restricted.toml"),
);
const ERRATA: (&str, &str) = (
    "errata.toml",
    include_str!("../../../card_data/lcg/errata.toml"),
);

/// Why the project's data cannot be used, or disagrees with the catalog: the file, and the
/// format, list or set to blame.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    #[error("{}: {cause}", path.display())]
    Read {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error("{file}: {cause}")]
    Toml {
        file: String,
        cause: toml::de::Error,
    },
    /// A timeline whose dates are out of order (core's check says how).
    #[error("{file}: format {format} {setting}: {reason}")]
    Order {
        file: String,
        format: String,
        setting: &'static str,
        reason: deckcheck_core::dated::OutOfOrder,
    },
    #[error("{file}: format {format} plays no deck")]
    NoDecks { file: String, format: String },
    /// The restricted lists do not make a timeline (core's check says why).
    #[error("{file}: {reason}")]
    Lists {
        file: String,
        reason: deckcheck_core::dated::OutOfOrder,
    },
    #[error(
        "card_data/lcg/restricted.toml: {group} names set {set} {title:?}, but the card data has {found:?}"
    )]
    RestrictedTitle {
        group: String,
        set: u16,
        title: String,
        found: Option<String>,
    },
    #[error("card_data/lcg/errata.toml: set {set} is {found:?} in the card data, not {title:?}")]
    ErratumTitle {
        set: u16,
        title: String,
        found: Option<String>,
    },
    #[error("card_data/lcg/restricted.toml has no FAQ v5.0 list to check the catalog's against")]
    NoFaqList,
    #[error(
        "{}: its groups {theirs:?} differ from card_data/lcg/restricted.toml's FAQ v5.0 list {mine:?}",
        crate::catalog::RESTRICTED_FILE
    )]
    RestrictedFileDiffers {
        theirs: Vec<(String, Vec<u16>)>,
        mine: Vec<(String, Vec<u16>)>,
    },
}

/// A format as data.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormatDef {
    pub id: String,
    pub name: String,
    pub summary: String,
    /// Decks of one registration: a light side and a dark side deck.
    pub decks: u32,
    pub min_objective_sets: Timeline<u64>,
    pub max_copies: Timeline<u64>,
    /// Copies of a set whose objective says "Limit 1 per objective deck."
    pub limited_copies: Timeline<u64>,
    /// What this format's checks cannot judge, for any deck (said once per report).
    #[serde(default)]
    pub coverage: Vec<CoverageNote>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverageNote {
    pub section: String,
    pub message: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Product {
    pub name: String,
    /// The upstream file (`json/<file>`), and the local one (`swlcg-json/<file>`).
    pub file: String,
    /// The day FFG announced it available in North America, where known.
    #[serde(default)]
    pub released: Option<Date>,
    #[serde(default)]
    pub confidence: Confidence,
    #[serde(default)]
    pub sources: Vec<String>,
    #[serde(default)]
    pub notes: Option<String>,
}

impl Product {
    /// The release as a dated fact a violation can rest on.
    pub fn release(&self) -> Option<Dated<()>> {
        self.released.map(|from| Dated {
            value: (),
            from,
            section: "REG Authorized Cards L692-697".into(),
            confidence: self.confidence,
            sources: self.sources.clone(),
            caveat: None,
            notes: None,
        })
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Products {
    /// From this date every product of the card data is taken as released.
    pub complete_from: Dated<String>,
    #[serde(rename = "product")]
    pub list: Vec<Product>,
}

impl Products {
    pub fn named(&self, name: &str) -> Option<&Product> {
        self.list.iter().find(|p| p.name == name)
    }
}

/// One restricted list.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RestrictedList {
    pub name: String,
    pub groups: Vec<RestrictedGroup>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RestrictedGroup {
    pub name: String,
    pub side: Side,
    pub sets: Vec<RestrictedSet>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RestrictedSet {
    pub set: u16,
    pub title: String,
}

/// An erratum that changes how many copies of a set a deck may hold.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Erratum {
    pub set: u16,
    pub title: String,
    pub limit: u64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct FormatsFile {
    format: Vec<FormatDef>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RestrictedFile {
    list: Vec<Dated<RestrictedList>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ErrataFile {
    errata: Vec<Dated<Erratum>>,
}

/// Everything in `card_data/lcg/`.
#[derive(Debug, Clone)]
pub struct HandData {
    pub formats: Vec<FormatDef>,
    pub products: Products,
    pub restricted: Timeline<RestrictedList>,
    pub errata: Vec<Dated<Erratum>>,
}

fn parse<T: serde::de::DeserializeOwned>((file, text): (&str, &str)) -> Result<T, DataError> {
    toml::from_str(text).map_err(|cause| DataError::Toml {
        file: file.to_string(),
        cause,
    })
}

impl HandData {
    /// The embedded copy, or the files of `dir` where it has them.
    pub fn load(dir: Option<&Path>) -> Result<Self, DataError> {
        let read =
            |(name, embedded): (&'static str, &'static str)| -> Result<(String, String), DataError> {
                match dir {
                    Some(dir) if dir.join(name).is_file() => {
                        let path = dir.join(name);
                        let text = std::fs::read_to_string(&path).map_err(|cause| {
                            DataError::Read {
                                path: path.clone(),
                                cause,
                            }
                        })?;
                        Ok((path.display().to_string(), text))
                    }
                    _ => Ok((format!("card_data/lcg/{name}"), embedded.to_string())),
                }
            };
        let (fname, ftext) = read(FORMATS)?;
        let (pname, ptext) = read(PRODUCTS)?;
        let (rname, rtext) = read(RESTRICTED)?;
        let (ename, etext) = read(ERRATA)?;
        let formats: FormatsFile = parse((&fname, &ftext))?;
        let products: Products = parse((&pname, &ptext))?;
        let restricted: RestrictedFile = parse((&rname, &rtext))?;
        let errata: ErrataFile = parse((&ename, &etext))?;
        for f in &formats.format {
            for (setting, t) in [
                ("min_objective_sets", &f.min_objective_sets),
                ("max_copies", &f.max_copies),
                ("limited_copies", &f.limited_copies),
            ] {
                t.check_order().map_err(|reason| DataError::Order {
                    file: fname.clone(),
                    format: f.id.clone(),
                    setting,
                    reason,
                })?;
            }
            if f.decks == 0 {
                return Err(DataError::NoDecks {
                    file: fname,
                    format: f.id.clone(),
                });
            }
        }
        let restricted = Timeline::new(restricted.list).map_err(|reason| DataError::Lists {
            file: rname,
            reason,
        })?;
        Ok(Self {
            formats: formats.format,
            products,
            restricted,
            errata: errata.errata,
        })
    }

    /// Checks the hand data against the catalog: every restricted set and erratum names a set
    /// by its real title, and a restricted list beside the cards agrees with ours.
    pub fn check_against(&self, catalog: &Catalog) -> Result<(), DataError> {
        let title_of = |set: u16| catalog.objective(set).map(|c| c.title.to_string());
        for list in self.restricted.entries() {
            for g in &list.value.groups {
                for s in &g.sets {
                    match title_of(s.set) {
                        Some(t) if Catalog::same_title(&t, &s.title) => {}
                        found => {
                            return Err(DataError::RestrictedTitle {
                                group: g.name.clone(),
                                set: s.set,
                                title: s.title.clone(),
                                found,
                            });
                        }
                    }
                }
            }
        }
        for e in &self.errata {
            match title_of(e.value.set) {
                Some(t) if Catalog::same_title(&t, &e.value.title) => {}
                found => {
                    return Err(DataError::ErratumTitle {
                        set: e.value.set,
                        title: e.value.title.clone(),
                        found,
                    });
                }
            }
        }
        if let Some(file) = &catalog.restricted_file {
            let ours = self
                .restricted
                .entries()
                .iter()
                .find(|l| l.value.name == "FAQ v5.0")
                .ok_or(DataError::NoFaqList)?;
            let theirs: Vec<(String, Vec<u16>)> = file
                .iter()
                .map(|(g, sets)| (g.clone(), sets.iter().map(|s| s.0).collect()))
                .collect();
            let mine: Vec<(String, Vec<u16>)> = ours
                .value
                .groups
                .iter()
                .map(|g| (g.name.clone(), g.sets.iter().map(|s| s.set).collect()))
                .collect();
            if theirs != mine {
                return Err(DataError::RestrictedFileDiffers { theirs, mine });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_hand_data_loads() {
        let data = HandData::load(None).unwrap();
        assert_eq!(
            data.formats
                .iter()
                .map(|f| f.id.as_str())
                .collect::<Vec<_>>(),
            ["standard", "2v2"]
        );
        assert_eq!(data.products.list.len(), 41);
        assert_eq!(data.restricted.entries()[0].value.groups.len(), 7);
        assert_eq!(data.errata[0].value.set, 109);
    }

    #[test]
    fn a_broken_card_data_file_names_itself() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("errata.toml"), "[[errata]]\nfrom = 3\n").unwrap();
        let err = HandData::load(Some(dir.path())).unwrap_err();
        assert!(matches!(&err, DataError::Toml { file, .. } if file.ends_with("errata.toml")));
        assert!(err.to_string().contains("errata.toml"), "{err}");
    }
}
