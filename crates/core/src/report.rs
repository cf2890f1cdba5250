//! What a check answers: every violation at once, each with a stable code, the section it
//! enforces, the cards concerned and the numbers that explain it; notes on what the answer
//! rests on; and a verdict of three values.
//!
//! A violation carries data, not text: each kind of violation is a type ([`Explain`]) whose
//! fields are what its message needs, so no datum can be missing; the message is written from
//! that data when the answer is written, so a check that finds nothing to say costs nothing to
//! say it, and cards that fail one rule for one reason are one violation listing them all.

use std::sync::Arc;

use jiff::civil::Date;
use serde::Serialize;

use crate::dated::{Confidence, Dated};
use crate::l10n::Lang;

/// A stable machine id of a violation (`too-many-copies`, `LEG-POINTS`): an API contract.
/// Never rename one; add new ones. Each game lists its codes with their meaning
/// ([`CodeInfo`]) for the documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code(&'static str);

impl Code {
    pub const fn new(id: &'static str) -> Self {
        Self(id)
    }

    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

/// A code and what it means, for the documentation and `GET /v1/games`.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct CodeInfo {
    #[schema(value_type = String)]
    pub code: Code,
    pub meaning: &'static str,
}

/// A card named in an answer, as the player listed it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CardRef {
    /// The id the list used (a printing id such as `SHD_231`, a blueprint id, a unit id).
    #[schema(value_type = String)]
    pub id: Arc<str>,
    #[schema(value_type = String)]
    pub title: Arc<str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub subtitle: Option<Arc<str>>,
    /// The line of the list it was read from, where the input has lines.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// The name the list wrote it by, where that is not its English name (`title` and
    /// `subtitle` are always English).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub written: Option<crate::names::Written>,
}

impl CardRef {
    pub fn new(id: Arc<str>, title: Arc<str>, subtitle: Option<Arc<str>>) -> Self {
        Self {
            id,
            title,
            subtitle,
            line: None,
            written: None,
        }
    }

    pub fn at_line(mut self, line: Option<u32>) -> Self {
        self.line = line;
        self
    }

    /// The card as the list wrote it, in another language (`None`: by its English name).
    pub fn written_as(mut self, written: Option<crate::names::Written>) -> Self {
        self.written = written;
        self
    }

    /// "Title | Subtitle" or "Title".
    pub fn name(&self) -> String {
        match &self.subtitle {
            Some(sub) => format!("{} | {}", self.title, sub),
            None => self.title.to_string(),
        }
    }
}

/// The verdict at a glance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Every rule was judged and none is broken.
    Legal,
    /// At least one rule is broken, on facts the project is sure of.
    Illegal,
    /// No rule is broken by what could be judged, but something in this deck could not be: an
    /// unknown or ambiguous card, a fact the data marks unconfirmed where it decides the
    /// answer, an input the format needs and was not given. Never to be taken as legal.
    Unverified,
}

impl Verdict {
    /// What an answer's `legal` says: `true` legal, `false` illegal, `null` (`None`) unverified,
    /// which is not known to be illegal either (issue 36). `verdict` is what clients read.
    pub fn legal(self) -> Option<bool> {
        match self {
            Self::Legal => Some(true),
            Self::Illegal => Some(false),
            Self::Unverified => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Legal => "legal",
            Self::Illegal => "illegal",
            Self::Unverified => "unverified",
        }
    }
}

/// The typed data of one kind of violation, and how its message is written from it.
///
/// Each kind is a type of its own (a struct, or an enum of the ways one rule is broken) whose
/// fields are every datum its message needs, so a rule cannot leave one out: a kind without it
/// does not compile. The message is written from these fields and the violation's cards only,
/// when the answer is written; it never assumes how many cards there are. The fields are the
/// answer's `data` object (serialized as they are typed: texts, numbers, dates, lists), except
/// the two numbers [`Explain::numbers`] gives, which are the answer's `expected` and `actual`.
///
/// The message is its crate's Fluent message (`locales/<lang>/violations.ftl`) in the
/// language asked, its variables filled from these fields; lists and card names are worded
/// by [`crate::l10n`].
pub trait Explain: Serialize + std::fmt::Debug + PartialEq + Send + Sync + 'static {
    /// The message, in plain words, in `lang`.
    fn message(&self, cards: &[CardRef], lang: Lang) -> String;

    /// What the rule expects and what the deck has, when the kind is about a count.
    fn numbers(&self) -> Option<(u64, u64)> {
        None
    }
}

