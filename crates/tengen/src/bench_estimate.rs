//! `tengen bench estimate`: the dead-stone estimator on counted game records, beside GNU Go.
//!
//! Every game of the manifest (`file,game_index,rules,...,result,...,markup_check`, the
//! format of `go-counted-games-dev/manifest.csv`) is replayed under its own `RU` (unknown or
//! absent: Japanese, as those servers counted), estimated with the default budget and counted;
//! the count is compared with `RE`. In the same run GNU Go (`--mode gtp --level 10`, with
//! `--chinese-rules` for a game counted by area) is asked `loadsgf` and `final_score` for the
//! same file. Printed: exact matches overall, on the games
//! whose own territory marks reproduce `RE` (`markup_check = match`), on the others and per
//! source folder; every miss with its reason; on the games whose marks reproduce `RE`, the
//! chains the estimate counts otherwise than the marks and how many of them it flagged
//! unsure; the time per estimate (median and slowest).

use std::path::{Path, PathBuf};
use std::sync::mpsc;

use anyhow::{Context, bail};
use clap::Args;
use tengen_core::{Color, Game, GameResult, Move, Phase, Point, Scoring};
use tengen_engine::estimate::{Basis, ChainEstimate, Estimate, EstimateBudget, estimate};
use tengen_sgf::{GameTree, Mode, RecordedResult, ReplayOptions, WinBy, replay};

use crate::diagnose::{Diagnosis, diagnose};

mod gnugo;
mod marks;
use gnugo::GnuGo;
use marks::FlagCheck;

#[derive(Args)]
pub(crate) struct EstimateArgs {
    /// The manifest of counted games (paths in it are relative to its folder).
    #[arg(long)]
    manifest: PathBuf,
    /// GNU Go's program, asked the same question in the same run.
    #[arg(long, default_value = "/usr/games/gnugo")]
    gnugo: PathBuf,
    /// Leave GNU Go out.
    #[arg(long)]
    no_gnugo: bool,
    /// Only the games whose file contains this text.
    #[arg(long)]
    only: Option<String>,
    /// Only one half of the manifest: `tuning` or `held-out` (see [`Half`]).
    #[arg(long)]
    half: Option<Half>,
    /// Print every game, not only the misses.
    #[arg(long)]
    verbose: bool,
    /// Draw the board of every miss with the estimate (x, o: dead; S, s: seki).
    #[arg(long)]
    show: bool,
    /// Playouts per estimate instead of the default budget's.
    #[arg(long)]
    playouts: Option<u32>,
    /// Time limit per estimate in milliseconds instead of the default budget's.
    #[arg(long)]
    time_ms: Option<u64>,
    /// Reading nodes per group instead of the default budget's.
    #[arg(long)]
    reading_nodes: Option<u32>,
}

/// The two halves of a manifest, fixed by a hash of each record's path (FNV-1a, 64 bits, of
/// the manifest's `file` field): changes to the estimator are tuned on one half and measured
/// on the other, so that the held-out figure says how the rules carry over to games they
/// were not chosen on. The split was fixed before the estimator was changed for issue 40.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Half {
    /// Even hash: the games changes may be chosen on.
    Tuning,
    /// Odd hash: the games only measured.
    HeldOut,
}

impl Half {
    pub(crate) fn of(file: &str) -> Half {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for byte in file.bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        if hash.is_multiple_of(2) {
            Half::Tuning
        } else {
            Half::HeldOut
        }
    }
}

/// How each game is estimated and shown.
struct Settings {
    show: bool,
    playouts: Option<u32>,
    time_ms: Option<u64>,
    reading_nodes: Option<u32>,
}

/// One row of the manifest.
struct Row {
    file: String,
    game_index: usize,
    result: String,
    markup_match: bool,
}

