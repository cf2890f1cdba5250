//! The command line: `check`, `window`, `convert`, `diff`, `sync`, `serve` and `events`, for every game
//! (`--game`, Star Wars: Unlimited by default), with output for people (text) and programs
//! (`--json`).
//!
//! Exit codes: 0 every deck legal in every format asked (with `--format all`: legal in some
//! format; or a deck check that matches), 1 some deck illegal in a format named (or a mismatch),
//! 2 input, data or settings that cannot be used, 3 some deck that cannot be judged whole
//! (`unverified`: an unknown card, a missing pool, an unconfirmed fact).
//!
//! Output goes through [`outln!`] and [`errln!`]: a reader that stops reading (`deckcheck window
//! … | head`) ends the output quietly, and the command still exits with its answer's code.

use std::io::{Read, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context as _, Result, bail};
use clap::{Parser, Subcommand, ValueEnum};
use deckcheck_core::sync::{HttpLimits, SyncOptions, sync};
use deckcheck_core::{Lang, l10n};

use crate::messages::{say, text};
use deckcheck_core::{
    AnyGame, CompareRequest, ComparisonVerdict, DeckInput, GameSpec, Judged, Paths, Severity,
    ValidateRequest, Verdict,
};
use deckcheck_fetch::fetch_from;
use deckcheck_server::games::GAMES;
use deckcheck_server::settings::catalog_dir;
use deckcheck_server::settings::{LogFormat, Settings, default_data_dir};
use deckcheck_server::{Application, games};
use deckcheck_store::{Access, EventExport, IllegalLists, Location, NewEvent, State, Store, Tier};
use jiff::civil::Date;
use serde_json::{Map, Value, json};

/// `print!` to standard output. A closed pipe is not an error: what the reader no longer wants is
/// dropped and the command goes on to its exit code (issue 28, item 5); any other failure to
/// write (a full disk behind a redirection) is.
macro_rules! out {
    ($($arg:tt)*) => { write_out(format_args!($($arg)*)) };
}

