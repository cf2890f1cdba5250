//! What a game answers, as plain data: a validate answer ([`Validated`]) with its reports and
//! each deck as read, a deck as understood ([`DeckView`]), a deck check ([`Comparison`]), a
//! card in search results, and where a deck given as a link came from ([`DeckSource`]).

use std::collections::BTreeMap;
use std::sync::Arc;

use jiff::civil::Date;
use serde::Serialize;

use crate::diagnostic::Diagnostic;
use crate::report::{CardRef, Report, Verdict};

/// One report and the decks of the submission it judged (indices into the request's decks).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Judged {
    #[serde(flatten)]
    pub report: Report,
    /// Which decks of the request this report judged (`[0, 1, 2]` for a Trilogy).
    pub decks: Vec<usize>,
}

/// A deck as understood, section by section, so a misread line is obvious.
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
pub struct DeckView {
    pub sections: Vec<SectionView>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SectionView {
    /// `leader`, `base`, `main`, `sideboard`; `units`, `command`; `objective`, `outside`…
    pub id: &'static str,
    pub label: &'static str,
    /// Cards in the section, counts added.
    pub count: u64,
    pub lines: Vec<LineView>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LineView {
    pub count: u32,
    #[serde(flatten)]
    pub card: CardRef,
    /// Cards attached to this one (a Legion unit's upgrades).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub attached: Vec<CardRef>,
}

impl DeckView {
    /// Copies per card id in each section: what a deck check compares.
    pub fn tally(&self) -> BTreeMap<(&'static str, Arc<str>), u64> {
        let mut out = BTreeMap::new();
        for s in &self.sections {
            for l in &s.lines {
                *out.entry((s.id, l.card.id.clone())).or_insert(0) += u64::from(l.count);
                for a in &l.attached {
                    *out.entry((s.id, a.id.clone())).or_insert(0) += u64::from(l.count);
                }
            }
        }
        out
    }
}

/// A card in search results.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct CardSummary {
    #[serde(flatten)]
    pub card: CardRef,
    /// The card's type as the game names it (`leader`, `unit`, `Objective`…).
    pub kind: String,
}

/// The answer of a deck check (a judge compares the presented deck with the registered list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ComparisonVerdict {
    /// The presented deck is the registered one, card for card.
    Match,
    /// Cards were exchanged between sections within the rules (SWU sideboarding).
    LegalSideboarding,
    /// The presented deck is not the registered one.
    Mismatch,
}

/// What a deck check found: a stable id, an API contract like a violation's code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FindingCode {
    /// Fewer copies of a card presented than registered.
    CardMissing,
    /// More copies of a card presented than registered.
    CardExtra,
    /// The presented leader is not the registered one.
    LeaderChanged,
    /// The presented base is not the registered one.
    BaseChanged,
    /// Copies exchanged between main deck and sideboard (sideboarding; not a mismatch alone).
    CardMoved,
    /// After the exchanges the main deck is below its minimum.
    MainDeckBelowMinimum,
    /// After the exchanges the sideboard holds more cards than registered.
    SideboardLargerThanRegistered,
    /// A card found in the deck box, which counts as sideboard.
    DeckBoxExtra,
}

impl FindingCode {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::CardMissing => "card-missing",
            Self::CardExtra => "card-extra",
            Self::LeaderChanged => "leader-changed",
            Self::BaseChanged => "base-changed",
            Self::CardMoved => "card-moved",
            Self::MainDeckBelowMinimum => "main-deck-below-minimum",
            Self::SideboardLargerThanRegistered => "sideboard-larger-than-registered",
            Self::DeckBoxExtra => "deck-box-extra",
        }
    }
}

impl std::fmt::Display for FindingCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One difference, with the section that judges it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Finding {
    pub code: FindingCode,
    pub section: String,
    pub message: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<CardRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registered: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub presented: Option<u64>,
    /// Whether this finding alone makes the deck a mismatch.
    pub mismatch: bool,
}

/// Where a deck given as a link came from: the deck site, the deck's title there (when the
/// site gives one) and the link as given. The service fetches the link and judges the deck it
/// names; the answer says which deck that was.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct DeckSource {
    /// The site's name (`swudb.com`, `SWUBase`, `melee.gg`, `Legion HQ`…), or the host of a
    /// plain JSON link.
    pub site: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    pub link: String,
}

/// The decks a request gave as links, by the field each was given in (`deck`, `decks[1]`,
/// `registered`, `entries[3].deck`): empty (and left out of the answer) when none was.
pub type Linked = BTreeMap<String, DeckSource>;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Comparison {
    pub verdict: ComparisonVerdict,
    pub game: &'static str,
    pub format: String,
    #[schema(value_type = String, format = Date)]
    pub as_of: Date,
    /// Cards per section of the registered list.
    pub registered: BTreeMap<&'static str, u64>,
    /// Cards per section of the presented deck.
    pub presented: BTreeMap<&'static str, u64>,
    pub findings: Vec<Finding>,
    /// Said when the comparison could not see everything (a picklist has no sideboard).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    #[schema(value_type = String)]
    pub catalog: Arc<str>,
    /// The decks given as links, by field: the site and the deck's title.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[schema(value_type = BTreeMap<String, DeckSource>)]
    pub links: Linked,
}

