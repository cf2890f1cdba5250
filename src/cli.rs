//! The command line: `deckcheck check` and its output, for people (text) and programs (`--json`).
//!
//! Exit codes: 0 every deck legal, 1 some deck illegal or not fully read, 2 input or data that
//! cannot be used (a file that is not a deck, a missing catalog, a bad flag).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context as _, Result, bail};
use clap::{Parser, Subcommand, ValueEnum};
use jiff::civil::Date;
use serde::Serialize;

use crate::catalog::CatalogError;
use crate::checker::{Checker, LoadError, default_cards_dir};
use crate::data::FormatId;
use crate::decklist::{
    ImportError, Imported, InputFormat, Severity, import, to_swudb_json, to_text,
};
use crate::http::Application;
use crate::rules::{CheckOptions, Report, Status};
use crate::settings::{LogFormat, Settings};

#[derive(Parser)]
#[command(
    name = "deckcheck",
    version,
    about = "Star Wars: Unlimited deck legality, by format and date"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check deck lists (SWUDB JSON, melee.gg, picklist or plain text; `-` reads standard
    /// input) for a format on a date.
    Check(CheckArgs),
    /// Read a deck list in any format and write it resolved, as SWUDB JSON or text.
    Convert(ConvertArgs),
    /// Deck check: is the presented deck the registered one? Exit 0 when it is (legal
    /// sideboarding included), 1 when not, 2 when an input cannot be used.
    Diff(DiffArgs),
    /// Run the HTTP service (configured by DECKCHECK_* environment variables; see the README).
    Serve,
    /// Fetch the card catalog from the card API (or a local mirror) and replace the local one
    /// atomically; on any failure the local catalog is left as it was.
    Sync(SyncArgs),
}

#[derive(clap::Args)]
struct DiffArgs {
    /// The list the player registered (any input format).
    registered: PathBuf,
    /// The cards the player presented (any input format).
    presented: PathBuf,
    /// Other cards found in the deck box: they count as sideboard (TR 3.1.2).
    #[arg(long = "box", value_name = "FILE")]
    deck_box: Option<PathBuf>,
    /// The format, for the main deck minimum after sideboarding.
    #[arg(long, value_enum, default_value = "premier")]
    format: FormatArg,
    /// The date of the event (default: today).
    #[arg(long, value_name = "YYYY-MM-DD")]
    as_of: Option<Date>,
    /// Print the comparison as JSON.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    data: DataArgs,
}

#[derive(clap::Args)]
struct SyncArgs {
    /// Where to fetch from: the API's base URL, or a directory mirroring its responses.
    #[arg(long, env = "DECKCHECK_UPSTREAM", default_value = crate::sync::DEFAULT_UPSTREAM)]
    from: String,
    /// The catalog directory to replace (default: DECKCHECK_CARDS, else the default location).
    #[arg(long, env = "DECKCHECK_CARDS", value_name = "DIR")]
    to: Option<PathBuf>,
    /// Refuse a set that lost more than this fraction of its printings.
    #[arg(long, default_value_t = 0.10)]
    max_shrink: f64,
    /// Seconds one request may take.
    #[arg(long, default_value_t = 60)]
    timeout: u64,
}

#[derive(Clone, Copy, ValueEnum)]
enum InputArg {
    /// Tell from the content.
    Auto,
    Swudb,
    Picklist,
    Text,
}