/// `println!` to standard output, as [`out!`].
macro_rules! outln {
    ($($arg:tt)*) => { write_out(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprintln!` that never panics: a message that cannot be written to standard error is lost.
macro_rules! errln {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// Writes to standard output and flushes, so that a closed pipe is seen on the write that meets it.
fn write_out(args: std::fmt::Arguments<'_>) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_fmt(args).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other.context("cannot write to standard output"),
    }
}

#[derive(Parser)]
#[command(
    name = "deckcheck",
    version,
    about = "Star Wars deck-list legality (Unlimited, The Card Game, the CCG, Legion), by format and date"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check deck lists (any input format of the game; `-` reads standard input) for formats on a date.
    Check(CheckArgs),
    /// When is this deck legal? Its verdict in each format at every date the game's data changes.
    Window(WindowArgs),
    /// Read a deck list in any input format and write it resolved, in another.
    Convert(ConvertArgs),
    /// Deck check: is the presented deck the registered one? Exit 0 when it is (legal
    /// sideboarding included), 1 when not, 2 when an input cannot be used.
    Diff(DiffArgs),
    /// A list's fingerprint: ten characters, the same for the same cards however the list is
    /// written (another site, printing or language), for a player and a judge to compare
    /// (docs/fingerprint.md). Exit 2 when an entry is not a card.
    Fingerprint(FingerprintArgs),
    /// Run the HTTP service (every setting also reads its DECKCHECK_* variable).
    #[command(after_long_help = serve_help())]
    Serve(Box<Settings>),
    /// Fetch a game's card data from its public upstream (or a local mirror) and make it
    /// current in one step; on any failure the current data stays as it was.
    Sync(SyncArgs),
    /// Events, for organizers' scripts: create, lock, roster, export and import, on the event
    /// store `serve` uses (DECKCHECK_DATABASE_URL, else SQLite under the data directory).
    #[command(subcommand)]
    Events(EventsCommand),
}

#[derive(Subcommand)]
enum EventsCommand {
    /// Create an event; prints its id, registration code and the organizer token (once).
    Create(CreateArgs),
    /// Freeze every list of an event now.
    Lock(EventArg),
    /// The roster: every player with the state and verdict of their list. Exit 0 when every
    /// list is accepted, 1 when some wait for a judge.
    Roster(RosterArgs),
    /// Write an event as JSON (a backup): every registration with every version, the token
    /// hashes, deck checks and published lists.
    Export(ExportArgs),
    /// Restore an exported event (refused if this store has it already).
    Import(ImportArgs),
    /// The events in the store.
    List(StoreArgs),
}

/// Where the event store is.
#[derive(clap::Args)]
struct StoreArgs {
    /// PostgreSQL URL of the event store [default: SQLite in the data directory].
    #[arg(long, env = "DECKCHECK_DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
    /// The data directory [default: $XDG_DATA_HOME/deckcheck].
    #[arg(long, env = "DECKCHECK_DATA_DIR", value_name = "DIR")]
    data_dir: Option<PathBuf>,
}

#[derive(clap::Args)]
struct EventArg {
    /// The event's id (`ev_…`).
    event: String,
    #[command(flatten)]
    store: StoreArgs,
}

#[derive(clap::Args)]
struct CreateArgs {
    #[arg(long)]
    name: String,
    /// The format (default: the game's first).
    #[arg(long, default_value = "")]
    format: String,
    /// The day of the event, YYYY-MM-DD.
    #[arg(long, value_name = "YYYY-MM-DD")]
    date: Date,
    /// casual, relaxed, competitive (default) or master.
    #[arg(long)]
    tier: Option<String>,
    /// When lists are due, RFC 3339 (2026-07-12T09:00:00-05:00); default: locked by hand.
    #[arg(long, value_name = "TIME")]
    locks_at: Option<jiff::Timestamp>,
    /// Store lists that are not legal as pending for a judge instead of refusing them.
    #[arg(long)]
    pending: bool,
    /// The game's options for every check, as JSON (`{"event_set": "SOR"}` for a limited event).
    #[arg(long, value_name = "JSON")]
    options: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    game: GameArgs,
    /// PostgreSQL URL of the event store [default: SQLite in the data directory].
    #[arg(long, env = "DECKCHECK_DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
}

#[derive(clap::Args)]
struct RosterArgs {
    event: String,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    store: StoreArgs,
}

#[derive(clap::Args)]
struct ExportArgs {
    event: String,
    /// Write to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    store: StoreArgs,
}

#[derive(clap::Args)]
struct ImportArgs {
    /// The export (`-` for standard input).
    file: PathBuf,
    #[command(flatten)]
    store: StoreArgs,
}

/// Which game, and where its data is.
#[derive(clap::Args)]
struct GameArgs {
    /// The game: swu (Star Wars: Unlimited), lcg, ccg, legion.
    #[arg(long, default_value = "swu")]
    game: String,
    /// Directory of the game's card catalog [default: the game's variable (DECKCHECK_CARDS for
    /// swu, DECKCHECK_<GAME>_CARDS for the others), else its directory under DECKCHECK_DATA_DIR].
    #[arg(long, value_name = "DIR")]
    cards: Option<PathBuf>,
    /// Directory of legality data to use instead of the embedded card_data/.
    #[arg(long, env = "DECKCHECK_CARD_DATA", value_name = "DIR")]
    card_data: Option<PathBuf>,
    /// The data directory [default: $XDG_DATA_HOME/deckcheck].
    #[arg(long, env = "DECKCHECK_DATA_DIR", value_name = "DIR")]
    data_dir: Option<PathBuf>,
}

impl GameArgs {
    fn spec(&self) -> Result<&'static GameSpec> {
        games::spec(&self.game).with_context(|| {
            format!(
                "unknown game {:?}; the games are {}",
                self.game,
                GAMES.iter().map(|g| g.id).collect::<Vec<_>>().join(", ")
            )
        })
    }

    fn catalog(&self, spec: &GameSpec) -> PathBuf {
        self.cards.clone().unwrap_or_else(|| {
            catalog_dir(
                spec,
                &self.data_dir.clone().unwrap_or_else(default_data_dir),
            )
        })
    }

    fn load(&self) -> Result<Arc<dyn AnyGame>> {
        let spec = self.spec()?;
        let cards = self.catalog(spec);
        (spec.load)(&Paths {
            cards: cards.clone(),
            card_data: self.card_data.clone(),
        })
        .with_context(|| {
            format!(
                "cannot load the {} data (give --cards DIR or set {}; looked in {}; `deckcheck sync --game {}` fetches it)",
                spec.name,
                spec.env,
                cards.display(),
                spec.id
            )
        })
    }
}

#[derive(clap::Args)]
struct CheckArgs {
    /// The formats to check: one, a comma-separated list, or all (every format of the game that
    /// can be played on the date).
    #[arg(long, default_value = "")]
    format: String,
    /// The date of the event, YYYY-MM-DD (default: today).
    #[arg(long, value_name = "YYYY-MM-DD")]
    as_of: Option<Date>,
    /// Limited: the cards the player opened or drafted (a deck-shaped list, or packs as JSON).
    #[arg(long, value_name = "FILE")]
    pool: Option<PathBuf>,
    /// Limited: the event's set, for "any Common base of the set" (default: from the pool).
    #[arg(long, value_name = "SET")]
    event_set: Option<String>,
    /// For a format played with another's card pool (Trilogy): which one (premier, eternal).
    #[arg(long, alias = "trilogy-pool", value_name = "FORMAT")]
    pool_format: Option<String>,
    /// Also check the list is complete for registration at a competitive event.
    #[arg(long)]
    competitive: bool,
    /// The player's first and last name (default: the list's own).
    #[arg(long)]
    player: Option<String>,
    /// The player's UID (default: the list's own).
    #[arg(long)]
    uid: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// The input's format (default: detected).
    #[arg(long, value_name = "FORMAT")]
    input_format: Option<String>,
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    lang: crate::messages::LangArg,
    /// Deck list files; `-` for standard input; or deck links (`https://swudb.com/deck/…`,
    /// SWUBase, melee.gg, Legion HQ…; fetched only from the hosts of DECKCHECK_LINK_HOSTS, by
    /// default the deck sites' own). A format of several decks (Trilogy, a pair) takes them as
    /// several files.
    #[arg(required = true, value_name = "FILE|LINK")]
    files: Vec<PathBuf>,
}

#[derive(clap::Args)]
struct WindowArgs {
    /// The formats: one, a comma-separated list, or all.
    #[arg(long, default_value = "all")]
    format: String,
    /// The first date to judge (default: the earliest change in the game's data).
    #[arg(long, value_name = "YYYY-MM-DD")]
    from: Option<Date>,
    /// The last date to judge (default: the last change in the game's data).
    #[arg(long, value_name = "YYYY-MM-DD")]
    until: Option<Date>,
    /// For a format played with another's card pool (Trilogy): which one.
    #[arg(long, alias = "trilogy-pool", value_name = "FORMAT")]
    pool_format: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    lang: crate::messages::LangArg,
    /// Deck list files, `-` or deck links, as `check` takes them.
    #[arg(required = true, value_name = "FILE|LINK")]
    files: Vec<PathBuf>,
}

#[derive(Clone, Copy, ValueEnum)]
enum OutputArg {
    /// SWUDB JSON, the exchange format of SWU deck sites.
    Swudb,
    /// Text, one card per line.
    Text,
}

#[derive(clap::Args)]
struct ConvertArgs {
    /// What to write.
    #[arg(long, value_enum, default_value = "swudb")]
    to: OutputArg,
    /// The input's format (default: detected).
    #[arg(long, value_name = "FORMAT")]
    input_format: Option<String>,
    /// Write even if some lines could not be resolved (they are left out, and listed on stderr).
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    game: GameArgs,
    /// The deck list; `-` for standard input; or a deck link, as `check` takes it.
    #[arg(value_name = "FILE|LINK")]
    file: PathBuf,
}

#[derive(clap::Args)]
struct DiffArgs {
    /// The list the player registered (any input format, or a deck link as `check` takes it).
    registered: PathBuf,
    /// The cards the player presented (any input format, or a deck link).
    presented: PathBuf,
    /// Other cards found in the deck box: they count as sideboard.
    #[arg(long = "box", value_name = "FILE")]
    deck_box: Option<PathBuf>,
    /// The event's format (one), for the deck size after sideboarding [default: the game's first].
    #[arg(long)]
    format: Option<String>,
    /// The date of the event (default: today).
    #[arg(long, value_name = "YYYY-MM-DD")]
    as_of: Option<Date>,
    /// Print the comparison as JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    lang: crate::messages::LangArg,
}

#[derive(clap::Args)]
struct FingerprintArgs {
    /// The input's format (default: detected).
    #[arg(long, value_name = "FORMAT")]
    input_format: Option<String>,
    /// The date of the event, for the cards a name can mean (default: today).
    #[arg(long, value_name = "YYYY-MM-DD")]
    as_of: Option<Date>,
    /// Print JSON: the fingerprint and the canonical form it is the hash of.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    game: GameArgs,
    /// The deck list; `-` for standard input; or a deck link, as `check` takes it.
    #[arg(value_name = "FILE|LINK")]
    file: PathBuf,
}

#[derive(clap::Args)]
struct SyncArgs {
    /// The game whose data to sync.
    #[arg(long, default_value = "swu")]
    game: String,
    /// Where to fetch from: the upstream's base URL, or a directory mirroring its files
    /// [default: the game's public upstream; for swu, DECKCHECK_UPSTREAM if set].
    #[arg(long, value_name = "URL|DIR")]
    from: Option<String>,
    /// The catalog directory to update [default: as `serve` finds it].
    #[arg(long, value_name = "DIR")]
    to: Option<PathBuf>,
    /// The data directory [default: $XDG_DATA_HOME/deckcheck].
    #[arg(long, env = "DECKCHECK_DATA_DIR", value_name = "DIR")]
    data_dir: Option<PathBuf>,
    /// An item (SWU: a set code) the upstream no longer has that may be removed; without it a
    /// sync that would lose data fails.
    #[arg(long, value_name = "ITEM")]
    allow_removed: Vec<String>,
    /// Refuse an item that lost more than this fraction of its records.
    #[arg(long, default_value_t = 0.10)]
    max_shrink: f64,
    /// Seconds one request may take.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    timeout: u64,
    /// swu: the languages of card names to fetch beside English (de, fr, it, es), comma-separated
    /// [default: all four]; `en` alone fetches none. A language synced before and left out here
    /// is a removal: it needs --allow-removed for each of its items (`SOR.de`).
    #[arg(long, value_delimiter = ',', value_name = "LANG,…")]
    locales: Option<Vec<String>>,
    /// swu: where the card names in other languages come from: the official card database's URL,
    /// or a directory of its pages (`card-list.<set>.<locale>.json`) [default: the official card
    /// database (https://admin.starwarsunlimited.com/api); with --from or DECKCHECK_UPSTREAM,
    /// that upstream].
    #[arg(long, value_name = "URL|DIR")]
    names_from: Option<String>,
}

/// What `serve --help` adds after the flags: where each game's catalog is read from.
fn serve_help() -> String {
    let mut text = String::from(
        "Card catalogs, one directory per game (the other commands read the same variables):\n",
    );
    for spec in GAMES {
        text.push_str(&format!(
            "  {:<24} {} [default: <data dir>/{}]\n",
            spec.env, spec.name, spec.dir_name
        ));
    }
    text.push_str(
        "With no catalog, serve fetches it first (the default game from DECKCHECK_UPSTREAM); \
         when an upstream cannot be reached, it serves the game's data where the README's offline \
         command points (../shared/data/…, from the directory it runs in), saying so in its start \
         line; else point the variable at a local mirror or run `deckcheck sync --from DIR`. \
         The start line warns of data older than its upstream's usual update interval.\n\
         Logging: RUST_LOG sets the level and targets (default info); a line per request with \
         DECKCHECK_ACCESS_LOG=all.",
    );
    text
}

/// Parses the command line. A value clap refuses is named by its environment variable too:
/// a service's settings come from there (issue 15).
fn parse() -> Cli {
    use clap::CommandFactory;
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let e = match Cli::try_parse() {
        Ok(cli) => return cli,
        Err(e) => e,
    };
    if !matches!(
        e.kind(),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation
    ) {
        e.exit();
    }
    let mut text = e.to_string();
    if let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) {
        let long = arg.split_whitespace().next().unwrap_or_default();
        let command = Cli::command();
        let env = command.get_subcommands().find_map(|sub| {
            sub.get_arguments().find_map(|a| {
                (a.get_long().map(|l| format!("--{l}")).as_deref() == Some(long))
                    .then(|| a.get_env().map(|v| v.to_string_lossy().into_owned()))
                    .flatten()
            })
        });
        if let Some(env) = env {
            text = text.replacen(&format!("'{arg}'"), &format!("{env} ({long})"), 1);
        }
    }
    let _ = write!(std::io::stderr(), "{text}");
    std::process::exit(2);
}

/// Runs the command line and maps the outcome to an exit code.
pub fn main() -> ExitCode {
    let cli = parse();
    let fail = |e: anyhow::Error| {
        errln!("deckcheck: {}", said_once(&e));
        ExitCode::from(2)
    };
    match cli.command {
        Command::Check(args) => match run_check(&args) {
            Ok(code) => code,
            Err(e) if args.json => {
                let _ = outln!("{}", json!({ "error": said_once(&e) }));
                ExitCode::from(2)
            }
            Err(e) => fail(e),
        },
        Command::Window(args) => run_window(&args).unwrap_or_else(fail),
        Command::Diff(args) => run_diff(&args).unwrap_or_else(fail),
        Command::Fingerprint(args) => match run_fingerprint(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if args.json => {
                let _ = outln!("{}", json!({ "error": said_once(&e) }));
                ExitCode::from(2)
            }
            Err(e) => fail(e),
        },
        Command::Convert(args) => run_convert(&args).unwrap_or_else(fail),
        Command::Sync(args) => match run_sync(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                errln!(
                    "deckcheck: sync failed, the local data is unchanged: {}",
                    said_once(&e)
                );
                ExitCode::from(2)
            }
        },
        Command::Events(command) => run_events(command).unwrap_or_else(fail),
        Command::Serve(settings) => run_serve(*settings)
            .map(|()| ExitCode::SUCCESS)
            .unwrap_or_else(fail),
    }
}

