//! The command-line tools: `bench`, `perft`, `perft-suite`, `epd`, `eval`, `tb`, `book`,
//! `datagen`, `convert`, `data`, `tune`, `train` and `params`, parsed by `clap`. Results go to stdout, progress to
//! stderr; a bad command line gives exit status 2, a command that cannot do its work 1.
//!
//! This file only declares the tools and dispatches to them; what they share (the error
//! type, reading files, counts) is in `common.rs`, which imports none of them.

mod bench;
mod book;
mod common;
mod convert;
mod data;
mod datagen;
mod epd;
mod eval;
mod params;
mod perft;
mod progress;
mod tablebase;
mod train;
mod tune;

use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser, Subcommand};

use common::CliError;

/// Bramble, a UCI chess engine: with no command it speaks UCI on stdin/stdout
///
/// The commands are tools: results go to stdout, progress to stderr; a bad command line
/// ends with exit status 2, a command that cannot do its work with 1. `bramble <COMMAND>
/// --help` lists the arguments and options of a command.
#[derive(Parser)]
#[command(name = "bramble", display_name = "Bramble", version = crate::engine::VERSION)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Tool>,
}

/// The tools.
#[derive(Subcommand)]
pub enum Tool {
    // The help text as an attribute: rustdoc would read `<N>` as an HTML tag.
    #[command(about = "Search the bench positions to a fixed depth; last line: <N> nodes <M> nps")]
    Bench(bench::BenchArgs),
    /// Count the legal move tree of a position to a depth
    Perft(perft::PerftArgs),
    /// Check the counts of an EPD perft file (`;D1 20` operations)
    PerftSuite(perft::PerftSuiteArgs),
    /// Search the positions of an EPD test file and count the solved ones
    Epd(epd::EpdArgs),
    /// The static evaluation of a position and its parts (as the UCI command eval)
    Eval(eval::EvalArgs),
    /// Probe Syzygy tables: wdl (-2..2), dtz and the best move of one position
    Tb(tablebase::TbArgs),
    /// Probe or build a polyglot opening book
    Book(book::BookArgs),
    /// Self-play data: whole games (as data/ keeps them), FEN | score | result lines, or 32-byte records
    Datagen(datagen::DatagenArgs),
    /// Convert training data between text and 32-byte bulletformat records, games to either (or to the dense games form), PGN (fastchess) to any
    Convert(convert::ConvertArgs),
    /// Check the training data of data/ against its manifest, or describe new files
    Data(data::DataArgs),
    /// Fit the evaluation weights to training data; writes src/eval/weights.rs
    Tune(tune::TuneArgs),
    /// Train an NNUE network on games (data/) or 32-byte bulletformat records; writes a .nnue file
    Train(train::TrainArgs),
    /// The search's tunable parameters in OpenBench's SPSA input format (UCI options of a `--features tune` build)
    Params(params::ParamsArgs),
}

/// Runs one tool and gives its exit status.
pub fn run(tool: Tool) -> ExitCode {
    end_quietly_on_a_closed_pipe();
    let (name, result) = match tool {
        Tool::Bench(args) => ("bench", bench::bench(args)),
        Tool::Perft(args) => ("perft", perft::perft_command(args)),
        Tool::PerftSuite(args) => ("perft-suite", perft::perft_suite(args)),
        Tool::Epd(args) => ("epd", epd::epd_command(args)),
        Tool::Eval(args) => ("eval", eval::eval_command(args)),
        Tool::Tb(args) => ("tb", tablebase::tablebase_command(args)),
        Tool::Book(args) => ("book", book::book_command(args)),
        Tool::Datagen(args) => ("datagen", datagen::datagen_command(args)),
        Tool::Convert(args) => ("convert", convert::convert_command(args)),
        Tool::Data(args) => ("data", data::data_command(args)),
        Tool::Tune(args) => ("tune", tune::tune_command(args)),
        Tool::Train(args) => ("train", train::train_command(args)),
        Tool::Params(args) => ("params", params::params_command(args)),
    };
    match result {
        Ok(code) => code,
        Err(CliError::Usage(why)) => {
            // In clap's form, with the usage line of the tool.
            let mut command = Cli::command();
            command.build();
            let error = match command.find_subcommand_mut(name) {
                Some(tool) => tool.error(ErrorKind::ValueValidation, why),
                None => command.error(ErrorKind::ValueValidation, why),
            };
            // Nothing more can be said if stderr is gone.
            let _ = error.print();
            ExitCode::from(2)
        }
        Err(CliError::Failed(why)) => {
            eprintln!("bramble: {why}");
            ExitCode::FAILURE
        }
    }
}

/// Whether a command line is UCI commands rather than a tool: its first argument is
/// neither a tool's name (nor `help`) nor an option. `bramble bench` is the tool;
/// `bramble "setoption name Hash value 64" bench quit` is three UCI commands.
pub fn are_uci_commands(args: &[String]) -> bool {
    let Some(first) = args.first() else { return false };
    let tools = Cli::command();
    let is_tool = first == "help" || tools.get_subcommands().any(|tool| tool.get_name() == first);
    !is_tool && !first.starts_with('-')
}

/// A tool whose reader has gone (`bramble perft 5 --divide | head -1`) ends quietly, as
/// other Unix tools do, instead of panicking in `println!`: Rust ignores SIGPIPE, so a
/// write to a closed pipe is an error that `println!` turns into a panic; the default
/// action ends the process at once.
fn end_quietly_on_a_closed_pipe() {
    #[cfg(target_os = "linux")]
    // SAFETY: `signal` only sets how the process handles SIGPIPE, back to the default
    // action. It is called before the tool starts any thread or installs any handler of its
    // own, takes no pointer to our memory, and cannot fail for this valid signal number
    // (tested by `a_closed_pipe_ends_a_tool_quietly` in tests/tools.rs).
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    /// The ranges written in the help are the ones checked.
    #[test]
    fn the_help_gives_the_depth_limits() {
        let command = Cli::command();
        let help = |tool: &str, arg: &str| {
            let tool = command.find_subcommand(tool).expect("a tool");
            let arg = tool.get_arguments().find(|a| a.get_id() == arg).expect("an argument");
            arg.get_help().map(ToString::to_string).unwrap_or_default()
        };
        assert!(help("bench", "depth").contains(&format!("1 to {}", crate::search::MAX_DEPTH)));
        assert!(help("epd", "depth").contains(&format!("1 to {}", crate::search::MAX_DEPTH)));
        assert!(help("perft", "depth").contains(&format!("0 to {}", crate::perft::MAX_DEPTH)));
        assert!(help("perft-suite", "max_depth").contains(&format!("at most {}", crate::perft::MAX_DEPTH)));
    }
}