fn read_manifest(path: &Path) -> anyhow::Result<Vec<Row>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the manifest {}", path.display()))?;
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").trim().split(',').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .with_context(|| format!("{}: no column {name:?}", path.display()))
    };
    let (file, index, result, check) = (
        column("file")?,
        column("game_index")?,
        column("result")?,
        column("markup_check")?,
    );
    let mut rows = Vec::new();
    for (number, line) in lines.enumerate() {
        let line = line.trim_end();
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(',').collect();
        let field = |i: usize| {
            fields
                .get(i)
                .copied()
                .with_context(|| format!("{}: line {}: too few fields", path.display(), number + 2))
        };
        rows.push(Row {
            file: field(file)?.to_owned(),
            game_index: field(index)?
                .parse()
                .with_context(|| format!("{}: line {}: game_index", path.display(), number + 2))?,
            result: field(result)?.to_owned(),
            markup_match: field(check)? == "match",
        });
    }
    Ok(rows)
}

/// A result as Black's margin in half points, if it is a count.
fn recorded_margin(text: &str) -> Option<i32> {
    match RecordedResult::parse(text) {
        RecordedResult::Draw => Some(0),
        RecordedResult::Win {
            winner,
            by: WinBy::Score(points),
        } => {
            let half = (points * 2.0).round() as i32;
            Some(if winner == Color::Black { half } else { -half })
        }
        _ => None,
    }
}

fn margin_of(result: GameResult) -> Option<i32> {
    match result {
        GameResult::Score {
            winner,
            margin_half_points,
        } => {
            let m = margin_half_points as i32;
            Some(if winner == Color::Black { m } else { -m })
        }
        GameResult::Jigo => Some(0),
        _ => None,
    }
}

fn margin_text(margin: i32) -> String {
    GameResult::from_margin(margin).to_sgf()
}

/// What happened to one game.
struct Outcome {
    file: String,
    folder: String,
    markup_match: bool,
    recorded: Option<i32>,
    ours: Result<i32, String>,
    /// Ours with every fill counted as territory, as the servers counted.
    ours_fills_as_territory: Option<i32>,
    reason: String,
    size: u8,
    seconds: f64,
    notes: Vec<String>,
    /// The estimator flagged the position as not finished (sealing, unsettled groups).
    unfinished: bool,
    /// The chains checked against the record's own marks, when they reproduce `RE`.
    flags: Option<FlagCheck>,
}

impl Outcome {
    fn ours_right(&self) -> bool {
        matches!((&self.ours, self.recorded), (Ok(m), Some(r)) if *m == r)
    }
}

fn folder_of(file: &str) -> String {
    let parts: Vec<&str> = file.split('/').collect();
    if parts.len() > 2 {
        parts[1].to_owned()
    } else {
        "(top)".to_owned()
    }
}

fn vertex(p: Point, estimate: &Estimate) -> String {
    tengen_core::move_text(Move::Play(p), estimate.size())
}

/// The result written in the record's last comment ("W+10.5"; some programs write their count
/// there), with Black's margin.
fn commented_result(tree: &GameTree) -> Option<(String, i32)> {
    let comment = tree.main_line().filter_map(|n| n.value("C")).last()?;
    comment
        .split(|c: char| c.is_whitespace() || "()[],;".contains(c))
        .filter(|word| word.len() > 2 && (word.starts_with("B+") || word.starts_with("W+")))
        .find_map(|word| recorded_margin(word).map(|m| (word.to_owned(), m)))
}

/// What the estimate of `chain` rests on, as the bench prints it.
fn decided_by(chain: &ChainEstimate) -> String {
    match chain.basis {
        Basis::PassAlive => "Benson (certain)".to_owned(),
        Basis::Reading => "reading".to_owned(),
        Basis::Playouts => format!("playouts (survival {:.2})", chain.survival),
    }
}

/// The board with the estimate (see [`Estimate::diagram`]) and GTP coordinates.
fn drawing(estimate: &Estimate) -> String {
    let n = estimate.size().get();
    let mut out = String::from("     ");
    for x in 0..n {
        out.push(tengen_core::column_letter(x));
        out.push(' ');
    }
    out.push('\n');
    for (y, row) in estimate.diagram().lines().enumerate() {
        out.push_str(&format!("  {:>2} {row}\n", usize::from(n) - y));
    }
    out
}

