//! The fast board: stones, chains, pseudo-liberties, captures, the simple-ko point, a Zobrist
//! hash and the list of empty points, all kept incrementally. No turn order and no history:
//! [`crate::Game`] adds those. [`Board`] speaks in points and checks what it is given; its
//! [`cells`] view is the search's API on cell indices.
//!
//! Written by hand because it is the hot path of the playouts: a padded array with a border
//! ring, chains as circular linked lists, and *pseudo-liberties* (each stone–empty adjacency
//! counted once) with their sum and sum of squares. A chain has no liberty when the count is 0,
//! and exactly one liberty when `count · Σp² = (Σp)²` (Cauchy–Schwarz holds with equality only
//! when every counted point is the same), which is all that legality and capture need. The exact
//! liberties of a chain are counted on demand by [`Board::liberties`].

use crate::{BoardSize, Color, Point, Suicide};

mod area;
pub mod cells;
mod setup;
mod zobrist;

pub(crate) use area::EmptyRegion;
use cells::Placement;
use zobrist::ZOBRIST;

/// What occupies a cell of the padded array.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Cell {
    Empty = 0,
    Black = 1,
    White = 2,
    Border = 3,
}

impl Cell {
    #[inline]
    fn stone(color: Color) -> Cell {
        match color {
            Color::Black => Cell::Black,
            Color::White => Cell::White,
        }
    }

    #[inline]
    fn color(self) -> Option<Color> {
        match self {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            _ => None,
        }
    }
}

/// The padded array holds at most `(25 + 2)²` cells.
pub(crate) const MAX_CELLS: usize = (crate::MAX_SIZE as usize + 2) * (crate::MAX_SIZE as usize + 2);

/// The key mixed into a position hash when White is to move (situational superko).
pub(crate) const WHITE_TO_MOVE_KEY: u64 = 0x9b1f_3c6a_52d4_e781;

/// Neighbour counts: Black in bits 0–3, White in bits 4–7, empty in bits 8–11.
const STONE_UNIT: [u16; 2] = [1, 1 << 4];
const EMPTY_UNIT: u16 = 1 << 8;
const EMPTY_MASK: u16 = 0xf << 8;

/// The head of every empty and border cell: cell 0, a corner of the border, whose chain is
/// scratch space that absorbs liberty updates meant for nobody.
const NO_CHAIN: usize = 0;

/// No simple-ko point.
const NO_KO: u32 = u32::MAX;

/// The simple-ko state banning `color` from `cell`.
#[inline]
fn ko_key(cell: usize, color: Color) -> u32 {
    (cell as u32) << 1 | color.index() as u32
}

/// Pseudo-liberty bookkeeping of one chain, stored at its head cell.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Chain {
    stones: u16,
    libs: u16,
    lib_sum: u32,
    lib_sum_sq: u32,
}

impl Chain {
    #[inline]
    fn add_lib(&mut self, cell: usize) {
        self.add_libs(cell, 1);
    }

    /// Adds `count` (0 or 1) pseudo-liberties at `cell`: a multiplication instead of a branch
    /// on the hot path. Wrapping, because the scratch chain of [`NO_CHAIN`] absorbs updates
    /// meant for nobody.
    #[inline]
    fn add_libs(&mut self, cell: usize, count: u32) {
        self.libs = self.libs.wrapping_add(count as u16);
        self.lib_sum = self.lib_sum.wrapping_add(cell as u32 * count);
        self.lib_sum_sq = self.lib_sum_sq.wrapping_add((cell * cell) as u32 * count);
    }

    #[inline]
    fn remove_lib(&mut self, cell: usize) {
        self.libs = self.libs.wrapping_sub(1);
        self.lib_sum = self.lib_sum.wrapping_sub(cell as u32);
        self.lib_sum_sq = self.lib_sum_sq.wrapping_sub((cell * cell) as u32);
    }