impl InputArg {
    fn format(self) -> Option<InputFormat> {
        match self {
            Self::Auto => None,
            Self::Swudb => Some(InputFormat::SwudbJson),
            Self::Picklist => Some(InputFormat::Picklist),
            Self::Text => Some(InputFormat::Text),
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum OutputArg {
    /// SWUDB JSON, the exchange format of deck sites.
    Swudb,
    /// melee.gg-style text.
    Text,
}

#[derive(clap::Args)]
struct ConvertArgs {
    /// What to write.
    #[arg(long, value_enum, default_value = "swudb")]
    to: OutputArg,
    /// The input's format.
    #[arg(long, value_enum, default_value = "auto")]
    input_format: InputArg,
    /// Write even if some lines could not be resolved (they are left out, and listed on stderr).
    #[arg(long)]
    force: bool,
    #[command(flatten)]
    data: DataArgs,
    /// The deck list; `-` for standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,
}

/// Where the card data comes from.
#[derive(clap::Args)]
struct DataArgs {
    /// Directory of the card catalog (swu-db format).
    #[arg(long, env = "DECKCHECK_CARDS", value_name = "DIR")]
    cards: Option<PathBuf>,
    /// Directory of legality data to use instead of the embedded card_data/.
    #[arg(long, env = "DECKCHECK_CARD_DATA", value_name = "DIR")]
    card_data: Option<PathBuf>,
}

impl DataArgs {
    fn load(&self) -> Result<Checker> {
        let cards = self.cards.clone().unwrap_or_else(default_cards_dir);
        Checker::load(&cards, self.card_data.as_deref()).with_context(|| {
            format!(
                "cannot load the card data (give --cards DIR or set DECKCHECK_CARDS; looked in {})",
                cards.display()
            )
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    Premier,
    Eternal,
    TwinSuns,
    Trilogy,
    Sealed,
    Draft,
    /// Every format the input can be judged in.
    All,
}

#[derive(Clone, Copy, ValueEnum)]
enum TrilogyPool {
    Premier,
    Eternal,
}

#[derive(clap::Args)]
struct CheckArgs {
    /// The format to check.
    #[arg(long, value_enum, default_value = "premier")]
    format: FormatArg,
    /// The date of the event, YYYY-MM-DD (default: today).
    #[arg(long, value_name = "YYYY-MM-DD")]
    as_of: Option<Date>,
    /// Sealed/draft: the cards the player opened or drafted (a deck-shaped list; all sections count).
    #[arg(long, value_name = "FILE")]
    pool: Option<PathBuf>,
    /// Sealed/draft: the event's set, for "any Common base of the set" (default: inferred from the pool).
    #[arg(long, value_name = "SET")]
    event_set: Option<String>,
    /// Trilogy: play with the Premier or the Eternal card pool (CR 9.3.2D).
    #[arg(long, value_enum, default_value = "premier")]
    trilogy_pool: TrilogyPool,
    /// Also check the list is complete for a Competitive-tier event (TR 3.1.3).
    #[arg(long)]
    competitive: bool,
    /// The player's first and last name, for --competitive (default: the list's metadata).
    #[arg(long)]
    player: Option<String>,
    /// The player's UID, for --competitive (default: the list's metadata).
    #[arg(long)]
    uid: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// The input's format.
    #[arg(long, value_enum, default_value = "auto")]
    input_format: InputArg,
    #[command(flatten)]
    data: DataArgs,
    /// Deck list files; `-` for standard input. Trilogy takes its three decks as three files.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
}

/// Runs the command line and maps the outcome to an exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => match run_check(&args) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::from(1),
            Err(e) => {
                if args.json {
                    let body = serde_json::json!({ "error": format!("{e:#}") });
                    println!("{body}");
                } else {
                    eprintln!("deckcheck: {e:#}");
                }
                ExitCode::from(2)
            }
        },
        Command::Diff(args) => match run_diff(&args) {
            Ok(code) => code,
            Err(e) => {
                eprintln!("deckcheck: {e:#}");
                ExitCode::from(2)
            }
        },
        Command::Sync(args) => match run_sync(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("deckcheck: sync failed, the local catalog is unchanged: {e:#}");
                ExitCode::from(2)
            }
        },
        Command::Serve => match run_serve() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("deckcheck: {e:#}");
                ExitCode::from(2)
            }
        },
        Command::Convert(args) => match run_convert(&args) {
            Ok(code) => code,
            Err(e) => {
                eprintln!("deckcheck: {e:#}");
                ExitCode::from(2)
            }
        },
    }
}

/// The upstream a `--from` value names: a URL, or a mirror directory.
fn upstream_of(from: &str, timeout: std::time::Duration) -> Result<Box<dyn crate::sync::Upstream>> {
    if from.starts_with("http://") || from.starts_with("https://") {
        Ok(Box::new(crate::sync::HttpUpstream::new(from, timeout)?))
    } else {
        Ok(Box::new(crate::sync::DirUpstream::new(Path::new(from))?))
    }
}

