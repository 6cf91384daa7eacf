//! `tengen bench`: speed measurements that print what they measured.

use std::time::Instant;

use anyhow::Context;
use clap::{Subcommand, ValueEnum};
use tengen_core::{
    BoardSize,
    playout::{self, Policy},
};

#[derive(Subcommand)]
pub(crate) enum BenchCommand {
    /// Random playouts on an empty board, single-threaded (spec/PLAYOUT.md).
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
        /// `reference` follows PLAYOUT.md exactly; `fast` draws from the same distribution
        /// in the board's own order of empty points.
        #[arg(long, value_enum, default_value_t = PolicyArg::Fast)]
        policy: PolicyArg,
    },
    /// The dead-stone estimator on counted game records, beside GNU Go.
    Estimate(crate::bench_estimate::EstimateArgs),
}

#[derive(Copy, Clone, ValueEnum)]
pub(crate) enum PolicyArg {
    Reference,
    Fast,
}

pub(crate) fn run(command: BenchCommand) -> anyhow::Result<()> {
    match command {
        BenchCommand::Estimate(args) => crate::bench_estimate::run(args),
        BenchCommand::Playouts {
            size,
            playouts,
            seed,
            policy,
        } => {
            let size = BoardSize::new(size).context("--size")?;
            let policy = match policy {
                PolicyArg::Reference => Policy::Reference,
                PolicyArg::Fast => Policy::Fast,
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
