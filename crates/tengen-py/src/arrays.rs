//! A game's position as flat arrays, row by row from the top (row 0 is the GTP row `size`):
//! the board, the legal moves, the planes a network reads. `tengen.Game` and
//! `tengen.GameBatch` fill NumPy arrays with these.

use tengen_core::{Color, Game, Move, Phase, Point};

/// The feature planes of [`fill_planes`]: the stones of the player to move, the opponent's
/// stones, and a plane of ones when Black is to move.
pub(crate) const PLANES: usize = 3;

/// `+1` Black, `-1` White, `0` empty, for each point.
pub(crate) fn fill_board(game: &Game, out: &mut [i8]) {
    let board = game.board();
    for (cell, point) in out.iter_mut().zip(game.size().points()) {
        *cell = match board.get(point) {
            Some(Color::Black) => 1,
            Some(Color::White) => -1,
            None => 0,
        };
    }
}

/// Whether each action (every point, then the pass) is legal for the player to move; all
/// false once play has stopped.
pub(crate) fn fill_legal(game: &Game, out: &mut [bool]) {
    let playing = game.phase() == Phase::Playing;
    let (points, pass) = out.split_at_mut(game.size().area());
    for (legal, point) in points.iter_mut().zip(game.size().points()) {
        *legal = playing && game.check(Move::Play(point)).is_ok();
    }
    if let Some(legal) = pass.first_mut() {
        *legal = playing;
    }
}

/// The [`PLANES`] planes of `game`, one after the other, each `area` values.
pub(crate) fn fill_planes(game: &Game, out: &mut [f32]) {
    let area = game.size().area();
    let board = game.board();
    let me = game.to_move();
    let (own, rest) = out.split_at_mut(area);
    let (theirs, black_to_move) = rest.split_at_mut(area);
    for (i, point) in game.size().points().enumerate() {
        let stone = board.get(point);
        own[i] = f32::from(u8::from(stone == Some(me)));
        theirs[i] = f32::from(u8::from(stone == Some(me.other())));
    }
    black_to_move.fill(f32::from(u8::from(me == Color::Black)));
}

/// The board as a diagram: `X` Black, `O` White, `.` empty, top row first, the form
/// `Game.from_diagram` reads.
pub(crate) fn diagram(game: &Game) -> String {
    let n = game.size().get();
    let board = game.board();
    let mut out = String::new();
    for y in 0..n {
        let row: Vec<&str> = (0..n)
            .map(|x| match board.get(Point::new(x, y)) {
                Some(Color::Black) => "X",
                Some(Color::White) => "O",
                None => ".",
            })
            .collect();
        out.push_str(&row.join(" "));
        out.push('\n');
    }
    out
}
