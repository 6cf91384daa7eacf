//! `tengen bench genmove-suite`: GNU Go's whole-board move tests (`tests.jsonl` of
//! `../shared/data/gnugo-genmove-dev`) for any GTP engine.
//!
//! Each position is sent with `boardsize`, `clear_board`, `komi` and one `play` per setup stone
//! and move (not `loadsgf`, which Pachi lacks), then the test's own `pre` commands, then
//! `genmove COLOR`. The answer passes when it is one of `any` (or `any` is empty) and none of
//! `none`. The wall time of every `genmove` is measured, so that engines run at different
//! settings can be compared honestly.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    sync::{
        Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    thread,
    time::{Duration, Instant},
};

use anyhow::{Context, bail};
use clap::Args;
use serde::Deserialize;
use tengen_core::{BoardSize, Color, Move};
use tengen_gtp::{GtpProcess, color_name, move_text, vertex};
use tengen_sgf::{GameTree, Mode};

#[derive(Args)]
pub(crate) struct GenmoveSuiteArgs {
    /// The engine's command line, e.g. "tengen gtp --time 1" or "gnugo --mode gtp --level 10".
    #[arg(long)]
    engine: String,
    /// The folder holding tests.jsonl and the games it names.
    #[arg(long, default_value = "../shared/data/gnugo-genmove-dev")]
    data: PathBuf,
    /// Only these suites (repeatable).
    #[arg(long)]
    suite: Vec<String>,
    /// Only positions on this board size.
    #[arg(long)]
    size: Option<u8>,
    /// At most this many tests (after the filters), for a quick look.
    #[arg(long)]
    limit: Option<usize>,
    /// Engine processes run side by side (each test runs in one of them).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Seconds an engine may take for one answer before the test counts as failed.
    #[arg(long, default_value_t = 300)]
    timeout: u64,
    /// Print every test's answer.
    #[arg(long)]
    verbose: bool,
}

/// One line of tests.jsonl (see its SOURCES.md).
#[derive(Deserialize)]
struct SuiteTest {
    suite: String,
    id: u32,
    sgf: String,
    #[serde(rename = "move")]
    before_move: Option<u32>,
    pre: Vec<String>,
    color: String,
    any: Vec<String>,
    none: Vec<String>,
    gnugo_expected_fail: bool,
}

/// What happened to one test.
struct Outcome {
    answer: Result<String, String>,
    passed: bool,
    size: u8,
    seconds: f64,
}

pub(crate) fn run(args: GenmoveSuiteArgs) -> anyhow::Result<()> {
    let list = args.data.join("tests.jsonl");
    let text = std::fs::read_to_string(&list).with_context(|| {
        format!(
            "cannot read {} (the gnugo-genmove-dev data set; --data names its folder)",
            list.display()
        )
    })?;
    let mut tests = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let test: SuiteTest = serde_json::from_str(line)
            .with_context(|| format!("{}:{}: not a test object", list.display(), index + 1))?;
        tests.push(test);
    }
    // Positions are read before any engine starts, so that a broken record is reported as such
    // and not as an engine failure.
    let mut prepared = Vec::new();
    for test in tests {
        if !args.suite.is_empty() && !args.suite.contains(&test.suite) {
            continue;
        }
        let position = Position::read(&args.data, &test)
            .with_context(|| format!("test {} {}: {}", test.suite, test.id, test.sgf))?;
        if args.size.is_some_and(|size| size != position.size.get()) {
            continue;
        }
        prepared.push((test, position));
    }
    if let Some(limit) = args.limit {
        prepared.truncate(limit);
    }
    if prepared.is_empty() {
        bail!("no test matches the filters");
    }
    let timeout = Duration::from_secs(args.timeout);
    // Fail early and clearly when the engine cannot start at all.
    GtpProcess::spawn(&args.engine, timeout)?.quit();

    let next = AtomicUsize::new(0);
    let outcomes: Mutex<Vec<Option<Outcome>>> =
        Mutex::new((0..prepared.len()).map(|_| None).collect());
    let start = Instant::now();
    thread::scope(|scope| {
        for _ in 0..args.jobs.max(1) {
            scope.spawn(|| {
                let mut engine = None;
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some((test, position)) = prepared.get(index) else {
                        break;
                    };
                    let outcome = run_one(&args.engine, timeout, &mut engine, test, position);
                    if args.verbose {
                        let answer = match &outcome.answer {
                            Ok(answer) => answer.clone(),
                            Err(error) => format!("error: {error}"),
                        };
                        println!(
                            "{} {}:{} {} -> {answer} ({:.2} s) want {:?} not {:?}",
                            if outcome.passed { "PASS" } else { "FAIL" },
                            test.suite,
                            test.id,
                            test.color,
                            outcome.seconds,
                            test.any,
                            test.none
                        );
                    }
                    outcomes.lock().expect("no thread panics holding it")[index] = Some(outcome);
                }
                if let Some(engine) = engine {
                    engine.quit();
                }
            });
        }
    });
    let outcomes: Vec<Outcome> = outcomes
        .into_inner()
        .expect("no thread panicked")
        .into_iter()
        .map(|o| o.expect("every test ran"))
        .collect();
    report(
        &args.engine,
        &prepared,
        &outcomes,
        start.elapsed().as_secs_f64(),
    );
    Ok(())
}

