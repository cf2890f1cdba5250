//! The `deckcheck` command: parses the command line and hands over to [`deckcheck::cli`].

fn main() -> std::process::ExitCode {
    deckcheck::cli::main()
}
