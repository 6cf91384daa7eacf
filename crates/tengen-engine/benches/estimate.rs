//! The dead-stone estimator's speed at the default budget on finished games: a 9×9 seki
//! position, and real 9×9 and 19×19 records from `../shared/data/go-counted-games-dev` when
//! the data is there (a synthetic finished 19×19 position otherwise).
//!
//! `cargo bench -p tengen-engine --bench estimate`. The whole dev set (median and slowest per
//! size, beside GNU Go) is `tengen bench estimate`; see BENCHMARKS.md.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, SamplingMode};
use tengen_core::playout::{Uniform, XorShift32, playout_with};
use tengen_core::{Board, BoardSize, Color, Game, Point, Rules, Setup};
use tengen_engine::estimate::{Budget, estimate};
use tengen_sgf::{Mode, ReplayOptions, parse, replay};

const SEKI_WITH_EYES: &str = "
    O . X . O . O X .
    X X X O O O O X .
    O O O X X X X X .
    . . O X . . . . .
    O O O X . . . . .
    . . O X . . . . .
    O O O X . . . . .
    . . O X . . . . .
    . . O X . . . . .";

fn diagram(text: &str) -> Game {
    let rows: Vec<Vec<char>> = text
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let mut stones = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let color = match c {
                'X' => Color::Black,
                'O' => Color::White,
                _ => continue,
            };
            stones.push((Point::new(x as u8, y as u8), color));
        }
    }
    let setup = Setup {
        size: BoardSize::new(rows.len() as u32).unwrap(),
        stones,
        to_move: Color::Black,
        handicap: 0,
    };
    Game::from_setup(&setup, Rules::japanese()).unwrap()
}

fn record(file: &str) -> Option<Game> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/go-counted-games-dev")
        .join(file);
    let bytes = std::fs::read(path).ok()?;
    let tree = parse(&bytes, Mode::Lenient)
        .ok()?
        .games
        .into_iter()
        .next()?;
    let options = ReplayOptions {
        tolerant: true,
        ..ReplayOptions::default()
    };
    Some(replay(&tree, &options).ok()?.game)
}

/// A 19×19 position played out at random to the end: every region settled.
fn synthetic_19() -> Game {
    let mut board = Board::new(BoardSize::STANDARD);
    let mut owners = vec![None; board.cell_count()];
    playout_with(
        &mut board,
        Color::Black,
        &mut Uniform,
        &mut XorShift32::new(19),
        3 * 361,
        &mut owners,
    );
    let setup = Setup {
        size: BoardSize::STANDARD,
        stones: board.stones().collect(),
        to_move: Color::Black,
        handicap: 0,
    };
    Game::from_setup(&setup, Rules::japanese()).unwrap()
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut cases: Vec<(&str, Game)> = vec![("9x9 seki diagram", diagram(SEKI_WITH_EYES))];
    match record("games/cgf2005/9x9/aya1.sgf") {
        Some(game) => cases.push(("9x9 record cgf2005/9x9/aya1", game)),
        None => eprintln!("skipped: ../shared/data/go-counted-games-dev absent (9x9 record)"),
    }
    match record("games/kgs/yagr-awf.sgf") {
        Some(game) => cases.push(("19x19 record kgs/yagr-awf", game)),
        None => cases.push(("19x19 synthetic finished position", synthetic_19())),
    }
    let mut group = criterion.benchmark_group("estimate");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    for (name, game) in &cases {
        let budget = Budget::for_size(game.size());
        group.bench_function(*name, |b| b.iter(|| black_box(estimate(game, &budget))));
    }
    group.finish();
    criterion.final_summary();
}
