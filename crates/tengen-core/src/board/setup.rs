//! Setup positions (handicap stones, SGF `AB`/`AW`/`AE`) and the audit of the incremental
//! structures against a board built from scratch.

use super::{Board, BoardError, Cell};
use crate::{BoardSize, Color, Point};

impl Board {
    /// A board with these stones and nothing else (setup: no captures are made).
    pub(crate) fn from_stones(
        size: BoardSize,
        stones: impl IntoIterator<Item = (Point, Color)>,
    ) -> Board {
        let mut board = Board::new(size);
        for (p, c) in stones {
            let cell = board.cell(p);
            if board.spots[cell].kind == Cell::Empty {
                board.put_setup_stone(cell, c);
            }
        }
        board
    }

    /// Places a setup stone (handicap, SGF `AB`/`AW`) or clears a point (`AE`), as setup
    /// does: no captures are made, no ko is created and no prisoners counted.
    ///
    /// # Errors
    /// [`BoardError::OffBoard`] for a point off the board.
    pub fn set(&mut self, point: Point, stone: Option<Color>) -> Result<(), BoardError> {
        if !self.size.contains(point) {
            return Err(BoardError::OffBoard);
        }
        self.rebuild_without(&[point], stone.map(|c| (point, c)));
        Ok(())
    }

    /// Takes the stones on `points` off the board at once, as the count takes dead stones
    /// off: one rebuild, whatever their number. The prisoners are kept and the ko is gone,
    /// as after [`Board::set`]; empty points and points off the board are ignored.
    pub fn remove_stones(&mut self, points: &[Point]) {
        self.rebuild_without(points, None);
    }

    /// The board rebuilt from its stones but those on `points`, plus `added`: setup, so no
    /// captures and no ko; the prisoners are kept.
    fn rebuild_without(&mut self, points: &[Point], added: Option<(Point, Color)>) {
        let stones: Vec<(Point, Color)> =
            self.stones().filter(|(p, _)| !points.contains(p)).collect();
        let captures = self.captures;
        *self = Board::from_stones(self.size, stones.into_iter().chain(added));
        self.captures = captures;
    }

    /// Adds a stone without removing anything, even if some chain ends without liberties
    /// (setup positions may be like that; the next move's captures deal with it).
    fn put_setup_stone(&mut self, cell: usize, color: Color) {
        self.add_stone::<false>(cell, color);
    }

    /// Checks every incremental structure against a from-scratch recomputation; returns the
    /// first difference. For tests and debugging.
    #[doc(hidden)]
    pub fn audit(&self) -> Result<(), String> {
        let fresh = Board::from_stones(self.size, self.stones());
        if fresh.hash != self.hash {
            return Err("hash differs from recomputation".into());
        }
        let mut a: Vec<u16> = self.cells().empty_cells().to_vec();
        let mut b: Vec<u16> = fresh.cells().empty_cells().to_vec();
        a.sort_unstable();
        b.sort_unstable();
        if a != b {
            return Err("empty list differs".into());
        }
        for p in self.size.points() {
            let cell = self.cell(p);
            if self.spots[cell].counts != fresh.spots[cell].counts {
                return Err(format!("neighbour counts at {p:?} differ"));
            }
        }
        for (i, &cell) in self.cells().empty_cells().iter().enumerate() {
            if usize::from(self.spots[usize::from(cell)].empty_index) != i {
                return Err(format!("empty index of cell {cell} is stale"));
            }
        }
        for p in self.size.points() {
            let cell = self.cell(p);
            if self.spots[cell].kind.color().is_none() {
                continue;
            }
            let mine: std::collections::BTreeSet<Point> = self.chain(p).into_iter().collect();
            let theirs: std::collections::BTreeSet<Point> = fresh.chain(p).into_iter().collect();
            if mine != theirs {
                return Err(format!("chain at {p:?} differs"));
            }
            let c1 = self.chain_of(cell);
            let c2 = fresh.chain_of(fresh.cell(p));
            if c1.stones != c2.stones
                || c1.libs != c2.libs
                || c1.lib_sum != c2.lib_sum
                || c1.lib_sum_sq != c2.lib_sum_sq
            {
                return Err(format!(
                    "liberty bookkeeping at {p:?} differs: {c1:?} vs {c2:?}"
                ));
            }
            let exact = self.liberties(p).len();
            if (exact == 1) != c1.in_atari() || (exact == 0) != (c1.libs == 0) {
                return Err(format!("atari detection at {p:?} is wrong"));
            }
        }
        Ok(())
    }
}
