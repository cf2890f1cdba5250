//! The languages the checker answers in, and its messages as Project Fluent resources.
//!
//! Every crate owns its messages: `locales/<lang>/<area>.ftl` beside its `Cargo.toml`, one file
//! per area in each of the five languages, embedded at compile time ([`crate::resources!`]) and
//! parsed once into a [`Messages`] (one concurrent bundle per language, shared by every
//! request). A message is looked up by id in the language asked; one missing there falls back
//! to English, never to its id ([`Messages::format`]). [`lint`] is what each crate's test runs
//! on its resources: a syntax error, an id missing in (or unknown to) any language, or a
//! variable a translation uses that English does not, fails it. What English uses, the code
//! passes: the property test of every violation renders each in all five languages
//! (`testing.rs`) and fails on an unfilled variable.
//!
//! The language is a value ([`Lang`]) threaded to where an answer is written, never a global:
//! the service negotiates it from `Accept-Language` ([`Lang::negotiate`]), the CLI reads
//! `--lang` or the POSIX locale variables ([`Lang::from_env`]).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Display;

pub use fluent_bundle::FluentValue;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use fluent_syntax::ast;
use serde::Serialize;
use unic_langid::LanguageIdentifier;

use crate::report::CardRef;

/// A text as a message's argument.
pub fn text<'a>(s: impl Into<std::borrow::Cow<'a, str>>) -> FluentValue<'a> {
    FluentValue::String(s.into())
}

/// A language the checker answers in. English is the default and every message's fallback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    De,
    Fr,
    It,
    Es,
}

/// A language tag none of the five answers.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no messages in {given:?}: the languages are en, de, fr, it and es")]
pub struct UnknownLang {
    pub given: String,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 5] = [Lang::En, Lang::De, Lang::Fr, Lang::It, Lang::Es];

    /// Its BCP 47 tag, as `Content-Language` says it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::De => "de",
            Self::Fr => "fr",
            Self::It => "it",
            Self::Es => "es",
        }
    }

    fn id(self) -> LanguageIdentifier {
        // The five tags are valid BCP 47: parsing them cannot fail.
        self.as_str().parse().unwrap_or_default()
    }

    /// The language an `Accept-Language` header asks for: the range of the highest q-value
    /// (the first written among equals; `q=0` refuses) whose primary language subtag is one
    /// of the five (`fr-CA` finds `fr`); English when none is. For five languages without
    /// regions this is what fluent-langneg's filtering negotiation answers (a test holds them
    /// to it), without building a language identifier per range: it runs on every request.
    pub fn negotiate(header: &str) -> Lang {
        let mut best: Option<(f32, Lang)> = None;
        for range in header.split(',') {
            let mut parts = range.split(';');
            let tag = parts.next().unwrap_or_default().trim();
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if q <= 0.0 || best.is_some_and(|(b, _)| q <= b) {
                continue;
            }
            let primary = tag.split(['-', '_']).next().unwrap_or_default();
            if let Some(lang) = Self::ALL
                .into_iter()
                .find(|l| l.as_str().eq_ignore_ascii_case(primary))
            {
                best = Some((q, lang));
            }
        }
        best.map_or(Lang::En, |(_, lang)| lang)
    }

    /// The language of a POSIX locale name (`it_IT.UTF-8`, `de`, `fr_CA@euro`); `None` for `C`,
    /// `POSIX` or a language without messages.
    pub fn from_locale(name: &str) -> Option<Lang> {
        let language = name.split(['_', '.', '@', '-']).next()?;
        Self::ALL
            .into_iter()
            .find(|l| l.as_str().eq_ignore_ascii_case(language))
    }

    /// The language of the messages as POSIX orders the variables: `LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG`, the first one set and not empty decides; English when it
    /// names none of the five. `var` reads a variable (`std::env::var`, or a test's table).
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .find_map(|name| var(name).filter(|v| !v.is_empty()))
            .and_then(|v| Self::from_locale(&v))
            .unwrap_or_default()
    }
}

impl std::str::FromStr for Lang {
    type Err = UnknownLang;