/// An error and its causes on one line, each said once: many errors already include their
/// cause in their own message (`StoreError::Request`, a catalog's error), and printing the
/// chain as it is would say it twice (issue 29).
fn said_once(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain().map(ToString::to_string) {
        if text.contains(cause.as_str()) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&cause);
    }
    text
}

/// Reads a file, or standard input for `-`, as UTF-8 text.
/// A list file (or standard input) as text, as people save it (issue 36,
/// `deckcheck_core::encoding`): UTF-8 or UTF-16 by its byte-order mark, else UTF-8, else
/// Windows-1252 with a warning on standard error; bytes that cannot be read are an error naming
/// the file, the line and the bytes.
fn read_text(file: &Path) -> Result<String> {
    let bytes = if file == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("cannot read standard input")?;
        bytes
    } else {
        std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?
    };
    let decoded = deckcheck_core::encoding::decode(&bytes, None)
        .with_context(|| format!("{} cannot be read as text", file.display()))?;
    if let Some(note) = &decoded.note {
        errln!("deckcheck: {}: {note}", file.display());
    }
    Ok(decoded.text.into_owned())
}

/// A deck argument: a deck link (fetched, `deck_link.rs`), else a file or `-`.
fn read_deck(arg: &Path, game: &dyn AnyGame) -> Result<DeckInput> {
    if let Some(deck) = crate::deck_link::read(arg, game.info().id)? {
        return Ok(deck);
    }
    Ok(DeckInput {
        field: arg.display().to_string(),
        text: read_text(arg)?,
    })
}

