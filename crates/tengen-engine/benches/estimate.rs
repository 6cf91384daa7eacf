//! The dead-stone estimator's speed at the default budget on finished games: 9×9 and 19×19
//! positions played out at random to the end, and real 9×9 and 19×19 records from
//! `../shared/data/go-counted-games-dev` when the data is there.
//!
//! `cargo bench -p tengen-engine --bench estimate`. The whole dev set (median and slowest per
//! size, beside GNU Go) is `tengen bench estimate`; see BENCHMARKS.md.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, SamplingMode};
use tengen_core::playout::{Uniform, XorShift32, playout_with};
use tengen_core::{Board, BoardSize, Color, Game, Rules, Setup};
use tengen_engine::estimate::{EstimateBudget, estimate};
use tengen_sgf::{Mode, ReplayOptions, parse, replay};

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

/// A position played out at random to the end: every region settled.
fn played_out(size: BoardSize) -> Game {
    let mut board = Board::new(size);
    let mut owners = vec![None; board.cells().cell_count()];
    playout_with(
        &mut board,
        Color::Black,
        &mut Uniform,
        &mut XorShift32::new(19),
        3 * size.area() as u32,
        &mut owners,
    );
    let setup = Setup {
        size,
        stones: board.stones().collect(),
        to_move: Color::Black,
        handicap: 0,
    };
    Game::from_setup(&setup, Rules::japanese()).unwrap()
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut cases: Vec<(&str, Game)> = vec![
        ("9x9 played out", played_out(BoardSize::new(9).unwrap())),
        ("19x19 played out", played_out(BoardSize::STANDARD)),
    ];
    for (name, file) in [
        ("9x9 record cgf2005/9x9/aya1", "games/cgf2005/9x9/aya1.sgf"),
        ("19x19 record kgs/yagr-awf", "games/kgs/yagr-awf.sgf"),
    ] {
        match record(file) {
            Some(game) => cases.push((name, game)),
            None => eprintln!("skipped: ../shared/data/go-counted-games-dev absent ({file})"),
        }
    }
    let mut group = criterion.benchmark_group("estimate");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    for (name, game) in &cases {
        let budget = EstimateBudget::default();
        group.bench_function(*name, |b| b.iter(|| black_box(estimate(game, &budget))));
    }
    group.finish();
    criterion.final_summary();
}
