//! Positions as ASCII diagrams for the estimator's tests: `X` Black, `O` White, `.` empty,
//! one row per line, top row first.

#![allow(dead_code)]

use tengen_core::{BoardSize, Color, Game, Point, Rules, Setup};
use tengen_engine::estimate::{Budget, Estimate, Status, estimate};

/// A game whose position is `diagram`, Black to move.
pub fn game(rules: Rules, diagram: &str) -> Game {
    let rows: Vec<Vec<char>> = diagram
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let size = BoardSize::new(rows.len() as u32).expect("diagram size");
    let mut stones = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), rows.len(), "row {y} has the wrong length");
        for (x, &c) in row.iter().enumerate() {
            let p = Point::new(x as u8, y as u8);
            match c {
                'X' => stones.push((p, Color::Black)),
                'O' => stones.push((p, Color::White)),
                '.' => {}
                other => panic!("unexpected {other:?} in diagram"),
            }
        }
    }
    let setup = Setup {
        size,
        stones,
        to_move: Color::Black,
        handicap: 0,
    };
    Game::from_setup(&setup, rules).expect("diagram is a position")
}

/// The estimate of `diagram` under `rules` with the default budget.
pub fn estimated(rules: Rules, diagram: &str) -> (Game, Estimate) {
    let game = game(rules, diagram);
    let estimate = estimate(&game, &Budget::for_size(game.size()));
    (game, estimate)
}

pub fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

/// The estimate drawn as the diagram with `x`/`o` for dead stones and `S`/`s` for stones in
/// seki: what a failing assertion shows.
pub fn drawn(game: &Game, estimate: &Estimate) -> String {
    let n = game.size().get();
    let mut out = String::new();
    for y in 0..n {
        for x in 0..n {
            let pt = Point::new(x, y);
            let c = match (game.board().get(pt), estimate.status(pt)) {
                (Some(Color::Black), Some(Status::Dead)) => 'x',
                (Some(Color::White), Some(Status::Dead)) => 'o',
                (Some(Color::Black), Some(Status::Seki)) => 'S',
                (Some(Color::White), Some(Status::Seki)) => 's',
                (Some(Color::Black), _) => 'X',
                (Some(Color::White), _) => 'O',
                (None, _) => '.',
            };
            out.push(c);
            out.push(' ');
        }
        out.push('\n');
    }
    out.push_str(&estimate.score.breakdown());
    out
}
