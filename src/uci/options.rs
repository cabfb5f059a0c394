//! The UCI options, declared once. The same table prints the `uci` listing and checks
//! every `setoption`, so the two cannot disagree.

use std::fmt;

use crate::strength;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionId {
    Hash,
    Threads,
    ClearHash,
    MoveOverhead,
    Ponder,
    MultiPv,
    Chess960,
    SyzygyPath,
    SyzygyProbeDepth,
    SyzygyProbeLimit,
    Syzygy50MoveRule,
    OwnBook,
    BookFile,
    BookDepth,
    BookBestMove,
    ShowWdl,
    LimitStrength,
    Elo,
    EvalFile,
    Evaluator,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    /// Free text; GUIs show the empty default as `<empty>`.
    String {
        default: &'static str,
    },
    /// One of a fixed list of words (`vars`), the default among them.
    Combo {
        default: &'static str,
        vars: &'static [&'static str],
    },
    Button,
}

pub struct OptionSpec {
    pub id: OptionId,
    pub name: &'static str,
    pub kind: OptionKind,
}

pub const DEFAULT_HASH_MB: i64 = 16;
pub const DEFAULT_MOVE_OVERHEAD_MS: i64 = 30;
pub const DEFAULT_SYZYGY_PROBE_DEPTH: i64 = 1;
pub const DEFAULT_SYZYGY_PROBE_LIMIT: i64 = 7;
/// `UCI_Elo` until set: a club player.
pub const DEFAULT_ELO: i64 = 1500;
/// Plies of a game the book may be used for; more than the shipped book holds.
pub const DEFAULT_BOOK_DEPTH: i64 = 20;
/// `EvalFile` naming the network built into the binary.
pub const BUILTIN_EVAL_FILE: &str = "<default>";
/// The `Evaluator` choices: the piece-square tables or the network (the default).
pub const EVALUATOR_TABLES: &str = "tables";
pub const EVALUATOR_NETWORK: &str = "network";

pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        id: OptionId::Hash,
        name: "Hash",
        kind: OptionKind::Spin { default: DEFAULT_HASH_MB, min: 1, max: 65536 },
    },
    OptionSpec { id: OptionId::Threads, name: "Threads", kind: OptionKind::Spin { default: 1, min: 1, max: 1024 } },
    OptionSpec { id: OptionId::ClearHash, name: "Clear Hash", kind: OptionKind::Button },
    OptionSpec {
        id: OptionId::MoveOverhead,
        name: "Move Overhead",
        kind: OptionKind::Spin { default: DEFAULT_MOVE_OVERHEAD_MS, min: 0, max: 5000 },
    },
    OptionSpec { id: OptionId::Ponder, name: "Ponder", kind: OptionKind::Check { default: false } },
    OptionSpec { id: OptionId::MultiPv, name: "MultiPV", kind: OptionKind::Spin { default: 1, min: 1, max: 256 } },
    OptionSpec { id: OptionId::Chess960, name: "UCI_Chess960", kind: OptionKind::Check { default: false } },
    OptionSpec { id: OptionId::SyzygyPath, name: "SyzygyPath", kind: OptionKind::String { default: "<empty>" } },
    OptionSpec {
        id: OptionId::SyzygyProbeDepth,
        name: "SyzygyProbeDepth",
        kind: OptionKind::Spin { default: DEFAULT_SYZYGY_PROBE_DEPTH, min: 1, max: 100 },
    },
    OptionSpec {
        id: OptionId::SyzygyProbeLimit,
        name: "SyzygyProbeLimit",
        kind: OptionKind::Spin { default: DEFAULT_SYZYGY_PROBE_LIMIT, min: 0, max: 7 },
    },
    OptionSpec { id: OptionId::Syzygy50MoveRule, name: "Syzygy50MoveRule", kind: OptionKind::Check { default: true } },
    OptionSpec { id: OptionId::OwnBook, name: "OwnBook", kind: OptionKind::Check { default: false } },
    OptionSpec { id: OptionId::BookFile, name: "BookFile", kind: OptionKind::String { default: "<empty>" } },
    OptionSpec {
        id: OptionId::BookDepth,
        name: "BookDepth",
        kind: OptionKind::Spin { default: DEFAULT_BOOK_DEPTH, min: 0, max: 1000 },
    },
    OptionSpec { id: OptionId::BookBestMove, name: "BookBestMove", kind: OptionKind::Check { default: false } },
    OptionSpec { id: OptionId::ShowWdl, name: "UCI_ShowWDL", kind: OptionKind::Check { default: false } },
    OptionSpec { id: OptionId::LimitStrength, name: "UCI_LimitStrength", kind: OptionKind::Check { default: false } },
    OptionSpec {
        id: OptionId::Elo,
        name: "UCI_Elo",
        kind: OptionKind::Spin { default: DEFAULT_ELO, min: strength::ELO_MIN, max: strength::ELO_MAX },
    },
    OptionSpec { id: OptionId::EvalFile, name: "EvalFile", kind: OptionKind::String { default: BUILTIN_EVAL_FILE } },
    OptionSpec {
        id: OptionId::Evaluator,
        name: "Evaluator",
        kind: OptionKind::Combo { default: EVALUATOR_NETWORK, vars: &[EVALUATOR_TABLES, EVALUATOR_NETWORK] },
    },
];

