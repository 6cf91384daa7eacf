//! `tengen gtp` (Tengen as a GTP engine on stdin/stdout) and `tengen match` (a referee for
//! matches between GTP engines).

use std::{
    io::{self, BufReader},
    path::PathBuf,
    time::Duration,
};

use anyhow::Context;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use tengen_core::{BoardSize, Komi, Rules};
use tengen_gtp::{Engine, MatchConfig, PlayerOptions, default_threads, run_match};

/// Arguments of `tengen gtp`.
#[derive(Args)]
pub(crate) struct GtpArgs {
    /// Rules in the text form of docs/rules.md (`aga`, `japanese,ko=capture-positional`, ...).
    #[arg(long, default_value = "japanese")]
    rules: Rules,
    /// Komi (overrides the rules' komi until the controller sends `komi`).
    #[arg(long)]
    komi: Option<Komi>,
    /// Seed of the random playouts (with one thread and `--playouts`, the same seed gives the
    /// same moves); by default a new one every run, so that games differ.
    #[arg(long)]
    seed: Option<u32>,
    /// Strength, 1 (a beginner who still captures and saves stones) to 10 (full strength).
    #[arg(long, default_value_t = 10, value_parser = tengen_gtp::parse_level)]
    level: u8,
    /// Playouts per move at most.
    #[arg(long, value_parser = tengen_gtp::parse_playouts)]
    playouts: Option<u64>,
    /// Seconds per move when the controller sets no clock (default 2 at level 10, unless
    /// `--playouts` is given).
    #[arg(long, value_parser = tengen_gtp::parse_seconds, allow_hyphen_values = true)]
    time: Option<Duration>,
    /// Search threads (default: the machine's cores).
    #[arg(long, value_parser = tengen_gtp::parse_threads)]
    threads: Option<usize>,
    /// Never resign.
    #[arg(long)]
    no_resign: bool,
}

/// Arguments of `tengen match`.
#[derive(Args)]
pub(crate) struct MatchArgs {
    /// Command line of the first engine (Black in game 1), e.g. "gnugo --mode gtp --level 0".
    #[arg(long)]
    black: String,
    /// Command line of the second engine, e.g. "tengen gtp --rules aga".
    #[arg(long)]
    white: String,
    /// Number of games.
    #[arg(long, default_value_t = 1)]
    games: u32,
    /// Board size.
    #[arg(long, default_value_t = 9)]
    size: u32,
    /// Rules every move is checked against and the game is counted by.
    #[arg(long, default_value = "aga")]
    rules: Rules,
    /// Komi (default: the rules' komi for the handicap).
    #[arg(long)]
    komi: Option<Komi>,
    /// Handicap stones for Black (seed placement; 1 = Black first without komi).
    #[arg(long, default_value_t = 0)]
    handicap: u32,
    /// Swap colours every game.
    #[arg(long)]
    alternate: bool,
    /// Stop a game with no result after this many moves (default 4·size²).
    #[arg(long)]
    max_moves: Option<u32>,
    /// Directory for one SGF file per game.
    #[arg(long)]
    sgf_dir: Option<PathBuf>,
    /// Seconds an engine may take to answer any command.
    #[arg(long, default_value_t = 30.0)]
    timeout: f64,
}

/// Runs `tengen gtp`.
pub(crate) fn gtp(args: GtpArgs) -> anyhow::Result<()> {
    let options = PlayerOptions {
        level: args.level,
        playouts: args.playouts,
        time: args.time,
        threads: args.threads.unwrap_or_else(default_threads),
        resign: !args.no_resign,
        seed: args.seed.unwrap_or_else(fresh_seed),
    };
    let mut engine = Engine::new(args.rules).with_player(options);
    if let Some(komi) = args.komi {
        engine = engine.with_komi(komi);
    }
    engine
        .run(BufReader::new(io::stdin()), io::stdout().lock())
        .context("GTP input/output")
}

/// A seed from the clock and the process id.
fn fresh_seed() -> u32 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos() ^ (d.as_secs() as u32));
    nanos ^ std::process::id().rotate_left(16) | 1
}

/// Runs `tengen match`.
pub(crate) fn run(args: MatchArgs) -> anyhow::Result<()> {
    let timeout = Duration::try_from_secs_f64(args.timeout)
        .ok()
        .filter(|t| !t.is_zero())
        .context("--timeout must be a positive number of seconds")?;
    let config = MatchConfig {
        black: args.black,
        white: args.white,
        games: args.games,
        size: BoardSize::new(args.size)?,
        rules: args.rules,
        komi: args.komi,
        handicap: args.handicap,
        alternate: args.alternate,
        max_moves: args.max_moves,
        sgf_dir: args.sgf_dir,
        timeout,
    };
    let bar = ProgressBar::new(u64::from(config.games));
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {msg} [{elapsed_precise}]")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let report = run_match(&config, |game| {
        bar.set_message(format!("last: {}", game.result));
        bar.inc(1);
    })?;
    bar.finish_and_clear();
    println!("{report}");
    Ok(())
}
