//! The board on cell indices, for the Monte-Carlo search (`tengen-engine`): what a heavy
//! playout, a search tree and a tactical reader need to read chains, liberties and
//! neighbourhoods, and to place stones, in constant time and without allocating.
//!
//! [`Board`] and [`Game`](crate::Game) speak in [`Point`]s and check every move; this module
//! is the other audience's door to the same board. [`Board::cells`] lends a [`Cells`] (a
//! copyable view that only reads) and [`Board::cells_mut`] a [`CellsMut`] (the two
//! operations that change the board through cells). Both are a reference and nothing more:
//! every method is `#[inline]`, so that the view costs nothing.
//!
//! A *cell* is an index into the board's padded array: the `n × n` points plus a border
//! ring, `(n + 2)²` cells in all ([`Cells::cell_count`]), row by row, the vertical neighbour
//! [`Cells::stride`] apart. [`Cells::cell`] and [`Cells::point`] convert; the border's
//! [`CellContent`] is [`CellContent::Border`], so that a neighbour visit needs no bounds test.
//!
//! Each method says what it requires of its cells ("Requires: `cell` holds a stone"). A
//! method that only reads, given a cell that breaks its requirement, answers nonsense or
//! panics on an index, and never harms the board. What changes the board without the checks
//! of its point-level twin has `_unchecked` in its name and a `# Requires` section:
//! [`CellsMut::place_unchecked`] (beside [`Board::play`]) and
//! [`Position::play_cell_unchecked`](crate::Position::play_cell_unchecked) (beside
//! [`Position::play`](crate::Position::play)). Breaking those requirements leaves a board that
//! is wrong from then on (it is never undefined behaviour: nothing here is `unsafe`).
//!
//! ```
//! use tengen_core::{Board, BoardSize, Color, Point};
//! use tengen_core::cells::{CellContent, OtherLiberties};
//!
//! let mut board = Board::new(BoardSize::new(9).unwrap());
//! board.play(Point::new(0, 0), Color::Black).unwrap(); // a corner stone: two liberties
//! let cells = board.cells();
//! let corner = cells.cell(Point::new(0, 0));
//! let (right, below) = (cells.cell(Point::new(1, 0)), cells.cell(Point::new(0, 1)));
//! assert_eq!(cells.content(corner), CellContent::Black);
//! assert_eq!(cells.content(corner - cells.stride()), CellContent::Border);
//! assert_eq!(cells.chain_liberties_besides(corner, right), OtherLiberties::One(below));
//!
//! // White takes one liberty; the search knows the move is legal, so it skips the check.
//! assert!(cells.is_legal(right, Color::White));
//! board.cells_mut().place_unchecked(right, Color::White);
//! let cells = board.cells();
//! assert_eq!(cells.chain_atari_liberty(corner), Some(below));
//! assert_eq!(board.get(Point::new(1, 0)), Some(Color::White)); // the same board
//! ```

use super::{Board, Cell, EMPTY_MASK, LibertyAfter, NO_KO, ZOBRIST, ko_key};
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

/// The liberties of a chain besides one cell, as [`Cells::chain_liberties_besides`] tells
/// them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OtherLiberties {
    /// No other liberty.
    None,
    /// Exactly one other liberty, on this cell.
    One(usize),
    /// Two or more other liberties.
    Several,
}

/// What a stone placement ([`CellsMut::place_unchecked`],
/// [`Position::play_cell_unchecked`](crate::Position::play_cell_unchecked)) did, for callers
/// that keep history.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Placement {
    /// Opponent stones removed.
    pub captured: u32,
    /// Own stones removed by a (multi-stone) suicide.
    pub suicided: u32,
}

/// The board on cell indices, read only: the [module](self)'s view, lent by [`Board::cells`].
/// A reference and nothing more (`Copy`; every method `#[inline]`).
#[derive(Copy, Clone, Debug)]
pub struct Cells<'a> {
    board: &'a Board,
}

/// The board on cell indices, the operations that change it: lent by [`Board::cells_mut`].
/// A reference and nothing more; each method takes the view by value
/// (`board.cells_mut().place_unchecked(cell, color)`), so that the optimizer knows the board
/// is borrowed uniquely, as for a `&mut Board` method. Reads go through [`Board::cells`].
#[derive(Debug)]
pub struct CellsMut<'a> {
    board: &'a mut Board,
}