/// The record of a manifest row and its game replayed to the end under its own `RU`.
fn load(root: &Path, row: &Row) -> Result<(GameTree, Game), String> {
    let path = root.join(&row.file);
    let tree = tengen_sgf::read_file(&path, Mode::Lenient)
        .map_err(|e| e.to_string())
        .and_then(|mut c| {
            if row.game_index < c.games.len() {
                Ok(c.games.swap_remove(row.game_index))
            } else {
                Err(format!("no game {}", row.game_index))
            }
        })?;
    let game = replay(&tree, &replay_options())
        .map_err(|e| e.to_string())?
        .game;
    Ok((tree, game))
}

fn replay_options() -> ReplayOptions {
    ReplayOptions {
        tolerant: true,
        ..ReplayOptions::default()
    }
}

fn run_one(row: &Row, loaded: Result<(GameTree, Game), String>, settings: &Settings) -> Outcome {
    let mut outcome = Outcome {
        file: row.file.clone(),
        folder: folder_of(&row.file),
        markup_match: row.markup_match,
        recorded: recorded_margin(&row.result),
        ours: Err(String::new()),
        ours_fills_as_territory: None,
        reason: String::new(),
        size: 0,
        seconds: 0.0,
        notes: Vec::new(),
        unfinished: false,
        flags: None,
    };
    let (tree, game) = match loaded {
        Ok(loaded) => loaded,
        Err(e) => {
            outcome.ours = Err(e);
            return outcome;
        }
    };
    let options = replay_options();
    outcome.size = game.size().get();
    let mut budget = EstimateBudget::default();
    if let Some(n) = settings.playouts {
        budget.playouts = n;
    }
    if let Some(ms) = settings.time_ms {
        budget.time = std::time::Duration::from_millis(ms);
    }
    if let Some(n) = settings.reading_nodes {
        budget.reading_nodes = n;
    }
    let estimate = estimate(&game, &budget);
    outcome.seconds = estimate.elapsed.as_secs_f64();
    let ended = !(game.phase() == Phase::Playing && game.moves().len() > 1);
    if !ended {
        // The record stops before the end: its result may rest on moves never played.
        outcome
            .notes
            .push("the game did not end with two passes".to_owned());
    }
    if estimate.stopped_early {
        outcome.notes.push("stopped early".to_owned());
    }
    for chain in estimate.uncertain() {
        outcome.notes.push(format!(
            "uncertain: {} group",
            vertex(chain.stones[0], &estimate)
        ));
    }
    let unsettled = estimate
        .unsettled()
        .map(|c| c.group)
        .collect::<std::collections::BTreeSet<_>>();
    if !unsettled.is_empty() {
        outcome.notes.push(format!(
            "{} group(s) depend on who moves first",
            unsettled.len()
        ));
    }
    if !estimate.sealing.is_empty() {
        let points: usize = estimate.sealing.iter().map(|s| s.points.len()).sum();
        outcome
            .notes
            .push(format!("{points} point(s) need sealing"));
    }
    outcome.unfinished = !estimate.finished();
    // The record's own dead stones, when it marks territory.
    let marked = tengen_sgf::has_territory_marks(&tree)
        .then(|| tengen_sgf::marked_dead_stones(&tree, &game).ok())
        .flatten();
    if let Some(marked) = marked.as_deref().filter(|_| row.markup_match) {
        let check = FlagCheck::of(&estimate, marked);
        if !check.differences.is_empty() {
            outcome.notes.push(format!(
                "counted otherwise than the record's marks: {}",
                check.differences.join(", ")
            ));
        }
        outcome.flags = Some(check);
    }
    outcome.ours = margin_of(estimate.score.result).ok_or_else(|| "no count".to_owned());
    outcome.ours_fills_as_territory =
        margin_of(game.score_as_ended(&estimate.dead_stones()).result);
    if !outcome.ours_right() {
        if let Some(recorded) = outcome.recorded {
            let mut rules = *game.rules();
            rules.scoring = match rules.scoring {
                Scoring::Area => Scoring::Territory,
                Scoring::Territory => Scoring::Area,
            };
            let other = ReplayOptions {
                rules_override: Some(rules),
                ..options.clone()
            };
            let other_game = replay(&tree, &other).ok().map(|r| r.game);
            let diagnosis = diagnose(
                &game,
                &estimate,
                recorded,
                other_game.as_ref(),
                marked.as_deref(),
                ended,
            );
            outcome.reason = diagnosis.shown(game.size()).to_string();
            if let Some(text) = commented_result(&tree)
                .filter(|(_, m)| outcome.ours.as_ref().ok() == Some(m) && *m != recorded)
                .map(|(text, _)| text)
            {
                // Checkable in the file itself: the program that kept the record wrote the
                // count there, and RE says otherwise.
                outcome.reason = format!(
                    "not derivable: RE contradicts the result in the record's own last comment \
                     ({text}), which is Tengen's count"
                );
            }
            if let Diagnosis::Wrong(changes) | Diagnosis::MarksDiffer(changes) = &diagnosis {
                // What the estimate rested on where RE needs another status: a verdict of the
                // reading or of Benson is certain within its area, a playout share is not.
                let decided: Vec<String> = changes
                    .iter()
                    .filter_map(|&(p, _)| estimate.chain(p).map(|c| (p, c)))
                    .map(|(p, c)| format!("{} {}", vertex(p, &estimate), decided_by(c)))
                    .collect();
                outcome
                    .reason
                    .push_str(&format!(" (decided by: {})", decided.join(", ")));
            }
            if settings.show {
                outcome.reason.push('\n');
                outcome.reason.push_str(&drawing(&estimate));
                for chain in &estimate.chains {
                    if chain.confidence < 0.9 {
                        outcome.reason.push_str(&format!(
                            "     {} {:?} {} stones: {:?} by {:?}, survival {:.2}\n",
                            vertex(chain.stones[0], &estimate),
                            chain.color,
                            chain.stones.len(),
                            chain.status,
                            chain.basis,
                            chain.survival
                        ));
                    }
                }
            }
        }
    }
    outcome
}

