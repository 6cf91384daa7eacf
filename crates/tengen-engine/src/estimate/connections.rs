//! Chains of one colour that the opponent cannot cut apart live together.
//!
//! The playouts judge each chain by its own points. A small chain next to a living one dies
//! in many playouts when their defender fails to connect it, or fills the joining point
//! himself and leaves the joined stones in atari (the estimator's playouts allow a self-atari
//! of up to three stones, for nakade); in JP-7's confirmation phase its owner answers every
//! move and connects.
//! Two chains are joined here when the opponent cannot cut them: they share a point where
//! his stone is suicide, or a single stone in atari that is taken at once (not in a ko), or
//! they share two liberties (he fills one, the owner the other). A chain the playouts kill
//! that is so joined, directly or through other such chains, to a living chain lives with it.

use tengen_core::{Board, Color};

use super::judge::{UnionFind, chain_index};
use super::{Basis, Chain, ChainEstimate, Reason, Status};
use crate::tactics::move_shape;

/// Revives the chains the playouts killed that the opponent cannot cut from a living chain
/// of their colour (see the module documentation). The status of the living chain, and how
/// sure it is, carry over.
pub(crate) fn join_uncuttable(board: &Board, chains: &[Chain], estimates: &mut [ChainEstimate]) {
    let weak: Vec<bool> = estimates
        .iter()
        .map(|e| e.status == Status::Dead && e.basis == Basis::Playouts)
        .collect();
    if !weak.contains(&true) {
        return;
    }
    let cells = board.cells();
    let chain_at = chain_index(board, chains);
    let mut units = Units::new(chains.len());
    // Per pair of chains next to a weak one: the first liberty they share, and how many.
    let mut shared: Vec<((usize, usize), usize, usize)> = Vec::new();
    for &cell in cells.empty_cells() {
        let cell = usize::from(cell);
        let mut around: Vec<usize> = Vec::with_capacity(4);
        for nb in cells.adjacent_cells(cell) {
            let i = chain_at[nb];
            if i != usize::MAX && !around.contains(&i) {
                around.push(i);
            }
        }
        for color in [Color::Black, Color::White] {
            let own: Vec<usize> = around
                .iter()
                .copied()
                .filter(|&i| chains[i].color == color)
                .collect();
            if own.len() < 2 || !own.iter().any(|&i| weak[i]) {
                continue;
            }
            if uncuttable_at(board, cell, color) {
                for &i in &own[1..] {
                    units.join(own[0], i, cell);
                }
            }
            for (k, &a) in own.iter().enumerate() {
                for &b in &own[k + 1..] {
                    let pair = (a.min(b), a.max(b));
                    match shared.iter_mut().find(|(p, _, _)| *p == pair) {
                        Some((_, first, count)) => {
                            *count += 1;
                            if *count == 2 {
                                units.join(a, b, *first);
                                units.join(a, b, cell);
                            }
                        }
                        None => shared.push((pair, cell, 1)),
                    }
                }
            }
        }
    }
    for unit in units.members() {
        let Some(&living) = unit
            .iter()
            .filter(|&&i| estimates[i].status == Status::Alive)
            .max_by(|&&a, &&b| estimates[a].confidence.total_cmp(&estimates[b].confidence))
        else {
            continue;
        };
        let to = estimates[living].stones[0];
        let confidence = estimates[living].confidence;
        // The joint is certain; the life is as proved as the living chain's.
        let basis = match estimates[living].basis {
            Basis::Playouts => Basis::Playouts,
            Basis::PassAlive | Basis::Reading => Basis::Reading,
        };
        for &i in unit.iter().filter(|&&i| weak[i]) {
            let through = units.links[i]
                .iter()
                .map(|&cell| cells.point(cell))
                .collect();
            let estimate = &mut estimates[i];
            estimate.status = Status::Alive;
            estimate.reason = Reason::JoinedToTheLiving { to, through };
            estimate.unsettled = None;
            estimate.confidence = confidence;
            estimate.basis = basis;
        }
    }
}

/// Whether the opponent of `color` cannot cut the `color` chains next to the empty `cell`
/// by playing there: his stone would be suicide, or in atari without capturing anything,
/// and the owner takes it without starting a ko.
fn uncuttable_at(board: &Board, cell: usize, color: Color) -> bool {
    let opponent = color.other();
    let shape = move_shape(board, cell, opponent, 2);
    if shape.captures > 0 || shape.liberties > 1 {
        return false;
    }
    if shape.liberties == 0 {
        return true;
    }
    // In atari: the owner takes it on its liberty, unless that capture is a ko (the board's
    // own ko rule says so: one stone taken by one), which the opponent may retake after a
    // pass.
    let mut after = board.clone();
    after.cells_mut().place_unchecked(cell, opponent);
    let Some(liberty) = after.cells().chain_atari_liberty(cell) else {
        return false;
    };
    after.cells_mut().place_unchecked(liberty, color);
    after.cells().ko_cell().is_none()
}

/// Chains joined into units, with the points that join each chain.
struct Units {
    sets: UnionFind,
    /// Per chain, the points through which it was joined.
    links: Vec<Vec<usize>>,
}

impl Units {
    fn new(count: usize) -> Units {
        Units {
            sets: UnionFind::new(count),
            links: vec![Vec::new(); count],
        }
    }

    fn join(&mut self, a: usize, b: usize, through: usize) {
        for i in [a, b] {
            if !self.links[i].contains(&through) {
                self.links[i].push(through);
            }
        }
        self.sets.join(a, b);
    }

    /// The units of more than one chain.
    fn members(&mut self) -> Vec<Vec<usize>> {
        let mut units = self.sets.sets();
        units.retain(|unit| unit.len() > 1);
        units
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_core::{Game, Point, Rules};

    /// Whether White can cut Black's stones around the empty point `(x, y)` of `diagram`
    /// (`X` Black, `O` White, `.` empty, top row first).
    fn black_uncuttable_at(diagram: &str, x: u8, y: u8) -> bool {
        let game =
            Game::from_diagram(diagram, Color::White, Rules::japanese()).expect("a position");
        let board = game.board();
        uncuttable_at(board, board.cells().cell(Point::new(x, y)), Color::Black)
    }

    #[test]
    fn jp_7_a_point_where_the_opponents_stone_is_suicide_cannot_be_cut() {
        let diagram = "
            . X . . .
            X . X . .
            . X . . .
            . . . . .
            . . . . .";
        assert!(black_uncuttable_at(diagram, 1, 1));
    }

    #[test]
    fn jp_7_a_tigers_mouth_cannot_be_cut_the_cutting_stone_is_taken_at_once() {
        let diagram = "
            . . . . .
            . X . X .
            . . X . .
            . . . . .
            . . . . .";
        assert!(black_uncuttable_at(diagram, 2, 1));
    }

    #[test]
    fn jp_7_a_tigers_mouth_whose_capture_is_a_ko_can_be_cut() {
        // White's stone on C4 is taken on C5, but Black's C5 then has no liberty but C4:
        // a ko, which White may retake after a pass (JP-7's confirmation phase).
        let diagram = "
            . O . O .
            . X . X .
            . . X . .
            . . . . .
            . . . . .";
        assert!(!black_uncuttable_at(diagram, 2, 1));
    }

    #[test]
    fn jp_7_a_point_with_room_for_the_cutting_stone_can_be_cut() {
        let diagram = "
            . . . . .
            . X . X .
            . . . . .
            . . . . .
            . . . . .";
        assert!(!black_uncuttable_at(diagram, 2, 1));
    }
}