/// [`Explain`] for any kind, behind one pointer.
trait Data: std::fmt::Debug + Send + Sync {
    fn message(&self, cards: &[CardRef], lang: Lang) -> String;
    /// The kind's fields as JSON text, written once: no `Value` is built on the way to the
    /// answer.
    fn json(&self) -> Box<serde_json::value::RawValue>;
    fn as_any(&self) -> &dyn std::any::Any;
    fn same(&self, other: &dyn Data) -> bool;
}

impl<T: Explain> Data for T {
    fn message(&self, cards: &[CardRef], lang: Lang) -> String {
        Explain::message(self, cards, lang)
    }

    fn json(&self) -> Box<serde_json::value::RawValue> {
        // A kind is plain data: serializing it cannot fail.
        serde_json::value::to_raw_value(self)
            .unwrap_or_else(|_| serde_json::value::to_raw_value(&()).expect("null"))
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn same(&self, other: &dyn Data) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
}

/// One broken rule, and every card that breaks it for the same reason.
#[derive(Clone)]
pub struct Violation {
    pub code: Code,
    /// The section it enforces, as the document in force on the date checked numbers it.
    pub section: String,
    pub cards: Vec<CardRef>,
    /// What the rule expects and what the deck has, from the kind's [`Explain::numbers`].
    pub expected: Option<u64>,
    pub actual: Option<u64>,
    /// Which deck of a submission of several (Trilogy, a pair), counting from 1.
    pub deck: Option<usize>,
    /// How sure the project is of the fact this violation rests on.
    pub confidence: Confidence,
    /// The plain sentence that says so, when it is not sure.
    pub caveat: Option<String>,
    /// The language its message is written in ([`Violation::in_lang`]; English unless asked).
    pub lang: Lang,
    data: Arc<dyn Data>,
}

impl std::fmt::Debug for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Violation")
            .field("code", &self.code)
            .field("section", &self.section)
            .field("message", &self.message())
            .field("cards", &self.cards)
            .field("expected", &self.expected)
            .field("actual", &self.actual)
            .field("deck", &self.deck)
            .field("data", &self.data)
            .finish()
    }
}

impl PartialEq for Violation {
    fn eq(&self, other: &Self) -> bool {
        self.code == other.code
            && self.section == other.section
            && self.cards == other.cards
            && self.deck == other.deck
            && self.data.same(&*other.data)
    }
}

impl Violation {
    /// A violation of `code`, citing `section`, with the data of its kind.
    pub fn new(code: Code, section: impl Into<String>, data: impl Explain) -> Self {
        let (expected, actual) = data.numbers().unzip();
        Self {
            code,
            section: section.into(),
            cards: Vec::new(),
            expected,
            actual,
            deck: None,
            confidence: Confidence::Official,
            caveat: None,
            lang: Lang::En,
            data: Arc::new(data),
        }
    }

    /// A violation about the setting `fact`: its section, and its caveat when it is not sure.
    pub fn of<T>(code: Code, fact: &Dated<T>, data: impl Explain) -> Self {
        Self::new(code, fact.section.clone(), data).resting_on(fact)
    }

    pub fn card(mut self, card: CardRef) -> Self {
        self.cards.push(card);
        self
    }

    pub fn cards(mut self, cards: Vec<CardRef>) -> Self {
        self.cards = cards;
        self
    }

    /// The data of its kind, when it is of kind `T`.
    pub fn data<T: Explain>(&self) -> Option<&T> {
        self.data.as_any().downcast_ref()
    }

