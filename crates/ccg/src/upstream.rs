//! The upstream files as they are published, read with serde: GEMP's format and blueprint files
//! (PlayersCommittee/gemp-swccg-public) and the Players Committee card database
//! (swccgpc/swccg-card-json). Only the fields deckcheck uses are read; fields added upstream are
//! ignored, missing required ones fail the load with the file's name.

use std::path::Path;

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

/// A GEMP blueprint (card_blueprint_database_{dark,light}.json).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Blueprint {
    pub card_id: String,
    pub title: String,
    pub side: String,
    pub card_category: String,
    #[serde(default)]
    pub card_subtype: Option<String>,
    #[serde(default)]
    pub icons: Vec<IconCount>,
    #[serde(default)]
    pub rarity: Option<String>,
    #[serde(default)]
    pub does_not_count_toward_deck_limit: bool,
    #[serde(default)]
    pub has_virtual_suffix: bool,
    #[serde(default)]
    pub has_alternate_image_suffix: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct IconCount {
    pub icon: String,
}

/// The card database's files: `{"cards": [...]}`.
#[derive(Debug, Clone, Deserialize)]
pub struct PcFile {
    pub cards: Vec<PcCard>,
}

/// A card of the PC card database.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PcCard {
    pub id: u64,
    /// The GEMP blueprint id; absent on retired (Legacy) cards.
    #[serde(default)]
    pub gemp_id: Option<String>,
    pub side: String,
    pub set: String,
    #[serde(default)]
    pub rarity: Option<String>,
    pub front: PcFace,
    #[serde(default)]
    pub back: Option<PcFace>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PcFace {
    pub title: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub sub_type: Option<String>,
    #[serde(default)]
    pub icons: Vec<String>,
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

/// Reads one upstream file of a catalog directory.
pub fn read<T: serde::de::DeserializeOwned>(dir: &Path, local: &str) -> Result<T, String> {
    let path = dir.join(local);
    let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(local, &bytes)
}

/// Parses the bytes of the upstream file `local`.
pub fn parse<T: serde::de::DeserializeOwned>(local: &str, bytes: &[u8]) -> Result<T, String> {
    serde_json::from_slice(bytes).map_err(|e| format!("{local}: {e}"))
}