    /// A language asked by name: `de`, `de-AT`, `de_DE.UTF-8`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::from_locale(s.trim()).ok_or_else(|| UnknownLang {
            given: s.to_string(),
        })
    }
}

impl Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A crate's resources: for each language, its `.ftl` files' names and texts.
pub type Resources = [(Lang, &'static [(&'static str, &'static str)]); 5];

/// A crate's resources, embedded at compile time: `resources!("violations", "diagnostics")`
/// reads `locales/<lang>/violations.ftl` and `locales/<lang>/diagnostics.ftl` beside the
/// calling crate's `Cargo.toml`, for each of the five languages.
#[macro_export]
macro_rules! resources {
    ($($area:literal),+ $(,)?) => {
        [
            $crate::resources!(@lang En "en" $($area),+),
            $crate::resources!(@lang De "de" $($area),+),
            $crate::resources!(@lang Fr "fr" $($area),+),
            $crate::resources!(@lang It "it" $($area),+),
            $crate::resources!(@lang Es "es" $($area),+),
        ]
    };
    (@lang $lang:ident $dir:literal $($area:literal),+) => {
        (
            $crate::l10n::Lang::$lang,
            &[$((
                concat!($dir, "/", $area, ".ftl"),
                include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/locales/", $dir, "/", $area, ".ftl")),
            )),+],
        )
    };
}

/// Why a crate's resources cannot be used: what [`lint`] reports, and what
/// [`Messages::new`] refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResourceError {
    #[error("{file}: Fluent syntax error: {error}")]
    Syntax { file: String, error: String },
    #[error("{file}: message {id} is defined twice")]
    Duplicate { file: String, id: String },
    #[error("{lang}: message {id} is missing (English has it)")]
    Missing { lang: Lang, id: String },
    #[error("{lang}: message {id} is not in English")]
    Unknown { lang: Lang, id: String },
    #[error(
        "{lang}: message {id} uses ${variable}, which English does not (the code never passes it)"
    )]
    Variable {
        lang: Lang,
        id: String,
        variable: String,
    },
}

/// A crate's messages, parsed once: one bundle per language.
pub struct Messages {
    bundles: Vec<(Lang, FluentBundle<FluentResource>)>,
}

impl std::fmt::Debug for Messages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Messages").finish_non_exhaustive()
    }
}

impl Messages {
    /// Parses every resource into its language's bundle.
    pub fn new(resources: &Resources) -> Result<Self, ResourceError> {
        let mut bundles = Vec::with_capacity(resources.len());
        for (lang, files) in resources {
            let mut bundle = FluentBundle::new_concurrent(vec![lang.id()]);
            // No Unicode isolation marks around placeables: the messages are read as plain
            // text (JSON, a terminal), where the marks are invisible noise.
            bundle.set_use_isolating(false);
            for (file, text) in files.iter() {
                let resource = FluentResource::try_new((*text).to_string()).map_err(|(_, e)| {
                    ResourceError::Syntax {
                        file: (*file).to_string(),
                        error: format!("{e:?}"),
                    }
                })?;
                bundle.add_resource(resource).map_err(|e| {
                    let id = e
                        .iter()
                        .map(|e| format!("{e:?}"))
                        .collect::<Vec<_>>()
                        .join("; ");
                    ResourceError::Duplicate {
                        file: (*file).to_string(),
                        id,
                    }
                })?;
            }
            bundles.push((*lang, bundle));
        }
        Ok(Self { bundles })
    }