    #[inline]
    fn in_atari(&self) -> bool {
        self.libs > 0
            && u64::from(self.libs) * u64::from(self.lib_sum_sq)
                == u64::from(self.lib_sum) * u64::from(self.lib_sum)
    }

    /// The single liberty of a chain in atari.
    #[inline]
    fn atari_liberty(&self) -> usize {
        (self.lib_sum / u32::from(self.libs)) as usize
    }
}

/// One cell of the padded array.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Spot {
    kind: Cell,
    /// Black, White and empty neighbours, packed by [`STONE_UNIT`] and [`EMPTY_UNIT`], so
    /// that the playout's candidate test reads one number.
    counts: u16,
    /// Head cell of the chain of a stone.
    head: u16,
    /// Next stone of the same chain (circular).
    next: u16,
    /// Index of an empty cell in `Board::empties`.
    empty_index: u16,
    /// The chain's bookkeeping, valid at head cells only.
    chain: Chain,
}

impl Spot {
    const BORDER: Spot = Spot {
        kind: Cell::Border,
        counts: 0,
        head: 0,
        next: 0,
        empty_index: 0,
        chain: Chain {
            stones: 0,
            libs: 0,
            lib_sum: 0,
            lib_sum_sq: 0,
        },
    };
}

/// The per-cell records of the padded array, as many as the board size uses: a game keeps two
/// boards (the start and the position), and a server keeps thousands of games.
#[derive(Clone, Debug)]
struct Spots(Box<[Spot]>);

impl std::ops::Index<usize> for Spots {
    type Output = Spot;
    #[inline(always)]
    fn index(&self, cell: usize) -> &Spot {
        &self.0[cell]
    }
}

impl std::ops::IndexMut<usize> for Spots {
    #[inline(always)]
    fn index_mut(&mut self, cell: usize) -> &mut Spot {
        &mut self.0[cell]
    }
}

/// A Go board with incremental chains, pseudo-liberties, captures, Zobrist hash and empty list.
///
/// Its methods speak in [`Point`]s and check what they are given: the rules' API. The
/// Monte-Carlo search reads and changes the same board on cell indices through
/// [`Board::cells`] and [`Board::cells_mut`] (the [`cells`] module).
///
/// ```
/// use tengen_core::{Board, BoardSize, Color, Point};
/// let mut board = Board::new(BoardSize::new(9).unwrap());
/// board.play(Point::new(0, 1), Color::Black).unwrap();
/// board.play(Point::new(0, 0), Color::White).unwrap();
/// board.play(Point::new(1, 0), Color::Black).unwrap(); // captures the corner stone
/// assert_eq!(board.get(Point::new(0, 0)), None);
/// assert_eq!(board.captures(Color::Black), 1);
/// ```
#[derive(Debug)]
pub struct Board {
    size: BoardSize,
    stride: usize,
    /// Everything known about each cell of the padded array, in one place so that one
    /// index and one cache line serve a neighbour visit.
    spots: Spots,
    /// The empty cells, in `empties[..empty_count]`; the vector never changes its length,
    /// so that adding and removing are plain stores on the hot path.
    empties: Vec<u16>,
    empty_count: usize,
    /// The simple-ko point and the colour banned from it on the next move, as
    /// [`ko_key`], or [`NO_KO`].
    ko: u32,
    hash: u64,
    captures: [u32; 2],
}

/// Why [`Board::play`] refused a stone.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BoardError {
    /// The point is not on this board.
    #[error("the point is off the board")]
    OffBoard,
    /// A stone is already there.
    #[error("the point is occupied")]
    Occupied,
    /// The stone would have no liberty after captures.
    #[error("the move is suicide")]
    Suicide,
    /// The simple-ko point.
    #[error("the point is forbidden by ko")]
    Ko,
}

impl PartialEq for Board {
    /// Boards are equal when the stones, the ko point and the captures are (the internal
    /// order of the empty list and of chain links does not matter).
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self
                .used_spots()
                .iter()
                .map(|s| s.kind)
                .eq(other.used_spots().iter().map(|s| s.kind))
            && self.ko == other.ko
            && self.captures == other.captures
    }
}

