//! The upstream files as they are published, read with serde: GEMP's format and blueprint files
//! (PlayersCommittee/gemp-swccg-public) and the Players Committee card database
//! (swccgpc/swccg-card-json). Only the fields deckcheck uses are read; fields added upstream are
//! ignored, missing required ones fail the load with the file's name. The records of the card
//! files borrow their text from the file's bytes ([`Files`]): a load makes one copy of what the
//! catalog keeps, not a string per field of every record.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// The files of a catalog, by their local name (the mirror's layout), and where each is
/// published: the repository and its path on the default branch.
pub const FILES: &[UpstreamFile] = &[
    UpstreamFile {
        local: FORMATS,
        repo: GEMP_REPO,
        path: "src/gemp-swccg-server/src/main/resources/swccgFormats.json",
    },
    UpstreamFile {
        local: GEMP_DARK,
        repo: GEMP_REPO,
        path: "src/gemp-swccg-cards/src/main/resources/card_blueprint_database_dark.json",
    },
    UpstreamFile {
        local: GEMP_LIGHT,
        repo: GEMP_REPO,
        path: "src/gemp-swccg-cards/src/main/resources/card_blueprint_database_light.json",
    },
    UpstreamFile {
        local: PC_DARK,
        repo: PC_REPO,
        path: "Dark.json",
    },
    UpstreamFile {
        local: PC_LIGHT,
        repo: PC_REPO,
        path: "Light.json",
    },
    UpstreamFile {
        local: PC_DARK_LEGACY,
        repo: PC_REPO,
        path: "DarkLegacy.json",
    },
    UpstreamFile {
        local: PC_LIGHT_LEGACY,
        repo: PC_REPO,
        path: "LightLegacy.json",
    },
    UpstreamFile {
        local: PC_SETS,
        repo: PC_REPO,
        path: "sets.json",
    },
];

pub const GEMP_REPO: &str = "PlayersCommittee/gemp-swccg-public/master";
pub const PC_REPO: &str = "swccgpc/swccg-card-json/main";

pub const FORMATS: &str = "gemp/swccgFormats.json";
pub const GEMP_DARK: &str = "gemp/card_blueprint_database_dark.json";
pub const GEMP_LIGHT: &str = "gemp/card_blueprint_database_light.json";
pub const PC_DARK: &str = "swccg-card-json/Dark.json";
pub const PC_LIGHT: &str = "swccg-card-json/Light.json";
pub const PC_DARK_LEGACY: &str = "swccg-card-json/DarkLegacy.json";
pub const PC_LIGHT_LEGACY: &str = "swccg-card-json/LightLegacy.json";
pub const PC_SETS: &str = "swccg-card-json/sets.json";

#[derive(Debug, Clone, Copy)]
pub struct UpstreamFile {
    /// Its name in a catalog directory (and in a mirror of the two repositories).
    pub local: &'static str,
    /// `owner/name/branch` of its repository.
    pub repo: &'static str,
    /// Its path in the repository.
    pub path: &'static str,
}

impl UpstreamFile {
    /// Its path under `https://raw.githubusercontent.com`.
    pub fn github_path(&self) -> String {
        format!("{}/{}", self.repo, self.path)
    }
}

/// One of GEMP's format definitions (swccgFormats.json).
#[derive(Debug, Clone, Deserialize)]
pub struct GempFormat {
    pub code: String,
    pub name: String,
    /// The sets of its card pool; sorted when the catalog is built ([`GempFormat::in_pool`]
    /// looks a set up by halves).
    pub set: Vec<u32>,
    #[serde(default, rename = "deckSize")]
    pub deck_size: Option<u32>,
    #[serde(default)]
    pub banned: Vec<String>,
    #[serde(default)]
    pub restricted: Vec<String>,
    #[serde(default)]
    pub valid: Vec<String>,
    #[serde(default, rename = "bannedIcons")]
    pub banned_icons: Vec<String>,
    #[serde(default, rename = "bannedRarities")]
    pub banned_rarities: Vec<String>,
}

impl GempFormat {
    /// Whether a card is in the format's card pool: its set is one of the format's, or the
    /// format names the card valid (DefaultSwccgFormat.validateCard).
    pub fn in_pool(&self, set: u32, id: &str) -> bool {
        self.has_set(set) || self.valid.iter().any(|v| v == id)
    }

    /// Whether `set` is one of the format's sets.
    pub fn has_set(&self, set: u32) -> bool {
        self.set.binary_search(&set).is_ok()
    }
}

/// Text of a record: borrowed from the file, owned where the file escapes a character (serde
/// borrows a `Cow` only as a field of its own, not within an `Option` or a `Vec`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Text<'a>(pub Cow<'a, str>);