    fn bundle(&self, lang: Lang) -> Option<&FluentBundle<FluentResource>> {
        self.bundles
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, b)| b)
    }

    fn try_format(&self, lang: Lang, id: &str, args: Option<&FluentArgs>) -> Option<String> {
        let bundle = self.bundle(lang)?;
        let pattern = bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, args, &mut errors);
        // An error here is a variable the code does not pass: the lint and the property test
        // of every violation find it before a build is released.
        debug_assert!(errors.is_empty(), "{lang}: {id}: {errors:?}");
        Some(text.into_owned())
    }

    /// The message `id` in `lang`, its variables filled from `args`; in English when `lang`
    /// lacks it. A message English lacks too is a defect the tests catch (debug builds stop
    /// on it); a release build writes the id rather than nothing.
    pub fn format(&self, lang: Lang, id: &str, args: Option<&FluentArgs>) -> String {
        self.try_format(lang, id, args)
            .or_else(|| self.try_format(Lang::En, id, args))
            .unwrap_or_else(|| {
                debug_assert!(false, "message {id} is in no language");
                id.to_string()
            })
    }

    /// [`Messages::format`] with the arguments as name–value pairs.
    pub fn say<'a>(
        &self,
        lang: Lang,
        id: &str,
        args: impl IntoIterator<Item = (&'a str, FluentValue<'a>)>,
    ) -> String {
        let mut fluent = FluentArgs::new();
        for (name, value) in args {
            fluent.set(name, value);
        }
        self.format(lang, id, Some(&fluent))
    }
}

/// Every message id of one language, with the variables it uses (terms and attributes
/// included, so a translation's selector counts).
fn ids(
    files: &[(&'static str, &'static str)],
    errors: &mut Vec<ResourceError>,
) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for (file, text) in files {
        let resource = match fluent_syntax::parser::parse(*text) {
            Ok(r) => r,
            Err((r, e)) => {
                errors.extend(e.into_iter().map(|e| ResourceError::Syntax {
                    file: (*file).to_string(),
                    error: format!("{e:?}"),
                }));
                r
            }
        };
        for entry in resource.body {
            let (id, value, attributes) = match entry {
                ast::Entry::Message(m) => (m.id.name.to_string(), m.value, m.attributes),
                ast::Entry::Term(t) => (format!("-{}", t.id.name), Some(t.value), t.attributes),
                _ => continue,
            };
            let mut vars = BTreeSet::new();
            for pattern in value.iter().chain(attributes.iter().map(|a| &a.value)) {
                variables(pattern, &mut vars);
            }
            if out.insert(id.clone(), vars).is_some() {
                errors.push(ResourceError::Duplicate {
                    file: (*file).to_string(),
                    id,
                });
            }
        }
    }
    out
}

fn variables(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for v in variants {
                variables(&v.value, out);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_variables(a, out);
            }
            for a in &arguments.named {
                inline_variables(&a.value, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, out),
        _ => {}
    }
}

/// Every fault of a crate's resources: syntax errors, ids defined twice, ids a language lacks
/// or English lacks, and variables a translation uses that English does not.
pub fn lint(resources: &Resources) -> Vec<ResourceError> {
    let mut errors = Vec::new();
    let english = resources
        .iter()
        .find(|(l, _)| *l == Lang::En)
        .map(|(_, files)| ids(files, &mut errors))
        .unwrap_or_default();
    for (lang, files) in resources.iter().filter(|(l, _)| *l != Lang::En) {
        let theirs = ids(files, &mut errors);
        for id in english.keys() {
            // A term (`-basis`) belongs to its language's grammar: one language may need one
            // where another does not.
            if !id.starts_with('-') && !theirs.contains_key(id) {
                errors.push(ResourceError::Missing {
                    lang: *lang,
                    id: id.clone(),
                });
            }
        }
        for (id, vars) in &theirs {
            if id.starts_with('-') {
                continue;
            }
            let Some(known) = english.get(id) else {
                errors.push(ResourceError::Unknown {
                    lang: *lang,
                    id: id.clone(),
                });
                continue;
            };
            for variable in vars.difference(known) {
                errors.push(ResourceError::Variable {
                    lang: *lang,
                    id: id.clone(),
                    variable: variable.clone(),
                });
            }
        }
    }
    if let Err(e) = Messages::new(resources) {
        errors.push(e);
    }
    errors
}

/// Core's own messages: how a list of names reads, a card written in another language, the
/// notes core writes.
static RESOURCES: Resources = crate::resources!("lists", "notes");

static MESSAGES: std::sync::LazyLock<Messages> = std::sync::LazyLock::new(|| {
    // Checked by `core_resources_are_complete_in_every_language`.
    Messages::new(&RESOURCES).unwrap_or_else(|e| panic!("core's messages: {e}"))
});

/// Core's messages.
pub fn messages() -> &'static Messages {
    &MESSAGES
}

