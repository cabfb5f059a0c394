//! What the tools share: the error that picks the exit status, reading the files named on
//! the command line and checking the ones to be written, the position argument, and the
//! parsers of counts. A leaf: it imports no tool.

use std::fmt;
use std::process::ExitCode;

/// What went wrong, and the exit status it earns.
pub(super) enum CliError {
    /// The command line itself is wrong in a way `clap` does not check (status 2).
    Usage(String),
    /// The command could not do its work (status 1).
    Failed(String),
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(why) | CliError::Failed(why) => f.write_str(why),
        }
    }
}

pub(super) type CliResult = Result<ExitCode, CliError>;

pub(super) fn read_bytes(path: &str) -> Result<Vec<u8>, CliError> {
    std::fs::read(path).map_err(|e| CliError::Failed(format!("cannot read {path}: {e}")))
}

pub(super) fn read_file(path: &str) -> Result<String, CliError> {
    Ok(String::from_utf8_lossy(&read_bytes(path)?).into_owned())
}

/// The FEN of a position argument, given as one quoted argument or as several words;
/// `startpos`, as UCI's `position startpos` says it, is the start position's FEN.
pub(super) fn fen_argument(words: &[String]) -> String {
    let fen = words.join(" ");
    if fen.trim() == "startpos" { crate::position::START_FEN.to_string() } else { fen }
}

/// Fails now, before minutes of work, when `path` cannot be written: it is opened for
/// appending (an existing file is left as it is), and removed again if this made it.
pub(super) fn check_writable(path: &str) -> Result<(), CliError> {
    let existed = std::path::Path::new(path).exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| CliError::Failed(format!("cannot write {path}: {e}")))?;
    if !existed {
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

/// `n` and the noun, plural unless `n` is 1: "1 thread", "2 threads".
pub(super) fn counted(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

/// A count that must be at least 1, with a message that says so (clap's range parser
/// would print `0 is not in 1..18446744073709551615`).
pub(super) fn at_least_one<T: TryFrom<u64>>(text: &str) -> Result<T, String> {
    let value: u64 = text.trim().parse().map_err(|_| format!("'{text}' is not a whole number"))?;
    if value == 0 {
        return Err("must be at least 1".to_string());
    }
    T::try_from(value).map_err(|_| format!("{value} is too large"))
}

/// The threads a tool was given, or one per core.
pub(super) fn threads_or_cores(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
}
