//! Random playouts on the fast [`Board`]: the reference playout of `docs/playout.md` (a
//! correctness check with known checksums) and the fast policy of the Monte-Carlo player.
//!
//! Both draw uniformly among the legal moves that do not fill the mover's own eye, under simple
//! ko and no suicide, and stop after two passes or `3·N·N` plies. The fast path skips what a
//! playout does not need: superko, turn checks, move history and pass stones.
//!
//! ```
//! use tengen_core::{BoardSize, playout::{CandidateOrder, run}};
//! let summary = run(BoardSize::new(9).unwrap(), 300, 1, CandidateOrder::Reference);
//! assert_eq!(format!("{:08x}", summary.checksum), "4deecf8b");
//! ```

use crate::{Board, BoardSize, Color};

/// The xorshift32 generator of the reference playout.
#[derive(Clone, Debug)]
pub struct XorShift32(u32);

impl XorShift32 {
    /// Starts at `max(seed, 1)`.
    #[must_use]
    pub fn new(seed: u32) -> XorShift32 {
        XorShift32(seed.max(1))
    }

    /// The next state.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }

    /// A number in `0..k`: `(next · k) >> 32`.
    #[inline]
    pub fn below(&mut self, k: u32) -> u32 {
        ((u64::from(self.next_u32()) * u64::from(k)) >> 32) as u32
    }
}

/// Which order the candidates are drawn from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CandidateOrder {
    /// All empty points in row-major order, rebuilt every ply (docs/playout.md, step 3).
    Reference,
    /// The board's own list of empty points, in whatever order it keeps them.
    Fast,
}

/// The end of one playout.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PlayoutEnd {
    /// Plies played, passes included.
    pub plies: u32,
    /// Black's area minus White's, in half points, before komi.
    pub area_margin_half_points: i32,
}

/// Plays random moves on `board` from `to_move` until two passes or `max_plies` plies.
pub fn playout(
    board: &mut Board,
    mut to_move: Color,
    rng: &mut XorShift32,
    order: CandidateOrder,
    max_plies: u32,
) -> PlayoutEnd {
    let mut candidates: Vec<u16> = match order {
        CandidateOrder::Reference => Vec::with_capacity(board.size().area()),
        CandidateOrder::Fast => Vec::new(),
    };
    let mut passes = 0;
    let mut plies = 0;
    while passes < 2 && plies < max_plies {
        let chosen = match order {
            CandidateOrder::Reference => reference_choice(board, to_move, rng, &mut candidates),
            CandidateOrder::Fast => fast_choice(board, to_move, rng),
        };
        match chosen {
            Some(cell) => {
                board.cells_mut().place_unchecked(cell, to_move);
                passes = 0;
            }
            None => {
                board.clear_ko();
                passes += 1;
            }
        }
        to_move = to_move.other();
        plies += 1;
    }
    let (black, white) = board.area_counts();
    PlayoutEnd {
        plies,
        area_margin_half_points: 2 * (black as i32 - white as i32),
    }
}

fn reference_choice(
    board: &Board,
    color: Color,
    rng: &mut XorShift32,
    candidates: &mut Vec<u16>,
) -> Option<usize> {
    let cells = board.cells();
    cells.empty_cells_row_major(candidates);
    let mut k = candidates.len();
    while k > 0 {
        let i = rng.below(k as u32) as usize;
        let cell = usize::from(candidates[i]);
        if cells.playout_candidate_ok(cell, color) {
            return Some(cell);
        }
        candidates.swap(i, k - 1);
        k -= 1;
    }
    None
}

#[inline]
fn fast_choice(board: &mut Board, color: Color, rng: &mut XorShift32) -> Option<usize> {
    let mut k = board.cells().empty_cells().len();
    while k > 0 {
        let i = rng.below(k as u32) as usize;
        let cell = usize::from(board.cells().empty_cells()[i]);
        if board.cells().playout_candidate_ok(cell, color) {
            return Some(cell);
        }
        board.cells_mut().swap_empties(i, k - 1);
        k -= 1;
    }
    None
}

/// The result of a run of playouts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The docs/playout.md checksum over every playout.
    pub checksum: u32,
    /// Plies played in all.
    pub plies: u64,
    /// Playouts Black won (komi 7.5).
    pub black_wins: u32,
}

/// The komi of the reference playout, in half points.
pub const REFERENCE_KOMI_HALF_POINTS: i32 = 15;

