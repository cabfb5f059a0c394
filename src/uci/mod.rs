//! The UCI front end: a thread reads stdin line by line, the main thread parses each line
//! and hands it to the [`Controller`]. Searches run on their own thread, so `isready`, `stop`
//! and `ponderhit` are answered at once.

pub mod command;
pub mod controller;
pub mod options;
pub mod report;

use std::io::{self, BufRead, IsTerminal, Write};
use std::sync::Arc;
use std::sync::mpsc::{self, Sender};

use command::{Command, ParseError};

pub use controller::{Controller, Output};

/// Longer lines are dropped (a `position` with 100 000 moves still fits).
const MAX_LINE_BYTES: usize = 8 << 20;

enum Input {
    Line(String),
    TooLong,
}

/// Runs the UCI loop until `quit` or the end of stdin. A person at a terminal is greeted
/// with one line, as other engines do; a GUI (a pipe) is not.
pub fn run() -> io::Result<()> {
    if io::stdin().is_terminal() {
        println!("{}", banner());
    }
    let (sender, receiver) = mpsc::channel();
    std::thread::Builder::new().name("stdin".into()).spawn(move || read_lines(io::stdin().lock(), &sender))?;
    serve(receiver);
    Ok(())
}

/// The greeting at a terminal: the engine's name, version and authors.
pub fn banner() -> String {
    format!("{} by {}", crate::engine::NAME, crate::engine::AUTHOR)
}

/// Runs `lines` as UCI input, then ends as at the end of input (a tool's work finishes, a
/// search is stopped): the form OpenBench uses, `bramble "setoption name ..." bench quit`.
/// Stdin is not read.
pub fn run_commands(lines: Vec<String>) {
    let (sender, receiver) = mpsc::channel();
    for line in lines {
        // The receiver is right here: the send cannot fail.
        let _ = sender.send(Input::Line(line));
    }
    drop(sender);
    serve(receiver);
}

/// Hands each line to a controller that prints to stdout, until `quit` or the last line.
fn serve(receiver: mpsc::Receiver<Input>) {
    let output: Output = Arc::new(|line: &str| {
        let mut out = io::stdout().lock();
        // If the GUI has gone, there is no one left to tell.
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    });
    let mut engine = Controller::new(output);
    for input in receiver {
        let line = match input {
            Input::Line(line) => line,
            Input::TooLong => {
                engine.info_string(&format!("line longer than {} MiB ignored", MAX_LINE_BYTES >> 20));
                continue;
            }
        };
        match line.parse::<Command>() {
            Ok(command) => {
                if !engine.handle(command) {
                    return;
                }
            }
            Err(ParseError::Empty) => {}
            Err(error) => engine.info_string(&error.to_string()),
        }
    }
    // End of input: finish like `quit` (a tool finishes, a running search still prints
    // its bestmove).
    engine.close_job();
}

/// Splits input at CR, LF or CRLF (an empty line between CR and LF is ignored later).
/// Bytes that are not UTF-8 become U+FFFD and so unknown tokens.
fn read_lines(mut input: impl BufRead, sender: &Sender<Input>) {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if chunk.is_empty() {
            break;
        }
        let end = chunk.iter().position(|&b| b == b'\n' || b == b'\r');
        let take = end.unwrap_or(chunk.len());
        if line.len() + take > MAX_LINE_BYTES {
            too_long = true;
        } else {
            line.extend_from_slice(&chunk[..take]);
        }
        input.consume(end.map_or(take, |e| e + 1));
        if end.is_some() && !deliver(&mut line, &mut too_long, sender) {
            return;
        }
    }
    // A last line without a line end still counts.
    if !line.is_empty() || too_long {
        deliver(&mut line, &mut too_long, sender);
    }
}

fn deliver(line: &mut Vec<u8>, too_long: &mut bool, sender: &Sender<Input>) -> bool {
    let input = if *too_long { Input::TooLong } else { Input::Line(String::from_utf8_lossy(line).into_owned()) };
    line.clear();
    *too_long = false;
    sender.send(input).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<String> {
        let (sender, receiver) = mpsc::channel();
        read_lines(bytes, &sender);
        drop(sender);
        receiver
            .into_iter()
            .map(|input| match input {
                Input::Line(line) => line,
                Input::TooLong => "<too long>".into(),
            })
            .collect()
    }

    #[test]
    fn splits_at_every_kind_of_line_end() {
        assert_eq!(lines(b"uci\nisready\r\nstop\rquit"), ["uci", "isready", "", "stop", "quit"]);
        assert_eq!(lines(b"go \xff\xfe depth 1\n"), ["go \u{fffd}\u{fffd} depth 1"]);
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn drops_only_the_overlong_line() {
        let mut input = vec![b'x'; MAX_LINE_BYTES + 10];
        input.extend_from_slice(b"\nisready\n");
        assert_eq!(lines(&input), ["<too long>", "isready"]);
    }
}
