//! `tengen bench`: speed measurements that print what they measured.

use std::time::Instant;

use anyhow::Context;
use clap::{Subcommand, ValueEnum};
use tengen_core::{
    BoardSize,
    playout::{self, CandidateOrder},
};

#[derive(Subcommand)]
pub(crate) enum BenchCommand {
    /// Random playouts on an empty board, single-threaded (docs/playout.md).
    Playouts {
        /// Board size.
        #[arg(long, default_value_t = 9)]
        size: u32,
        /// Number of playouts.
        #[arg(long, default_value_t = 10_000)]
        playouts: u32,
        /// Seed of the xorshift32 generator.
        #[arg(long, default_value_t = 1)]
        seed: u32,
        /// `reference` follows docs/playout.md exactly; `fast` draws from the same distribution
        /// in the board's own order of empty points.
        #[arg(long, value_enum, default_value_t = OrderArg::Fast)]
        policy: OrderArg,
    },
    /// GNU Go's whole-board move tests (gnugo-genmove-dev) for any GTP engine: the share of
    /// right answers, per suite and board size, and the time per move.
    GenmoveSuite(crate::genmove_suite::GenmoveSuiteArgs),
    /// The dead-stone estimator on counted game records, beside GNU Go.
    Estimate(crate::bench_estimate::EstimateArgs),
    /// The full Monte-Carlo search (tree, heavy playouts) from the empty board: playouts/s.
    Search(SearchArgs),
}

/// Arguments of `tengen bench search`.
#[derive(clap::Args)]
pub(crate) struct SearchArgs {
    /// Board size.
    #[arg(long, default_value_t = 9)]
    size: u32,
    /// Search threads, one measurement per value (`--threads 1 --threads 2`).
    #[arg(long, default_values_t = [1])]
    threads: Vec<usize>,
    /// Seconds per measurement.
    #[arg(long, default_value_t = 5.0)]
    seconds: f64,
    /// Measurements per thread count (the median is reported too).
    #[arg(long, default_value_t = 3)]
    repeat: u32,
}

#[derive(Copy, Clone, ValueEnum)]
pub(crate) enum OrderArg {
    Reference,
    Fast,
}

/// The CPU time of this process so far (user and system), from `/proc/self/stat`, in
/// seconds: the share of the machine a run really had, on a machine others use too.
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses and may hold spaces).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    // Linux reports these in USER_HZ, which is 100 on every architecture it supports.
    Some(ticks / 100.0)
}

/// Runs the full search from the empty board for a fixed time and prints its speed.
fn search(args: &SearchArgs) -> anyhow::Result<()> {
    use tengen_engine::{Budget, Search, SearchConfig};
    let size = BoardSize::new(args.size).context("--size")?;
    let time = std::time::Duration::try_from_secs_f64(args.seconds)
        .ok()
        .filter(|t| !t.is_zero())
        .context("--seconds must be a positive number")?;
    let game = tengen_core::Game::new(size, tengen_core::Rules::japanese());
    println!(
        "full search from the empty {size} board, japanese rules, {:.1} s per run",
        args.seconds
    );
    for &threads in &args.threads {
        anyhow::ensure!(threads >= 1, "--threads must be at least 1");
        let mut rates = Vec::new();
        for run in 0..args.repeat.max(1) {
            let mut search = Search::new(SearchConfig {
                threads,
                early_stop: false,
                seed: run + 1,
                ..SearchConfig::default()
            });
            let cpu_before = process_cpu_seconds();
            let result = search.run(&game, Budget::time(time));
            let cpu = process_cpu_seconds().zip(cpu_before).map(|(a, b)| a - b);
            let rate = result.playouts as f64 / result.elapsed.as_secs_f64();
            let per_cpu = cpu.filter(|&c| c > 0.0).map_or_else(
                || "unknown".to_owned(),
                |c| format!("{:.0}", result.playouts as f64 / c),
            );
            println!(
                "threads {threads} run {}: {} playouts in {:.3} s = {rate:.0} playouts/s; \
                 {} CPU s = {per_cpu} playouts per CPU second",
                run + 1,
                result.playouts,
                result.elapsed.as_secs_f64(),
                cpu.map_or_else(|| "?".to_owned(), |c| format!("{c:.2}")),
            );
            rates.push(rate);
        }
        rates.sort_by(f64::total_cmp);
        println!(
            "threads {threads}: median {:.0} playouts/s (min {:.0}, max {:.0})",
            rates[rates.len() / 2],
            rates[0],
            rates[rates.len() - 1]
        );
    }
    println!(
        "machine: {} logical CPUs; other processes may share them",
        std::thread::available_parallelism().map_or(0, std::num::NonZeroUsize::get)
    );
    Ok(())
}

pub(crate) fn run(command: BenchCommand) -> anyhow::Result<()> {
    match command {
        BenchCommand::GenmoveSuite(args) => crate::genmove_suite::run(args),
        BenchCommand::Search(args) => search(&args),
        BenchCommand::Estimate(args) => crate::bench_estimate::run(args),
        BenchCommand::Playouts {
            size,
            playouts,
            seed,
            policy,
        } => {
            let size = BoardSize::new(size).context("--size")?;
            let policy = match policy {
                OrderArg::Reference => CandidateOrder::Reference,
                OrderArg::Fast => CandidateOrder::Fast,
            };
            let start = Instant::now();
            let summary = playout::run(size, playouts, seed, policy);
            let seconds = start.elapsed().as_secs_f64();
            println!("size: {size}");
            println!("playouts: {playouts}");
            println!("seconds: {seconds:.3}");
            println!("playouts/s: {:.0}", f64::from(playouts) / seconds);
            println!(
                "plies/playout: {:.1}",
                summary.plies as f64 / f64::from(playouts.max(1))
            );
            println!("black wins: {}", summary.black_wins);
            println!("checksum: {:08x}", summary.checksum);
            Ok(())
        }
    }
}