    /// Marks the violation as resting on `fact` (the least sure fact wins).
    pub fn resting_on<T>(mut self, fact: &Dated<T>) -> Self {
        if fact.confidence > self.confidence {
            self.confidence = fact.confidence;
            self.caveat = fact.caveat();
        }
        self
    }

    /// Marks the violation as resting on something the project could not confirm (a minimum
    /// an unreadable entry might fill, a date no source gives): the verdict is then
    /// unverified, and `caveat` says why in one sentence.
    pub fn unconfirmed(mut self, caveat: impl Into<String>) -> Self {
        self.confidence = Confidence::Unconfirmed;
        self.caveat = Some(caveat.into());
        self
    }

    /// The message, in plain words, written from the violation's data in its language.
    pub fn message(&self) -> String {
        self.message_in(self.lang)
    }

    /// The message in `lang`.
    pub fn message_in(&self, lang: Lang) -> String {
        self.data.message(&self.cards, lang)
    }

    /// The violation, its message to be written in `lang`.
    pub fn in_lang(mut self, lang: Lang) -> Self {
        self.lang = lang;
        self
    }

    /// Whether the rule is broken on facts the project is sure enough of to say "illegal".
    pub fn is_certain(&self) -> bool {
        !self.confidence.leaves_unverified()
    }
}

/// A violation as it is written in an answer.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Violation)]
struct ViolationOut<'a> {
    /// Stable id of the rule broken.
    #[schema(value_type = String)]
    code: Code,
    /// The section it enforces: `CEG 9.1.1`, `TR 2.3.1.1`, `CR 9.2.2D`.
    section: &'a str,
    message: String,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    cards: &'a [CardRef],
    #[serde(skip_serializing_if = "Option::is_none")]
    expected: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    actual: Option<u64>,
    /// Which deck of a submission of several, counting from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    deck: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<ViolationData>)]
    data: Option<Box<serde_json::value::RawValue>>,
    /// Set when the rule rests on a fact the project could not confirm: says so in one sentence.
    #[serde(skip_serializing_if = "Option::is_none")]
    unconfirmed: Option<&'a str>,
}

impl Serialize for Violation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // A kind without fields (an empty object, or a unit) writes no `data`.
        let data = Some(self.data.json()).filter(|d| !matches!(d.get(), "{}" | "null"));
        ViolationOut {
            code: self.code,
            section: &self.section,
            message: self.message(),
            cards: &self.cards,
            expected: self.expected,
            actual: self.actual,
            deck: self.deck,
            data,
            unconfirmed: self.caveat.as_deref(),
        }
        .serialize(s)
    }
}

impl utoipa::PartialSchema for Violation {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        ViolationOut::schema()
    }
}

impl utoipa::ToSchema for Violation {
    fn name() -> std::borrow::Cow<'static, str> {
        "Violation".into()
    }

    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        <ViolationOut as utoipa::ToSchema>::schemas(schemas);
    }
}

/// The schema of a violation's `data`: an object whose fields depend on the code's kind.
struct ViolationData;

impl utoipa::PartialSchema for ViolationData {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .additional_properties(Some(utoipa::openapi::schema::AdditionalProperties::FreeForm(true)))
            .description(Some(
                "The typed data the message is written from: the fields of the code's kind, as they are typed (texts, numbers, dates, lists, objects); where a code is broken in several ways, `kind` names which. See docs/violation-codes.md.",
            ))
            .into()
    }
}

impl utoipa::ToSchema for ViolationData {
    fn name() -> std::borrow::Cow<'static, str> {
        "ViolationData".into()
    }
}

/// What kind of note.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum NoteKind {
    /// Something in this deck could not be judged: the verdict is `unverified`.
    Unverified,
    /// The answer rests on a fact only one source gives; the verdict stands.
    Caveat,
    /// A part of the game's rules the data cannot judge for any deck; said once.
    Coverage,
}

/// Something the reader should know that is not a violation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Note {
    pub kind: NoteKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    pub message: String,
}

