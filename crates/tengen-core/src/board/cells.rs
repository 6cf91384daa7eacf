//! The board's fast primitives on cell indices, public for the Monte-Carlo search
//! (`tengen-engine`): what a heavy playout and a tree need to read chains, liberties and
//! neighbourhoods without allocating. Cell indices come from [`Board::cell`] and
//! [`Board::empty_cells`]; each method states what it requires of them. A method given a
//! cell that breaks its precondition returns a meaningless answer or panics on an index;
//! it never makes the board unsound, except [`Board::place`] on an occupied cell.

use super::{Board, Cell, EMPTY_MASK, NO_KO, ko_key};
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

/// The liberties of a chain besides one cell, as
/// [`Board::chain_liberties_besides`] tells them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OtherLiberties {
    /// No other liberty.
    None,
    /// Exactly one other liberty, on this cell.
    One(usize),
    /// Two or more other liberties.
    Several,
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
    /// allocation: one or two liberties cost a walk to the first liberty (the sums tell
    /// the second), more a walk of the chain (times `out.len()`), so ask for as few as the
    /// question needs (two or three). Precondition: `cell` holds a stone.
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
        if chain.libs == 0 {
            return 0;
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
                    // After the first liberty the sums tell whether there is exactly one
                    // more (and which), so that a walk goes on only for three or more.
                    if found == 1 {
                        if let OtherLiberties::One(second) = self.chain_liberties_besides(cell, nb)
                        {
                            out[1] = second;
                            return 2;
                        }
                    }
                }
            }
            stone = usize::from(self.spots[stone].next);
            if stone == cell {
                return found;
            }
        }
    }

    /// The two liberties of the chain through `cell` if it has exactly two (a chain to put
    /// in atari, or to save from it), else `None`. A walk to the chain's first liberty,
    /// and the pseudo-liberty sums for the rest. Precondition: `cell` holds a stone.
    ///
    /// ```
    /// use tengen_core::{Board, BoardSize, Color, OtherLiberties, Point};
    /// let mut board = Board::new(BoardSize::new(9).unwrap());
    /// board.play(Point::new(0, 0), Color::Black).unwrap(); // a corner stone: two liberties
    /// let stone = board.cell(Point::new(0, 0));
    /// let (right, below) = (board.cell(Point::new(1, 0)), board.cell(Point::new(0, 1)));
    /// let mut two = board.chain_two_liberties(stone).unwrap();
    /// two.sort_unstable();
    /// assert_eq!(two, [right, below]);
    /// assert_eq!(board.chain_liberties_besides(stone, right), OtherLiberties::One(below));
    /// board.play(Point::new(1, 0), Color::Black).unwrap(); // three liberties now
    /// assert_eq!(board.chain_two_liberties(stone), None);
    /// assert_eq!(board.chain_liberties_besides(stone, below), OtherLiberties::Several);
    /// ```
    #[must_use]
    pub fn chain_two_liberties(&self, cell: usize) -> Option<[usize; 2]> {
        let chain = self.chain_of(cell);
        // A liberty is next to at most four stones of the chain: more than eight
        // pseudo-liberties are three liberties or more.
        if !(2..=8).contains(&chain.libs) || chain.in_atari() {
            return None;
        }
        let mut stone = cell;
        let first = loop {
            if let Some(lib) = self
                .neighbor_cells(stone)
                .into_iter()
                .find(|&nb| self.spots[nb].kind == Cell::Empty)
            {
                break lib;
            }
            stone = usize::from(self.spots[stone].next);
            if stone == cell {
                return None;
            }
        };
        match self.chain_liberties_besides(cell, first) {
            OtherLiberties::One(second) => Some([first, second]),
            OtherLiberties::None | OtherLiberties::Several => None,
        }
    }

    /// The liberties of the chain through `cell` other than `excluded`, in constant time
    /// from the pseudo-liberty sums: none, exactly one (which), or several. What a stone on
    /// `excluded` joining the chain would keep of its liberties. Precondition: `cell` holds
    /// a stone and `excluded` is a cell of the board or its border.
    #[inline]
    #[must_use]
    pub fn chain_liberties_besides(&self, cell: usize, excluded: usize) -> OtherLiberties {
        let kind = self.spots[cell].kind;
        let head = self.spots[cell].head;
        let chain = &self.spots[usize::from(head)].chain;
        // An empty `excluded` is counted once for every stone of the chain next to it.
        let repeats = if self.spots[excluded].kind == Cell::Empty {
            self.neighbor_cells(excluded)
                .into_iter()
                .filter(|&nb| self.spots[nb].kind == kind && self.spots[nb].head == head)
                .count() as u32
        } else {
            0
        };
        let rest = u32::from(chain.libs).saturating_sub(repeats);
        if rest == 0 {
            return OtherLiberties::None;
        }
        let excluded = excluded as u32;
        let sum = chain.lib_sum.wrapping_sub(repeats * excluded);
        let sum_sq = chain.lib_sum_sq.wrapping_sub(repeats * excluded * excluded);
        // The remaining pseudo-liberties are all one cell exactly when n·Σx² = (Σx)².
        if u64::from(rest) * u64::from(sum_sq) == u64::from(sum) * u64::from(sum) {
            OtherLiberties::One((sum / rest) as usize)
        } else {
            OtherLiberties::Several
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

    /// Whether the playout policy may play `color` on the empty `cell`: legal under simple ko
    /// without suicide, and not the mover's own eye. One pass over the neighbours instead of
    /// a legality check followed by an eye check, because this runs for every candidate.
    /// Precondition: `cell` is an empty on-board cell.
    #[inline(always)]
    #[must_use]
    pub fn playout_candidate_ok(&self, cell: usize, color: Color) -> bool {
        let counts = self.spots[cell].counts;
        if counts & EMPTY_MASK != 0 {
            return self.ko != ko_key(cell, color);
        }
        self.crowded_candidate_ok(cell, color)
    }

    /// The candidate test for a point without empty neighbours: an eye, a capture, a
    /// connection or a suicide. Kept out of line so that the common case stays small.
    #[inline(never)]
    fn crowded_candidate_ok(&self, cell: usize, color: Color) -> bool {
        if self.is_own_eye_cell(cell, color) {
            return false;
        }
        self.ko != ko_key(cell, color) && self.crowded_move_keeps_a_liberty(cell, color)
    }

    /// For a point without empty neighbours: whether the stone joins an own chain that has
    /// another liberty, or captures. Without branches on the neighbours (a coin toss in a
    /// random game); a border neighbour's scratch chain is masked out by its kind.
    #[inline]
    fn crowded_move_keeps_a_liberty(&self, cell: usize, color: Color) -> bool {
        let own = Cell::stone(color);
        let opponent = Cell::stone(color.other());
        let mut keeps = false;
        for nb in self.neighbor_cells(cell) {
            let kind = self.spots[nb].kind;
            let chain = &self.spots[usize::from(self.spots[nb].head)].chain;
            let atari = (chain.libs > 0)
                & (u64::from(chain.libs) * u64::from(chain.lib_sum_sq)
                    == u64::from(chain.lib_sum) * u64::from(chain.lib_sum));
            keeps |= ((kind == own) & !atari) | ((kind == opponent) & atari);
        }
        keeps
    }

    /// The empty cells in row-major order (the reference playout's candidates).
    pub(crate) fn empty_cells_row_major(&self, out: &mut Vec<u16>) {
        out.clear();
        let n = usize::from(self.size.get());
        for y in 1..=n {
            let row = y * self.stride;
            for cell in row + 1..=row + n {
                if self.spots[cell].kind == Cell::Empty {
                    out.push(cell as u16);
                }
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