fn run_diff(args: &DiffArgs) -> Result<ExitCode> {
    let checker = args.data.load()?;
    let read_clean = |file: &Path| -> Result<Imported> {
        let imported = read_deck(&checker, file, None)?;
        let errors: Vec<_> = imported
            .diagnostics
            .iter()
            .filter(|d| d.blocks_verdict())
            .map(|d| d.message.as_str())
            .collect();
        if !errors.is_empty() {
            bail!(
                "{} has lines that cannot be read: {}",
                file.display(),
                errors.join("; ")
            );
        }
        Ok(imported)
    };
    let registered = read_clean(&args.registered)?;
    let presented = read_clean(&args.presented)?;
    let deck_box = args.deck_box.as_deref().map(read_clean).transpose()?;
    let format = match args.format {
        FormatArg::Eternal => FormatId::Eternal,
        FormatArg::TwinSuns => FormatId::TwinSuns,
        FormatArg::Trilogy => FormatId::Trilogy,
        FormatArg::Sealed => FormatId::Sealed,
        FormatArg::Draft => FormatId::Draft,
        FormatArg::Premier | FormatArg::All => FormatId::Premier,
    };
    let as_of = args.as_of.unwrap_or_else(|| jiff::Zoned::now().date());
    let comparison = crate::judge::compare(
        &checker,
        &registered.deck,
        &presented.deck,
        deck_box.as_ref().map(|i| &i.deck),
        format,
        as_of,
    );
    if args.json {
        println!("{}", serde_json::to_string_pretty(&comparison)?);
    } else {
        let verdict = match comparison.verdict {
            crate::judge::Verdict::Match => "MATCH: the presented deck is the registered one",
            crate::judge::Verdict::LegalSideboarding => {
                "LEGAL SIDEBOARDING: exchanges within TR 4.6.2"
            }
            crate::judge::Verdict::Mismatch => {
                "MISMATCH: the presented deck is not the registered one"
            }
        };
        println!("{verdict}");
        println!(
            "  registered: {} main, {} sideboard; presented: {} main, {} sideboard",
            comparison.registered.main,
            comparison.registered.sideboard,
            comparison.presented.main,
            comparison.presented.sideboard
        );
        for f in &comparison.findings {
            println!(
                "  {} {} [{}] {}",
                if f.mismatch { "x" } else { "-" },
                f.code,
                f.section,
                f.message
            );
        }
    }
    Ok(match comparison.verdict {
        crate::judge::Verdict::Mismatch => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    })
}

fn run_sync(args: &SyncArgs) -> Result<()> {
    let to = args.to.clone().unwrap_or_else(default_cards_dir);
    let upstream = upstream_of(
        &args.from,
        std::time::Duration::from_secs(args.timeout.max(1)),
    )?;
    let options = crate::sync::SyncOptions {
        max_shrink: args.max_shrink.clamp(0.0, 1.0),
    };
    let manifest = crate::sync::sync(&to, upstream.as_ref(), &options)?;
    let printings: usize = manifest.sets.values().map(|s| s.printings).sum();
    let unchanged = manifest.sets.values().filter(|s| s.unchanged).count();
    println!(
        "synced {} sets ({printings} printings, {unchanged} unchanged) from {} into {} at {}",
        manifest.sets.len(),
        manifest.source,
        to.display(),
        manifest.synced_at
    );
    Ok(())
}

