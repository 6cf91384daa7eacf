//! `tengen analysis`: KataGo's JSON analysis protocol on standard input and output, for
//! KaTrain and other analysis tools (`tengen_gtp::serve_analysis`).

use std::{
    io::{self, BufReader, BufWriter},
    time::Duration,
};

use anyhow::Context;
use clap::Args;
use tengen_gtp::{AnalysisOptions, Perspective, default_threads, serve_analysis};

/// Arguments of `tengen analysis`.
#[derive(Args)]
pub(crate) struct AnalysisArgs {
    /// Positions analysed at the same time (KataGo's numAnalysisThreads; default: the
    /// machine's cores).
    #[arg(long, value_parser = tengen_gtp::parse_threads)]
    threads: Option<usize>,
    /// Search threads on each position (KataGo's numSearchThreadsPerAnalysisThread).
    #[arg(long, default_value_t = 1, value_parser = tengen_gtp::parse_threads)]
    search_threads: usize,
    /// Visits of a query that names no maxVisits.
    #[arg(long, default_value_t = 500, value_parser = tengen_gtp::parse_playouts)]
    max_visits: u64,
    /// The most visits a query may ask; more is capped, with a warning.
    #[arg(long, default_value_t = 1_000_000, value_parser = tengen_gtp::parse_playouts)]
    visits_cap: u64,
    /// Seconds of search per position at most, unless a query's overrideSettings sets maxTime.
    #[arg(long, value_parser = tengen_gtp::parse_seconds)]
    max_time: Option<Duration>,
    /// Positions waiting at most; a query that would queue more is refused.
    #[arg(long, default_value_t = 10_000)]
    max_queued: usize,
    /// The longest query line read, in bytes; a longer one is skipped with an error.
    #[arg(long, default_value_t = 4 << 20)]
    max_line_bytes: usize,
    /// Whose point of view win rates, scores and ownership take unless a query says:
    /// BLACK (KataGo's analysis default), WHITE or SIDETOMOVE.
    #[arg(long, default_value = "BLACK", value_parser = Perspective::parse)]
    report_as: Perspective,
    /// Seed of the random playouts.
    #[arg(long, default_value_t = 1)]
    seed: u32,
}

/// Runs `tengen analysis`.
pub(crate) fn run(args: AnalysisArgs) -> anyhow::Result<()> {
    let options = AnalysisOptions {
        positions_at_once: args.threads.unwrap_or_else(default_threads),
        search_threads: args.search_threads,
        default_visits: args.max_visits,
        visits_cap: args.visits_cap,
        max_time: args.max_time,
        max_queued: args.max_queued,
        max_line_bytes: args.max_line_bytes.max(1),
        perspective: args.report_as,
        seed: args.seed,
    };
    // KataGo's words: some clients wait for this line on standard error before querying.
    eprintln!("Started, ready to begin handling requests");
    serve_analysis(
        BufReader::new(io::stdin()),
        BufWriter::new(io::stdout()),
        &options,
    )
    .context("analysis input/output")
}
