//! A position for the Monte-Carlo search: the board, the player to move, the consecutive
//! passes, and superko checked against the game's history (shared, never copied) plus the
//! moves since the search's root. Cheap to copy into a reused buffer
//! ([`Clone::clone_from`] does not allocate once the buffers have grown), so that every
//! simulation starts from a fresh copy of the root.
//!
//! ```
//! use tengen_core::{BoardSize, Game, Move, Point, Position, Rules};
//! let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::aga());
//! game.play(Move::Play(Point::new(4, 4))).unwrap();
//! let mut position = Position::from_game(&game);
//! assert!(!position.is_legal(Move::Play(Point::new(4, 4))));
//! position.play(Move::Play(Point::new(3, 3))).unwrap();
//! assert_eq!(position.to_move(), tengen_core::Color::Black);
//! ```

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use crate::{
    Board, Color, Game, IllegalMove, KoRule, Move, Rules, Suicide,
    cells::Placement,
    game::situation_key,
    playout::{PlayoutEnd, PlayoutPolicy, XorShift32, playout_with},
};

/// Zobrist hashes are uniformly random already: hashing them again is wasted time.
#[derive(Default, Clone, Copy)]
struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

type HashSet64 = HashSet<u64, BuildHasherDefault<ZobristHasher>>;

/// The positions of a game before the search's root, for superko: shared by every copy of a
/// [`Position`] (one `Arc`).
#[derive(Clone, Debug, Default)]
pub struct History {
    /// Board hashes of every earlier position (positional superko).
    positions: HashSet64,
    /// (board, player to move) keys of every earlier position (situational superko).
    situations: HashSet64,
}

impl History {
    /// Whether the board hash `hash` occurred in the game.
    #[must_use]
    pub fn has_position(&self, hash: u64) -> bool {
        self.positions.contains(&hash)
    }

    /// Whether the board hash `hash` with `to_move` to play occurred in the game.
    #[must_use]
    pub fn has_situation(&self, hash: u64, to_move: Color) -> bool {
        self.situations.contains(&situation_key(hash, to_move))
    }
}

/// A position for the search: the board, the player to move, the consecutive passes, and
/// superko against the game's shared history and the moves since the root.
#[derive(Debug)]
pub struct Position {
    board: Board,
    to_move: Color,
    passes: u32,
    ko: KoRule,
    suicide: Suicide,
    history: Arc<History>,
    /// The board hash and player to move after every move since the root, for superko
    /// inside the search (a tree path repeats a position only through ko fights).
    path: Vec<(u64, Color)>,
}

impl Clone for Position {
    fn clone(&self) -> Position {
        Position {
            board: self.board.clone(),
            to_move: self.to_move,
            passes: self.passes,
            ko: self.ko,
            suicide: self.suicide,
            history: Arc::clone(&self.history),
            path: self.path.clone(),
        }
    }

    /// Copies into the existing buffers: no allocation once they are large enough.
    fn clone_from(&mut self, source: &Position) {
        self.board.clone_from(&source.board);
        self.to_move = source.to_move;
        self.passes = source.passes;
        self.ko = source.ko;
        self.suicide = source.suicide;
        if !Arc::ptr_eq(&self.history, &source.history) {
            self.history = Arc::clone(&source.history);
        }
        self.path.clone_from(&source.path);
    }
}

impl Position {
    /// The position of `game` with its whole history, `game.to_move()` to play. In the
    /// scoring phase it is the position play would resume from.
    #[must_use]
    pub fn from_game(game: &Game) -> Position {
        let (positions, situations, passes) = game.history_parts();
        let history = History {
            positions: positions.iter().copied().collect(),
            situations: situations.keys().copied().collect(),
        };
        Position::with_history(
            game.board().clone(),
            game.to_move(),
            passes,
            game.rules(),
            Arc::new(history),
        )
    }

    /// A position without history (a problem, a test): only itself counts for superko.
    #[must_use]
    pub fn new(board: Board, to_move: Color, rules: &Rules) -> Position {
        let mut history = History::default();
        history.positions.insert(board.hash());
        history
            .situations
            .insert(situation_key(board.hash(), to_move));
        Position::with_history(board, to_move, 0, rules, Arc::new(history))
    }

    fn with_history(
        board: Board,
        to_move: Color,
        passes: u32,
        rules: &Rules,
        history: Arc<History>,
    ) -> Position {
        let capacity = 4 * board.size().area();
        Position {
            board,
            to_move,
            passes,
            ko: rules.ko,
            suicide: rules.suicide,
            history,
            path: Vec::with_capacity(capacity),
        }
    }

    /// The board.
    #[inline]
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board, mutably, for a playout's bookkeeping
    /// ([`CellsMut::swap_empties`](crate::cells::CellsMut::swap_empties)). Stones placed
    /// through it bypass superko and the turn: use [`Position::play_cell_unchecked`]
    /// instead.
    #[inline]
    pub fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// Who plays next.
    #[inline]
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Passes in a row just before this position (2 or more: play has stopped).
    #[inline]
    #[must_use]
    pub fn consecutive_passes(&self) -> u32 {
        self.passes
    }

    /// The ko rule the position is checked under.
    #[must_use]
    pub fn ko_rule(&self) -> KoRule {
        self.ko
    }

