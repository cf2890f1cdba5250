//! `deckcheck`: the command line and the HTTP service. `main` only hands over to [`cli`].

mod cli;
mod deck_link;
mod messages;
mod start;

fn main() -> std::process::ExitCode {
    cli::main()
}