fn inputs(files: &[PathBuf], game: &dyn AnyGame) -> Result<Vec<DeckInput>> {
    files.iter().map(|f| read_deck(f, game)).collect()
}

fn today() -> Date {
    jiff::Zoned::now().date()
}

fn formats_asked(game: &dyn AnyGame, asked: &str) -> Vec<String> {
    if asked.trim().is_empty() {
        game.info()
            .formats
            .first()
            .map(|f| vec![f.id.clone()])
            .unwrap_or_default()
    } else {
        vec![asked.to_string()]
    }
}

/// 0 if the answer is legal (with `all`: in some format), else 1 if a report is illegal, else 3.
fn exit_for(answer: &deckcheck_core::Validated) -> ExitCode {
    let illegal = answer
        .reports
        .iter()
        .any(|j| j.report.verdict == Verdict::Illegal);
    ExitCode::from(if answer.legal {
        0
    } else if illegal {
        1
    } else {
        3
    })
}

/// Where a deck can be played, as one line: the same three lists as the API's `summary`, with
/// the formats that need more input named as such.
fn summary_line(lang: Lang, summary: &deckcheck_core::Summary) -> String {
    let list = |v: &[String]| {
        if v.is_empty() {
            say(lang, "check-summary-none", [])
        } else {
            v.join(", ")
        }
    };
    let unverified: Vec<String> = summary
        .unverified
        .iter()
        .filter(|f| !summary.needs.contains_key(*f))
        .cloned()
        .collect();
    let mut line = say(
        lang,
        "check-summary",
        [
            ("legal", text(list(&summary.legal))),
            ("illegal", text(list(&summary.illegal))),
        ],
    );
    for (format, needs) in &summary.needs {
        let needs = needs
            .iter()
            .map(|n| say(lang, "check-summary-need", [("option", text(*n))]));
        line.push_str(&say(
            lang,
            "check-summary-needs",
            [
                ("format", text(format.as_str())),
                ("needs", text(l10n::and_list(lang, needs))),
            ],
        ));
    }
    if !unverified.is_empty() {
        line.push_str(&say(
            lang,
            "check-summary-unjudged",
            [("formats", text(unverified.join(", ")))],
        ));
    }
    line
}

