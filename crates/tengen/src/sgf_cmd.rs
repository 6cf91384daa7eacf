//! `tengen check` and `tengen score`: SGF records replayed and counted under their rules.

use std::path::PathBuf;

use clap::Args;
use tengen_core::Rules;
use tengen_sgf::cli::{DeadStones, ScoreOptions, check_command, score_command};

#[derive(Args)]
pub(crate) struct CheckArgs {
    /// SGF files to check.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

#[derive(Args)]
pub(crate) struct ScoreArgs {
    /// SGF files to count.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Rules for every game instead of each record's RU, e.g. "japanese" or "aga,scoring=area".
    #[arg(long)]
    rules: Option<Rules>,
    /// Which stones are dead: `marked` (inside the other colour's TB/TW marks) or `none`.
    #[arg(long, default_value = "none")]
    dead: DeadStones,
    /// One JSON object per game.
    #[arg(long)]
    json: bool,
}

/// Exits 0 when every game is readable and legal, 1 when a move is illegal, 2 when a file
/// cannot be read.
pub(crate) fn check(args: CheckArgs) -> ! {
    let code = check_command(
        &args.files,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    std::process::exit(code)
}

pub(crate) fn score(args: ScoreArgs) -> ! {
    let options = ScoreOptions {
        rules: args.rules,
        dead: args.dead,
        json: args.json,
    };
    let code = score_command(
        &args.files,
        &options,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    std::process::exit(code)
}
