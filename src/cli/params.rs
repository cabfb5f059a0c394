//! `bramble params`: the search's tunable parameters (`crate::search::params`) in
//! OpenBench's SPSA input format, one a line: `NAME, int, default, min, max, c_end, r_end`.

use std::process::ExitCode;

use clap::Args;

use super::common::CliResult;
use crate::search::params::ALL;

#[derive(Args)]
pub struct ParamsArgs {}

pub(super) fn params_command(_args: ParamsArgs) -> CliResult {
    for param in ALL {
        println!("{}", param.spsa_line());
    }
    Ok(ExitCode::SUCCESS)
}