/// Where rules put what they find.
#[derive(Debug, Default)]
pub struct Findings {
    pub violations: Vec<Violation>,
    pub notes: Vec<Note>,
}

impl Findings {
    pub fn violation(&mut self, v: Violation) {
        self.violations.push(v);
    }

    /// A violation about one deck of a submission; numbered only when there are several.
    pub fn deck_violation(&mut self, decks: usize, index: usize, mut v: Violation) {
        if decks > 1 {
            v.deck = Some(index + 1);
        }
        self.violations.push(v);
    }

    /// A note, once: several rules may rest on the same fact.
    pub fn note(&mut self, kind: NoteKind, section: Option<&str>, message: impl Into<String>) {
        let note = Note {
            kind,
            section: section.map(str::to_string),
            message: message.into(),
        };
        if !self.notes.contains(&note) {
            self.notes.push(note);
        }
    }

    /// Says that this answer rests on `fact`, when it is not sure: an unconfirmed fact leaves
    /// the answer unverified, a single-source one adds its sentence.
    pub fn resting_on<T>(&mut self, fact: &Dated<T>) {
        if let Some(caveat) = fact.caveat() {
            let kind = if fact.confidence.leaves_unverified() {
                NoteKind::Unverified
            } else {
                NoteKind::Caveat
            };
            self.note(kind, Some(&fact.section), caveat);
        }
    }
}

/// The answer for one format on one date.
#[derive(Debug, Clone)]
pub struct Report {
    /// The game's id (`swu`, `lcg`, `ccg`, `legion`).
    pub game: &'static str,
    pub format: String,
    pub as_of: Date,
    pub verdict: Verdict,
    /// `verdict == legal`. Written as `true`, `false`, or `null` when the verdict is
    /// `unverified` ([`Verdict::legal`]): an unverified deck is not known to be illegal.
    pub legal: bool,
    pub violations: Vec<Violation>,
    pub notes: Vec<Note>,
    /// Which card data answered: a content hash, and for a synced catalog its sync time.
    pub catalog: Arc<str>,
    /// Which note says how many entries could not be read, and how many: written again in
    /// the language asked ([`Report::localize`]).
    unreadable: Option<(usize, usize)>,
}

/// The answer for one format on one date.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Report)]
struct ReportOut<'a> {
    /// The game's id (`swu`, `lcg`, `ccg`, `legion`).
    game: &'static str,
    format: &'a str,
    #[schema(value_type = String, format = Date)]
    as_of: Date,
    /// The verdict: what clients read.
    verdict: Verdict,
    /// `true` when the verdict is `legal`, `false` when `illegal`, `null` when `unverified`
    /// (not known to be legal, nor illegal).
    #[schema(required = true)]
    legal: Option<bool>,
    violations: &'a [Violation],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    notes: &'a [Note],
    /// Which card data answered: a content hash, and for a synced catalog its sync time.
    #[schema(value_type = String)]
    catalog: &'a str,
}

impl Serialize for Report {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ReportOut {
            game: self.game,
            format: &self.format,
            as_of: self.as_of,
            verdict: self.verdict,
            legal: self.verdict.legal(),
            violations: &self.violations,
            notes: &self.notes,
            catalog: &self.catalog,
        }
        .serialize(s)
    }
}

impl utoipa::PartialSchema for Report {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        ReportOut::schema()
    }
}

impl utoipa::ToSchema for Report {
    fn name() -> std::borrow::Cow<'static, str> {
        "Report".into()
    }

    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        <ReportOut as utoipa::ToSchema>::schemas(schemas);
    }
}