impl Board {
    /// The board on cell indices, for the search's hot path: chains, liberties and
    /// neighbourhoods in constant time (the [`cells`](crate::cells) module).
    #[inline]
    #[must_use]
    pub fn cells(&self) -> Cells<'_> {
        Cells { board: self }
    }

    /// The cell-level operations that change the board: a stone placed without the checks
    /// of [`Board::play`], the playout's reordering of the empty list (the
    /// [`cells`](crate::cells) module).
    #[inline]
    #[must_use]
    pub fn cells_mut(&mut self) -> CellsMut<'_> {
        CellsMut { board: self }
    }
}

impl<'a> Cells<'a> {
    /// The length of the padded array: every cell index of this board is below it.
    #[inline]
    #[must_use]
    pub fn cell_count(self) -> usize {
        self.board.spots.0.len()
    }

    /// The distance between vertically adjacent cells (size + 2).
    #[inline]
    #[must_use]
    pub fn stride(self) -> usize {
        self.board.stride
    }

    /// The cell of a point. Requires: `point` is on the board (otherwise the index names
    /// another cell or lies outside the array; [`Board::get`] and
    /// [`Board::is_empty_point`] check a point first).
    #[inline]
    #[must_use]
    pub fn cell(self, point: Point) -> usize {
        self.board.cell(point)
    }

    /// The point of a cell. Requires: `cell` is on the board (not a border cell).
    #[inline]
    #[must_use]
    pub fn point(self, cell: usize) -> Point {
        self.board.point(cell)
    }

    /// What occupies `cell`. Requires: `cell < cell_count()`.
    #[inline]
    #[must_use]
    pub fn content(self, cell: usize) -> CellContent {
        match self.board.spots[cell].kind {
            Cell::Empty => CellContent::Empty,
            Cell::Black => CellContent::Black,
            Cell::White => CellContent::White,
            Cell::Border => CellContent::Border,
        }
    }

    /// The orthogonal neighbours of `cell` (up, left, right, down), border cells included.
    /// Requires: `cell` is on the board.
    #[inline]
    #[must_use]
    pub fn adjacent_cells(self, cell: usize) -> [usize; 4] {
        self.board.neighbor_cells(cell)
    }

    /// The diagonal neighbours of `cell` (up-left, up-right, down-left, down-right), border
    /// cells included. Requires: `cell` is on the board.
    #[inline]
    #[must_use]
    pub fn diagonal_cells(self, cell: usize) -> [usize; 4] {
        self.board.diagonal_cells(cell)
    }

    /// The stones and empty points next to `cell`, kept incrementally (one load).
    /// Requires: `cell` is on the board.
    #[inline]
    #[must_use]
    pub fn neighbour_counts(self, cell: usize) -> NeighbourCounts {
        let counts = self.board.spots[cell].counts;
        NeighbourCounts {
            black: (counts & 0xf) as u8,
            white: ((counts >> 4) & 0xf) as u8,
            empty: ((counts & EMPTY_MASK) >> 8) as u8,
        }
    }

