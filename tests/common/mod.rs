//! Shared helpers for the integration tests: drive the real `bramble` binary over pipes,
//! and find `../shared/data` (tests over it print one skip line when it is missing).

#![allow(dead_code)] // each test binary uses a different part of this module

use std::io::{BufRead, BufReader, Write};
use std::ops::Deref;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// A position from FEN (standard castling); a bad FEN fails the test, naming it.
pub fn position(fen: &str) -> bramble::position::Position {
    bramble::position::Position::from_fen(fen, shakmaty::CastlingMode::Standard)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
        .0
}

pub const BINARY: &str = env!("CARGO_BIN_EXE_bramble");

/// isready and stop must be answered within this during a search. The engine answers in
/// well under a millisecond; a loaded 2-core machine's scheduling adds tens of
/// milliseconds, rarely more. The searches these tests interrupt run until stopped, so an
/// engine that answers only after its search misses any bound: two seconds are wide for
/// the first (no test bounds the wall clock tighter) and still catch the second.
#[allow(dead_code)]
pub const LATENCY_LIMIT: Duration = Duration::from_secs(2);

/// How long a test waits for a line that must come: longer than any bound a test
/// asserts, so that it only catches a hang.
#[allow(dead_code)]
pub const HANG_LIMIT: Duration = Duration::from_secs(10);

/// `../shared/data` beside the repository, if it is there. When it is not, the test
/// fails under CI (`CI` set, as `.ci/run` sets it), and elsewhere prints a loud skip line
/// straight to stderr (not through the test harness's capture).
pub fn shared_data(test: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if dir.is_dir() {
        return Some(dir);
    }
    let under_ci = std::env::var("CI").is_ok_and(|value| !value.is_empty() && value != "false" && value != "0");
    assert!(!under_ci, "{test}: ../shared/data is missing, and CI must run every data test");
    let _ = writeln!(std::io::stderr(), "{test}: SKIPPED: no ../shared/data (this test checked nothing)");
    None
}

/// Tests that measure time hold this while they run, so that within one test binary they
/// run one at a time and never compete with each other for a 2-core machine's cores.
pub fn timing_lock() -> MutexGuard<'static, ()> {
    static TIMING: Mutex<()> = Mutex::new(());
    TIMING.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A line of engine output and when it arrived.
pub struct Line {
    pub text: String,
    pub at: Instant,
}

/// The engine as a child process, with a reader thread collecting its stdout.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    /// Every line received so far, for failure messages.
    pub transcript: Vec<String>,
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(BINARY)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start bramble");
        let stdout = child.stdout.take().expect("stdout is piped");
        let stdin = child.stdin.take();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for text in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(Line { text, at: Instant::now() }).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines, transcript: Vec::new() }
    }

    /// Sends raw bytes (for malformed input); returns when they were written.
    pub fn send_bytes(&mut self, bytes: &[u8]) -> Instant {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).expect("write to bramble");
        stdin.flush().expect("flush to bramble");
        Instant::now()
    }

    pub fn send(&mut self, line: &str) -> Instant {
        self.send_bytes(format!("{line}\n").as_bytes())
    }

    /// Closes stdin (end of input).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next line within `timeout`, or `None`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<Line> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(line.text.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn read_until(&mut self, prefix: &str, timeout: Duration) -> Vec<Line> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let done = line.text.starts_with(prefix);
                    lines.push(line);
                    if done {
                        return lines;
                    }
                }
                None => panic!("no '{prefix}' within {timeout:?}; transcript:\n{}", self.transcript.join("\n")),
            }
        }
    }

    /// The first line starting with `prefix`.
    pub fn expect(&mut self, prefix: &str, timeout: Duration) -> Line {
        self.read_until(prefix, timeout).pop().expect("read_until returns the matching line")
    }

    /// Sends `isready` and waits for `readyok`; returns the lines before it.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines: Vec<String> =
            self.read_until("readyok", Duration::from_secs(10)).into_iter().map(|l| l.text).collect();
        lines.pop();
        lines
    }

    /// Lines that arrive within `wait` (to check that nothing unexpected is printed).
    pub fn drain(&mut self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut lines = Vec::new();
        while let Some(line) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            lines.push(line.text);
        }
        lines
    }

    /// The FEN the engine reports for its current position (`d`).
    pub fn fen(&mut self) -> String {
        self.send("d");
        let line = self.expect("Fen: ", Duration::from_secs(5));
        self.sync();
        line.text["Fen: ".len()..].to_string()
    }

    /// Runs a `go` to its `bestmove`; returns the info lines and the bestmove line.
    pub fn go(&mut self, go: &str, timeout: Duration) -> (Vec<String>, String) {
        self.send(go);
        let mut lines: Vec<String> = self.read_until("bestmove", timeout).into_iter().map(|l| l.text).collect();
        let best = lines.pop().expect("a bestmove line");
        (lines, best)
    }

    /// Waits for the process to end; its exit status code.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<i32> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line.
pub fn bestmove(line: &str) -> &str {
    line.split_whitespace().nth(1).unwrap_or("")
}

/// The value after `key` in an `info` line.
pub fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut tokens = line.split_whitespace();
    while let Some(token) = tokens.next() {
        if token == key {
            return tokens.next();
        }
    }
    None
}

/// `score cp N` or `score mate N` of an info line.
pub fn score(line: &str) -> Option<(String, i64)> {
    let mut tokens = line.split_whitespace();
    while let Some(token) = tokens.next() {
        if token == "score" {
            let kind = tokens.next()?.to_string();
            let value = tokens.next()?.parse().ok()?;
            return Some((kind, value));
        }
    }
    None
}

/// The last `info ... pv` line before the bestmove.
pub fn last_info(lines: &[String]) -> &str {
    lines.iter().rev().find(|l| l.starts_with("info depth")).map(String::as_str).unwrap_or("")
}

/// Runs `bramble args...`; (exit code, stdout, stderr).
pub fn run_cli(args: &[&str]) -> (i32, String, String) {
    let output = Command::new(BINARY).args(args).output().expect("run bramble");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A file in the temporary directory, removed when dropped.
pub struct TempFile(PathBuf);

impl TempFile {
    /// Writes `bytes` to a file named after this process, a count and `name`: tests run in
    /// parallel, and two of them may ask for the same name.
    pub fn new(name: &str, bytes: impl AsRef<[u8]>) -> TempFile {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let count = COUNT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("bramble-test-{}-{count}-{name}", std::process::id()));
        std::fs::write(&path, bytes).expect("write a temporary file");
        TempFile(path)
    }

    /// The path as text, for a command line.
    pub fn path(&self) -> String {
        self.0.to_string_lossy().into_owned()
    }
}

impl Deref for TempFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
