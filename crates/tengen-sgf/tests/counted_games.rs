//! The dead stones a record's territory marks name (what `score --dead marked` counts with)
//! against the recorded results of counted games whose marks reproduce `RE` (manifest column
//! `markup_check` = `match`).

use std::path::Path;
use tengen_core::{Color, Game, GameResult, Point, Score};
use tengen_sgf::{
    GameTree, Mode, RecordedResult, ReplayError, ReplayOptions, WinBy, marked_dead_stones, parse,
    replay,
};

/// The record replayed tolerantly (as `score` does) and counted with its marked dead stones.
fn count_with_marks(tree: &GameTree) -> Result<(Game, Vec<Point>, Score), ReplayError> {
    let options = ReplayOptions {
        tolerant: true,
        ..ReplayOptions::default()
    };
    let game = replay(tree, &options)?.game;
    let dead = marked_dead_stones(tree, &game)?;
    let score = game.score_as_ended(&dead);
    Ok((game, dead, score))
}

fn expected(re: &str) -> Option<GameResult> {
    match RecordedResult::parse(re) {
        RecordedResult::Draw => Some(GameResult::Jigo),
        RecordedResult::Win {
            winner,
            by: WinBy::Score(points),
        } => {
            let half = (points * 2.0).round() as i32;
            Some(GameResult::from_margin(if winner == Color::Black {
                half
            } else {
                -half
            }))
        }
        _ => None,
    }
}

#[test]
fn marked_dead_stones_reproduce_the_recorded_results() {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/go-counted-games-dev");
    let Ok(manifest) = std::fs::read_to_string(dir.join("manifest.csv")) else {
        eprintln!("skipped: ../shared/data/go-counted-games-dev absent");
        return;
    };
    let mut header = Vec::new();
    let (mut total, mut matched) = (0, 0);
    let mut failures = Vec::new();
    for (i, line) in manifest.lines().enumerate() {
        let fields: Vec<&str> = line.split(',').collect();
        if i == 0 {
            header = fields.iter().map(|s| s.to_string()).collect();
            continue;
        }
        let column = |name: &str| {
            header
                .iter()
                .position(|h| h == name)
                .and_then(|k| fields.get(k).copied())
        };
        if column("markup_check") != Some("match") {
            continue;
        }
        total += 1;
        let file = column("file").unwrap_or_default();
        let index: usize = column("game_index")
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let bytes = std::fs::read(dir.join(file)).expect("manifest file exists");
        let collection = parse(&bytes, Mode::Lenient).unwrap_or_else(|e| panic!("{file}: {e}"));
        let tree = &collection.games[index];
        let re = tree.node(tree.root()).value("RE").unwrap_or_default();
        match count_with_marks(tree) {
            Ok((game, dead, score)) => {
                if Some(score.result) == expected(re) {
                    matched += 1;
                } else {
                    failures.push(format!(
                        "{file}: RE[{re}] but {} [{}; {} dead]",
                        score.breakdown(),
                        game.rules(),
                        dead.len()
                    ));
                }
            }
            Err(e) => failures.push(format!("{file}: {e}")),
        }
    }
    eprintln!("{matched} of {total} counted games with matching markup reproduce RE");
    for f in &failures {
        eprintln!("  {f}");
    }
    assert!(total > 0);
    assert!(failures.is_empty(), "{} of {total} differ", failures.len());
}
