//! The `tengen` command: a thin layer of argument parsing over the Tengen crates.

mod admin_cmd;
mod analysis_cmd;
mod bench;
mod bench_estimate;
mod diagnose;
mod genmove_suite;
mod gtp_cmd;
mod serve_cmd;
mod sgf_cmd;

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
    /// Play as a GTP engine on standard input and output.
    Gtp(gtp_cmd::GtpArgs),
    /// Analyse positions for KaTrain and other tools: KataGo's JSON analysis protocol on
    /// standard input and output (docs/analysis.md).
    Analysis(analysis_cmd::AnalysisArgs),
    /// Referee a match between two GTP engines.
    Match(gtp_cmd::MatchArgs),
    /// Check that SGF records are readable and legal under their rules.
    Check(sgf_cmd::CheckArgs),
    /// Replay SGF records to their end and count them.
    Score(sgf_cmd::ScoreArgs),
    /// Play Go in the browser: a web server that referees games and keeps them in SQLite or PostgreSQL.
    Serve(serve_cmd::ServeArgs),
    /// Administer the club of a `tengen serve` database: accounts, ranks, unrated games.
    Admin(admin_cmd::AdminArgs),
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Bench(command) => bench::run(command),
        Command::Gtp(args) => gtp_cmd::gtp(args),
        Command::Analysis(args) => analysis_cmd::run(args),
        Command::Match(args) => gtp_cmd::run(args),
        Command::Serve(args) => {
            log_to_stderr();
            serve_cmd::run(args)
        }
        Command::Check(args) => sgf_cmd::check(args),
        Command::Score(args) => sgf_cmd::score(args),
        Command::Admin(args) => {
            log_to_stderr();
            admin_cmd::run(args)
        }
    }
}

/// The server's log on standard error: warnings and what a server operator wants to see
/// (`info`) unless `RUST_LOG` says otherwise, in colour only on a terminal.
fn log_to_stderr() {
    use std::io::IsTerminal;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(filter)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every help text of `tengen` and its subcommands, long forms.
    fn help_texts(command: &mut clap::Command, out: &mut Vec<String>) {
        out.push(command.render_long_help().to_string());
        for sub in command.get_subcommands_mut() {
            help_texts(sub, out);
        }
    }

    #[test]
    fn every_document_a_help_text_names_is_in_the_repository() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut texts = Vec::new();
        help_texts(&mut super::Cli::command(), &mut texts);
        let mut named = 0;
        for text in &texts {
            for word in text.split(|c: char| c.is_whitespace() || "()[],;:`'\"".contains(c)) {
                let word = word.trim_end_matches('.');
                if word.ends_with(".md") {
                    named += 1;
                    assert!(root.join(word).is_file(), "{word} is not in the repository");
                }
            }
        }
        assert!(
            named > 0,
            "the help texts point to docs/rules.md and docs/playout.md"
        );
    }
}
