//! The command-line tools: `bench`, `perft`, `perft-suite`, `epd`, `tb`, `book`,
//! `datagen`, `convert` and `tune`. Results go to stdout, progress to stderr; a bad argument or an unreadable
//! file gives one error line and a non-zero exit status.

mod book;
mod convert;
mod datagen;
mod tablebase;
mod tune;

use std::fmt;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::engine::NAME;
use crate::epd::{self, EpdLimit};
use crate::perft;
use crate::position::{Position, uci_move};
use crate::search::{SearchSession, Signals};
use crate::time::per_second;

const USAGE: &str = "\
usage:
  bramble                      speak UCI on stdin/stdout
  bramble bench [depth]        search the bench positions; last line: <N> nodes <M> nps
  bramble perft <depth> [fen] [--divide] [--chess960] [--compare]
  bramble perft-suite <file> [--max-depth D] [--chess960]
  bramble epd <file> [--movetime ms | --depth D | --nodes N]
  bramble tb <fen> --path <dirs>  probe Syzygy tables: wdl (-2..2), dtz, bestmove
  bramble book probe [fen] [--file F]
  bramble book build --pgn F [--max-ply N] [--min-games N] --out F
  bramble book build --tree F[,F...] [--first SAN,...] [--depth D] [--margin CP] [--max-ply N]
                     [--max-moves N[,N...]] [--threads N] [--hash MB] [--report F] --out F
  bramble datagen --out F [--positions N] [--threads T] [--nodes K] [--random-plies R]
                  [--seed S] [--openings F] [--format text|binary] [--append]
                  self-play positions: FEN | score | result, or 32-byte records
  bramble convert --to binary|text <in> <out>   training data: text <-> 32-byte bulletformat
  bramble tune --data F[,F...] [--start current|plain] [--epochs N] [--lr X] [--threads T]
               [--keep-tables] [--result-weight W] [--held-out F] [--out F]
               fit the evaluation weights; writes src/eval/weights.rs
  bramble help | --version";

/// What went wrong, and the exit status it earns.
enum CliError {
    /// The command line itself is wrong (status 2).
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

type CliResult = Result<ExitCode, CliError>;

pub fn run(args: &[String]) -> ExitCode {
    let (tool, rest) = match args.split_first() {
        Some((tool, rest)) => (tool.as_str(), rest),
        None => return ExitCode::SUCCESS,
    };
    let tools = ["bench", "perft", "perft-suite", "epd", "tb", "book", "datagen", "convert", "tune"];
    if tools.contains(&tool) && rest.iter().any(|arg| arg == "--help" || arg == "-h") {
        println!("{}", usage_of(tool));
        return ExitCode::SUCCESS;
    }
    let result = match tool {
        "bench" => bench(rest),
        "perft" => perft_command(rest),
        "perft-suite" => perft_suite(rest),
        "epd" => epd_command(rest),
        "tb" => tablebase::tablebase_command(rest),
        "book" => book::book_command(rest),
        "datagen" => datagen::datagen_command(rest),
        "convert" => convert::convert_command(rest),
        "tune" => tune::tune_command(rest),
        "help" | "--help" | "-h" => {
            println!("{NAME}\n{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        "--version" | "version" => {
            println!("{NAME}");
            Ok(ExitCode::SUCCESS)
        }
        other => Err(CliError::Usage(format!("unknown command '{other}'"))),
    };
    match result {
        Ok(code) => code,
        Err(CliError::Usage(why)) => {
            eprintln!("bramble: {why} (see 'bramble help')");
            ExitCode::from(2)
        }
        Err(CliError::Failed(why)) => {
            eprintln!("bramble: {why}");
            ExitCode::FAILURE
        }
    }
}

/// The lines of `USAGE` that describe `tool` (its own lines and their continuations).
fn usage_of(tool: &str) -> String {
    let own = |line: &str| {
        let command = line.trim_start().strip_prefix("bramble ").unwrap_or("");
        command == tool || command.starts_with(&format!("{tool} "))
    };
    let mut lines = vec!["usage:"];
    let mut inside = false;
    for line in USAGE.lines().skip(1) {
        if line.trim_start().starts_with("bramble") {
            inside = own(line);
        }
        if inside {
            lines.push(line);
        }
    }
    lines.join("\n")
}

/// Splits `--flag [value]` options from positional arguments. `valued` lists the flags
/// that take a value.
struct Args<'a> {
    positional: Vec<&'a str>,
    flags: Vec<(&'a str, Option<&'a str>)>,
}

impl<'a> Args<'a> {
    fn parse(args: &'a [String], switches: &[&str], valued: &[&str]) -> Result<Args<'a>, CliError> {
        let mut parsed = Args { positional: Vec::new(), flags: Vec::new() };
        let mut iter = args.iter().map(String::as_str);
        while let Some(arg) = iter.next() {
            if switches.contains(&arg) {
                parsed.flags.push((arg, None));
            } else if valued.contains(&arg) {
                let value = iter.next().ok_or_else(|| CliError::Usage(format!("{arg} needs a value")))?;
                parsed.flags.push((arg, Some(value)));
            } else if arg.starts_with("--") {
                return Err(CliError::Usage(format!("unknown option '{arg}'")));
            } else {
                parsed.positional.push(arg);
            }
        }
        Ok(parsed)
    }

    fn has(&self, flag: &str) -> bool {
        self.flags.iter().any(|(f, _)| *f == flag)
    }

    fn text(&self, flag: &str) -> Option<&'a str> {
        self.flags.iter().rev().find(|(f, _)| *f == flag).and_then(|(_, value)| *value)
    }

