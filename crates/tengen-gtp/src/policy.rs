//! The simple player behind `genmove` until the Monte-Carlo player exists: capture, escape
//! atari, else a uniformly random legal move that does not fill the mover's own eye, and never
//! into pass-alive territory (Benson), where a stone changes nothing. Passes when no such move
//! is left.

use tengen_core::{Board, Color, Game, Move, Point, UnconditionalLife, playout::XorShift32};

/// Chooses a move for `color` on `game` (which must be in play; otherwise a pass).
pub(crate) fn choose(game: &Game, color: Color, rng: &mut XorShift32) -> Move {
    let board = game.board();
    let life = UnconditionalLife::of(board);
    let candidates: Vec<Point> = game
        .size()
        .points()
        .filter(|&p| {
            board.get(p).is_none()
                && life.territory(p).is_none()
                && !board.is_own_eye(p, color)
                && game.check_ignoring_turn(color, Move::Play(p)).is_ok()
        })
        .collect();
    if candidates.is_empty() {
        return Move::Pass;
    }
    // 1. The largest capture.
    let mut best: Option<(usize, Point)> = None;
    for &p in &candidates {
        let captured: usize = atari_chains_next_to(board, p, color.other())
            .iter()
            .map(Vec::len)
            .sum();
        if captured > 0 && best.is_none_or(|(n, _)| captured > n) {
            best = Some((captured, p));
        }
    }
    if let Some((_, p)) = best {
        return Move::Play(p);
    }
    // 2. Save the largest own chain in atari by extending it to two liberties or more.
    let mut best: Option<(usize, Point)> = None;
    for &p in &candidates {
        let saved: usize = atari_chains_next_to(board, p, color)
            .iter()
            .map(Vec::len)
            .sum();
        if saved > 0 && best.is_none_or(|(n, _)| saved > n) && liberties_after(board, p, color) >= 2
        {
            best = Some((saved, p));
        }
    }
    if let Some((_, p)) = best {
        return Move::Play(p);
    }
    // 3. Uniformly random, avoiding a self-atari of a chain of two stones or more when
    //    anything else is left.
    let safe: Vec<Point> = candidates
        .iter()
        .copied()
        .filter(|&p| liberties_after(board, p, color) >= 2 || !joins_own_chain(board, p, color))
        .collect();
    let pool = if safe.is_empty() { &candidates } else { &safe };
    Move::Play(pool[rng.below(pool.len() as u32) as usize])
}

/// The chains of `owner` next to `point` that have `point` as their only liberty.
fn atari_chains_next_to(board: &Board, point: Point, owner: Color) -> Vec<Vec<Point>> {
    let mut chains: Vec<Vec<Point>> = Vec::new();
    for nb in board.neighbors(point) {
        if board.get(nb) != Some(owner) || chains.iter().any(|c| c.contains(&nb)) {
            continue;
        }
        if board.liberties(nb).len() == 1 {
            chains.push(board.chain(nb));
        }
    }
    chains
}

fn joins_own_chain(board: &Board, point: Point, color: Color) -> bool {
    board
        .neighbors(point)
        .any(|nb| board.get(nb) == Some(color))
}

/// The liberties of the chain of a stone of `color` placed on `point` (0 if it cannot be
/// placed).
fn liberties_after(board: &Board, point: Point, color: Color) -> usize {
    let mut after = board.clone();
    match after.play(point, color) {
        Ok(_) => after.liberties(point).len(),
        Err(_) => 0,
    }
}
