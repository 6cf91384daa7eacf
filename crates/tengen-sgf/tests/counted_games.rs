//! `score --dead marked` against the recorded results of counted games whose territory marks
//! reproduce `RE` (manifest column `markup_check` = `match`).

use std::path::Path;
use tengen_core::{Color, GameResult};
use tengen_sgf::cli::{DeadStones, score_tree};
use tengen_sgf::{Mode, RecordedResult, WinBy, parse};

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
        match score_tree(tree, None, DeadStones::Marked) {
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
