//! `bramble` speaks UCI; `bramble <tool> ...` runs a command-line tool.

use std::process::ExitCode;

use clap::Parser as _;

fn main() -> ExitCode {
    // A bad command line ends here: clap's message on stderr, exit status 2.
    let Some(tool) = bramble::cli::Cli::parse().command else {
        return match bramble::uci::run() {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("bramble: {error}");
                ExitCode::FAILURE
            }
        };
    };
    bramble::cli::run(tool)
}
