//! The swu-db card record as the API sends it, and the typed values the catalog keeps of it.

use serde::{Deserialize, Serialize};

/// One record of the swu-db API (`/cards/{SET}`): a printing. Only the fields deckcheck uses
/// are read; the API sends more (prices, art URLs) and they are ignored.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(rename_all = "PascalCase")]
pub struct RawCard {
    pub set: String,
    pub number: String,
    pub name: String,
    #[serde(default)]
    pub subtitle: Option<String>,
    #[serde(rename = "Type")]
    pub card_type: String,
    #[serde(default)]
    pub aspects: Vec<String>,
    #[serde(default)]
    pub rarity: Option<String>,
    #[serde(default)]
    pub unique: bool,
    #[serde(default)]
    pub variant_type: Option<String>,
    /// Read only to find leaders whose text names the side they start on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub front_text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back_text: Option<String>,
}

impl RawCard {
    /// Whether the card's text names the side it starts the game on ("This leader starts the
    /// game with this side faceup": Chancellor Palpatine).
    pub fn declares_start_side(&self) -> bool {
        [&self.front_text, &self.back_text].into_iter().any(|t| {
            t.as_deref().is_some_and(|t| {
                t.to_ascii_lowercase()
                    .contains("starts the game with this side faceup")
            })
        })
    }
}

/// What kind of card a printing is, for deckbuilding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardType {
    Leader,
    Base,
    Unit,
    Event,
    Upgrade,
    /// Token units, token upgrades and credits: never part of a deck (CR 1.2.3).
    Token,
}

impl CardType {
    /// Reads the API's `Type`. Any type naming a token is a token, so a new token kind
    /// upstream (as `Credit Token` was) does not stop the catalog from loading.
    pub fn parse(api_type: &str) -> Option<Self> {
        Some(match api_type.trim() {
            "Leader" => Self::Leader,
            "Base" => Self::Base,
            "Unit" => Self::Unit,
            "Event" => Self::Event,
            "Upgrade" => Self::Upgrade,
            other if other.contains("Token") => Self::Token,
            _ => return None,
        })
    }

    /// Units, events and upgrades: the cards a main deck and sideboard are made of (CR 9.2.2A).
    pub fn is_deck_card(self) -> bool {
        matches!(self, Self::Unit | Self::Event | Self::Upgrade)
    }
}

impl std::fmt::Display for CardType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Leader => "leader",
            Self::Base => "base",
            Self::Unit => "unit",
            Self::Event => "event",
            Self::Upgrade => "upgrade",
            Self::Token => "token",
        })
    }
}

/// Printed rarity of a printing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rarity {
    Common,
    Uncommon,
    Rare,
    Legendary,
    Special,
    Unknown,
}

impl Rarity {
    pub fn parse(text: Option<&str>) -> Self {
        match text.map(str::trim) {
            Some("Common") => Self::Common,
            Some("Uncommon") => Self::Uncommon,
            Some("Rare") => Self::Rare,
            Some("Legendary") => Self::Legendary,
            Some("Special") => Self::Special,
            _ => Self::Unknown,
        }
    }
}

/// The six aspects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Aspect {
    Vigilance,
    Command,
    Aggression,
    Cunning,
    Heroism,
    Villainy,
}

impl Aspect {
    pub const ALL: [Aspect; 6] = [
        Self::Vigilance,
        Self::Command,
        Self::Aggression,
        Self::Cunning,
        Self::Heroism,
        Self::Villainy,
    ];

    fn parse(text: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|a| format!("{a:?}").eq_ignore_ascii_case(text.trim()))
    }
}

/// The aspects of a card side, each once (a card may print one twice, e.g. Command Command):
/// one bit per aspect.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Aspects(u8);

impl Aspects {
    /// Reads the API's aspect names; names it does not know are left out.
    pub fn parse<'a>(names: impl IntoIterator<Item = &'a str>) -> Self {
        Self(
            names
                .into_iter()
                .filter_map(Aspect::parse)
                .fold(0, |bits, a| bits | Self::bit(a)),
        )
    }

    fn bit(aspect: Aspect) -> u8 {
        1 << aspect as u8
    }

    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    pub fn contains(&self, aspect: Aspect) -> bool {
        self.0 & Self::bit(aspect) != 0
    }

    /// Each aspect once, in [`Aspect::ALL`]'s order.
    pub fn iter(&self) -> impl Iterator<Item = Aspect> + '_ {
        Aspect::ALL.into_iter().filter(|a| self.contains(*a))
    }
}

impl std::fmt::Debug for Aspects {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_token_kind_is_a_token() {
        for t in ["Token Unit", "Token Upgrade", "Credit Token"] {
            assert_eq!(CardType::parse(t), Some(CardType::Token));
        }
        assert_eq!(CardType::parse("Planet"), None);
    }

    #[test]
    fn repeated_aspects_count_once() {
        let a = Aspects::parse(["Command", "Command", "Heroism"]);
        assert_eq!(
            a.iter().collect::<Vec<_>>(),
            [Aspect::Command, Aspect::Heroism]
        );
    }
}