impl Eq for Board {}

impl Clone for Board {
    fn clone(&self) -> Board {
        Board {
            size: self.size,
            stride: self.stride,
            spots: self.spots.clone(),
            empties: self.empties.clone(),
            empty_count: self.empty_count,
            ko: self.ko,
            hash: self.hash,
            captures: self.captures,
        }
    }

    /// Copies into the existing buffers: a playout starts with this, so it must not allocate.
    fn clone_from(&mut self, source: &Board) {
        if self.size != source.size {
            *self = source.clone();
            return;
        }
        self.spots.0.copy_from_slice(&source.spots.0);
        self.empties.copy_from_slice(&source.empties);
        self.empty_count = source.empty_count;
        self.ko = source.ko;
        self.hash = source.hash;
        self.captures = source.captures;
    }
}

impl Board {
    /// An empty board.
    #[must_use]
    pub fn new(size: BoardSize) -> Board {
        let n = usize::from(size.get());
        let stride = n + 2;
        let total = stride * stride;
        let mut board = Board {
            size,
            stride,
            spots: Spots(vec![Spot::BORDER; total].into_boxed_slice()),
            empties: vec![0; n * n],
            empty_count: 0,
            ko: NO_KO,
            hash: 0,
            captures: [0; 2],
        };
        for y in 0..n {
            for x in 0..n {
                let cell = (y + 1) * stride + x + 1;
                board.spots[cell].kind = Cell::Empty;
                board.add_empty(cell);
            }
        }
        for cell in 0..total {
            if board.spots[cell].kind != Cell::Border {
                let empty = board
                    .neighbor_cells(cell)
                    .into_iter()
                    .filter(|&nb| board.spots[nb].kind == Cell::Empty)
                    .count() as u16;
                board.spots[cell].counts = empty * EMPTY_UNIT;
            }
        }
        board
    }

    /// The board size.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The cells of the padded array.
    fn used_spots(&self) -> &[Spot] {
        &self.spots.0
    }

    /// The cell index of a point in the padded array ([`cells::Cells::cell`]). Requires:
    /// `point` is on this board.
    #[inline]
    fn cell(&self, point: Point) -> usize {
        (usize::from(point.y) + 1) * self.stride + usize::from(point.x) + 1
    }

    /// The point of a cell index ([`cells::Cells::point`]). Requires: `cell` is on the board
    /// (not a border cell).
    #[inline]
    fn point(&self, cell: usize) -> Point {
        Point::new(
            (cell % self.stride - 1) as u8,
            (cell / self.stride - 1) as u8,
        )
    }

    /// The stone on `point`, if any (`None` off the board too).
    #[must_use]
    pub fn get(&self, point: Point) -> Option<Color> {
        if self.size.contains(point) {
            self.spots[self.cell(point)].kind.color()
        } else {
            None
        }
    }

    /// Stones captured so far by `color`.
    #[must_use]
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// The Zobrist hash of the stones (not of the side to move or the ko point).
    #[must_use]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The point where `color` may not play next because of simple ko, if any.
    #[must_use]
    pub fn ko_point(&self, color: Color) -> Option<Point> {
        (self.ko != NO_KO && self.ko & 1 == color.index() as u32)
            .then(|| self.point((self.ko >> 1) as usize))
    }

    /// Lifts the simple-ko ban (after a pass: any other move lifts it).
    pub fn clear_ko(&mut self) {
        self.ko = NO_KO;
    }

    /// Number of empty points.
    #[must_use]
    pub fn empty_count(&self) -> usize {
        self.empty_count
    }

