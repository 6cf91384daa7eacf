//! Learns the move strengths of the tree's priors from game records and writes the table
//! `crates/tengen-engine/src/learned_gammas.txt` ships.
//!
//! ```sh
//! cargo run --release -p tengen-engine --example learn_gammas -- OUT.txt DIR_OR_SGF... \
//!     [--exclude DIR_OR_SGF...] [--spatial-min N] [--every K] [--records R] [--sweeps S]
//! cargo run --release -p tengen-engine --example learn_gammas -- --evaluate TABLE.txt \
//!     DIR_OR_SGF... [--every K] [--records R]
//! ```
//!
//! `--evaluate` learns nothing: it prints the share of the records' moves (all of them, none
//! held out) that an existing table predicts, so that tables learned from different corpora
//! are compared on the same positions.
//!
//! Every tenth record is held out: the move-prediction rate on it is printed beside the
//! rate on the records learned from. Records with the file name of one under `--exclude`
//! are left out, so that a test set's games (GNU Go's move tests) are not learned from.
//!
//! With `--spatial-min N` a first pass counts the large shapes of every move played in the
//! records learned from, and those played at least `N` times get gammas too. `--every K`
//! learns from every `K`th position of a record only (a 19×19 position has some 300
//! candidates: a corpus of thousands of games does not fit in memory whole), `--records R`
//! reads the first `R` records, `--sweeps S` sets the rounds of minorization-maximization.

use std::{collections::HashSet, path::PathBuf, process::ExitCode};

use tengen_core::{Move, Point, Position};
use tengen_engine::learned::{Gammas, SpatialHarvest, TrainingSet};
use tengen_sgf::{Mode, ReplayOptions, parse, replay};

fn sgf_files(path: PathBuf, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let Ok(entries) = std::fs::read_dir(&path) else {
            eprintln!("{}: unreadable directory", path.display());
            return;
        };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths {
            sgf_files(p, out);
        }
    } else if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
    {
        out.push(path);
    }
}

/// Calls `visit` with each stone move of the record's main line (the position before it,
/// the two moves before it, the move, and its number from the end), from the last.
fn each_move(
    path: &PathBuf,
    mut visit: impl FnMut(&Position, Option<Point>, Option<Point>, Point, usize),
) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let tree = parse(&bytes, Mode::Lenient)
        .map_err(|e| e.to_string())?
        .games
        .into_iter()
        .next()
        .ok_or("no game")?;
    let options = ReplayOptions {
        tolerant: true,
        ..ReplayOptions::default()
    };
    let mut game = replay(&tree, &options).map_err(|e| e.to_string())?.game;
    let mut number = 0;
    while let Some(played) = game.moves().last().copied() {
        if game.undo().is_err() {
            break;
        }
        let Move::Play(point) = played.mv else {
            continue;
        };
        if game.to_move() != played.color {
            continue;
        }
        let mut recent = game.moves().iter().rev().map(|m| m.mv.point());
        let (last, last2) = (recent.next().flatten(), recent.next().flatten());
        visit(&Position::from_game(&game), last, last2, point, number);
        number += 1;
    }
    Ok(())
}

/// The value after `flag` in `args`, removed from them, or `default`.
fn option(args: &mut Vec<std::ffi::OsString>, flag: &str, default: usize) -> Result<usize, String> {
    let Some(i) = args.iter().position(|a| a == flag) else {
        return Ok(default);
    };
    let value = args
        .get(i + 1)
        .and_then(|v| v.to_str())
        .and_then(|v| v.parse().ok());
    let value = value.ok_or(format!("{flag} needs a number"))?;
    args.drain(i..i + 2);
    Ok(value)
}

/// Adds every `every`th position of the record at `file`, the `index`th record: records start
/// at different offsets so that every move number is sampled.
fn add_sampled(
    set: &mut TrainingSet,
    file: &PathBuf,
    index: usize,
    every: usize,
) -> Result<(), String> {
    each_move(file, |position, last, last2, played, number| {
        if number % every == index % every {
            set.add(position, last, last2, played);
        }
    })
}

