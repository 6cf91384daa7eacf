//! The `tengen` command: a thin layer of argument parsing over the Tengen crates.

mod bench;

use clap::{Parser, Subcommand};

/// Tengen: the game of Go, done properly.
#[derive(Parser)]
#[command(name = "tengen", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Measure speed.
    #[command(subcommand)]
    Bench(bench::BenchCommand),
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Bench(command) => bench::run(command),
    }
}