    /// The 3×3 neighbourhood of `cell` as 16 bits: the [`CellContent`] of the neighbours up,
    /// left, right, down, up-left, up-right, down-left, down-right, two bits each from the
    /// lowest. The key of 3×3 pattern tables. Requires: `cell` is on the board.
    #[inline]
    #[must_use]
    pub fn neighbourhood(self, cell: usize) -> u16 {
        let s = self.board.stride;
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
            code |= (self.board.spots[c].kind as u16) << (2 * i);
        }
        code
    }

    /// The head cell of the chain through the stone on `cell`: equal for all stones of one
    /// chain. Requires: `cell` holds a stone.
    #[inline]
    #[must_use]
    pub fn chain_head(self, cell: usize) -> usize {
        usize::from(self.board.spots[cell].head)
    }

    /// The next stone of the chain through `cell` (the chain is a circle: following it from
    /// any stone comes back to that stone). Requires: `cell` holds a stone.
    #[inline]
    #[must_use]
    pub fn next_in_chain(self, cell: usize) -> usize {
        usize::from(self.board.spots[cell].next)
    }

    /// The number of stones of the chain through `cell`. Requires: `cell` holds a stone.
    #[inline]
    #[must_use]
    pub fn chain_stones(self, cell: usize) -> u32 {
        u32::from(self.board.chain_of(cell).stones)
    }

    /// Whether the chain through `cell` has exactly one liberty (constant time).
    /// Requires: `cell` holds a stone.
    #[inline]
    #[must_use]
    pub fn chain_in_atari(self, cell: usize) -> bool {
        self.board.chain_of(cell).in_atari()
    }

    /// The single liberty of the chain through `cell` when it is in atari (constant time).
    /// Requires: `cell` holds a stone.
    #[inline]
    #[must_use]
    pub fn chain_atari_liberty(self, cell: usize) -> Option<usize> {
        let chain = self.board.chain_of(cell);
        chain.in_atari().then(|| chain.atari_liberty())
    }

    /// The pseudo-liberties of the chain through `cell` (stone–empty adjacencies, a liberty
    /// next to two stones counted twice): 0 exactly when the chain has no liberty.
    /// Requires: `cell` holds a stone.
    #[inline]
    #[must_use]
    pub fn chain_pseudo_liberties(self, cell: usize) -> u32 {
        u32::from(self.board.chain_of(cell).libs)
    }

    /// Writes distinct liberties of the chain through `cell` into `out` until it is full and
    /// returns how many it wrote: `out.len()` means "at least that many". Without
    /// allocation: one or two liberties cost a walk to the first liberty (the sums tell
    /// the second), more a walk of the chain (times `out.len()`), so ask for as few as the
    /// question needs (two or three). Requires: `cell` holds a stone.
    #[must_use]
    pub fn chain_liberties(self, cell: usize, out: &mut [usize]) -> usize {
        if out.is_empty() {
            return 0;
        }
        let board = self.board;
        let chain = board.chain_of(cell);
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
            for nb in board.neighbor_cells(stone) {
                if board.spots[nb].kind == Cell::Empty && !out[..found].contains(&nb) {
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
            stone = usize::from(board.spots[stone].next);
            if stone == cell {
                return found;
            }
        }
    }

    /// The two liberties of the chain through `cell` if it has exactly two (a chain to put
    /// in atari, or to save from it), else `None`. A walk to the chain's first liberty,
    /// and the pseudo-liberty sums for the rest. Requires: `cell` holds a stone.
    ///
    /// ```
    /// use tengen_core::{Board, BoardSize, Color, Point, cells::OtherLiberties};
    /// let mut board = Board::new(BoardSize::new(9).unwrap());
    /// board.play(Point::new(0, 0), Color::Black).unwrap(); // a corner stone: two liberties
    /// let cells = board.cells();
    /// let stone = cells.cell(Point::new(0, 0));
    /// let (right, below) = (cells.cell(Point::new(1, 0)), cells.cell(Point::new(0, 1)));
    /// let mut two = cells.chain_two_liberties(stone).unwrap();
    /// two.sort_unstable();
    /// assert_eq!(two, [right, below]);
    /// assert_eq!(cells.chain_liberties_besides(stone, right), OtherLiberties::One(below));
    /// board.play(Point::new(1, 0), Color::Black).unwrap(); // three liberties now
    /// let cells = board.cells();
    /// assert_eq!(cells.chain_two_liberties(stone), None);
    /// assert_eq!(cells.chain_liberties_besides(stone, below), OtherLiberties::Several);
    /// ```
    #[must_use]
    pub fn chain_two_liberties(self, cell: usize) -> Option<[usize; 2]> {
        let board = self.board;
        let chain = board.chain_of(cell);
        // A liberty is next to at most four stones of the chain: more than eight
        // pseudo-liberties are three liberties or more.
        if !(2..=8).contains(&chain.libs) || chain.in_atari() {
            return None;
        }
        let mut stone = cell;
        let first = loop {
            if let Some(lib) = board
                .neighbor_cells(stone)
                .into_iter()
                .find(|&nb| board.spots[nb].kind == Cell::Empty)
            {
                break lib;
            }
            stone = usize::from(board.spots[stone].next);
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
    /// `excluded` joining the chain would keep of its liberties. Requires: `cell` holds
    /// a stone and `excluded` is a cell of the board or its border.
    #[inline]
    #[must_use]
    pub fn chain_liberties_besides(self, cell: usize, excluded: usize) -> OtherLiberties {
        let spots = &self.board.spots;
        let kind = spots[cell].kind;
        let head = spots[cell].head;
        let chain = &spots[usize::from(head)].chain;
        // An empty `excluded` is counted once for every stone of the chain next to it.
        let repeats = if spots[excluded].kind == Cell::Empty {
            self.board
                .neighbor_cells(excluded)
                .into_iter()
                .filter(|&nb| spots[nb].kind == kind && spots[nb].head == head)
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

    /// The simple-ko ban: the cell and the colour that may not play there next, if any
    /// ([`Board::ko_point`] in points).
    #[inline]
    #[must_use]
    pub fn ko_cell(self) -> Option<(usize, Color)> {
        let ko = self.board.ko;
        (ko != NO_KO).then(|| {
            let color = if ko & 1 == 0 {
                Color::Black
            } else {
                Color::White
            };
            ((ko >> 1) as usize, color)
        })
    }

    /// The empty cells, in the board's own order (changes as stones come and go, and by
    /// [`CellsMut::swap_empties`]).
    #[inline]
    #[must_use]
    pub fn empty_cells(self) -> &'a [u16] {
        &self.board.empties[..self.board.empty_count]
    }

    /// Whether `color` may place a stone on `cell` under simple ko without suicide: the
    /// search's legality test, without superko
    /// ([`Position::is_legal_cell`](crate::Position::is_legal_cell) adds it) and without the
    /// multi-stone suicide some rules allow ([`Board::check`] has it). Requires: `cell` is
    /// an empty cell of the board.
    #[inline]
    #[must_use]
    pub fn is_legal(self, cell: usize, color: Color) -> bool {
        self.board.ko != ko_key(cell, color)
            && self.board.liberty_after(cell, color) == LibertyAfter::Some
    }

    /// Whether `cell` is an own eye of `color` as the reference playout defines it: every
    /// neighbour on the board is `color`, and the opponent holds fewer than two diagonal
    /// points (fewer than one on the edge); [`Board::is_own_eye`] in points. Requires: `cell`
    /// is an empty cell of the board.
    #[inline]
    #[must_use]
    pub fn is_own_eye(self, cell: usize, color: Color) -> bool {
        let board = self.board;
        let counts = board.spots[cell].counts;
        let others = counts & (EMPTY_MASK | 0xf << (4 * color.other().index()));
        if others != 0 {
            return false;
        }
        // Every on-board neighbour is the mover's. Fewer than four means the edge; a point
        // with all four neighbours on the board has all four diagonals on it too.
        let own = (counts >> (4 * color.index())) & 0xf;
        let opponent = Cell::stone(color.other());
        let enemy_diagonals = board
            .diagonal_cells(cell)
            .into_iter()
            .filter(|&d| board.spots[d].kind == opponent)
            .count();
        enemy_diagonals < if own < 4 { 1 } else { 2 }
    }

    /// The Zobrist hash the stones would have after `color` plays on `cell`, and whether the
    /// move captures, without changing the board: the superko test of a move. Suicide is not
    /// handled (test [`Cells::is_legal`] first). Requires: `cell` is an empty cell of the
    /// board.
    #[must_use]
    pub fn hash_after(self, cell: usize, color: Color) -> (u64, bool) {
        let board = self.board;
        let mut hash = board.hash ^ ZOBRIST.stones[color.index()][cell];
        let own = Cell::stone(color);
        let mut captured_heads = [usize::MAX; 4];
        let mut captures = false;
        for (i, nb) in board.neighbor_cells(cell).into_iter().enumerate() {
            let kind = board.spots[nb].kind;
            if kind == Cell::Empty || kind == Cell::Border || kind == own {
                continue;
            }
            let head = usize::from(board.spots[nb].head);
            if captured_heads[..i].contains(&head) || !board.spots[head].chain.in_atari() {
                continue;
            }
            captured_heads[i] = head;
            captures = true;
            let key = &ZOBRIST.stones[color.other().index()];
            for stone in board.chain_cells(head) {
                hash ^= key[stone];
            }
        }
        (hash, captures)
    }

    /// Whether the playout policy may play `color` on `cell`: legal under simple ko without
    /// suicide, and not the mover's own eye. One pass over the neighbours instead of
    /// [`Cells::is_legal`] followed by [`Cells::is_own_eye`], because this runs for every
    /// candidate. Requires: `cell` is an empty cell of the board.
    #[inline(always)]
    #[must_use]
    pub fn playout_candidate_ok(self, cell: usize, color: Color) -> bool {
        let counts = self.board.spots[cell].counts;
        if counts & EMPTY_MASK != 0 {
            return self.board.ko != ko_key(cell, color);
        }
        self.crowded_candidate_ok(cell, color)
    }

    /// The candidate test for a point without empty neighbours: an eye, a capture, a
    /// connection or a suicide. Kept out of line so that the common case stays small.
    #[inline(never)]
    fn crowded_candidate_ok(self, cell: usize, color: Color) -> bool {
        if self.is_own_eye(cell, color) {
            return false;
        }
        self.board.ko != ko_key(cell, color) && self.crowded_move_keeps_a_liberty(cell, color)
    }

    /// For a point without empty neighbours: whether the stone joins an own chain that has
    /// another liberty, or captures. Without branches on the neighbours (a coin toss in a
    /// random game); a border neighbour's scratch chain is masked out by its kind.
    #[inline]
    fn crowded_move_keeps_a_liberty(self, cell: usize, color: Color) -> bool {
        let spots = &self.board.spots;
        let own = Cell::stone(color);
        let opponent = Cell::stone(color.other());
        let mut keeps = false;
        for nb in self.board.neighbor_cells(cell) {
            let kind = spots[nb].kind;
            let chain = &spots[usize::from(spots[nb].head)].chain;
            let atari = (chain.libs > 0)
                & (u64::from(chain.libs) * u64::from(chain.lib_sum_sq)
                    == u64::from(chain.lib_sum) * u64::from(chain.lib_sum));
            keeps |= ((kind == own) & !atari) | ((kind == opponent) & atari);
        }
        keeps
    }

    /// The empty cells in row-major order (the reference playout's candidates).
    pub(crate) fn empty_cells_row_major(self, out: &mut Vec<u16>) {
        out.clear();
        let n = usize::from(self.board.size.get());
        let stride = self.board.stride;
        for y in 1..=n {
            let row = y * stride;
            for cell in row + 1..=row + n {
                if self.board.spots[cell].kind == Cell::Empty {
                    out.push(cell as u16);
                }
            }
        }
    }

    /// The area owner of every cell, as [`Board::area_counts`] counts it: the colour of a
    /// stone, or of the only colour an empty region touches, else `None` (also for border
    /// cells). Allocation-free, for the end of every playout (the ownership map of the
    /// search). Requires: `owners` holds at least [`Cells::cell_count`] entries (panics
    /// otherwise).
    #[inline]
    pub fn area_owners(self, owners: &mut [Option<Color>]) {
        self.board.area_owners(owners);
    }
}

impl CellsMut<'_> {
    /// Places a stone of `color` on `cell` without the checks of [`Board::play`]: the
    /// playouts' and the search's move, after their own test ([`Cells::is_legal`],
    /// [`Cells::playout_candidate_ok`], or a tree that checked the move when it made the
    /// node). Makes the captures, and sets the simple-ko point the move creates, if any.
    ///
    /// # Requires
    ///
    /// `cell` is an empty cell of the board (not a stone, not the border): anything else
    /// leaves the board's chains, counts and empty list wrong from then on (a debug build
    /// panics). The ko ban is not checked (the stone is placed), and a suicide is played out:
    /// it removes the mover's own chain ([`Placement::suicided`]).
    #[inline]
    pub fn place_unchecked(self, cell: usize, color: Color) -> Placement {
        self.board.place(cell, color)
    }

    /// Swaps entries `i` and `j` of [`Cells::empty_cells`]: the playout's candidate
    /// bookkeeping (a draw without replacement in place). Changes the order only, never the
    /// position.
    ///
    /// # Panics
    /// If `i` or `j` is not below `empty_cells().len()`.
    #[inline]
    pub fn swap_empties(self, i: usize, j: usize) {
        let board = self.board;
        board.empties[..board.empty_count].swap(i, j);
        board.spots[usize::from(board.empties[i])].empty_index = i as u16;
        board.spots[usize::from(board.empties[j])].empty_index = j as u16;
    }
}
