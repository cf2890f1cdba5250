//! The `deckcheck` command: parses the command line and hands over to [`deckcheck::cli`].

/// mimalloc: a report is many small strings, and glibc's malloc was a quarter of a roster's time
/// (BENCHMARKS.md). The benchmarks use the same allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    deckcheck::cli::main()
}