impl Report {
    /// The report of what the rules found; `unreadable` is how many entries of the decks
    /// judged could not be read (unknown or ambiguous cards), which leaves the verdict
    /// unverified unless a rule is broken anyway.
    pub fn new(
        game: &'static str,
        format: &str,
        as_of: Date,
        mut findings: Findings,
        unreadable: usize,
        catalog: Arc<str>,
    ) -> Self {
        let mut unreadable_note = None;
        if unreadable > 0 {
            findings.note(
                NoteKind::Unverified,
                None,
                unreadable_message(Lang::En, unreadable),
            );
            unreadable_note = Some((findings.notes.len() - 1, unreadable));
        }
        let verdict = if findings.violations.iter().any(Violation::is_certain) {
            Verdict::Illegal
        } else if !findings.violations.is_empty()
            || findings
                .notes
                .iter()
                .any(|n| n.kind == NoteKind::Unverified)
        {
            Verdict::Unverified
        } else {
            Verdict::Legal
        };
        Self {
            game,
            format: format.to_string(),
            as_of,
            verdict,
            legal: verdict == Verdict::Legal,
            violations: findings.violations,
            notes: findings.notes,
            catalog,
            unreadable: unreadable_note,
        }
    }

    /// The report, its messages to be written in `lang`: every violation's, and core's own
    /// notes. (The notes a game's rules write and the caveats of its data are in English.)
    pub fn localize(&mut self, lang: Lang) {
        for v in &mut self.violations {
            v.lang = lang;
        }
        if let Some((index, n)) = self.unreadable
            && let Some(note) = self.notes.get_mut(index)
        {
            note.message = unreadable_message(lang, n);
        }
    }

    pub fn has(&self, code: Code) -> bool {
        self.violations.iter().any(|v| v.code == code)
    }
}