    fn value<T: std::str::FromStr>(&self, flag: &str) -> Result<Option<T>, CliError> {
        match self.flags.iter().rev().find(|(f, _)| *f == flag) {
            Some((_, Some(text))) => number(flag, text).map(Some),
            _ => Ok(None),
        }
    }
}

fn number<T: std::str::FromStr>(what: &str, text: &str) -> Result<T, CliError> {
    text.parse().map_err(|_| CliError::Usage(format!("{what}: '{text}' is not a valid number")))
}

fn read_file(path: &str) -> Result<String, CliError> {
    let bytes = std::fs::read(path).map_err(|e| CliError::Failed(format!("cannot read {path}: {e}")))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn bench(args: &[String]) -> CliResult {
    let args = Args::parse(args, &[], &[])?;
    let depth = match args.positional.as_slice() {
        [] => crate::bench::DEFAULT_DEPTH,
        [depth] => number("depth", depth)?,
        _ => return Err(CliError::Usage("bench takes at most one argument, the depth".into())),
    };
    if !(1..=crate::search::MAX_DEPTH).contains(&depth) {
        return Err(CliError::Usage(format!("bench depth must be from 1 to {}", crate::search::MAX_DEPTH)));
    }
    let count = crate::bench::POSITIONS.len();
    let signals = Signals::default();
    let total = crate::bench::run(depth, &signals, &mut |index, line| {
        eprintln!(
            "position {:>2}/{count}: {:>9} nodes  {:>5} ms  bestmove {}  {}",
            index + 1,
            line.nodes,
            line.elapsed.as_millis(),
            line.best_move,
            line.fen
        );
    })
    .ok_or_else(|| CliError::Failed("bench stopped".into()))?;
    println!("{} nodes {} nps", total.nodes, per_second(total.nodes, total.elapsed));
    Ok(ExitCode::SUCCESS)
}

fn perft_command(args: &[String]) -> CliResult {
    let args = Args::parse(args, &["--divide", "--chess960", "--compare"], &[])?;
    let (depth, fen) = match args.positional.split_first() {
        Some((depth, fen)) => (number::<u32>("depth", depth)?, fen.join(" ")),
        None => return Err(CliError::Usage("perft needs a depth".into())),
    };
    if depth > perft::MAX_DEPTH {
        return Err(CliError::Usage(format!("perft depth must be at most {}", perft::MAX_DEPTH)));
    }
    let mode = perft::castling_mode(args.has("--chess960"));
    let pos = if fen.is_empty() {
        Position::startpos()
    } else {
        Position::from_fen(&fen, mode).map_err(|e| CliError::Failed(e.to_string()))?.0
    };
    let never = AtomicBool::new(false);

    // --compare: shakmaty's own perft on the same position; each side's best of three runs,
    // taken in turns, so that a busy moment of the machine does not decide the ratio.
    let rounds = if args.has("--compare") { 3 } else { 1 };
    let mut reference: Option<(u64, Duration)> = None;
    let mut best: Option<(u64, Duration)> = None;
    let mut split = Vec::new();
    for _ in 0..rounds {
        if args.has("--compare") {
            let start = Instant::now();
            let nodes = shakmaty::perft(pos.chess(), depth);
            let elapsed = start.elapsed();
            reference = Some((nodes, reference.map_or(elapsed, |(_, t)| t.min(elapsed))));
        }
        let start = Instant::now();
        let nodes = if args.has("--divide") {
            split = perft::divide(&pos, depth, &never);
            if depth == 0 { 1 } else { split.iter().map(|(_, n)| n).sum() }
        } else {
            perft::perft(&pos, depth, &never)
        };
        let elapsed = start.elapsed();
        best = Some((nodes, best.map_or(elapsed, |(_, t)| t.min(elapsed))));
    }
    let (nodes, elapsed) = best.unwrap_or((0, Duration::ZERO));
    if args.has("--divide") {
        for (m, count) in &split {
            println!("{}: {count}", uci_move(*m, mode));
        }
        println!();
    }

    if let Some((reference_nodes, reference_time)) = reference {
        println!("shakmaty::perft: {reference_nodes} nodes {} nps", per_second(reference_nodes, reference_time));
        let ratio = reference_time.as_secs_f64() / elapsed.as_secs_f64().max(1e-9);
        println!("speed of bramble perft / shakmaty::perft: {ratio:.3}");
        if reference_nodes != nodes {
            return Err(CliError::Failed(format!("counts differ: shakmaty {reference_nodes}, bramble {nodes}")));
        }
    }
    println!("{nodes} nodes {} nps", per_second(nodes, elapsed));
    Ok(ExitCode::SUCCESS)
}

fn perft_suite(args: &[String]) -> CliResult {
    let args = Args::parse(args, &["--chess960"], &["--max-depth"])?;
    let [path] = args.positional.as_slice() else {
        return Err(CliError::Usage("perft-suite needs exactly one file".into()));
    };
    let max_depth: u32 = args.value("--max-depth")?.unwrap_or(perft::MAX_DEPTH).min(perft::MAX_DEPTH);
    let mode = perft::castling_mode(args.has("--chess960"));
    let entries = perft::parse_suite(&read_file(path)?).map_err(|e| CliError::Failed(format!("{path}: {e}")))?;
    let never = AtomicBool::new(false);
    let (mut checks, mut failures) = (0, 0);
    for (index, entry) in entries.iter().enumerate() {
        let start = Instant::now();
        let mut verdicts = Vec::new();
        match Position::from_fen(&entry.fen, mode) {
            Ok((pos, _)) => {
                for &(depth, expected) in entry.counts.iter().filter(|(d, _)| *d <= max_depth) {
                    let got = perft::perft(&pos, depth, &never);
                    checks += 1;
                    if got == expected {
                        verdicts.push(format!("D{depth} ok"));
                    } else {
                        failures += 1;
                        verdicts.push(format!("D{depth} FAIL expected {expected} got {got}"));
                    }
                }
            }
            Err(error) => {
                failures += 1;
                verdicts.push(format!("FAIL {error}"));
            }
        }
        println!(
            "{}/{} {} | {} | {} ms",
            index + 1,
            entries.len(),
            entry.fen,
            verdicts.join(", "),
            start.elapsed().as_millis()
        );
    }
    println!("positions {}, checks {checks}, failures {failures}", entries.len());
    Ok(if failures == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

fn epd_command(args: &[String]) -> CliResult {
    let args = Args::parse(args, &[], &["--movetime", "--depth", "--nodes"])?;
    let [path] = args.positional.as_slice() else {
        return Err(CliError::Usage("epd needs exactly one file".into()));
    };
    let limits = [
        args.value::<u64>("--movetime")?.map(|ms| EpdLimit::MoveTime(Duration::from_millis(ms))),
        args.value::<i32>("--depth")?.map(|d| EpdLimit::Depth(d.clamp(1, crate::search::MAX_DEPTH))),
        args.value::<u64>("--nodes")?.map(EpdLimit::Nodes),
    ];
    let limit = match limits.into_iter().flatten().collect::<Vec<_>>().as_slice() {
        [] => EpdLimit::MoveTime(Duration::from_millis(1000)),
        [one] => *one,
        _ => return Err(CliError::Usage("give one of --movetime, --depth, --nodes".into())),
    };
    let text = read_file(path)?;
    let mut session = SearchSession::new(16);
    let (mut solved, mut total, mut bad) = (0, 0, 0);
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let record = match epd::parse_record(line, index + 1) {
            Ok(record) => record,
            Err(error) => {
                eprintln!("bramble: {path}: {error}");
                bad += 1;
                continue;
            }
        };
        let outcome = epd::solve(&record, limit, &mut session);
        total += 1;
        solved += usize::from(outcome.solved);
        println!(
            "{}  expected {}  played {}  {}  {} ms",
            record.id,
            record.expected,
            outcome.played,
            if outcome.solved { "ok" } else { "miss" },
            outcome.elapsed.as_millis()
        );
    }
    println!("solved {solved}/{total}");
    if bad > 0 {
        return Err(CliError::Failed(format!("{bad} records of {path} could not be read")));
    }
    Ok(ExitCode::SUCCESS)
}
