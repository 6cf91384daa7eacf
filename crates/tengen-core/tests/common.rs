//! Positions as ASCII diagrams: `X` Black, `O` White, `.` empty, one row per line, top row first.

use tengen_core::{Board, Color, Game, Move, Point, Rules, Setup};

/// A lone Black stone and a lone White stone on 5×5: everything else is undecided.
pub(crate) const TWO_LONE_STONES: &str = "
    . . . . .
    . X . . .
    . . . . .
    . . . O .
    . . . . .";

/// Two walls on 5×5 with a column of dame between them: five points of territory each.
pub(crate) const TWO_WALLS: &str = "
    . X . O .
    . X . O .
    . X . O .
    . X . O .
    . X . O .";

/// Black throws in at (2,0), White takes one stone at (1,0), Black takes five back at (2,0).
pub(crate) const SNAPBACK: &str = "
    X . . O X
    X O O O X
    X X X X X
    . . . . .
    . . . . .";

/// The setup a diagram shows.
pub(crate) fn setup(diagram: &str, to_move: Color) -> Setup {
    Setup::from_diagram(diagram, to_move).expect("a diagram")
}

/// A game from a diagram.
pub(crate) fn game(rules: Rules, diagram: &str, to_move: Color) -> Game {
    Game::from_setup(&setup(diagram, to_move), rules).expect("diagram is a position")
}

/// The diagram of a board, in the same form.
pub(crate) fn diagram(board: &Board) -> String {
    let n = board.size().get();
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

/// Normalises a diagram written in a test for comparison with [`diagram`].
pub(crate) fn normalise(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let cells: Vec<String> = line
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(String::from)
            .collect();
        if !cells.is_empty() {
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
    }
    out
}

/// A stone move at column `x`, row `y` from the top-left.
pub(crate) fn at(x: u8, y: u8) -> Move {
    Move::Play(Point::new(x, y))
}

pub(crate) fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

/// Plays the moves in order for whoever is to move, panicking with the move on refusal.
pub(crate) fn play_all(game: &mut Game, moves: &[Move]) {
    for (i, &mv) in moves.iter().enumerate() {
        if let Err(e) = game.play(mv) {
            panic!("move {i} ({mv:?}) refused: {e}");
        }
    }
}