/// Runs `count` playouts on an empty `size` board from one generator seeded with `seed`,
/// Black to move, komi 7.5, and folds them into the docs/playout.md checksum.
#[must_use]
pub fn run(size: BoardSize, count: u32, seed: u32, order: CandidateOrder) -> Summary {
    let empty = Board::new(size);
    let mut board = empty.clone();
    let mut rng = XorShift32::new(seed);
    let max_plies = 3 * size.area() as u32;
    let mut summary = Summary {
        checksum: 0,
        plies: 0,
        black_wins: 0,
    };
    for _ in 0..count {
        board.clone_from(&empty);
        let end = playout(&mut board, Color::Black, &mut rng, order, max_plies);
        let diff = end.area_margin_half_points - REFERENCE_KOMI_HALF_POINTS;
        summary.checksum = summary
            .checksum
            .wrapping_mul(31)
            .wrapping_add(end.plies)
            .wrapping_mul(31)
            .wrapping_add((diff + 100_000) as u32);
        summary.plies += u64::from(end.plies);
        summary.black_wins += u32::from(diff > 0);
    }
    summary
}

/// A playout policy for [`playout_with`]: which move the side to move plays next. The
/// Monte-Carlo player's "heavy" policy implements it; [`Uniform`] is the fast policy.
pub trait PlayoutPolicy {
    /// The cell `color` plays next on `board`, or `None` to pass. The cell must be empty and
    /// legal for `color` under simple ko without suicide
    /// ([`Cells::is_legal`](crate::cells::Cells::is_legal)): it is placed unchecked. The
    /// policy may reorder the empty list
    /// ([`CellsMut::swap_empties`](crate::cells::CellsMut::swap_empties)) but must not
    /// change the position.
    fn choose(&mut self, board: &mut Board, color: Color, rng: &mut XorShift32) -> Option<usize>;

    /// Told of every move once it is on the board (`None`: a pass), e.g. to keep the last
    /// move or the first player on each point (AMAF). Does nothing by default.
    #[inline]
    fn played(&mut self, board: &Board, color: Color, cell: Option<usize>) {
        let _ = (board, color, cell);
    }
}

/// The fast policy as a [`PlayoutPolicy`]: uniform over the legal moves that do not fill
/// the mover's own eye.
#[derive(Copy, Clone, Debug, Default)]
pub struct Uniform;

impl PlayoutPolicy for Uniform {
    #[inline]
    fn choose(&mut self, board: &mut Board, color: Color, rng: &mut XorShift32) -> Option<usize> {
        fast_choice(board, color, rng)
    }
}

/// Plays moves chosen by `policy` on `board` from `to_move` until two passes or `max_plies`
/// plies, then writes the area owner of every cell into `owners` (at least
/// [`Cells::cell_count`](crate::cells::Cells::cell_count) entries: the ownership of this
/// playout) and returns the plies and the area margin. Allocation-free.
///
/// ```
/// use tengen_core::{Board, BoardSize, Color, playout::{Uniform, XorShift32, playout_with}};
/// let mut board = Board::new(BoardSize::new(9).unwrap());
/// let mut owners = vec![None; board.cells().cell_count()];
/// let end = playout_with(&mut board, Color::Black, &mut Uniform, &mut XorShift32::new(7), 243, &mut owners);
/// let black = owners.iter().filter(|&&o| o == Some(Color::Black)).count() as i32;
/// let white = owners.iter().filter(|&&o| o == Some(Color::White)).count() as i32;
/// assert_eq!(end.area_margin_half_points, 2 * (black - white));
/// ```
pub fn playout_with<P: PlayoutPolicy + ?Sized>(
    board: &mut Board,
    mut to_move: Color,
    policy: &mut P,
    rng: &mut XorShift32,
    max_plies: u32,
    owners: &mut [Option<Color>],
) -> PlayoutEnd {
    let mut passes = 0;
    let mut plies = 0;
    while passes < 2 && plies < max_plies {
        match policy.choose(board, to_move, rng) {
            Some(cell) => {
                debug_assert!(board.cells().is_legal(cell, to_move));
                board.cells_mut().place_unchecked(cell, to_move);
                passes = 0;
                policy.played(board, to_move, Some(cell));
            }
            None => {
                board.clear_ko();
                passes += 1;
                policy.played(board, to_move, None);
            }
        }
        to_move = to_move.other();
        plies += 1;
    }
    board.cells().area_owners(owners);
    let mut margin = 0i32;
    for owner in &owners[..board.cells().cell_count()] {
        margin += match owner {
            Some(Color::Black) => 1,
            Some(Color::White) => -1,
            None => 0,
        };
    }
    PlayoutEnd {
        plies,
        area_margin_half_points: 2 * margin,
    }
}
