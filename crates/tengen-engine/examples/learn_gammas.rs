//! Learns the move strengths of the tree's priors from game records and writes the table
//! `crates/tengen-engine/src/learned_gammas.txt` ships.
//!
//! ```sh
//! cargo run --release -p tengen-engine --example learn_gammas -- OUT.txt DIR_OR_SGF... \
//!     [--exclude DIR_OR_SGF...]
//! ```
//!
//! Every tenth record is held out: the move-prediction rate on it is printed beside the
//! rate on the records learned from. Records with the file name of one under `--exclude`
//! are left out, so that a test set's games (GNU Go's move tests) are not learned from.

use std::{collections::HashSet, path::PathBuf, process::ExitCode};

use tengen_core::{Move, Position};
use tengen_engine::learned::TrainingSet;
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

/// Adds every stone move of the record's main line to `set`; the number of moves added.
fn add_record(path: &PathBuf, set: &mut TrainingSet) -> Result<usize, String> {
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
    let before = set.len();
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
        set.add(&Position::from_game(&game), last, last2, point);
    }
    Ok(set.len() - before)
}

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let Some(out) = args.next() else {
        eprintln!("usage: learn_gammas OUT.txt DIR_OR_SGF...");
        return ExitCode::FAILURE;
    };
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
    let (mut learn, mut held_out) = (TrainingSet::default(), TrainingSet::default());
    let mut skipped = 0;
    for (i, f) in files.iter().enumerate() {
        let set = if i % 10 == 9 {
            &mut held_out
        } else {
            &mut learn
        };
        if let Err(e) = add_record(f, set) {
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
    let gammas = learn.learn(12);
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
