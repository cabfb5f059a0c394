//! `bramble` speaks UCI; `bramble <tool> ...` runs a command-line tool.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        return match bramble::uci::run() {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("bramble: {error}");
                ExitCode::FAILURE
            }
        };
    }
    bramble::cli::run(&args)
}