/// A number as a message's argument: plural categories are chosen from it.
pub fn number(n: impl Into<u64>) -> FluentValue<'static> {
    // Counts in messages are far below 2^53, where a float is still exact.
    FluentValue::from(n.into() as f64)
}

/// "A", "A and B", "A, B and C" in `lang`; "" for nothing.
pub fn and_list<I>(lang: Lang, items: I) -> String
where
    I: IntoIterator,
    I::Item: Display,
{
    let items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => MESSAGES.say(
            lang,
            "list-and",
            [
                ("init", FluentValue::from(init.join(", "))),
                ("last", FluentValue::from(last.as_str())),
            ],
        ),
    }
}

/// "A, B and 3 more" in `lang`: at most `max` items, then how many more there are.
pub fn and_list_at_most<I>(lang: Lang, items: I, max: usize) -> String
where
    I: IntoIterator,
    I::Item: Display,
{
    let mut items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    if items.len() > max {
        let more = items.len() - max;
        items.truncate(max);
        items.push(MESSAGES.say(lang, "list-more", [("count", number(more as u64))]));
    }
    and_list(lang, items)
}

/// A card by name: as the list wrote it with its English name beside ("Todestruppler (Death
/// Trooper)"), or its English name ("Title | Subtitle") when the list wrote that.
pub fn card_name(lang: Lang, card: &CardRef) -> String {
    match &card.written {
        Some(w) if *w.name != *card.name() => MESSAGES.say(
            lang,
            "card-written",
            [
                ("written", FluentValue::from(&*w.name)),
                ("english", FluentValue::from(card.name())),
            ],
        ),
        _ => card.name(),
    }
}

/// Cards by name ([`card_name`]), as a sentence in `lang` lists them.
pub fn names(lang: Lang, cards: &[CardRef]) -> String {
    and_list(lang, cards.iter().map(|c| card_name(lang, c)))
}

/// Cards by title with the id and the line they were listed with, as a sentence lists them:
/// "Alter (1_234, line 4) and Sense (1_267)" (for a game whose titles name several cards).
pub fn titles_with_ids(lang: Lang, cards: &[CardRef]) -> String {
    and_list(
        lang,
        cards.iter().map(|c| {
            let mut args = vec![
                ("title", FluentValue::from(&*c.title)),
                ("id", FluentValue::from(&*c.id)),
            ];
            match c.line {
                Some(l) => {
                    args.push(("line", number(l)));
                    MESSAGES.say(lang, "card-id-line", args)
                }
                None => MESSAGES.say(lang, "card-id", args),
            }
        }),
    )
}