impl std::ops::Deref for Text<'_> {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl PartialEq<str> for Text<'_> {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for Text<'_> {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl<'a> From<&'a str> for Text<'a> {
    fn from(text: &'a str) -> Self {
        Self(Cow::Borrowed(text))
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Text<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visitor;

        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Text<'de>;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string")
            }

            fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Borrowed(text)))
            }

            fn visit_str<E>(self, text: &str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(text.to_string())))
            }

            fn visit_string<E>(self, text: String) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(text)))
            }
        }

        deserializer.deserialize_str(Visitor)
    }
}

/// A GEMP blueprint (card_blueprint_database_{dark,light}.json).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Blueprint<'a> {
    #[serde(borrow)]
    pub card_id: Text<'a>,
    #[serde(borrow)]
    pub title: Text<'a>,
    #[serde(borrow)]
    pub side: Text<'a>,
    #[serde(borrow)]
    pub card_category: Text<'a>,
    #[serde(default, borrow)]
    pub card_subtype: Option<Text<'a>>,
    #[serde(default, borrow)]
    pub icons: Vec<IconCount<'a>>,
    #[serde(default, borrow)]
    pub rarity: Option<Text<'a>>,
    #[serde(default)]
    pub does_not_count_toward_deck_limit: bool,
    #[serde(default)]
    pub has_virtual_suffix: bool,
    #[serde(default)]
    pub has_alternate_image_suffix: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct IconCount<'a> {
    #[serde(borrow)]
    pub icon: Text<'a>,
}

/// The card database's files: `{"cards": [...]}`.
#[derive(Debug, Clone, Deserialize)]
pub struct PcFile<'a> {
    #[serde(borrow)]
    pub cards: Vec<PcCard<'a>>,
}

/// A card of the PC card database.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PcCard<'a> {
    pub id: u64,
    /// The GEMP blueprint id; absent on retired (Legacy) cards.
    #[serde(default, borrow)]
    pub gemp_id: Option<Text<'a>>,
    #[serde(borrow)]
    pub side: Text<'a>,
    #[serde(borrow)]
    pub set: Text<'a>,
    #[serde(default, borrow)]
    pub rarity: Option<Text<'a>>,
    #[serde(borrow)]
    pub front: PcFace<'a>,
}

/// The front of a card of the card database (what deckcheck reads of it).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PcFace<'a> {
    #[serde(borrow)]
    pub title: Text<'a>,
    #[serde(rename = "type", borrow)]
    pub kind: Text<'a>,
    #[serde(default, borrow)]
    pub icons: Vec<Text<'a>>,
}

/// A set of the card database (sets.json).
#[derive(Debug, Clone, Deserialize)]
pub struct PcSet {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub legacy: bool,
    /// `YYYY-MM-DD`, or `0000-00-00` when the database has no date.
    #[serde(default)]
    pub date_release: Option<String>,
}

/// Why an upstream file cannot be used, naming it.
#[derive(Debug, thiserror::Error)]
pub enum UpstreamError {
    #[error("{}: {cause}", path.display())]
    Read {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error("{file}: {cause}")]
    Parse {
        file: String,
        cause: serde_json::Error,
    },
    #[error("{file}: no records")]
    NoRecords { file: String },
    #[error("{file}: no {code:?} format")]
    NoFormat { file: String, code: &'static str },
}

/// The bytes of every file of a catalog directory ([`FILES`]), read once: the records parsed
/// from them borrow their text, so they are kept while the catalog is built.
#[derive(Debug)]
pub struct Files {
    bytes: Vec<Vec<u8>>,
}

impl Files {
    pub fn read(dir: &Path) -> Result<Self, UpstreamError> {
        let bytes = FILES
            .iter()
            .map(|f| {
                let path = dir.join(f.local);
                std::fs::read(&path).map_err(|cause| UpstreamError::Read { path, cause })
            })
            .collect::<Result<_, _>>()?;
        Ok(Self { bytes })
    }

    /// The bytes of the file `local` (one of [`FILES`]).
    pub fn get(&self, local: &str) -> &[u8] {
        FILES
            .iter()
            .position(|f| f.local == local)
            .map_or(&[], |i| &self.bytes[i])
    }

    /// The file `local` parsed; its records borrow from these bytes.
    pub fn parse<'a, T: Deserialize<'a>>(&'a self, local: &str) -> Result<T, UpstreamError> {
        parse(local, self.get(local))
    }

    /// Every file's bytes, in the order of [`FILES`].
    pub fn all(&self) -> impl Iterator<Item = &[u8]> {
        self.bytes.iter().map(Vec::as_slice)
    }
}

/// Parses the bytes of the upstream file `local`.
pub fn parse<'a, T: Deserialize<'a>>(local: &str, bytes: &'a [u8]) -> Result<T, UpstreamError> {
    serde_json::from_slice(bytes).map_err(|cause| UpstreamError::Parse {
        file: local.to_string(),
        cause,
    })
}