    /// Every stone on the board, row by row.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.size
            .points()
            .filter_map(|p| self.spots[self.cell(p)].kind.color().map(|c| (p, c)))
    }

    /// The on-board orthogonal neighbours of a point (none for a point off the board).
    pub fn neighbors(&self, point: Point) -> impl Iterator<Item = Point> + '_ {
        let cells = if self.size.contains(point) {
            self.neighbor_cells(self.cell(point))
        } else {
            [0; 4] // cell 0 is a border cell
        };
        cells
            .into_iter()
            .filter(|&c| self.spots[c].kind != Cell::Border)
            .map(|c| self.point(c))
    }

    #[inline]
    fn neighbor_cells(&self, cell: usize) -> [usize; 4] {
        [cell - self.stride, cell - 1, cell + 1, cell + self.stride]
    }

    #[inline]
    fn diagonal_cells(&self, cell: usize) -> [usize; 4] {
        [
            cell - self.stride - 1,
            cell - self.stride + 1,
            cell + self.stride - 1,
            cell + self.stride + 1,
        ]
    }

    #[inline]
    fn chain_of(&self, cell: usize) -> &Chain {
        &self.spots[usize::from(self.spots[cell].head)].chain
    }

    /// The stones of the chain through `point` (empty if there is no stone).
    #[must_use]
    pub fn chain(&self, point: Point) -> Vec<Point> {
        if self.get(point).is_none() {
            return Vec::new();
        }
        self.chain_cells(self.cell(point))
            .map(|c| self.point(c))
            .collect()
    }

    fn chain_cells(&self, start: usize) -> impl Iterator<Item = usize> + '_ {
        let mut current = Some(start);
        std::iter::from_fn(move || {
            let cell = current?;
            let next = usize::from(self.spots[cell].next);
            current = (next != start).then_some(next);
            Some(cell)
        })
    }

    /// The distinct liberties of the chain through `point`, counted exactly (0 if no stone).
    #[must_use]
    pub fn liberties(&self, point: Point) -> Vec<Point> {
        if self.get(point).is_none() {
            return Vec::new();
        }
        let mut seen = vec![false; self.used_spots().len()];
        let mut libs = Vec::new();
        for stone in self.chain_cells(self.cell(point)) {
            for nb in self.neighbor_cells(stone) {
                if self.spots[nb].kind == Cell::Empty && !seen[nb] {
                    seen[nb] = true;
                    libs.push(self.point(nb));
                }
            }
        }
        libs
    }

    /// The pseudo-liberty count of the chain through `point`: stone–empty adjacencies.
    #[must_use]
    pub fn pseudo_liberties(&self, point: Point) -> u32 {
        if self.get(point).is_none() {
            return 0;
        }
        u32::from(self.chain_of(self.cell(point)).libs)
    }

    /// Whether `color` may place a stone on `point` under simple ko, without suicide
    /// (multi-stone suicide when `suicide` allows it).
    ///
    /// # Errors
    /// The reason the board refuses the stone.
    pub fn check(&self, point: Point, color: Color, suicide: Suicide) -> Result<(), BoardError> {
        if !self.size.contains(point) {
            return Err(BoardError::OffBoard);
        }
        let cell = self.cell(point);
        if self.spots[cell].kind != Cell::Empty {
            return Err(BoardError::Occupied);
        }
        if self.ko == ko_key(cell, color) {
            return Err(BoardError::Ko);
        }
        match self.liberty_after(cell, color) {
            LibertyAfter::Some => Ok(()),
            LibertyAfter::NoneMultiStone if suicide == Suicide::MultiStone => Ok(()),
            _ => Err(BoardError::Suicide),
        }
    }

    /// Whether a stone of `color` on the empty `cell` keeps a liberty after captures.
    #[inline]
    fn liberty_after(&self, cell: usize, color: Color) -> LibertyAfter {
        let own = Cell::stone(color);
        let mut joins_own = false;
        for nb in self.neighbor_cells(cell) {
            match self.spots[nb].kind {
                Cell::Empty => return LibertyAfter::Some,
                Cell::Border => {}
                c if c == own => {
                    joins_own = true;
                    if !self.chain_of(nb).in_atari() {
                        return LibertyAfter::Some;
                    }
                }
                _ => {
                    if self.chain_of(nb).in_atari() {
                        return LibertyAfter::Some;
                    }
                }
            }
        }
        if joins_own {
            LibertyAfter::NoneMultiStone
        } else {
            LibertyAfter::NoneSingleStone
        }
    }

    /// Whether `point` is an own eye of `color` in the playout sense: an empty point whose
    /// neighbours on the board are all `color`, with fewer than two opponent stones on its
    /// diagonals (fewer than one on the edge).
    #[must_use]
    pub fn is_own_eye(&self, point: Point, color: Color) -> bool {
        self.size.contains(point)
            && self.spots[self.cell(point)].kind == Cell::Empty
            && self.cells().is_own_eye(self.cell(point), color)
    }

    /// Whether `point` is on this board and holds no stone: a checked way from a point to
    /// the cells of [`Board::cells`].
    #[must_use]
    pub fn is_empty_point(&self, point: Point) -> bool {
        self.size.contains(point) && self.spots[self.cell(point)].kind == Cell::Empty
    }

    /// Places a stone of `color` after checking it (simple ko, no suicide). A refused stone
    /// changes nothing.
    ///
    /// # Errors
    /// The reason, as [`Board::check`].
    pub fn play(&mut self, point: Point, color: Color) -> Result<u32, BoardError> {
        self.check(point, color, Suicide::Forbidden)?;
        let cell = self.cell(point);
        Ok(self.place(cell, color).captured)
    }

    /// Places a stone without checking ([`cells::CellsMut::place_unchecked`]). Requires:
    /// `cell` is an empty cell of the board.
    #[inline]
    fn place(&mut self, cell: usize, color: Color) -> Placement {
        debug_assert_eq!(self.spots[cell].kind, Cell::Empty);
        let (captured, captured_cell) = self.add_stone::<true>(cell, color);
        self.captures[color.index()] += captured;
        let my_head = usize::from(self.spots[cell].head);
        let mine = self.spots[my_head].chain;
        let mut suicided = 0;
        self.ko = NO_KO;
        if mine.libs == 0 {
            suicided = self.remove_chain(my_head);
            self.captures[color.other().index()] += suicided;
        } else if captured == 1 && mine.stones == 1 && mine.in_atari() {
            debug_assert_eq!(mine.atari_liberty(), captured_cell);
            self.ko = ko_key(captured_cell, color.other());
        }
        Placement { captured, suicided }
    }

    /// Puts a stone on the empty `cell`: liberties, neighbour counts, merges and, when
    /// `CAPTURES`, the removal of opponent chains left without liberties. Returns the number
    /// captured and the cell of the last capture. Setup stones capture nothing.
    #[inline]
    fn add_stone<const CAPTURES: bool>(&mut self, cell: usize, color: Color) -> (u32, usize) {
        self.remove_empty(cell);
        self.spots[cell].kind = Cell::stone(color);
        self.hash ^= ZOBRIST.stones[color.index()][cell];
        self.spots[cell].head = cell as u16;
        self.spots[cell].next = cell as u16;
        self.spots[cell].chain = Chain {
            stones: 1,
            ..Chain::default()
        };
        let neighbors = self.neighbor_cells(cell);
        let count_change = STONE_UNIT[color.index()].wrapping_sub(EMPTY_UNIT);
        if self.spots[cell].counts == 4 * EMPTY_UNIT {
            // Four empty neighbours, the common case early on: nothing to merge or capture.
            for nb in neighbors {
                self.spots[nb].counts = self.spots[nb].counts.wrapping_add(count_change);
                self.spots[cell].chain.add_lib(nb);
            }
            return (0, 0);
        }
        // Liberties without branches: the outcome of a neighbour test is a coin toss in a
        // random game, and mispredicted branches cost more than the arithmetic. An empty or
        // border neighbour's head is NO_CHAIN, whose chain soaks up the update.
        for nb in neighbors {
            self.spots[nb].counts = self.spots[nb].counts.wrapping_add(count_change);
            let empty = u32::from(self.spots[nb].kind == Cell::Empty);
            self.spots[cell].chain.add_libs(nb, empty);
            let head = usize::from(self.spots[nb].head);
            self.spots[head].chain.remove_lib(cell);
        }
        let own = Cell::stone(color);
        // Merges, then captures, which wait so that the liberties they hand back are not
        // counted twice.
        let mut doomed = [(0usize, 0usize); 4];
        let mut doomed_count = 0;
        for nb in neighbors {
            let kind = self.spots[nb].kind;
            let head = usize::from(self.spots[nb].head);
            if kind == own {
                let my_head = usize::from(self.spots[cell].head);
                if head != my_head {
                    self.merge(my_head, head);
                }
            } else if CAPTURES
                && head != NO_CHAIN
                && self.spots[head].chain.libs == 0
                && !doomed[..doomed_count].iter().any(|&(h, _)| h == head)
            {
                doomed[doomed_count] = (head, nb);
                doomed_count += 1;
            }
        }
        let mut captured = 0;
        let mut captured_cell = 0;
        for &(head, nb) in &doomed[..doomed_count] {
            captured += self.remove_chain(head);
            captured_cell = nb;
        }
        (captured, captured_cell)
    }

    /// Joins chain `b` into chain `a`, relabelling the smaller one.
    #[inline]
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.spots[a].chain.stones >= self.spots[b].chain.stones {
            (a, b)
        } else {
            (b, a)
        };
        let mut cell = small;
        loop {
            self.spots[cell].head = big as u16;
            cell = usize::from(self.spots[cell].next);
            if cell == small {
                break;
            }
        }
        let big_next = self.spots[big].next;
        self.spots[big].next = self.spots[small].next;
        self.spots[small].next = big_next;
        let s = self.spots[small].chain;
        let g = &mut self.spots[big].chain;
        g.stones += s.stones;
        g.libs += s.libs;
        g.lib_sum += s.lib_sum;
        g.lib_sum_sq += s.lib_sum_sq;
    }

    /// Removes the chain with head `head`, giving liberties back to its neighbours.
    fn remove_chain(&mut self, head: usize) -> u32 {
        let color = self.spots[head]
            .kind
            .color()
            .expect("a chain head holds a stone");
        let key = &ZOBRIST.stones[color.index()];
        let mut cell = head;
        loop {
            self.spots[cell].kind = Cell::Empty;
            self.spots[cell].head = NO_CHAIN as u16;
            self.hash ^= key[cell];
            self.add_empty(cell);
            cell = usize::from(self.spots[cell].next);
            if cell == head {
                break;
            }
        }
        let mut removed = 0;
        let count_change = EMPTY_UNIT.wrapping_sub(STONE_UNIT[color.index()]);
        loop {
            removed += 1;
            for nb in self.neighbor_cells(cell) {
                self.spots[nb].counts = self.spots[nb].counts.wrapping_add(count_change);
                let nb_head = usize::from(self.spots[nb].head);
                self.spots[nb_head].chain.add_lib(cell);
            }
            cell = usize::from(self.spots[cell].next);
            if cell == head {
                break;
            }
        }
        removed
    }

    #[inline]
    fn remove_empty(&mut self, cell: usize) {
        let index = usize::from(self.spots[cell].empty_index);
        self.empty_count -= 1;
        let last = self.empties[self.empty_count];
        self.empties[index] = last;
        self.spots[usize::from(last)].empty_index = index as u16;
    }

    #[inline]
    fn add_empty(&mut self, cell: usize) {
        self.empties[self.empty_count] = cell as u16;
        self.spots[cell].empty_index = self.empty_count as u16;
        self.empty_count += 1;
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum LibertyAfter {
    Some,
    NoneSingleStone,
    NoneMultiStone,
}