/// Counts of right answers, for one row of the summary.
#[derive(Default)]
struct Tally {
    games: u32,
    ours: u32,
    gnugo: u32,
}

impl Tally {
    fn add(&mut self, ours: bool, gnugo: bool) {
        self.games += 1;
        self.ours += u32::from(ours);
        self.gnugo += u32::from(gnugo);
    }

    fn line(&self, name: &str, with_gnugo: bool) -> String {
        let percent = |n: u32| 100.0 * f64::from(n) / f64::from(self.games.max(1));
        let mut line = format!(
            "{name:<28} {:>4} games  Tengen {:>4} ({:5.1} %)",
            self.games,
            self.ours,
            percent(self.ours)
        );
        if with_gnugo {
            line.push_str(&format!(
                "  GNU Go {:>4} ({:5.1} %)",
                self.gnugo,
                percent(self.gnugo)
            ));
        }
        line
    }
}

pub(crate) fn run(args: EstimateArgs) -> anyhow::Result<()> {
    let root = args
        .manifest
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let rows: Vec<Row> = read_manifest(&args.manifest)?
        .into_iter()
        .filter(|r| {
            args.only
                .as_ref()
                .is_none_or(|o| r.file.contains(o.as_str()))
                && args.half.is_none_or(|h| Half::of(&r.file) == h)
        })
        .collect();

    let settings = Settings {
        show: args.show,
        playouts: args.playouts,
        time_ms: args.time_ms,
        reading_nodes: args.reading_nodes,
    };
    let loaded: Vec<Result<(GameTree, Game), String>> =
        rows.iter().map(|row| load(&root, row)).collect();

    // GNU Go answers on its own thread while Tengen estimates on this one, asked under the
    // game's counting: its default (Japanese) counting, or `--chinese-rules` for area counting.
    let (sender, receiver) = mpsc::channel();
    let gnugo_thread = (!args.no_gnugo).then(|| {
        let files: Vec<(PathBuf, bool)> = rows
            .iter()
            .zip(&loaded)
            .map(|(r, l)| {
                let area = l
                    .as_ref()
                    .is_ok_and(|(_, g)| g.rules().scoring == Scoring::Area);
                (root.join(&r.file), area)
            })
            .collect();
        let program = args.gnugo.clone();
        std::thread::spawn(move || {
            let mut engines: [Option<GnuGo>; 2] = [None, None];
            for (file, area) in files {
                let engine = &mut engines[usize::from(area)];
                if engine.is_none() {
                    match GnuGo::start(&program, area) {
                        Ok(g) => *engine = Some(g),
                        Err(e) => {
                            let _ = sender.send(Err(e.to_string()));
                            return;
                        }
                    }
                }
                let file = std::fs::canonicalize(&file).unwrap_or(file);
                if let Some(gnugo) = engine.as_mut() {
                    let _ = sender.send(Ok(gnugo.final_score(&file)));
                }
            }
        })
    });

    let mut outcomes = Vec::new();
    for (row, loaded) in rows.iter().zip(loaded) {
        let outcome = run_one(row, loaded, &settings);
        if args.verbose {
            println!(
                "{}: RE {} Tengen {} ({:.3} s){}",
                outcome.file,
                row.result,
                outcome
                    .ours
                    .as_ref()
                    .map_or_else(|e| e.clone(), |m| margin_text(*m)),
                outcome.seconds,
                if outcome.notes.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", outcome.notes.join("; "))
                }
            );
        }
        outcomes.push(outcome);
    }
    let mut gnugo: Vec<Option<Result<i32, String>>> = vec![None; rows.len()];
    if let Some(thread) = gnugo_thread {
        for (i, answer) in receiver.iter().enumerate() {
            match answer {
                Ok(a) if i < gnugo.len() => gnugo[i] = Some(a),
                Ok(_) => {}
                Err(e) => bail!("GNU Go: {e}"),
            }
        }
        let _ = thread.join();
    }
    report(
        &outcomes,
        &gnugo,
        !args.no_gnugo,
        &gnugo_regression_answers(&root),
    );
    Ok(())
}