fn run_serve() -> Result<()> {
    let settings = Settings::from_env().map_err(anyhow::Error::msg)?;
    init_logging(settings.log_format);
    let checker = match Checker::load(&settings.cards, settings.card_data.as_deref()) {
        Err(LoadError::Catalog(CatalogError::NotFound { .. } | CatalogError::NoCardFiles { .. })) => {
            // A new machine: fetch the catalog first, the way `deckcheck sync` does.
            tracing::info!(from = settings.upstream, to = %settings.cards.display(), "no card catalog yet; syncing");
            let upstream = upstream_of(&settings.upstream, std::time::Duration::from_secs(60))?;
            crate::sync::sync(&settings.cards, upstream.as_ref(), &crate::sync::SyncOptions::default())
                .with_context(|| {
                    format!(
                        "there is no card catalog at {} and it could not be fetched from {}. \
                         Offline, point DECKCHECK_CARDS at a local mirror (a directory of swu-db card files, \
                         e.g. ../shared/data/swu/cards) or run `deckcheck sync --from DIR`",
                        settings.cards.display(),
                        settings.upstream
                    )
                })?;
            Checker::load(&settings.cards, settings.card_data.as_deref())
        }
        other => other,
    }
    .with_context(|| {
        format!(
            "cannot load the card data from {} (set DECKCHECK_CARDS to a directory of swu-db card files)",
            settings.cards.display()
        )
    })?;
    for problem in &checker.links.unlinked {
        tracing::warn!(problem, "legality data names a card the catalog lacks");
    }
    tracing::info!(
        catalog = checker.catalog.version(),
        cards = checker.catalog.cards().len(),
        "card data loaded"
    );
    actix_web::rt::System::new().block_on(async move {
        let addr = settings.addr;
        let app = Application::build(settings, checker)
            .with_context(|| format!("cannot listen on {addr}"))?;
        tracing::info!(address = %addr.ip(), port = app.port(), "deckcheck serving");
        app.run_until_stopped().await.context("the server stopped")
    })
}

/// Logs to stderr, as text lines or JSON objects; `RUST_LOG` sets the level (default info).
fn init_logging(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // A line when each request's span closes: method, route, status, request id and time taken.
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_span_events(tracing_subscriber::fmt::format::FmtSpan::CLOSE)
        .with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Json => builder.json().try_init(),
        LogFormat::Text => builder.try_init(),
    };
}

fn run_convert(args: &ConvertArgs) -> Result<ExitCode> {
    let checker = args.data.load()?;
    let imported = read_deck(&checker, &args.file, args.input_format.format())?;
    let blocking: Vec<_> = imported
        .diagnostics
        .iter()
        .filter(|d| d.blocks_verdict())
        .collect();
    for d in &imported.diagnostics {
        eprintln!(
            "{}: {}",
            if d.blocks_verdict() {
                "error"
            } else {
                "warning"
            },
            d.message
        );
    }
    if !blocking.is_empty() && !args.force {
        eprintln!(
            "deckcheck: {} line(s) could not be resolved; fix them or pass --force",
            blocking.len()
        );
        return Ok(ExitCode::from(1));
    }
    match args.to {
        OutputArg::Swudb => println!("{}", to_swudb_json(&checker.catalog, &imported.deck)?),
        OutputArg::Text => print!("{}", to_text(&checker.catalog, &imported.deck)),
    }
    Ok(ExitCode::SUCCESS)
}

/// One answer: a report and the files it judged.
#[derive(Serialize)]
struct Labeled<'a> {
    files: Vec<String>,
    #[serde(flatten)]
    report: &'a Report,
}

