//! The board's fast primitives on cell indices, public for the Monte-Carlo search
//! (`tengen-engine`): what a heavy playout and a tree need to read chains, liberties and
//! neighbourhoods without allocating. Cell indices come from [`Board::cell`] and
//! [`Board::empty_cells`]; each method states what it requires of them. A method given a
//! cell that breaks its precondition returns a meaningless answer or panics on an index;
//! it never makes the board unsound, except [`Board::place`] on an occupied cell.

use super::{Board, Cell, EMPTY_MASK, NO_KO};
use crate::{Color, Point};

/// What occupies a cell of the padded array: a stone, nothing, or the border ring around
/// the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum CellContent {
    /// An empty point.
    Empty = 0,
    /// A Black stone.
    Black = 1,
    /// A White stone.
    White = 2,
    /// Off the board.
    Border = 3,
}

impl CellContent {
    /// The colour of a stone, `None` for an empty or border cell.
    #[inline]
    #[must_use]
    pub fn color(self) -> Option<Color> {
        match self {
            CellContent::Black => Some(Color::Black),
            CellContent::White => Some(Color::White),
            _ => None,
        }
    }

    /// The content holding a stone of `color`.
    #[inline]
    #[must_use]
    pub fn stone(color: Color) -> CellContent {
        match color {
            Color::Black => CellContent::Black,
            Color::White => CellContent::White,
        }
    }
}

/// How many of a point's four orthogonal neighbours are Black, White and empty; the rest
/// (`4 - black - white - empty`) are off the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct NeighbourCounts {
    /// Black stones next to the point.
    pub black: u8,
    /// White stones next to the point.
    pub white: u8,
    /// Empty points next to the point.
    pub empty: u8,
}

impl NeighbourCounts {
    /// Stones of `color` next to the point.
    #[inline]
    #[must_use]
    pub fn of(self, color: Color) -> u8 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// Neighbours off the board (0 in the middle, 1 on an edge, 2 in a corner).
    #[inline]
    #[must_use]
    pub fn border(self) -> u8 {
        4 - self.black - self.white - self.empty
    }
}

impl Board {
    /// The length of the padded array: every cell index of this board is below it.
    #[inline]
    #[must_use]
    pub fn cell_count(&self) -> usize {
        self.spots.0.len()
    }

    /// The distance between vertically adjacent cells (size + 2).
    #[inline]
    #[must_use]
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// What occupies `cell`. Precondition: `cell < cell_count()`.
    #[inline]
    #[must_use]
    pub fn content(&self, cell: usize) -> CellContent {
        match self.spots[cell].kind {
            Cell::Empty => CellContent::Empty,
            Cell::Black => CellContent::Black,
            Cell::White => CellContent::White,
            Cell::Border => CellContent::Border,
        }
    }

    /// The orthogonal neighbours of an on-board `cell` (up, left, right, down), border cells
    /// included. Precondition: `cell` is on the board.
    #[inline]
    #[must_use]
    pub fn adjacent_cells(&self, cell: usize) -> [usize; 4] {
        self.neighbor_cells(cell)
    }

    /// The diagonal neighbours of an on-board `cell` (up-left, up-right, down-left,
    /// down-right), border cells included. Precondition: `cell` is on the board.
    #[inline]
    #[must_use]
    pub fn diagonal_cells_of(&self, cell: usize) -> [usize; 4] {
        self.diagonal_cells(cell)
    }

    /// The stones and empty points next to an on-board `cell`, kept incrementally (one load).
    #[inline]
    #[must_use]
    pub fn neighbour_counts(&self, cell: usize) -> NeighbourCounts {
        let counts = self.spots[cell].counts;
        NeighbourCounts {
            black: (counts & 0xf) as u8,
            white: ((counts >> 4) & 0xf) as u8,
            empty: ((counts & EMPTY_MASK) >> 8) as u8,
        }
    }

    /// The 3×3 neighbourhood of an on-board `cell` as 16 bits: the [`CellContent`] of the
    /// neighbours up, left, right, down, up-left, up-right, down-left, down-right, two bits
    /// each from the lowest. The key of 3×3 pattern tables.
    #[inline]
    #[must_use]
    pub fn neighbourhood(&self, cell: usize) -> u16 {
        let s = self.stride;
        let around = [
            cell - s,
            cell - 1,
            cell + 1,
            cell + s,
            cell - s - 1,
            cell - s + 1,
            cell + s - 1,
            cell + s + 1,
        ];
        let mut code = 0u16;
        for (i, c) in around.into_iter().enumerate() {
            code |= (self.spots[c].kind as u16) << (2 * i);
        }
        code
    }

    /// The head cell of the chain through the stone on `cell`: equal for all stones of one
    /// chain. Precondition: `cell` holds a stone.
    #[inline]
    #[must_use]
    pub fn chain_head(&self, cell: usize) -> usize {
        usize::from(self.spots[cell].head)
    }

    /// The next stone of the chain through `cell` (the chain is a circle: following it from
    /// any stone comes back to that stone). Precondition: `cell` holds a stone.
    #[inline]
    #[must_use]
    pub fn next_in_chain(&self, cell: usize) -> usize {
        usize::from(self.spots[cell].next)
    }