/// Cards by id with their line, as a sentence lists them: "9_9999 (line 4) and 601_12".
pub fn ids_with_lines(lang: Lang, cards: &[CardRef]) -> String {
    and_list(
        lang,
        cards.iter().map(|c| match c.line {
            Some(l) => MESSAGES.say(
                lang,
                "id-line",
                [("id", FluentValue::from(&*c.id)), ("line", number(l))],
            ),
            None => c.id.to_string(),
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::Written;

    #[test]
    fn core_resources_are_complete_in_every_language() {
        assert_eq!(lint(&RESOURCES), vec![]);
    }

    #[test]
    fn accept_language_is_negotiated_by_weight_and_falls_back_to_english() {
        assert_eq!(Lang::negotiate("de"), Lang::De);
        assert_eq!(Lang::negotiate("fr-CA, en;q=0.5"), Lang::Fr);
        assert_eq!(Lang::negotiate("en;q=0.5, it;q=0.9"), Lang::It);
        assert_eq!(Lang::negotiate("es-MX"), Lang::Es);
        assert_eq!(Lang::negotiate("xx"), Lang::En);
        assert_eq!(Lang::negotiate("de;q=0, fr;q=0.1"), Lang::Fr, "q=0 refuses");
        assert_eq!(Lang::negotiate(""), Lang::En);
        assert_eq!(Lang::negotiate("*"), Lang::En);
        assert_eq!(Lang::negotiate(";;,,q=x"), Lang::En);
    }

    /// What fluent-langneg answers: the ranges ordered by weight, then filtered.
    fn by_fluent_langneg(header: &str) -> Lang {
        let mut ranges: Vec<(f32, LanguageIdentifier)> = header
            .split(',')
            .filter_map(|range| {
                let mut parts = range.split(';');
                let tag = parts.next()?.trim();
                let q = parts
                    .filter_map(|p| p.trim().strip_prefix("q="))
                    .find_map(|q| q.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                let id = tag.parse::<LanguageIdentifier>().ok()?;
                (q > 0.0).then_some((q, id))
            })
            .collect();
        ranges.sort_by(|a, b| b.0.total_cmp(&a.0));
        let requested: Vec<LanguageIdentifier> = ranges.into_iter().map(|(_, id)| id).collect();
        let available: Vec<LanguageIdentifier> = Lang::ALL.iter().map(|l| l.id()).collect();
        let chosen = fluent_langneg::negotiate_languages(
            &requested,
            &available,
            None,
            fluent_langneg::NegotiationStrategy::Filtering,
        );
        chosen
            .first()
            .and_then(|id| Lang::ALL.into_iter().find(|l| l.id() == **id))
            .unwrap_or_default()
    }

    #[test]
    fn negotiation_answers_what_fluent_langneg_answers() {
        for header in [
            "de",
            "de-AT",
            "fr-CA, en;q=0.5",
            "en;q=0.5, it;q=0.9",
            "es-MX,es;q=0.9,en-US;q=0.8,en;q=0.7",
            "zh-CN, de;q=0.1",
            "de;q=0, fr;q=0.1",
            "pt-BR, it-IT;q=0.8, fr;q=0.8",
            "it;q=0.8, fr;q=0.8",
            "en-GB, de",
            "*",
            "*;q=0.5, es",
            "xx",
            "",
            ";;,,q=x",
            "DE-de",
        ] {
            assert_eq!(
                Lang::negotiate(header),
                by_fluent_langneg(header),
                "{header:?}"
            );
        }
    }

    #[test]
    fn the_locale_variables_are_read_in_posix_order() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(Lang::from_env(env(&[("LANG", "it_IT.UTF-8")])), Lang::It);
        assert_eq!(
            Lang::from_env(env(&[("LANG", "it_IT.UTF-8"), ("LC_MESSAGES", "fr_FR")])),
            Lang::Fr
        );
        assert_eq!(
            Lang::from_env(env(&[("LC_ALL", "es_ES"), ("LC_MESSAGES", "fr_FR")])),
            Lang::Es
        );
        assert_eq!(
            Lang::from_env(env(&[("LC_ALL", ""), ("LANG", "de_DE@euro")])),
            Lang::De
        );
        assert_eq!(Lang::from_env(env(&[("LANG", "C.UTF-8")])), Lang::En);
        assert_eq!(Lang::from_env(env(&[])), Lang::En);
        assert_eq!("de-AT".parse::<Lang>(), Ok(Lang::De));
        assert!("klingon".parse::<Lang>().is_err());
    }

    #[test]
    fn a_list_reads_as_a_sentence_in_each_language() {
        let abc = ["A", "B", "C"];
        let expect = [
            (Lang::En, "A, B and C"),
            (Lang::De, "A, B und C"),
            (Lang::Fr, "A, B et C"),
            (Lang::It, "A, B e C"),
            (Lang::Es, "A, B y C"),
        ];
        for (lang, text) in expect {
            assert_eq!(and_list(lang, abc), text);
            assert_eq!(and_list(lang, ["A"]), "A");
            assert_eq!(and_list(lang, Vec::<String>::new()), "");
        }
        assert_eq!(and_list(Lang::En, ["A", "B"]), "A and B");
    }

    #[test]
    fn a_long_list_says_how_many_more_it_leaves_out_in_each_language() {
        assert_eq!(and_list_at_most(Lang::En, 1..=3, 8), "1, 2 and 3");
        assert_eq!(
            and_list_at_most(Lang::En, 1..=10, 8),
            "1, 2, 3, 4, 5, 6, 7, 8 and 2 more"
        );
        assert_eq!(
            and_list_at_most(Lang::De, 1..=10, 8),
            "1, 2, 3, 4, 5, 6, 7, 8 und 2 weitere"
        );
        assert_eq!(and_list_at_most(Lang::Fr, 1..=3, 2), "1, 2 et 1 autre");
        assert_eq!(and_list_at_most(Lang::It, 1..=4, 2), "1, 2 e altri 2");
        assert_eq!(and_list_at_most(Lang::Es, 1..=4, 2), "1, 2 y 2 más");
    }

    #[test]
    fn a_card_written_in_another_language_keeps_its_english_name_beside() {
        let trooper = CardRef::new("SOR_033".into(), "Death Trooper".into(), None);
        let written = trooper.clone().written_as(Some(Written {
            name: "Todestruppler".into(),
            lang: "de",
        }));
        assert_eq!(card_name(Lang::De, &trooper), "Death Trooper");
        assert_eq!(
            card_name(Lang::De, &written),
            "Todestruppler (Death Trooper)"
        );
        assert_eq!(
            names(Lang::Fr, &[written, trooper]),
            "Todestruppler (Death Trooper) et Death Trooper"
        );
    }

    #[test]
    fn cards_are_listed_by_title_with_their_ids_and_lines() {
        let c = |id: &str, line| CardRef::new(id.into(), "Alter".into(), None).at_line(line);
        assert_eq!(
            titles_with_ids(Lang::En, &[c("1_234", Some(4))]),
            "Alter (1_234, line 4)"
        );
        assert_eq!(
            titles_with_ids(Lang::De, &[c("1_234", Some(4)), c("1_71", None)]),
            "Alter (1_234, Zeile 4) und Alter (1_71)"
        );
        assert_eq!(
            ids_with_lines(Lang::En, &[c("9_9999", Some(4)), c("601_12", None)]),
            "9_9999 (line 4) and 601_12"
        );
    }

    #[test]
    fn a_missing_translation_falls_back_to_english_never_to_its_id() {
        static PARTIAL: Resources = [
            (
                Lang::En,
                &[("en", "hello = Hello { $who }.\nonly = Only English.")],
            ),
            (Lang::De, &[("de", "hello = Hallo { $who }.")]),
            (Lang::Fr, &[("fr", "")]),
            (Lang::It, &[("it", "")]),
            (Lang::Es, &[("es", "")]),
        ];
        let m = Messages::new(&PARTIAL).unwrap();
        assert_eq!(
            m.say(Lang::De, "hello", [("who", "Welt".into())]),
            "Hallo Welt."
        );
        assert_eq!(m.say(Lang::De, "only", []), "Only English.");
        assert_eq!(
            m.say(Lang::Fr, "hello", [("who", "monde".into())]),
            "Hello monde."
        );
        let faults = lint(&PARTIAL);
        assert!(faults.contains(&ResourceError::Missing {
            lang: Lang::De,
            id: "only".into()
        }));
        assert!(faults.contains(&ResourceError::Missing {
            lang: Lang::Es,
            id: "hello".into()
        }));
    }

    #[test]
    fn the_lint_finds_syntax_errors_unknown_ids_and_variables_english_never_passes() {
        static BAD: Resources = [
            (Lang::En, &[("en", "hello = Hello { $who }.")]),
            (
                Lang::De,
                &[("de", "hello = Hallo { $wer }.\nextra = Nur hier.")],
            ),
            (Lang::Fr, &[("fr", "hello = Bonjour { $who")]),
            (Lang::It, &[("it", "hello = Ciao { $who }.")]),
            (Lang::Es, &[("es", "hello = Hola { $who }.")]),
        ];
        let faults = lint(&BAD);
        assert!(faults.contains(&ResourceError::Variable {
            lang: Lang::De,
            id: "hello".into(),
            variable: "wer".into()
        }));
        assert!(faults.contains(&ResourceError::Unknown {
            lang: Lang::De,
            id: "extra".into()
        }));
        assert!(
            faults
                .iter()
                .any(|f| matches!(f, ResourceError::Syntax { file, .. } if file == "fr")),
            "{faults:?}"
        );
        assert!(Messages::new(&BAD).is_err());
    }
}