fn run_one(
    command: &str,
    timeout: Duration,
    engine: &mut Option<GtpProcess>,
    test: &SuiteTest,
    position: &Position,
) -> Outcome {
    let size = position.size.get();
    let failed = |error: String| Outcome {
        answer: Err(error),
        passed: false,
        size,
        seconds: 0.0,
    };
    if engine.is_none() {
        match GtpProcess::spawn(command, timeout) {
            Ok(process) => *engine = Some(process),
            Err(error) => return failed(error.to_string()),
        }
    }
    let process = engine.as_mut().expect("just started");
    for command in position.commands.iter().chain(&test.pre) {
        if let Err(error) = process.send(command) {
            // A crashed or hung engine is started again for the next test.
            if process.send("name").is_err() {
                *engine = None;
            }
            return failed(error.to_string());
        }
    }
    let started = Instant::now();
    let answer = process.send(&format!("genmove {}", test.color));
    let seconds = started.elapsed().as_secs_f64();
    match answer {
        Ok(answer) => {
            let answer = answer.trim().to_ascii_uppercase();
            let passed =
                (test.any.is_empty() || test.any.contains(&answer)) && !test.none.contains(&answer);
            Outcome {
                answer: Ok(answer),
                passed,
                size,
                seconds,
            }
        }
        Err(error) => {
            if process.send("name").is_err() {
                *engine = None;
            }
            Outcome {
                seconds,
                ..failed(error.to_string())
            }
        }
    }
}

/// The GTP commands that set a test's position up.
struct Position {
    size: BoardSize,
    commands: Vec<String>,
}

impl Position {
    fn read(folder: &Path, test: &SuiteTest) -> anyhow::Result<Position> {
        if !matches!(test.color.as_str(), "black" | "white") {
            bail!("colour {:?} is neither black nor white", test.color);
        }
        let path = folder.join(&test.sgf);
        let collection = tengen_sgf::read_file(&path, Mode::Lenient)?;
        let game = collection.games.first().context("the file holds no game")?;
        let size = game.size()?;
        let komi = game
            .komi()?
            .map_or_else(|| "0".to_owned(), |k| k.to_string());
        let mut commands = vec![
            format!("boardsize {}", size.get()),
            "clear_board".to_owned(),
            format!("komi {komi}"),
        ];
        commands.extend(main_line_plays(game, size, test.before_move)?);
        Ok(Position { size, commands })
    }
}

/// `play` commands for the setup stones and the moves of the main line before move number
/// `before_move` (1-based, counting moves only, as GNU Go's `loadsgf FILE N`).
fn main_line_plays(
    game: &GameTree,
    size: BoardSize,
    before_move: Option<u32>,
) -> anyhow::Result<Vec<String>> {
    let mut commands = Vec::new();
    let mut moves_played = 0;
    for node in game.main_line() {
        for (point, stone) in game.setup_stones(node.id())? {
            let Some(color) = stone else {
                bail!(
                    "AE[{}] cannot be sent as a GTP play",
                    tengen_sgf::point_text(point)
                );
            };
            commands.push(format!(
                "play {} {}",
                color_name(color),
                vertex(point, size)
            ));
        }
        if let Some((color, mv)) = game.move_of(node.id())? {
            if before_move.is_some_and(|n| moves_played + 1 >= n) {
                break;
            }
            commands.push(play_command(color, mv, size));
            moves_played += 1;
        }
    }
    if let Some(n) = before_move
        && moves_played + 1 < n
    {
        bail!("move {n} asked, but the main line has {moves_played} moves");
    }
    Ok(commands)
}

fn play_command(color: Color, mv: Move, size: BoardSize) -> String {
    format!("play {} {}", color_name(color), move_text(mv, size))
}

fn report(engine: &str, tests: &[(SuiteTest, Position)], outcomes: &[Outcome], seconds: f64) {
    #[derive(Default)]
    struct Tally {
        run: u32,
        passed: u32,
        errors: u32,
    }
    impl Tally {
        fn add(&mut self, outcome: &Outcome) {
            self.run += 1;
            self.passed += u32::from(outcome.passed);
            self.errors += u32::from(outcome.answer.is_err());
        }
        fn line(&self) -> String {
            let share = 100.0 * f64::from(self.passed) / f64::from(self.run.max(1));
            let errors = if self.errors > 0 {
                format!(", {} errors", self.errors)
            } else {
                String::new()
            };
            format!("{} of {} ({share:.1} %){errors}", self.passed, self.run)
        }
    }
    let mut all = Tally::default();
    let mut not_expected_to_fail = Tally::default();
    let mut by_suite: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut by_size: BTreeMap<u8, Tally> = BTreeMap::new();
    let mut times: BTreeMap<u8, Vec<f64>> = BTreeMap::new();
    for ((test, _), outcome) in tests.iter().zip(outcomes) {
        all.add(outcome);
        if !test.gnugo_expected_fail {
            not_expected_to_fail.add(outcome);
        }
        by_suite.entry(&test.suite).or_default().add(outcome);
        by_size.entry(outcome.size).or_default().add(outcome);
        if outcome.answer.is_ok() {
            times.entry(outcome.size).or_default().push(outcome.seconds);
        }
    }
    println!("engine: {engine}");
    println!("passed: {}", all.line());
    println!(
        "passed where GNU Go 3.8 is not known to fail: {}",
        not_expected_to_fail.line()
    );
    for (size, tally) in &by_size {
        println!("  {size}x{size}: {}", tally.line());
    }
    println!("by suite:");
    for (suite, tally) in &by_suite {
        println!("  {suite}: {}", tally.line());
    }
    println!("seconds per genmove:");
    for (size, list) in &mut times {
        list.sort_by(f64::total_cmp);
        let mean = list.iter().sum::<f64>() / list.len() as f64;
        println!(
            "  {size}x{size}: mean {mean:.2}, median {:.2}, max {:.2} over {}",
            list[list.len() / 2],
            list[list.len() - 1],
            list.len()
        );
    }
    println!("wall time: {seconds:.0} s");
}