/// A checked option value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Spin(i64),
    Check(bool),
    /// The text as given; `<empty>` and a missing value are the empty string.
    String(String),
    /// The chosen word, as the option table spells it.
    Combo(&'static str),
    Button,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    Unknown { name: String },
    MissingValue { name: &'static str },
    NotANumber { name: &'static str, got: String },
    OutOfRange { name: &'static str, min: i64, max: i64, got: i64 },
    NotABoolean { name: &'static str, got: String },
    NotAChoice { name: &'static str, got: String, vars: &'static [&'static str] },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown { name } => write!(f, "unknown option '{name}'"),
            OptionError::MissingValue { name } => write!(f, "option '{name}' needs a value"),
            OptionError::NotANumber { name, got } => write!(f, "option '{name}' needs a whole number, not '{got}'"),
            OptionError::OutOfRange { name, min, max, got } => {
                write!(f, "option '{name}' must be from {min} to {max}, not {got}")
            }
            OptionError::NotABoolean { name, got } => write!(f, "option '{name}' must be true or false, not '{got}'"),
            OptionError::NotAChoice { name, got, vars } => {
                write!(f, "option '{name}' must be one of {}, not '{got}'", vars.join(", "))
            }
        }
    }
}

impl std::error::Error for OptionError {}

impl OptionSpec {
    /// The line for the `uci` listing.
    pub fn uci_line(&self) -> String {
        match self.kind {
            OptionKind::Spin { default, min, max } => {
                format!("option name {} type spin default {default} min {min} max {max}", self.name)
            }
            OptionKind::Check { default } => format!("option name {} type check default {default}", self.name),
            OptionKind::String { default } => format!("option name {} type string default {default}", self.name),
            OptionKind::Combo { default, vars } => {
                let vars: String = vars.iter().map(|var| format!(" var {var}")).collect();
                format!("option name {} type combo default {default}{vars}", self.name)
            }
            OptionKind::Button => format!("option name {} type button", self.name),
        }
    }

    fn parse_value(&self, value: Option<&str>) -> Result<OptionValue, OptionError> {
        let name = self.name;
        // `value` with nothing after it, as GUIs send a cleared field: the empty string
        // for a string option (its default), no value for the others.
        let value = match self.kind {
            OptionKind::String { .. } => value,
            _ => value.filter(|text| !text.trim().is_empty()),
        };
        match self.kind {
            OptionKind::Button => Ok(OptionValue::Button),
            OptionKind::String { .. } => {
                let text = value.unwrap_or_default().trim();
                Ok(OptionValue::String(if text == "<empty>" { String::new() } else { text.to_string() }))
            }
            OptionKind::Spin { min, max, .. } => {
                let text = value.ok_or(OptionError::MissingValue { name })?;
                let got: i64 = text.parse().map_err(|_| OptionError::NotANumber { name, got: text.to_string() })?;
                if (min..=max).contains(&got) {
                    Ok(OptionValue::Spin(got))
                } else {
                    Err(OptionError::OutOfRange { name, min, max, got })
                }
            }
            OptionKind::Combo { vars, .. } => {
                let text = value.ok_or(OptionError::MissingValue { name })?.trim();
                match vars.iter().find(|var| var.eq_ignore_ascii_case(text)) {
                    Some(var) => Ok(OptionValue::Combo(var)),
                    None => Err(OptionError::NotAChoice { name, got: text.to_string(), vars }),
                }
            }
            OptionKind::Check { .. } => {
                let text = value.ok_or(OptionError::MissingValue { name })?;
                match text.to_ascii_lowercase().as_str() {
                    "true" => Ok(OptionValue::Check(true)),
                    "false" => Ok(OptionValue::Check(false)),
                    _ => Err(OptionError::NotABoolean { name, got: text.to_string() }),
                }
            }
        }
    }
}

impl OptionId {
    fn spec(self) -> Option<&'static OptionSpec> {
        OPTIONS.iter().find(|spec| spec.id == self)
    }

    /// The default of a spin option, as the table lists it (0 for another kind; a test
    /// checks every spin option is found).
    pub fn default_spin(self) -> i64 {
        match self.spec().map(|spec| spec.kind) {
            Some(OptionKind::Spin { default, .. }) => default,
            _ => 0,
        }
    }

    /// The default of a check option, as the table lists it (false for another kind).
    pub fn default_check(self) -> bool {
        matches!(self.spec().map(|spec| spec.kind), Some(OptionKind::Check { default: true }))
    }

    /// The default of a combo option, as the table lists it (empty for another kind).
    pub fn default_combo(self) -> &'static str {
        match self.spec().map(|spec| spec.kind) {
            Some(OptionKind::Combo { default, .. }) => default,
            _ => "",
        }
    }
}

impl OptionValue {
    /// The number of a spin value (`parse_setoption` gives each option its own kind).
    pub fn spin(&self) -> i64 {
        if let OptionValue::Spin(value) = self { *value } else { 0 }
    }

    /// The state of a check value.
    pub fn check(&self) -> bool {
        matches!(self, OptionValue::Check(true))
    }

    /// The word of a combo value.
    pub fn choice(&self) -> &'static str {
        if let OptionValue::Combo(word) = self { word } else { "" }
    }

    /// The text of a string value.
    pub fn text(self) -> String {
        if let OptionValue::String(text) = self { text } else { String::new() }
    }
}

/// Finds the option (names are case-insensitive) and checks the value against it.
pub fn parse_setoption(name: &str, value: Option<&str>) -> Result<(OptionId, OptionValue), OptionError> {
    let spec = OPTIONS
        .iter()
        .find(|spec| spec.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| OptionError::Unknown { name: name.to_string() })?;
    Ok((spec.id, spec.parse_value(value)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listing_matches_the_uci_grammar() {
        let lines: Vec<String> = OPTIONS.iter().map(OptionSpec::uci_line).collect();
        assert_eq!(lines[0], "option name Hash type spin default 16 min 1 max 65536");
        assert!(lines.contains(&"option name Clear Hash type button".to_string()));
        assert!(lines.contains(&"option name UCI_Chess960 type check default false".to_string()));
        assert!(lines.contains(&"option name SyzygyPath type string default <empty>".to_string()));
        assert!(lines.contains(&"option name SyzygyProbeLimit type spin default 7 min 0 max 7".to_string()));
        assert!(lines.contains(&"option name EvalFile type string default <default>".to_string()));
        assert!(lines.contains(&"option name Evaluator type combo default network var tables var network".to_string()));
    }

    #[test]
    fn defaults_come_from_the_table() {
        for spec in OPTIONS {
            assert_eq!(spec.id.spec().map(|found| found.name), Some(spec.name));
            match spec.kind {
                OptionKind::Spin { default, .. } => assert_eq!(spec.id.default_spin(), default),
                OptionKind::Check { default } => assert_eq!(spec.id.default_check(), default),
                OptionKind::Combo { default, vars } => {
                    assert_eq!(spec.id.default_combo(), default);
                    assert!(vars.contains(&default), "{}", spec.name);
                }
                _ => {}
            }
        }
        assert_eq!(OptionId::Hash.default_spin(), 16);
        assert!(OptionId::Syzygy50MoveRule.default_check());
        assert!(!OptionId::OwnBook.default_check());
    }

    #[test]
    fn names_are_case_insensitive_and_values_checked() {
        assert_eq!(parse_setoption("hash", Some("64")), Ok((OptionId::Hash, OptionValue::Spin(64))));
        assert_eq!(parse_setoption("move overhead", Some("0")), Ok((OptionId::MoveOverhead, OptionValue::Spin(0))));
        assert_eq!(parse_setoption("PONDER", Some("True")), Ok((OptionId::Ponder, OptionValue::Check(true))));
        assert_eq!(parse_setoption("Clear Hash", None), Ok((OptionId::ClearHash, OptionValue::Button)));
        let path = |text: &str| Ok((OptionId::SyzygyPath, OptionValue::String(text.to_string())));
        assert_eq!(parse_setoption("syzygypath", Some("/tb/a:/tb/b")), path("/tb/a:/tb/b"));
        assert_eq!(parse_setoption("SyzygyPath", Some("<empty>")), path(""));
        assert_eq!(parse_setoption("SyzygyPath", None), path(""));
        assert_eq!(
            parse_setoption("Hash", Some("0")),
            Err(OptionError::OutOfRange { name: "Hash", min: 1, max: 65536, got: 0 })
        );
        assert!(matches!(parse_setoption("Hash", Some("lots")), Err(OptionError::NotANumber { .. })));
        assert!(matches!(parse_setoption("Hash", None), Err(OptionError::MissingValue { .. })));
        assert_eq!(parse_setoption("threads", Some("16")), Ok((OptionId::Threads, OptionValue::Spin(16))));
        assert!(matches!(parse_setoption("Threads", Some("1025")), Err(OptionError::OutOfRange { .. })));
        assert!(matches!(parse_setoption("Ponder", Some("yes")), Err(OptionError::NotABoolean { .. })));
        assert!(matches!(parse_setoption("Hashish", Some("1")), Err(OptionError::Unknown { .. })));
        assert!(matches!(parse_setoption("Hash", Some("99999999999999999999")), Err(OptionError::NotANumber { .. })));
    }

    #[test]
    fn a_combo_takes_only_its_words() {
        let evaluator = |word: &'static str| Ok((OptionId::Evaluator, OptionValue::Combo(word)));
        assert_eq!(parse_setoption("evaluator", Some("network")), evaluator("network"));
        assert_eq!(parse_setoption("Evaluator", Some(" Tables ")), evaluator("tables"));
        let error = parse_setoption("Evaluator", Some("magic")).expect_err("not a choice");
        assert_eq!(error.to_string(), "option 'Evaluator' must be one of tables, network, not 'magic'");
        assert!(matches!(parse_setoption("Evaluator", None), Err(OptionError::MissingValue { .. })));
        assert_eq!(OptionId::Evaluator.default_combo(), "network");
        let file = |text: &str| Ok((OptionId::EvalFile, OptionValue::String(text.to_string())));
        assert_eq!(parse_setoption("EvalFile", Some("<default>")), file("<default>"));
        assert_eq!(parse_setoption("evalfile", Some("/nets/a.nnue")), file("/nets/a.nnue"));
    }

    #[test]
    fn an_empty_value_clears_a_string_and_is_missing_for_the_rest() {
        for name in ["EvalFile", "BookFile", "SyzygyPath"] {
            assert!(matches!(parse_setoption(name, Some("")), Ok((_, OptionValue::String(text))) if text.is_empty()));
        }
        for name in ["Hash", "Evaluator", "OwnBook"] {
            assert!(matches!(parse_setoption(name, Some(" ")), Err(OptionError::MissingValue { .. })), "{name}");
        }
    }
}
