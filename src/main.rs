//! `bramble` speaks UCI; `bramble <tool> ...` runs a command-line tool; `bramble "uci
//! command" ...` runs UCI commands given as arguments (OpenBench's form).

use std::process::ExitCode;

use clap::Parser as _;

fn main() -> ExitCode {
    // Before anything else: an x86-64-v3 build on a processor without AVX2 says so here
    // rather than dying of an illegal instruction.
    if let Some(refusal) = bramble::cpu::check() {
        eprintln!("{refusal}");
        return ExitCode::FAILURE;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    if bramble::cli::are_uci_commands(&args) {
        bramble::uci::run_commands(args);
        return ExitCode::SUCCESS;
    }
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