/// GNU Go's own expected answers for the records behind its `score.tst` and `score2.tst`
/// (`loadsgf games/scoring/scoreN.sgf`, `#? [B\+45.5]`), when the oracle data lies beside the
/// counted games: by record path (`games/scoring/scoreN.sgf`), Black's margin.
fn gnugo_regression_answers(root: &Path) -> std::collections::HashMap<String, i32> {
    let mut answers = std::collections::HashMap::new();
    let dir = root.join("../go-deadstone-oracles/gnugo");
    for name in ["score.tst", "score2.tst"] {
        let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
            continue;
        };
        let mut file = None;
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("loadsgf ") {
                file = rest.split_whitespace().next().map(str::to_owned);
            } else if let Some(answer) = line.strip_prefix("#? [") {
                let answer = answer
                    .trim_end_matches('*')
                    .trim_end_matches(']')
                    .replace('\\', "");
                if let (Some(f), Some(m)) = (file.take(), recorded_margin(&answer)) {
                    answers.insert(f, m);
                }
            }
        }
    }
    answers
}

fn report(
    outcomes: &[Outcome],
    gnugo: &[Option<Result<i32, String>>],
    with_gnugo: bool,
    expected: &std::collections::HashMap<String, i32>,
) {
    let gnugo_right = |i: usize, o: &Outcome| match (&gnugo[i], o.recorded) {
        (Some(Ok(m)), Some(r)) => *m == r,
        _ => false,
    };
    println!("\nMisses (RE, Tengen, GNU Go, reason):");
    for (i, o) in outcomes.iter().enumerate() {
        if o.ours_right() {
            continue;
        }
        let ours = o
            .ours
            .as_ref()
            .map_or_else(|e| format!("error: {e}"), |m| margin_text(*m));
        let theirs = match &gnugo[i] {
            Some(Ok(m)) => margin_text(*m),
            Some(Err(e)) => format!("error: {e}"),
            None => "-".to_owned(),
        };
        let recorded = o.recorded.map_or("?".to_owned(), margin_text);
        let mut reason = if o.reason.is_empty() {
            "no count".to_owned()
        } else {
            o.reason.clone()
        };
        if let Some(&answer) = expected.get(&o.file) {
            let same = if o.ours.as_ref().ok() == Some(&answer) {
                ", as Tengen"
            } else {
                ""
            };
            reason.push_str(&format!(
                " (GNU Go's regression expects {}{same})",
                margin_text(answer)
            ));
        }
        println!(
            "  {}{}{}: RE {recorded}, Tengen {ours}, GNU Go {theirs}: {reason}{}",
            o.file,
            if o.markup_match { " (marks match)" } else { "" },
            if Half::of(&o.file) == Half::HeldOut {
                " (held out)"
            } else {
                ""
            },
            if o.notes.is_empty() {
                String::new()
            } else {
                format!(" [{}]", o.notes.join("; "))
            }
        );
    }

    let mut all = Tally::default();
    let mut marked = Tally::default();
    let mut others = Tally::default();
    let mut tuning = Tally::default();
    let mut held_out = Tally::default();
    let mut folders: std::collections::BTreeMap<&str, Tally> = Default::default();
    for (i, o) in outcomes.iter().enumerate() {
        let (ours, theirs) = (o.ours_right(), gnugo_right(i, o));
        all.add(ours, theirs);
        match Half::of(&o.file) {
            Half::Tuning => tuning.add(ours, theirs),
            Half::HeldOut => held_out.add(ours, theirs),
        }
        if o.markup_match {
            marked.add(ours, theirs);
        } else {
            others.add(ours, theirs);
        }
        folders.entry(&o.folder).or_default().add(ours, theirs);
    }
    println!("\nExact matches of RE:");
    println!("{}", all.line("all", with_gnugo));
    println!("{}", marked.line("own marks reproduce RE", with_gnugo));
    println!("{}", others.line("the others", with_gnugo));
    println!("{}", tuning.line("tuning half", with_gnugo));
    println!("{}", held_out.line("held-out half", with_gnugo));
    let with_fills = outcomes
        .iter()
        .filter(|o| o.recorded.is_some() && o.recorded == o.ours_fills_as_territory)
        .count();
    println!(
        "{:<28} {:>4} games  Tengen {:>4} (the fills of chains in atari counted as territory)",
        "all, fills as territory",
        outcomes.len(),
        with_fills
    );
    let flagged = outcomes.iter().filter(|o| o.unfinished).count();
    let flagged_misses = outcomes
        .iter()
        .filter(|o| o.unfinished && !o.ours_right())
        .count();
    let misses = outcomes.iter().filter(|o| !o.ours_right()).count();
    println!(
        "flagged not finished (sealing, or a group that depends on who moves first): {flagged} \
         games; {flagged_misses} of the {misses} misses"
    );
    let mut flags = FlagCheck::default();
    let checked = outcomes
        .iter()
        .filter_map(|o| o.flags.as_ref())
        .inspect(|f| flags.add(f))
        .count();
    if checked > 0 {
        println!("{}", flags.summary(checked));
    }
    println!("\nPer source folder:");
    for (folder, tally) in &folders {
        println!("{}", tally.line(folder, with_gnugo));
    }

    println!("\nTime per estimate (default budget):");
    let mut sizes: Vec<u8> = outcomes.iter().map(|o| o.size).filter(|&s| s > 0).collect();
    sizes.sort_unstable();
    sizes.dedup();
    for size in sizes {
        let mut times: Vec<f64> = outcomes
            .iter()
            .filter(|o| o.size == size)
            .map(|o| o.seconds)
            .collect();
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        let slowest = times[times.len() - 1];
        let slowest_file = outcomes
            .iter()
            .filter(|o| o.size == size && o.seconds == slowest)
            .map(|o| o.file.as_str())
            .next()
            .unwrap_or("");
        println!(
            "{size}x{size}: {} games, median {:.3} s, slowest {:.3} s ({slowest_file})",
            times.len(),
            median,
            slowest
        );
    }
}
