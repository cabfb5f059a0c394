//! Progress of a long command on stderr: a bar (indicatif) when stderr is a terminal, and
//! plain lines, at most one per interval, when it is a file or a pipe (logs, CI, tests).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

pub(super) struct Progress {
    bar: Option<ProgressBar>,
    /// Plain lines: when the last was written, and how often they may be.
    last_line: Option<Instant>,
    interval: Duration,
}

impl Progress {
    /// Progress towards `total` units; plain lines at most every `interval`.
    pub fn new(total: u64, unit: &str, interval: Duration) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let template = format!("{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {unit} {{msg}} (eta {{eta}})");
            let style = ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar());
            ProgressBar::new(total).with_style(style.progress_chars("=> "))
        });
        Progress { bar, last_line: None, interval }
    }

    /// `done` units so far; `line` is what a plain log shows (built only when shown), and
    /// `message` what follows the bar.
    pub fn update(&mut self, done: u64, message: impl FnOnce() -> String, line: impl FnOnce() -> String) {
        match &self.bar {
            Some(bar) => {
                bar.set_position(done);
                bar.set_message(message());
            }
            None => {
                let due = self.last_line.is_none_or(|last| last.elapsed() >= self.interval);
                if due {
                    self.last_line = Some(Instant::now());
                    eprintln!("{}", line());
                }
            }
        }
    }

    /// A line always shown: above the bar, or as a plain line.
    pub fn line(&self, line: &str) {
        match &self.bar {
            Some(bar) => bar.println(line),
            None => eprintln!("{line}"),
        }
    }

    /// The last state, always shown: the bar ends, or the last plain line is written.
    pub fn finish(&mut self, done: u64, line: String) {
        if let Some(bar) = self.bar.take() {
            bar.set_position(done);
            bar.finish_and_clear();
        }
        eprintln!("{line}");
    }
}