    /// The number of stones of the chain through `cell`. Precondition: `cell` holds a stone.
    #[inline]
    #[must_use]
    pub fn chain_stones(&self, cell: usize) -> u32 {
        u32::from(self.chain_of(cell).stones)
    }

    /// Whether the chain through `cell` has exactly one liberty (constant time).
    /// Precondition: `cell` holds a stone.
    #[inline]
    #[must_use]
    pub fn chain_in_atari(&self, cell: usize) -> bool {
        self.chain_of(cell).in_atari()
    }

    /// The single liberty of the chain through `cell` when it is in atari (constant time).
    /// Precondition: `cell` holds a stone.
    #[inline]
    #[must_use]
    pub fn chain_atari_liberty(&self, cell: usize) -> Option<usize> {
        let chain = self.chain_of(cell);
        chain.in_atari().then(|| chain.atari_liberty())
    }

    /// The pseudo-liberties of the chain through `cell` (stone–empty adjacencies, a liberty
    /// next to two stones counted twice): 0 exactly when the chain has no liberty.
    /// Precondition: `cell` holds a stone.
    #[inline]
    #[must_use]
    pub fn chain_pseudo_liberties(&self, cell: usize) -> u32 {
        u32::from(self.chain_of(cell).libs)
    }

    /// Writes distinct liberties of the chain through `cell` into `out` until it is full and
    /// returns how many it wrote: `out.len()` means "at least that many". Without
    /// allocation, in time proportional to the chain's size (times `out.len()`), so ask for
    /// as few as the question needs (two or three). Precondition: `cell` holds a stone.
    #[must_use]
    pub fn chain_liberties(&self, cell: usize, out: &mut [usize]) -> usize {
        if out.is_empty() {
            return 0;
        }
        let chain = self.chain_of(cell);
        if chain.in_atari() {
            out[0] = chain.atari_liberty();
            return 1;
        }
        let mut found = 0;
        let mut stone = cell;
        loop {
            for nb in self.neighbor_cells(stone) {
                if self.spots[nb].kind == Cell::Empty && !out[..found].contains(&nb) {
                    out[found] = nb;
                    found += 1;
                    if found == out.len() {
                        return found;
                    }
                }
            }
            stone = usize::from(self.spots[stone].next);
            if stone == cell {
                return found;
            }
        }
    }

    /// The simple-ko ban: the cell and the colour that may not play there next, if any.
    #[inline]
    #[must_use]
    pub fn ko_cell(&self) -> Option<(usize, Color)> {
        (self.ko != NO_KO).then(|| {
            let color = if self.ko & 1 == 0 {
                Color::Black
            } else {
                Color::White
            };
            ((self.ko >> 1) as usize, color)
        })
    }

    /// The area owner of every cell, as in [`Board::area_counts`]: the colour of a stone, or
    /// of the only colour an empty region touches, else `None` (also for border cells).
    /// `owners` must hold at least [`Board::cell_count`] entries. Allocation-free, for the
    /// end of every playout (the ownership map of the search).
    pub fn area_owners(&self, owners: &mut [Option<Color>]) {
        let owners = &mut owners[..self.cell_count()];
        for (owner, spot) in owners.iter_mut().zip(self.used_spots()) {
            *owner = spot.kind.color();
        }
        let mut visited = [0u64; super::MAX_CELLS.div_ceil(64)];
        let mut region = [0u16; super::MAX_CELLS];
        for &start in self.empty_cells() {
            let start = usize::from(start);
            let counts = self.spots[start].counts;
            if counts & EMPTY_MASK == 0 {
                let (b, w) = (counts & 0xf, (counts >> 4) & 0xf);
                owners[start] = match (b > 0, w > 0) {
                    (true, false) => Some(Color::Black),
                    (false, true) => Some(Color::White),
                    _ => None,
                };
                continue;
            }
            if visited[start / 64] & (1 << (start % 64)) != 0 {
                continue;
            }
            visited[start / 64] |= 1 << (start % 64);
            // The region's cells stay in `region[..len]`; `next` walks them as a queue.
            let mut touches = [false; 2];
            region[0] = start as u16;
            let (mut next, mut len) = (0, 1);
            while next < len {
                let here = usize::from(region[next]);
                next += 1;
                for nb in self.neighbor_cells(here) {
                    match self.spots[nb].kind {
                        Cell::Black => touches[0] = true,
                        Cell::White => touches[1] = true,
                        Cell::Border => {}
                        Cell::Empty => {
                            if visited[nb / 64] & (1 << (nb % 64)) == 0 {
                                visited[nb / 64] |= 1 << (nb % 64);
                                region[len] = nb as u16;
                                len += 1;
                            }
                        }
                    }
                }
            }
            let owner = match touches {
                [true, false] => Some(Color::Black),
                [false, true] => Some(Color::White),
                _ => None,
            };
            for &cell in &region[..len] {
                owners[usize::from(cell)] = owner;
            }
        }
    }

    /// Whether `point` is on this board and its cell holds no stone: a checked way from a
    /// point to the fast primitives.
    #[must_use]
    pub fn is_empty_point(&self, point: Point) -> bool {
        self.size.contains(point) && self.spots[self.cell(point)].kind == Cell::Empty
    }
}