fn run_check(args: &CheckArgs) -> Result<ExitCode> {
    let game = args.game.load()?;
    let mut options = Map::new();
    if let Some(file) = &args.pool {
        let text = read_text(file)?;
        let value = match serde_json::from_str::<Value>(&text) {
            Ok(v @ Value::Object(_)) => v,
            _ => Value::String(text),
        };
        options.insert("pool".into(), value);
    }
    if let Some(set) = &args.event_set {
        options.insert("event_set".into(), Value::String(set.clone()));
    }
    if let Some(p) = &args.pool_format {
        options.insert("pool_format".into(), Value::String(p.clone()));
    }
    let request = ValidateRequest {
        decks: inputs(&args.files, game.as_ref())?,
        formats: formats_asked(game.as_ref(), &args.format),
        as_of: args.as_of.unwrap_or_else(today),
        input_format: args.input_format.clone(),
        // The deck as read: the text output names the cards written in other languages.
        explain: !args.json,
        player: args.player.clone(),
        uid: args.uid.clone(),
        registration: args.competitive,
        options,
    };
    let lang = args.lang.lang();
    let mut answer = game
        .validate(&request)
        .map_err(|e| anyhow::anyhow!("{}", e.message))?;
    answer.localize(lang);
    if args.json {
        let label = |j: &Judged| -> Vec<String> {
            j.decks
                .iter()
                .map(|i| request.decks[*i].field.clone())
                .collect()
        };
        let reports: Vec<Value> = answer
            .reports
            .iter()
            .map(|j| {
                let mut v = serde_json::to_value(&j.report).unwrap_or_default();
                let diagnostics: Vec<_> = j
                    .decks
                    .iter()
                    .flat_map(|i| answer.decks[*i].diagnostics.iter())
                    .collect();
                v["files"] = json!(label(j));
                v["diagnostics"] = json!(diagnostics);
                v
            })
            .collect();
        let out = match reports.as_slice() {
            [one] => one.clone(),
            // `legal` as the API writes it: null when not known (issue 36).
            _ => {
                json!({ "legal": answer.verdict.legal(), "summary": answer.summary, "reports": reports })
            }
        };
        outln!("{}", serde_json::to_string_pretty(&out)?)?;
    } else {
        for j in &answer.reports {
            let label: Vec<&str> = j
                .decks
                .iter()
                .map(|i| request.decks[*i].field.as_str())
                .collect();
            out!(
                "{}",
                render_text(lang, &label.join(" + "), j, &answer, game.as_ref())
            )?;
        }
        for (deck, input) in answer.decks.iter().zip(&request.decks) {
            out!("{}", render_written(lang, &input.field, deck))?;
        }
        if answer.reports.len() > 1 {
            outln!("{}", summary_line(lang, &answer.summary))?;
        }
    }
    Ok(exit_for(&answer))
}

/// A report as a person reads it.
fn render_text(
    lang: Lang,
    label: &str,
    judged: &Judged,
    answer: &deckcheck_core::Validated,
    game: &dyn AnyGame,
) -> String {
    use std::fmt::Write;
    let report = &judged.report;
    let name = game
        .info()
        .format(&report.format)
        .map_or(report.format.clone(), |f| f.name.clone());
    let mut out = say(
        lang,
        "check-verdict",
        [
            ("label", text(label)),
            ("format", text(name)),
            ("date", text(report.as_of.to_string())),
            ("verdict", text(report.verdict.as_str())),
        ],
    );
    out.push('\n');
    for d in judged
        .decks
        .iter()
        .flat_map(|i| answer.decks[*i].diagnostics.iter())
    {
        let mark = if d.severity == Severity::Error {
            "!"
        } else {
            "~"
        };
        let _ = writeln!(out, "  {mark} {} [{}] {}", d.at, d.code, d.message);
        for c in &d.candidates {
            let _ = writeln!(
                out,
                "      {}",
                say(lang, "check-did-you-mean", [("card", text(as_listed(c)))])
            );
        }
    }
    // `x` a rule surely broken; `?` one that rests on a fact the data marks unconfirmed, which
    // stays uncertain beside the certain ones of an illegal deck (issue 36).
    for v in &report.violations {
        let deck = v.deck.map(|d| format!("deck {d}: ")).unwrap_or_default();
        let mark = if v.is_certain() { "x" } else { "?" };
        let _ = writeln!(
            out,
            "  {mark} {deck}{} [{}] {}",
            v.code,
            v.section,
            v.message()
        );
        if let Some(why) = &v.caveat {
            let _ = writeln!(out, "      ({why})");
        }
    }
    for n in &report.notes {
        let section = n
            .section
            .as_deref()
            .map(|s| format!(" [{s}]"))
            .unwrap_or_default();
        let note = say(lang, "check-note", []);
        let _ = writeln!(out, "  {note}{section} {}", n.message);
    }
    let _ = writeln!(
        out,
        "  {}",
        say(
            lang,
            "check-card-data",
            [("catalog", text(&*report.catalog))]
        )
    );
    out
}

/// A card as a suggestion names it: `Chief Chirpa | Defiant Elder (HMW_164)`, or in the language
/// the list was written in, `Häuptling Chirpa | Kühner Ältester (de: Chief Chirpa | Defiant
/// Elder, HMW_164)`.
fn as_listed(c: &deckcheck_core::CardRef) -> String {
    match &c.written {
        Some(w) => format!("{} ({}: {}, {})", w.name, w.lang, c.name(), c.id),
        None => format!("{} ({})", c.name(), c.id),
    }
}

/// The cards a deck names in other languages, each as written and by its English name, once per
/// deck whatever the number of formats (issue 28); nothing for a list in English.
fn render_written(lang: Lang, label: &str, deck: &deckcheck_core::DeckAnswer) -> String {
    use std::fmt::Write;
    let lines: Vec<&deckcheck_core::LineView> = deck
        .view
        .iter()
        .flat_map(|v| &v.sections)
        .flat_map(|s| &s.lines)
        .filter(|l| l.card.written.is_some())
        .collect();
    let mut out = String::new();
    if lines.is_empty() {
        return out;
    }
    let _ = writeln!(
        out,
        "{}",
        say(
            lang,
            "check-written",
            [
                ("label", text(label)),
                ("count", l10n::number(lines.len() as u64)),
            ],
        )
    );
    for l in lines {
        let Some(w) = &l.card.written else { continue };
        let at = l
            .card
            .line
            .map(|n| say(lang, "check-at-line", [("line", l10n::number(n))]))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  {at}{} ({}) = {} ({})",
            w.name,
            w.lang,
            l.card.name(),
            l.card.id
        );
    }
    out
}