/// The note of a report with `n` entries that could not be read.
fn unreadable_message(lang: Lang, n: usize) -> String {
    crate::l10n::messages().say(
        lang,
        "note-unreadable",
        [("count", crate::l10n::number(n as u64))],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    const TOO_MANY: Code = Code::new("too-many-copies");

    #[derive(Debug, PartialEq, Serialize)]
    struct TooMany {
        #[serde(skip)]
        limit: u64,
        #[serde(skip)]
        listed: u64,
        format: &'static str,
    }

    impl Explain for TooMany {
        fn message(&self, cards: &[CardRef], lang: Lang) -> String {
            format!(
                "{} has {} copies; {} allows at most {}.",
                crate::l10n::names(lang, cards),
                self.listed,
                self.format,
                self.limit
            )
        }

        fn numbers(&self) -> Option<(u64, u64)> {
            Some((self.limit, self.listed))
        }
    }

    fn too_many() -> TooMany {
        TooMany {
            limit: 3,
            listed: 4,
            format: "Premier",
        }
    }

    fn card() -> CardRef {
        CardRef::new("SOR_033".into(), "Death Trooper".into(), None).at_line(Some(4))
    }

    fn fact(confidence: Confidence) -> Dated<u32> {
        Dated {
            value: 3,
            from: date(2024, 3, 8),
            section: "TR 2.3.1.1".into(),
            confidence,
            sources: vec![],
            caveat: Some("Only one source gives this.".into()),
            notes: Some("research".into()),
        }
    }

    fn report(findings: Findings, unreadable: usize) -> Report {
        Report::new(
            "swu",
            "premier",
            date(2025, 1, 1),
            findings,
            unreadable,
            "x".into(),
        )
    }

    #[test]
    fn a_violation_is_written_from_its_data_when_the_answer_is_written() {
        let v = Violation::of(TOO_MANY, &fact(Confidence::Official), too_many()).card(card());
        let json = serde_json::to_value(&v).unwrap();
        assert_eq!(json["code"], "too-many-copies");
        assert_eq!(json["section"], "TR 2.3.1.1");
        assert_eq!(
            json["message"],
            "Death Trooper has 4 copies; Premier allows at most 3."
        );
        assert_eq!(json["cards"][0]["line"], 4);
        assert_eq!(
            (json["expected"].as_u64(), json["actual"].as_u64()),
            (Some(3), Some(4))
        );
        assert_eq!(
            json["data"],
            serde_json::json!({"format": "Premier"}),
            "the numbers are not repeated"
        );
        assert!(json.get("unconfirmed").is_none());
        assert_eq!(v.data::<TooMany>(), Some(&too_many()));
    }

    #[derive(Debug, PartialEq, Serialize)]
    struct Bare;

    impl Explain for Bare {
        fn message(&self, cards: &[CardRef], lang: Lang) -> String {
            format!("{} may not be played.", crate::l10n::names(lang, cards))
        }
    }

    #[test]
    fn a_kind_without_data_writes_no_data_and_no_numbers() {
        let json = serde_json::to_value(Violation::new(TOO_MANY, "T 1", Bare)).unwrap();
        assert!(json.get("data").is_none(), "{json}");
        assert!(json.get("expected").is_none(), "{json}");
    }

    #[test]
    fn a_deck_with_no_findings_and_every_entry_read_is_legal() {
        let r = report(Findings::default(), 0);
        assert_eq!(r.verdict, Verdict::Legal);
        assert!(r.legal);
    }

    #[test]
    fn an_unreadable_entry_makes_the_verdict_unverified_never_legal() {
        let r = report(Findings::default(), 1);
        assert_eq!(r.verdict, Verdict::Unverified);
        assert!(!r.legal);
        assert_eq!(r.notes[0].kind, NoteKind::Unverified);
    }

    #[test]
    fn legal_is_written_true_false_or_null_when_the_verdict_is_unverified() {
        let json = |r: &Report| serde_json::to_value(r).unwrap();
        let unverified = json(&report(Findings::default(), 1));
        assert_eq!(unverified["verdict"], "unverified");
        assert!(unverified["legal"].is_null(), "{unverified}");
        assert!(unverified.as_object().unwrap().contains_key("legal"));
        assert_eq!(json(&report(Findings::default(), 0))["legal"], true);
        let mut f = Findings::default();
        f.violation(Violation::of(
            TOO_MANY,
            &fact(Confidence::Official),
            too_many(),
        ));
        let illegal = json(&report(f, 0));
        assert_eq!(
            (&illegal["verdict"], &illegal["legal"]),
            (&"illegal".into(), &false.into())
        );
    }

    #[test]
    fn a_certain_violation_is_illegal_even_with_unreadable_entries() {
        let mut f = Findings::default();
        f.violation(Violation::of(TOO_MANY, &fact(Confidence::Official), too_many()).card(card()));
        assert_eq!(report(f, 2).verdict, Verdict::Illegal);
    }

    #[test]
    fn a_violation_resting_on_an_unconfirmed_fact_leaves_the_verdict_unverified() {
        let mut f = Findings::default();
        f.violation(
            Violation::of(TOO_MANY, &fact(Confidence::Unconfirmed), too_many()).card(card()),
        );
        let r = report(f, 0);
        assert_eq!(r.verdict, Verdict::Unverified);
        let json = serde_json::to_value(&r.violations[0]).unwrap();
        assert_eq!(json["unconfirmed"], "Only one source gives this.");
    }

    #[test]
    fn the_note_on_unreadable_entries_is_written_in_the_language_asked() {
        let mut r = report(Findings::default(), 2);
        assert!(r.notes[0].message.starts_with("2 entries of the list"));
        r.localize(Lang::De);
        assert!(
            r.notes[0].message.starts_with("2 Einträge der Liste"),
            "{}",
            r.notes[0].message
        );
        let mut one = report(Findings::default(), 1);
        one.localize(Lang::Fr);
        assert!(one.notes[0].message.starts_with("1 entrée de la liste"));
    }

    #[test]
    fn a_single_source_fact_adds_its_sentence_and_the_verdict_stands() {
        let mut f = Findings::default();
        f.resting_on(&fact(Confidence::SingleSource));
        f.resting_on(&fact(Confidence::SingleSource));
        let r = report(f, 0);
        assert_eq!(r.verdict, Verdict::Legal);
        assert_eq!(r.notes.len(), 1, "said once");
        assert_eq!(r.notes[0].kind, NoteKind::Caveat);
        assert_eq!(r.notes[0].message, "Only one source gives this.");
    }
}