/// Prints the share of the moves of the records under `paths` that the table at `table`
/// predicts.
fn evaluate_table(
    table: &PathBuf,
    paths: Vec<std::ffi::OsString>,
    every: usize,
    records: usize,
) -> ExitCode {
    let gammas = match std::fs::read_to_string(table)
        .map_err(|e| e.to_string())
        .and_then(|text| Gammas::parse(&text))
    {
        Ok(g) => g,
        Err(e) => {
            eprintln!("{}: {e}", table.display());
            return ExitCode::FAILURE;
        }
    };
    let mut files = Vec::new();
    for p in paths {
        sgf_files(PathBuf::from(p), &mut files);
    }
    files.truncate(records);
    if files.is_empty() {
        eprintln!("learn_gammas --evaluate: no SGF records under the paths given");
        return ExitCode::FAILURE;
    }
    let mut set = TrainingSet::with_spatial(gammas.spatial_dictionary());
    for (i, f) in files.iter().enumerate() {
        if let Err(e) = add_sampled(&mut set, f, i, every) {
            eprintln!("{}: skipped: {e}", f.display());
        }
    }
    println!(
        "{}: best move predicted in {:.1} % of {} positions of {} records",
        table.display(),
        100.0 * set.prediction_rate(&gammas),
        set.len(),
        files.len()
    );
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let mut args: Vec<_> = std::env::args_os().skip(1).collect();
    let numbers = (|| {
        Ok::<_, String>((
            option(&mut args, "--spatial-min", 0)?,
            option(&mut args, "--every", 1)?.max(1),
            option(&mut args, "--records", usize::MAX)?,
            option(&mut args, "--sweeps", 12)?,
        ))
    })();
    const USAGE: &str = "usage: learn_gammas OUT.txt DIR_OR_SGF... [--exclude DIR_OR_SGF...] \
        [--spatial-min N] [--every K] [--records R] [--sweeps S]\n       \
        learn_gammas --evaluate TABLE.txt DIR_OR_SGF... [--every K] [--records R]";
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let (spatial_min, every, records, sweeps) = match numbers {
        Ok(n) => n,
        Err(e) => {
            eprintln!("learn_gammas: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(i) = args.iter().position(|a| a == "--evaluate") {
        args.remove(i);
        if i >= args.len() {
            eprintln!("learn_gammas: --evaluate needs a table file: --evaluate TABLE.txt DIR...");
            return ExitCode::FAILURE;
        }
        let table = PathBuf::from(args.remove(i));
        return evaluate_table(&table, args, every, records);
    }
    let mut args = args.into_iter();
    let Some(out) = args.next() else {
        eprintln!("{USAGE}");
        return ExitCode::FAILURE;
    };
    if out.to_string_lossy().starts_with('-') {
        // Not a table to write over: an option this tool does not know.
        eprintln!(
            "learn_gammas: unknown option {}\n{USAGE}",
            out.to_string_lossy()
        );
        return ExitCode::FAILURE;
    }
    let (mut files, mut excluded) = (Vec::new(), Vec::new());
    let mut excluding = false;
    for a in args {
        if a == "--exclude" {
            excluding = true;
        } else if excluding {
            sgf_files(PathBuf::from(a), &mut excluded);
        } else {
            sgf_files(PathBuf::from(a), &mut files);
        }
    }
    let excluded: HashSet<_> = excluded.iter().filter_map(|p| p.file_name()).collect();
    let before = files.len();
    files.retain(|f| f.file_name().is_none_or(|n| !excluded.contains(n)));
    eprintln!(
        "{} records left out for sharing a name with an excluded one",
        before - files.len()
    );
    files.truncate(records);
    let mut dictionary = Vec::new();
    if spatial_min > 0 {
        let mut harvest = SpatialHarvest::default();
        for (_, f) in files.iter().enumerate().filter(|(i, _)| i % 10 != 9) {
            // A record that does not read is reported by the second pass.
            let _ = each_move(f, |position, _, _, played, _| harvest.add(position, played));
        }
        dictionary = harvest.dictionary(u32::try_from(spatial_min).unwrap_or(u32::MAX));
        eprintln!(
            "{} large shapes played at least {spatial_min} times",
            dictionary.len()
        );
    }
    let mut learn = TrainingSet::with_spatial(dictionary.clone());
    let mut held_out = TrainingSet::with_spatial(dictionary);
    let mut skipped = 0;
    for (i, f) in files.iter().enumerate() {
        let set = if i % 10 == 9 {
            &mut held_out
        } else {
            &mut learn
        };
        if let Err(e) = add_sampled(set, f, i, every) {
            eprintln!("{}: skipped: {e}", f.display());
            skipped += 1;
        }
    }
    eprintln!(
        "{} records ({} skipped): {} positions to learn from, {} held out",
        files.len(),
        skipped,
        learn.len(),
        held_out.len()
    );
    let gammas = learn.learn(sweeps);
    eprintln!(
        "best move predicted: {:.1} % of the learned positions, {:.1} % of the held-out ones",
        100.0 * learn.prediction_rate(&gammas),
        100.0 * held_out.prediction_rate(&gammas)
    );
    if let Err(e) = std::fs::write(&out, gammas.to_string()) {
        eprintln!("{}: {e}", PathBuf::from(out).display());
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