fn run_window(args: &WindowArgs) -> Result<ExitCode> {
    let game = args.game.load()?;
    let mut options = Map::new();
    if let Some(p) = &args.pool_format {
        options.insert("pool_format".into(), Value::String(p.clone()));
    }
    let request = ValidateRequest {
        decks: inputs(&args.files, game.as_ref())?,
        formats: vec![args.format.clone()],
        as_of: today(),
        input_format: None,
        explain: false,
        player: None,
        uid: None,
        registration: false,
        options,
    };
    let lang = args.lang.lang();
    let mut window = game
        .window(&request, args.from, args.until)
        .map_err(|e| anyhow::anyhow!("{}", e.message))?;
    window.localize(lang);
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&window)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    for f in &window.formats {
        let name = game
            .info()
            .format(&f.format)
            .map_or(f.format.clone(), |x| x.name.clone());
        outln!("{name}:")?;
        for i in &f.intervals {
            let mut said = vec![
                ("from", text(i.from.to_string())),
                ("verdict", text(i.verdict.as_str())),
            ];
            let interval = match i.until {
                None => say(lang, "window-from", said),
                Some(until) => {
                    said.push(("until", text(until.to_string())));
                    say(lang, "window-from-until", said)
                }
            };
            outln!("  {interval}")?;
            for c in &i.changes {
                outln!(
                    "      {}",
                    say(lang, "window-because", [("change", text(c.as_str()))])
                )?;
            }
            for v in &i.opened {
                outln!("      x {} [{}] {}", v.code, v.section, v.message())?;
            }
            for c in &i.closed {
                let violation = deckcheck_core::window::closed_in_words(c);
                outln!(
                    "      {}",
                    say(lang, "window-no-longer", [("violation", text(violation))])
                )?;
            }
            if let Some(b) = &i.boundary {
                outln!("      ({b})")?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn run_convert(args: &ConvertArgs) -> Result<ExitCode> {
    let game = args.game.load()?;
    let deck = read_deck(&args.file, game.as_ref())?;
    let to = match args.to {
        OutputArg::Swudb => "swudb",
        OutputArg::Text => "text",
    };
    let (text, diagnostics) = game
        .convert(&deck, args.input_format.as_deref(), to)
        .map_err(|e| anyhow::anyhow!("{}", e.message))?;
    for d in &diagnostics {
        errln!(
            "{}: {}",
            if d.blocks_verdict() {
                "error"
            } else {
                "warning"
            },
            d.message
        );
    }
    let blocking = diagnostics.iter().filter(|d| d.blocks_verdict()).count();
    if blocking > 0 && !args.force {
        errln!("deckcheck: {blocking} line(s) could not be resolved; fix them or pass --force");
        return Ok(ExitCode::from(1));
    }
    if text.ends_with('\n') {
        out!("{text}")?;
    } else {
        outln!("{text}")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn run_diff(args: &DiffArgs) -> Result<ExitCode> {
    if args
        .format
        .as_deref()
        .is_some_and(|f| f.split(',').count() > 1 || f.trim().eq_ignore_ascii_case("all"))
    {
        bail!(
            "a deck check is made for the event's one format; give --format with one format, not a list or all"
        );
    }
    let game = args.game.load()?;
    let input = |file: &Path| read_deck(file, game.as_ref());
    let request = CompareRequest {
        registered: input(&args.registered)?,
        presented: input(&args.presented)?,
        extra: args.deck_box.as_deref().map(input).transpose()?,
        format: args.format.clone(),
        as_of: args.as_of.unwrap_or_else(today),
    };
    let comparison = game.compare(&request).map_err(|e| {
        let details = e
            .details
            .and_then(|d| serde_json::to_string(&d).ok())
            .map(|d| format!(": {d}"))
            .unwrap_or_default();
        anyhow::anyhow!("{}{details}", e.message)
    })?;
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&comparison)?)?;
    } else {
        let lang = args.lang.lang();
        let verdict = match comparison.verdict {
            ComparisonVerdict::Match => "match",
            ComparisonVerdict::LegalSideboarding => "legal-sideboarding",
            ComparisonVerdict::Mismatch => "mismatch",
        };
        outln!(
            "{}",
            say(lang, "diff-verdict", [("verdict", text(verdict))])
        )?;
        let counts = |c: &std::collections::BTreeMap<&str, u64>| {
            c.iter()
                .map(|(k, v)| format!("{v} {k}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        outln!(
            "  {}",
            say(
                lang,
                "diff-counts",
                [
                    ("registered", text(counts(&comparison.registered))),
                    ("presented", text(counts(&comparison.presented))),
                ],
            )
        )?;
        for f in &comparison.findings {
            outln!(
                "  {} {} [{}] {}",
                if f.mismatch { "x" } else { "-" },
                f.code,
                f.section,
                f.message
            )?;
        }
        for n in &comparison.notes {
            outln!("  {}", say(lang, "diff-note", [("note", text(n.as_str()))]))?;
        }
    }
    Ok(match comparison.verdict {
        ComparisonVerdict::Mismatch => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    })
}

fn run_fingerprint(args: &FingerprintArgs) -> Result<()> {
    let game = args.game.load()?;
    let deck = read_deck(&args.file, game.as_ref())?;
    let answer = game
        .fingerprint(
            &deck,
            args.input_format.as_deref(),
            args.as_of.unwrap_or_else(today),
        )
        .map_err(|e| {
            let details = e
                .details
                .and_then(|d| serde_json::to_string(&d).ok())
                .map(|d| format!(": {d}"))
                .unwrap_or_default();
            anyhow::anyhow!("{}{details}", e.message)
        })?;
    if args.json {
        let mut out = serde_json::to_value(&answer)?;
        out["game"] = json!(game.info().id);
        out["file"] = json!(deck.field);
        outln!("{}", serde_json::to_string_pretty(&out)?)?;
    } else {
        for d in &answer.diagnostics {
            errln!("warning: {}", d.message);
        }
        outln!("{}", answer.fingerprint)?;
    }
    Ok(())
}

fn run_sync(args: &SyncArgs) -> Result<()> {
    let spec = games::spec(&args.game).with_context(|| format!("unknown game {:?}", args.game))?;
    let data_dir = args.data_dir.clone().unwrap_or_else(default_data_dir);
    let to = args
        .to
        .clone()
        .unwrap_or_else(|| catalog_dir(spec, &data_dir));
    let env = (spec.id == "swu")
        .then(|| std::env::var("DECKCHECK_UPSTREAM").ok())
        .flatten()
        .filter(|v| !v.trim().is_empty());
    let from = args
        .from
        .clone()
        .or(env)
        .unwrap_or_else(|| spec.source.default_upstream().to_string());
    let limits = HttpLimits {
        request: std::time::Duration::from_secs(args.timeout),
        ..HttpLimits::SYNC
    };
    let fetch = fetch_from(&from, limits, spec.id)?;
    // The game's other upstreams: each its public one when the main one is public, else the
    // same upstream (a mirror holds both); `--names-from` names the card names' own.
    let others = spec.source.also_from();
    let has_names = others.iter().any(|u| u.name == "names");
    if !has_names && (args.names_from.is_some() || args.locales.is_some()) {
        bail!(
            "{} has no card names in other languages: --locales and --names-from are for swu",
            spec.name
        );
    }
    let mut opened = Vec::new();
    for upstream in others {
        let base = match (&args.names_from, upstream.name) {
            (Some(names), "names") => names.clone(),
            _ => upstream.beside(&from, spec.source.default_upstream()),
        };
        opened.push((upstream.name, fetch_from(&base, limits, spec.id)?));
    }
    let progress = |what: &str| errln!("deckcheck: {what}");
    let options = SyncOptions {
        max_shrink: args.max_shrink.clamp(0.0, 1.0),
        allow_removed: args.allow_removed.clone(),
        deadline: None,
        progress: &progress,
        locales: args.locales.clone(),
        also_from: opened.iter().map(|(n, f)| (*n, f.as_ref())).collect(),
    };
    let synced = sync(spec.source, fetch.as_ref(), &to, &options)?;
    let records: usize = synced.manifest.items.values().sum();
    let unchanged = synced
        .manifest
        .files
        .values()
        .filter(|f| f.unchanged)
        .count();
    // The day the upstream's data is of, where the source can tell (Legion HQ, issue 36).
    let of = synced
        .manifest
        .snapshot
        .as_deref()
        .map(|day| format!("; the data is of {day}"))
        .unwrap_or_default();
    outln!(
        "synced {} {} ({} items, {records} records, {unchanged} files unchanged) from {} into {} at {}{of}",
        spec.name,
        spec.id,
        synced.manifest.items.len(),
        synced.manifest.source,
        to.display(),
        synced.manifest.synced_at
    )?;
    Ok(())
}

impl StoreArgs {
    /// Opens the store (and brings its schema up to date) in `runtime`.
    fn open(&self, runtime: &tokio::runtime::Runtime) -> Result<Store> {
        let data_dir = self.data_dir.clone().unwrap_or_else(default_data_dir);
        let location = Location::from_settings(self.database_url.as_deref(), &data_dir)?;
        runtime
            .block_on(Store::open(&location))
            .with_context(|| format!("cannot open the event store {location:?}"))
    }
}

fn run_events(command: EventsCommand) -> Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let now = jiff::Timestamp::now();
    match command {
        EventsCommand::Create(args) => {
            let game = args.game.load()?;
            let store = StoreArgs {
                database_url: args.database_url.clone(),
                data_dir: args.game.data_dir.clone(),
            }
            .open(&runtime)?;
            let format = if args.format.trim().is_empty() {
                formats_asked(game.as_ref(), "").join("")
            } else {
                args.format.clone()
            };
            let tier = args
                .tier
                .as_deref()
                .map(|t| serde_json::from_value::<Tier>(Value::String(t.to_ascii_lowercase())))
                .transpose()
                .context("--tier is casual, relaxed, competitive or master")?;
            let options = args
                .options
                .as_deref()
                .map(serde_json::from_str::<Map<String, Value>>)
                .transpose()
                .context("--options is a JSON object")?;
            let new = NewEvent {
                name: args.name.clone(),
                game: game.info().id.to_string(),
                format,
                date: args.date,
                tier,
                locks_at: args.locks_at,
                illegal_lists: args.pending.then_some(IllegalLists::Pending),
                options,
            };
            let created = runtime.block_on(store.create_event(game.as_ref(), new, now))?;
            if args.json {
                outln!("{}", serde_json::to_string_pretty(&created)?)?;
            } else {
                let e = &created.event;
                outln!(
                    "event {} created: {} ({} {}, {})",
                    e.id,
                    e.name,
                    e.game,
                    e.format,
                    e.date
                )?;
                outln!("registration code: {}", e.registration_code)?;
                outln!(
                    "organizer token (shown once, keep it): {}",
                    created.organizer_token
                )?;
            }
            Ok(ExitCode::SUCCESS)
        }
        EventsCommand::Lock(args) => {
            let store = args.store.open(&runtime)?;
            let event = runtime
                .block_on(store.lock(&deckcheck_store::Access::operator(&args.event), now))?;
            outln!(
                "event {} locked at {}",
                event.id,
                event.locked_at.map(|t| t.to_string()).unwrap_or_default()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        EventsCommand::Roster(args) => {
            let store = args.store.open(&runtime)?;
            let event = runtime.block_on(store.event(&Access::operator(&args.event)))?;
            let roster = runtime.block_on(store.roster(&Access::operator(&args.event)))?;
            if args.json {
                outln!(
                    "{}",
                    serde_json::to_string_pretty(&json!({ "event": event, "players": roster }))?
                )?;
            } else {
                outln!(
                    "{} ({} {}, {}): {} players{}",
                    event.name,
                    event.game,
                    event.format,
                    event.date,
                    roster.len(),
                    if event.is_locked(now) { ", locked" } else { "" }
                )?;
                for r in &roster {
                    outln!(
                        "  {:<22} {:<24} {:<10} {:<8} {:<10} v{} checks {}",
                        r.id,
                        r.player,
                        r.uid,
                        serde_json::to_value(r.state)?.as_str().unwrap_or(""),
                        serde_json::to_value(r.verdict)?.as_str().unwrap_or(""),
                        r.version,
                        r.checks
                    )?;
                }
            }
            let pending = roster.iter().any(|r| r.state == State::Pending);
            Ok(ExitCode::from(u8::from(pending)))
        }
        EventsCommand::Export(args) => {
            let store = args.store.open(&runtime)?;
            let export = runtime.block_on(store.export(&Access::operator(&args.event)))?;
            let text = serde_json::to_string_pretty(&export)? + "\n";
            match &args.output {
                Some(file) => std::fs::write(file, text)
                    .with_context(|| format!("cannot write {}", file.display()))?,
                None => out!("{text}")?,
            }
            Ok(ExitCode::SUCCESS)
        }
        EventsCommand::Import(args) => {
            let store = args.store.open(&runtime)?;
            let text = read_text(&args.file)?;
            let export: EventExport = serde_json::from_str(&text)
                .with_context(|| format!("{} is not an event export", args.file.display()))?;
            let event = runtime.block_on(store.import(&export))?;
            outln!(
                "event {} ({}) imported: {} players",
                event.id,
                event.name,
                export.registrations.len()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        EventsCommand::List(args) => {
            let store = args.open(&runtime)?;
            for e in runtime.block_on(store.events())? {
                outln!(
                    "{}  {}  {} {}  {}  code {}{}",
                    e.id,
                    e.date,
                    e.game,
                    e.format,
                    e.name,
                    e.registration_code,
                    if e.is_locked(now) { "  locked" } else { "" }
                )?;
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn run_serve(settings: Settings) -> Result<()> {
    settings.check().map_err(anyhow::Error::msg)?;
    init_logging(settings.log_format);
    actix_web_main(settings)
}

/// Binds, then loads the games' data off the event loop (a first start syncs it): `/health`
/// answers at once, `/ready` once the data is in place, and a line says so then with the
/// event store and each game's data (`deckcheck ready`).
#[actix_web::main]
async fn actix_web_main(settings: Settings) -> Result<()> {
    let addr = settings.addr;
    // The event store first: one that cannot be opened (a read-only data directory, a
    // database that does not answer) stops the start at once, saying so, before anything
    // binds or loads.
    let store = deckcheck_server::open_store(&settings)?;
    // A first start fetches the data; offline, `../shared` where the README points (issue 36).
    let load: deckcheck_server::Loader = Box::new(crate::start::load);
    let app = Application::build_loading(settings, store, load)
        .with_context(|| format!("cannot listen on {addr}"))?;
    tracing::info!(
        address = %addr.ip(),
        port = app.port(),
        metrics_port = app.metrics_port(),
        "deckcheck serving"
    );
    app.run_until_stopped().await.context("the service stopped")
}

/// Logs to stderr, as text lines or JSON objects; `RUST_LOG` sets the level (default info).
/// Text is coloured only on a terminal (never in a file or a pipe), and never with `NO_COLOR`.
fn init_logging(format: LogFormat) {
    use std::io::IsTerminal;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let colour = std::io::stderr().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(colour);
    let _ = match format {
        LogFormat::Json => builder.json().try_init(),
        LogFormat::Text => builder.try_init(),
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use deckcheck_core::Summary;

    #[test]
    fn the_summary_line_names_the_formats_that_need_a_pool() {
        // Issue 18, item 5: the CLI says what the API's summary says.
        let mut summary = Summary {
            legal: vec!["premier".into()],
            illegal: vec!["twin-suns".into()],
            unverified: vec!["sealed".into(), "draft".into()],
            ..Summary::default()
        };
        summary.needs.insert("sealed".into(), vec!["pool"]);
        summary.needs.insert("draft".into(), vec!["pool"]);
        assert_eq!(
            summary_line(Lang::En, &summary),
            "legal in: premier; illegal in: twin-suns; draft needs a pool to be judged; sealed needs a pool to be judged"
        );
        summary.unverified.push("eternal".into());
        assert!(summary_line(Lang::En, &summary).ends_with("; cannot be judged: eternal"));
    }

    #[test]
    fn a_deck_check_for_all_formats_is_refused() {
        // Issue 18, item 10: a deck check is made for the event's one format.
        let cli = Cli::try_parse_from(["deckcheck", "diff", "a.txt", "b.txt", "--format", "all"])
            .unwrap();
        let Command::Diff(args) = cli.command else {
            panic!("not a diff");
        };
        let err = run_diff(&args).unwrap_err().to_string();
        assert!(err.contains("one format"), "{err}");
    }
}