impl Comparison {
    /// Section by section, card by card: every missing and extra card is a mismatch. Games
    /// whose rules allow exchanges between games (SWU sideboarding) compare their own way.
    pub fn by_sections(
        registered: &DeckView,
        presented: &DeckView,
    ) -> (ComparisonVerdict, Vec<Finding>) {
        let (reg, pres) = (registered.tally(), presented.tally());
        let names: BTreeMap<&Arc<str>, &CardRef> = registered
            .sections
            .iter()
            .chain(&presented.sections)
            .flat_map(|s| {
                s.lines
                    .iter()
                    .flat_map(|l| std::iter::once(&l.card).chain(&l.attached))
            })
            .map(|c| (&c.id, c))
            .collect();
        let mut findings = Vec::new();
        for key in reg
            .keys()
            .chain(pres.keys())
            .collect::<std::collections::BTreeSet<_>>()
        {
            let (r, p) = (
                reg.get(key).copied().unwrap_or(0),
                pres.get(key).copied().unwrap_or(0),
            );
            if r == p {
                continue;
            }
            let card = names.get(&key.1).map(|c| (*c).clone());
            let name = card
                .as_ref()
                .map_or_else(|| key.1.to_string(), CardRef::name);
            let (code, how) = if p < r {
                (FindingCode::CardMissing, "missing")
            } else {
                (FindingCode::CardExtra, "too many")
            };
            findings.push(Finding {
                code,
                section: String::new(),
                message: format!(
                    "{name} ({}): {r} registered, {p} presented ({} {how}).",
                    key.0,
                    r.abs_diff(p)
                ),
                cards: card.into_iter().collect(),
                registered: Some(r),
                presented: Some(p),
                mismatch: true,
            });
        }
        let verdict = if findings.is_empty() {
            ComparisonVerdict::Match
        } else {
            ComparisonVerdict::Mismatch
        };
        (verdict, findings)
    }
}

/// One deck of an answer: how it was read, what was wrong with its entries (once, whatever
/// the number of formats), and, if asked, the deck as understood.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct DeckAnswer {
    /// The input format it was read as.
    pub input_format: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<Diagnostic>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// With `explain`: the deck as understood.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub view: Option<DeckView>,
}

/// Where a deck can be played, at a glance.
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
pub struct Summary {
    /// Formats in which every deck is legal.
    pub legal: Vec<String>,
    /// Formats in which a rule is broken.
    pub illegal: Vec<String>,
    /// Formats that cannot be judged without more (an unknown card, a pool, an unconfirmed fact).
    pub unverified: Vec<String>,
    /// Of those, the formats that need an input the request did not give, with what they need
    /// (`{"sealed": ["pool"]}`): asking about every format, a player learns where the deck can
    /// be played and which formats to ask again with more.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub needs: BTreeMap<String, Vec<&'static str>>,
}

/// The answer to a validate request.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Validated {
    pub game: &'static str,
    /// Whether the submission is legal in every format asked. Asked `all` ("where can I play
    /// this?"), whether it is legal in at least one format on the date: `summary` says which,
    /// which not, and which need more input (`summary.needs`).
    #[serde(skip)]
    pub legal: bool,
    /// The answer at a glance, written as `legal`: `true` when legal in every format asked
    /// (asked `all`: in some format), `false` when not (a format asked is illegal; asked `all`,
    /// every format is), `null` when that is not known (an unverified format decides it).
    #[serde(rename = "legal", serialize_with = "legal_of")]
    #[schema(value_type = Option<bool>, required = true)]
    pub verdict: Verdict,
    #[schema(value_type = String, format = Date)]
    pub as_of: Date,
    #[schema(value_type = String)]
    pub catalog: Arc<str>,
    pub summary: Summary,
    pub decks: Vec<DeckAnswer>,
    pub reports: Vec<Judged>,
    /// The decks given as links, by field: the site and the deck's title.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[schema(value_type = BTreeMap<String, DeckSource>)]
    pub links: Linked,
}

impl Validated {
    /// The answer, its messages to be written in `lang` (each report's, [`Report::localize`]).
    pub fn localize(&mut self, lang: crate::l10n::Lang) {
        for judged in &mut self.reports {
            judged.report.localize(lang);
        }
    }
}

/// `Validated::verdict` as the answer's `legal`: `true`, `false` or `null`.
fn legal_of<S: serde::Serializer>(verdict: &Verdict, s: S) -> Result<S::Ok, S::Error> {
    verdict.legal().serialize(s)
}

/// What a reload of every game's data did, game by game.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Reloaded {
    /// Whether every game's new data was loaded.
    pub reloaded: bool,
    pub games: Vec<GameReload>,
}

/// One game's reload: the data it had, the data it has now, or why the new data could not be
/// loaded (the previous data stays).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct GameReload {
    pub game: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub catalog: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cards: Option<usize>,
    /// Why this game's new data could not be loaded (the previous data stays).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}