fn run_check(args: &CheckArgs) -> Result<bool> {
    let checker = args.data.load()?;
    let as_of = args.as_of.unwrap_or_else(|| jiff::Zoned::now().date());

    let mut inputs = Vec::new();
    for file in &args.files {
        let mut imported = read_deck(&checker, file, args.input_format.format())?;
        if args.player.is_some() {
            imported.deck.player.clone_from(&args.player);
        }
        if args.uid.is_some() {
            imported.deck.uid.clone_from(&args.uid);
        }
        inputs.push((file.display().to_string(), imported));
    }
    let pool = match &args.pool {
        Some(file) => {
            let imported = read_pool(&checker, file)?;
            if imported
                .diagnostics
                .iter()
                .any(|d| d.severity == Severity::Error)
            {
                bail!(
                    "the pool {} has entries that cannot be read: {}",
                    file.display(),
                    imported
                        .diagnostics
                        .iter()
                        .map(|d| d.message.as_str())
                        .collect::<Vec<_>>()
                        .join("; ")
                );
            }
            let mut pool = imported.pool;
            if args.event_set.is_some() {
                pool.event_set.clone_from(&args.event_set);
            }
            Some(pool)
        }
        None => None,
    };

    let formats: Vec<FormatId> = match args.format {
        FormatArg::All => {
            let mut f = vec![FormatId::Premier, FormatId::Eternal, FormatId::TwinSuns];
            if inputs.len() == 3 {
                f.push(FormatId::Trilogy);
            }
            if pool.is_some() {
                f.extend([FormatId::Sealed, FormatId::Draft]);
            }
            f
        }
        FormatArg::Premier => vec![FormatId::Premier],
        FormatArg::Eternal => vec![FormatId::Eternal],
        FormatArg::TwinSuns => vec![FormatId::TwinSuns],
        FormatArg::Trilogy => vec![FormatId::Trilogy],
        FormatArg::Sealed => vec![FormatId::Sealed],
        FormatArg::Draft => vec![FormatId::Draft],
    };

    let mut template = CheckOptions::new(FormatId::Premier, as_of);
    template.trilogy_pool = match args.trilogy_pool {
        TrilogyPool::Premier => FormatId::Premier,
        TrilogyPool::Eternal => FormatId::Eternal,
    };
    template.pool = pool;
    template.competitive = args.competitive;
    let imported: Vec<Imported> = inputs.iter().map(|(_, i)| i.clone()).collect();
    let reports: Vec<(Vec<String>, Report)> = checker
        .check_formats(&imported, &formats, &template)
        .into_iter()
        .map(|(decks, report)| (decks.map(|i| inputs[i].0.clone()).collect(), report))
        .collect();

    let all_legal = reports.iter().all(|(_, r)| r.legal);
    if args.json {
        let labeled: Vec<_> = reports
            .iter()
            .map(|(files, report)| Labeled {
                files: files.clone(),
                report,
            })
            .collect();
        let out = if let [one] = labeled.as_slice() {
            serde_json::to_string_pretty(one)?
        } else {
            serde_json::to_string_pretty(
                &serde_json::json!({ "legal": all_legal, "reports": labeled }),
            )?
        };
        println!("{out}");
    } else {
        for (files, report) in &reports {
            print!("{}", render_text(&files.join(" + "), report, &checker));
        }
    }
    Ok(all_legal)
}

/// Reads a file, or standard input for `-`, as UTF-8 text.
fn read_text(file: &Path) -> Result<String> {
    if file == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("cannot read standard input as UTF-8 text")?;
        return Ok(text);
    }
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    String::from_utf8(bytes).with_context(|| format!("{} is not UTF-8 text", file.display()))
}

fn read_pool(checker: &Checker, file: &Path) -> Result<crate::decklist::ImportedPool> {
    let text = read_text(file)?;
    crate::decklist::parse_pool(&checker.catalog, &text)
        .map_err(|e: ImportError| anyhow::anyhow!(e))
        .with_context(|| format!("{} cannot be used as a pool", file.display()))
}

fn read_deck(checker: &Checker, file: &Path, format: Option<InputFormat>) -> Result<Imported> {
    let text = read_text(file)?;
    import(&checker.catalog, &text, format)
        .map_err(|e: ImportError| anyhow::anyhow!(e))
        .with_context(|| format!("{} cannot be used", file.display()))
}

/// The report as a person reads it.
pub fn render_text(label: &str, report: &Report, checker: &Checker) -> String {
    use std::fmt::Write;
    let name = &checker.data.formats.get(report.format).name;
    let verdict = match report.status {
        Status::Legal => "LEGAL",
        Status::Illegal => "ILLEGAL",
        Status::Incomplete => "NOT VERIFIED (some entries could not be read)",
    };
    let mut out = format!("{label}: {name} on {}: {verdict}\n", report.as_of);
    for d in &report.diagnostics {
        let _ = writeln!(out, "  ! {} [{}] {}", d.at, serde_plain(&d.code), d.message);
        for c in &d.candidates {
            let _ = writeln!(out, "      did you mean {} ({})?", c.title_line(), c.id);
        }
    }
    for v in &report.violations {
        let deck = v.deck.map(|d| format!("deck {d}: ")).unwrap_or_default();
        let _ = writeln!(out, "  x {deck}{} [{}] {}", v.code, v.section, v.message);
        if let Some(why) = &v.unconfirmed {
            let _ = writeln!(out, "      (unconfirmed: {why})");
        }
    }
    for n in &report.notes {
        let _ = writeln!(out, "  note [{}] {}", n.section, n.message);
    }
    let _ = writeln!(out, "  card data {}", report.catalog);
    out
}

fn serde_plain<T: Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}