    /// The game's history before the root.
    #[must_use]
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Moves played since the position was made from the game (or since
    /// [`Position::forget_path`]).
    #[must_use]
    pub fn moves_since_root(&self) -> usize {
        self.path.len()
    }

    /// Makes the current position the root: the moves since the old root join nothing (they
    /// are still checked for superko only if the caller keeps them in a new history).
    pub fn forget_path(&mut self) {
        self.path.clear();
    }

    /// Whether the player to move may place a stone on `cell` under the rules: simple ko,
    /// no suicide, and the superko rule against the game and the moves since the root. A
    /// multi-stone suicide is refused even where the rules allow it (the search never wants
    /// one; [`Position::check`] gives the exact answer). Precondition: `cell` is an empty
    /// on-board cell.
    #[inline]
    #[must_use]
    pub fn is_legal_cell(&self, cell: usize) -> bool {
        self.board.cells().is_legal(cell, self.to_move) && !self.repeats(cell)
    }

    /// Whether a stone of the player to move on the empty `cell` (legal on the board) would
    /// break the superko rule.
    fn repeats(&self, cell: usize) -> bool {
        if self.ko == KoRule::Simple {
            return false;
        }
        let (hash, captures) = self.board.cells().hash_after(cell, self.to_move);
        self.repeats_hash(hash, captures)
    }

    fn repeats_hash(&self, hash: u64, captures: bool) -> bool {
        let next = self.to_move.other();
        match self.ko {
            KoRule::Simple => false,
            KoRule::Positional => {
                self.history.has_position(hash) || self.path.iter().any(|&(h, _)| h == hash)
            }
            KoRule::CapturePositional => {
                captures
                    && (self.history.has_position(hash)
                        || self.path.iter().any(|&(h, _)| h == hash))
            }
            KoRule::Situational => {
                self.history.has_situation(hash, next) || self.path.contains(&(hash, next))
            }
        }
    }

    /// Whether the player to move may make `mv` (see [`Position::check`]).
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Whether the player to move may make `mv` under the rules, and why not: the same
    /// answer as [`Game::check`] for the game's own position.
    ///
    /// # Errors
    /// The reason the move is illegal ([`IllegalMove::GameOver`] is never returned: a
    /// position knows no phase).
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let Move::Play(point) = mv else {
            return Ok(());
        };
        self.board.check(point, self.to_move, self.suicide)?;
        let cell = self.board.cells().cell(point);
        let repeats = if self.board.cells().is_legal(cell, self.to_move) {
            self.repeats(cell)
        } else {
            // A multi-stone suicide: rare enough to simulate.
            let mut after = self.board.clone();
            after.cells_mut().place_unchecked(cell, self.to_move);
            self.repeats_hash(after.hash(), true)
        };
        if repeats {
            Err(IllegalMove::Superko)
        } else {
            Ok(())
        }
    }

    /// Plays `mv` after checking it.
    ///
    /// # Errors
    /// The reason the move is illegal; the position is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.check(mv)?;
        match mv {
            Move::Play(point) => {
                let cell = self.board.cells().cell(point);
                self.play_cell_unchecked(cell);
            }
            Move::Pass => self.pass(),
        }
        Ok(())
    }

    /// Plays a stone on `cell` for the player to move without the checks of
    /// [`Position::play`]: the search's move down its tree.
    ///
    /// # Requires
    ///
    /// `cell` is an empty cell of the board and legal for the player to move, e.g.
    /// [`Position::is_legal_cell`] was true for this very position (a tree that checked a
    /// move when it made the node may replay it along the same path). An occupied or border
    /// cell leaves the board wrong from then on; a move against ko or superko is played.
    #[inline]
    pub fn play_cell_unchecked(&mut self, cell: usize) -> Placement {
        let placement = self.board.cells_mut().place_unchecked(cell, self.to_move);
        self.to_move = self.to_move.other();
        self.passes = 0;
        if self.ko != KoRule::Simple {
            self.path.push((self.board.hash(), self.to_move));
        }
        placement
    }

    /// The player to move passes (always legal).
    #[inline]
    pub fn pass(&mut self) {
        self.board.clear_ko();
        self.to_move = self.to_move.other();
        self.passes += 1;
        if self.ko != KoRule::Simple {
            self.path.push((self.board.hash(), self.to_move));
        }
    }

    /// Plays the position out with `policy` (no superko from here on, as every playout),
    /// until two passes in a row or `max_plies` plies, and writes the final area owner of
    /// every cell into `owners` (at least
    /// [`Cells::cell_count`](crate::cells::Cells::cell_count) entries). The position is
    /// left at the end of the playout. Starts and ends at once when play has already stopped.
    pub fn playout<P: PlayoutPolicy + ?Sized>(
        &mut self,
        policy: &mut P,
        rng: &mut XorShift32,
        max_plies: u32,
        owners: &mut [Option<Color>],
    ) -> PlayoutEnd {
        let budget = if self.passes >= 2 { 0 } else { max_plies };
        let end = playout_with(&mut self.board, self.to_move, policy, rng, budget, owners);
        if end.plies % 2 == 1 {
            self.to_move = self.to_move.other();
        }
        end
    }
}
