//! A game under a rule set: turns, ko and superko, passes and pass stones, the scoring phase
//! with dead-stone agreement, disputes and resumption, and the result.

use std::collections::{HashMap, HashSet};

use crate::{
    Board, BoardSize, ByColor, Color, KoRule, Komi, Move, Point, Rules,
    board::{BoardError, WHITE_TO_MOVE_KEY},
    handicap::{HandicapError, aga_handicap},
    score::GameResult,
};

mod end;
mod removed;
mod restart;

pub use end::{Penalty, Replayed, Tolerance};

/// Why a move is refused. A refused move changes nothing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// A stone is already there.
    #[error("the point is occupied")]
    Occupied,
    /// The stone would have no liberty after captures (C5).
    #[error("the move is suicide")]
    Suicide,
    /// The point of a ko just taken (JP-5).
    #[error("the point is forbidden by ko: play elsewhere first")]
    Ko,
    /// The move would repeat an earlier whole-board position (AGA-6, positional superko,
    /// or the capture-positional rule).
    #[error("the move would repeat an earlier position (superko)")]
    Superko,
    /// The point is not on the board.
    #[error("the point is off the board")]
    OffBoard,
    /// Play has stopped: the game is being scored or is over.
    #[error("the game is not in play")]
    GameOver,
    /// It is the other player's move.
    #[error("it is not this player's turn")]
    NotYourTurn,
    /// A move after a second double pass under AGA, which [`Game::replay_move`] would take
    /// as resuming play: play was resumed once already, so that double pass ended the game
    /// with every stone alive (AGA-10), and play does not resume again.
    #[error("under AGA-10 the second double pass ended the game with every stone alive")]
    EndedAllAlive,
}

impl IllegalMove {
    /// Whether a replayed record may keep a move that broke this rule ([`Game::play_tolerant`],
    /// [`Tolerance::Board`]): the board can still hold it. A ko or superko violation, a
    /// suicide, a move out of turn and play resumed after AGA-10 ended the game are tolerable;
    /// a stone on an occupied or off-board point, or any move once the game is over, is not.
    #[must_use]
    pub const fn is_tolerable(self) -> bool {
        match self {
            IllegalMove::Suicide
            | IllegalMove::Ko
            | IllegalMove::Superko
            | IllegalMove::NotYourTurn
            | IllegalMove::EndedAllAlive => true,
            IllegalMove::Occupied | IllegalMove::OffBoard | IllegalMove::GameOver => false,
        }
    }
}

impl From<BoardError> for IllegalMove {
    fn from(e: BoardError) -> IllegalMove {
        match e {
            BoardError::OffBoard => IllegalMove::OffBoard,
            BoardError::Occupied => IllegalMove::Occupied,
            BoardError::Suicide => IllegalMove::Suicide,
            BoardError::Ko => IllegalMove::Ko,
        }
    }
}

/// Where the game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Moves are being played.
    Playing,
    /// Play has stopped (two passes); the players mark dead stones and accept a set.
    Scoring,
    /// The game has a result.
    Finished(GameResult),
}

/// A game action that is not a move, refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ActionError {
    /// Dead stones are marked and accepted only in the scoring phase.
    #[error("the game is not in the scoring phase")]
    NotScoring,
    /// There is no stone on the point.
    #[error("there is no stone there")]
    NoStone,
    /// The game has a result already.
    #[error("the game is over")]
    Finished,
    /// Nothing to undo.
    #[error("there is no move to undo")]
    NothingToUndo,
}

/// An unvalidated starting position: SGF `AB`/`AW`/`PL`, handicap stones, a problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The board size.
    pub size: BoardSize,
    /// Stones on the board before the first move.
    pub stones: Vec<(Point, Color)>,
    /// Who moves first.
    pub to_move: Color,
    /// The number of handicap stones among `stones` (0 for none; 1 for a one-stone handicap
    /// in which Black simply moves first).
    pub handicap: u8,
}

/// A setup that is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A setup point is off the board.
    #[error("setup point ({}, {}) is off the {size} board", .point.x, .point.y)]
    OffBoard {
        /// The point.
        point: Point,
        /// The board.
        size: BoardSize,
    },
    /// Two setup stones on one point.
    #[error("setup point ({}, {}) is given twice", .0.x, .0.y)]
    Duplicate(Point),
    /// A chain of the setup has no liberty.
    #[error("the setup stone at ({}, {}) has no liberty", .0.x, .0.y)]
    NoLiberty(Point),
}

/// One move as played, with who played it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlayedMove {
    /// Who moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// A pass the rules made for the player (AGA-11: White's last pass).
    pub forced: bool,
}

/// What a played move did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveOutcome {
    /// Opponent stones captured.
    pub captures: u32,
    /// The rules added White's closing pass (AGA-11).
    pub forced_white_pass: bool,
    /// The phase after the move.
    pub phase: Phase,
}

/// An action in the order it happened; replaying them rebuilds the game (undo).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Action {
    Move {
        color: Color,
        mv: Move,
        tolerant: bool,
    },
    ToggleDead(Point),
    SetDead(Vec<Point>),
    Accept(Color),
    Resume(Color),
    /// A record resumed play after AGA-10 ended the game, with this player to move
    /// ([`Tolerance::Board`]).
    ResumeTolerant(Color),
    End(GameResult),
}

/// A game under a [`Rules`] value: the board, turns, repetition, passes and the end.
///
/// ```
/// use tengen_core::{BoardSize, Game, IllegalMove, Move, Phase, Point, Rules};
/// let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
/// game.play(Move::Play(Point::new(2, 2))).unwrap();
/// assert_eq!(game.play(Move::Play(Point::new(2, 2))), Err(IllegalMove::Occupied));
/// game.play(Move::Pass).unwrap();
/// game.play(Move::Pass).unwrap();
/// assert_eq!(game.phase(), Phase::Scoring);
/// let score = game.score();
/// assert_eq!(score.result.to_string(), "B+73.5"); // 80 points of territory, 6.5 komi
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    komi: Komi,
    initial: Board,
    initial_to_move: Color,
    handicap: u8,
    board: Board,
    to_move: Color,
    moves: Vec<PlayedMove>,
    actions: Vec<Action>,
    /// Board hashes of every position so far (positional superko).
    positions: HashSet<u64>,
    /// How often each (position, player to move) occurred (situational superko, JP-6).
    situations: HashMap<u64, u32>,
    consecutive_passes: u32,
    last_passer: Option<Color>,
    /// Stones handed to each colour by the opponent's passes (AGA-7).
    pass_stones: ByColor<u32>,
    phase: Phase,
    dead: Vec<bool>,
    dead_version: u32,
    accepted: ByColor<bool>,
    resumptions: u32,
    /// Play goes on through a cycle instead of ending (GTP).
    play_through_cycles: bool,
    /// The number of moves when the first cycle that neither player left closed (JP-6).
    cycle_closed_at: Option<usize>,
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.rules == other.rules
            && self.komi == other.komi
            && self.initial == other.initial
            && self.initial_to_move == other.initial_to_move
            && self.handicap == other.handicap
            && self.actions == other.actions
            && self.board == other.board
            && self.board.hash() == other.board.hash()
            && self.to_move == other.to_move
            && self.moves == other.moves
            && self.positions == other.positions
            && self.situations == other.situations
            && self.consecutive_passes == other.consecutive_passes
            && self.last_passer == other.last_passer
            && self.pass_stones == other.pass_stones
            && self.phase == other.phase
            && self.dead == other.dead
            && self.accepted == other.accepted
            && self.resumptions == other.resumptions
            && self.play_through_cycles == other.play_through_cycles
            && self.cycle_closed_at == other.cycle_closed_at
    }
}

impl Eq for Game {}

/// JP-6, made precise. Under simple ko (and only there: every superko rule forbids the
/// repetition itself), a *cycle that neither player leaves* is a stone move that brings back
/// a whole-board position with the same player to move for the third time. Between the first
/// and the third occurrence both players went twice round a sequence that returns to where it
/// started (triple ko, eternal life, sending two returning one), and at any move either could
/// have left it by playing elsewhere or passing. The game then ends with no result
/// ([`GameResult::Void`]). Passes never close a cycle: two passes in a row end play instead,
/// and a position repeated by passes alone is not a fight anybody is stuck in. The starting
/// position counts as the first occurrence.
pub const CYCLE_OCCURRENCES_FOR_VOID: u32 = 3;

impl Game {
    /// An even game on an empty board: Black moves first, komi by the rules.
    #[must_use]
    pub fn new(size: BoardSize, rules: Rules) -> Game {
        Game::from_board(Board::new(size), Color::Black, 0, rules)
    }

    /// A handicap game with the seed's fixed placement (AGA-4, JP-4). `stones == 1` means
    /// Black moves first with the handicap komi; from 2 stones White moves first.
    ///
    /// # Errors
    /// [`HandicapError`] when the board does not take that many fixed stones.
    pub fn with_handicap(
        size: BoardSize,
        rules: Rules,
        stones: u32,
    ) -> Result<Game, HandicapError> {
        match stones {
            0 => Ok(Game::new(size, rules)),
            1 => Ok(Game::from_board(Board::new(size), Color::Black, 1, rules)),
            n => Game::with_free_handicap(size, rules, &aga_handicap(size, n)?),
        }
    }

    /// A handicap game with Black's stones on the points Black chose (free placement).
    ///
    /// # Errors
    /// [`HandicapError`] for fewer than 2 stones, repeated points or points off the board.
    pub fn with_free_handicap(
        size: BoardSize,
        rules: Rules,
        points: &[Point],
    ) -> Result<Game, HandicapError> {
        if points.len() < 2 {
            return Err(HandicapError::TooFew(points.len() as u32));
        }
        let distinct: HashSet<&Point> = points.iter().collect();
        if distinct.len() != points.len()
            || points.len() >= size.area()
            || points.iter().any(|&p| !size.contains(p))
        {
            return Err(HandicapError::BadFreePlacement);
        }
        let handicap = u8::try_from(points.len()).map_err(|_| HandicapError::TooMany {
            stones: points.len() as u32,
            size,
            max: u32::from(u8::MAX),
        })?;
        let board = Board::from_stones(size, points.iter().map(|&p| (p, Color::Black)));
        Ok(Game::from_board(board, Color::White, handicap, rules))
    }

    /// A game from a setup position (SGF `AB`/`AW`/`PL`).
    ///
    /// # Errors
    /// [`SetupError`] when a point is off the board or repeated, or a chain has no liberty.
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Game, SetupError> {
        let mut seen = HashSet::new();
        for &(p, _) in &setup.stones {
            if !setup.size.contains(p) {
                return Err(SetupError::OffBoard {
                    point: p,
                    size: setup.size,
                });
            }
            if !seen.insert(p) {
                return Err(SetupError::Duplicate(p));
            }
        }
        let board = Board::from_stones(setup.size, setup.stones.iter().copied());
        for &(p, _) in &setup.stones {
            if board.liberties(p).is_empty() {
                return Err(SetupError::NoLiberty(p));
            }
        }
        Ok(Game::from_board(
            board,
            setup.to_move,
            setup.handicap,
            rules,
        ))
    }

    fn from_board(board: Board, to_move: Color, handicap: u8, rules: Rules) -> Game {
        let mut game = Game {
            rules,
            komi: rules.komi(handicap),
            initial: board.clone(),
            initial_to_move: to_move,
            handicap,
            dead: vec![false; board.size().area()],
            board,
            to_move,
            moves: Vec::new(),
            actions: Vec::new(),
            positions: HashSet::new(),
            situations: HashMap::new(),
            consecutive_passes: 0,
            last_passer: None,
            pass_stones: ByColor::default(),
            phase: Phase::Playing,
            dead_version: 0,
            accepted: ByColor::default(),
            resumptions: 0,
            play_through_cycles: false,
            cycle_closed_at: None,
        };
        game.record_position();
        game
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The komi of this game (by default the rules' komi for its handicap).
    #[must_use]
    pub fn komi(&self) -> Komi {
        self.komi
    }

    /// Sets this game's komi (GTP `komi`, SGF `KM`, the server's form).
    pub fn set_komi(&mut self, komi: Komi) {
        self.komi = komi;
    }

    /// Lets play go on through a cycle that neither player leaves (JP-6, see
    /// [`CYCLE_OCCURRENCES_FOR_VOID`]) instead of ending the game with no result. For a GTP
    /// engine: GTP has no end of game, its controller decides when a game is over.
    /// [`Game::cycle_closed_at`] still says where the rules end it.
    pub fn set_play_through_cycles(&mut self, on: bool) {
        self.play_through_cycles = on;
    }

    /// The number of moves played when the first cycle that neither player left closed: from
    /// there the rules give no result (JP-6). `None` when no cycle closed.
    #[must_use]
    pub fn cycle_closed_at(&self) -> Option<usize> {
        self.cycle_closed_at
    }

    /// The handicap: 0 for an even game, 1 when Black moved first without komi, else the
    /// number of stones placed.
    #[must_use]
    pub fn handicap(&self) -> u8 {
        self.handicap
    }

    /// The number of stones placed for the handicap (0 for a one-stone handicap).
    fn handicap_stones(&self) -> u32 {
        if self.handicap >= 2 {
            u32::from(self.handicap)
        } else {
            0
        }
    }

    /// The board as it stands.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board before the first move (empty, handicap or setup).
    #[must_use]
    pub fn initial_board(&self) -> &Board {
        &self.initial
    }

    /// Who moved first.
    #[must_use]
    pub fn initial_to_move(&self) -> Color {
        self.initial_to_move
    }

    /// The board size.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.board.size()
    }

    /// Who is to move.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Where the game stands.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The result, once the game is finished.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        match self.phase {
            Phase::Finished(result) => Some(result),
            _ => None,
        }
    }

    /// Every move so far, in order, including White's forced last pass (AGA-11).
    #[must_use]
    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    /// Stones captured by `color` during play.
    #[must_use]
    pub fn captures(&self, color: Color) -> u32 {
        self.board.captures(color)
    }

    /// Stones handed to `color` by the opponent's passes (AGA-7).
    #[must_use]
    pub fn pass_stones(&self, color: Color) -> u32 {
        *self.pass_stones.get(color)
    }

    /// How many times play was resumed after a dispute.
    #[must_use]
    pub fn resumptions(&self) -> u32 {
        self.resumptions
    }

    fn situation_key(&self) -> u64 {
        situation_key(self.board.hash(), self.to_move)
    }

    fn record_position(&mut self) {
        self.positions.insert(self.board.hash());
        let key = self.situation_key();
        *self.situations.entry(key).or_insert(0) += 1;
    }

    /// Whether the player to move may make `mv`, and why not. Changes nothing.
    ///
    /// # Errors
    /// The reason the move is illegal.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        self.check_as(self.to_move, mv)
    }

    /// As [`Game::check`], for a named player ([`IllegalMove::NotYourTurn`] for the other one).
    ///
    /// # Errors
    /// The reason the move is illegal.
    pub fn check_as(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        if self.phase != Phase::Playing {
            return Err(IllegalMove::GameOver);
        }
        if let Move::Play(p) = mv {
            if !self.size().contains(p) {
                return Err(IllegalMove::OffBoard);
            }
        }
        if color != self.to_move {
            return Err(IllegalMove::NotYourTurn);
        }
        match mv {
            Move::Pass => Ok(()),
            Move::Play(p) => self.check_stone(p, color),
        }
    }

    /// As [`Game::check_as`] without the turn check: whether `color` could make `mv` if it
    /// were its turn. For protocols that are not turn-checked (GTP `play` and `is_legal`
    /// take moves by either colour in any order).
    ///
    /// # Errors
    /// The reason the move is illegal (never [`IllegalMove::NotYourTurn`]).
    pub fn check_ignoring_turn(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        match self.check_as(color, mv) {
            Err(IllegalMove::NotYourTurn) => match mv {
                Move::Pass => Ok(()),
                Move::Play(p) => self.check_stone(p, color),
            },
            other => other,
        }
    }

    fn check_stone(&self, point: Point, color: Color) -> Result<(), IllegalMove> {
        self.board.check(point, color, self.rules.suicide)?;
        if self.rules.ko == KoRule::Simple {
            return Ok(());
        }
        let (next_hash, captures) = self.hash_after(point, color);
        let repeats = match self.rules.ko {
            KoRule::Simple => false,
            KoRule::Positional => self.positions.contains(&next_hash),
            KoRule::Situational => self
                .situations
                .contains_key(&situation_key(next_hash, color.other())),
            KoRule::CapturePositional => captures && self.positions.contains(&next_hash),
        };
        if repeats {
            Err(IllegalMove::Superko)
        } else {
            Ok(())
        }
    }

    /// The board hash after `color` plays `point`, and whether stones are removed.
    fn hash_after(&self, point: Point, color: Color) -> (u64, bool) {
        let cell = self.board.cells().cell(point);
        if self.board.cells().is_legal(cell, color) {
            self.board.cells().hash_after(cell, color)
        } else {
            // A multi-stone suicide: rare enough to simulate.
            let mut board = self.board.clone();
            board.cells_mut().place_unchecked(cell, color);
            (board.hash(), true)
        }
    }

    /// Every legal move of the player to move, pass included (none once play has stopped).
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + '_ {
        let playing = self.phase == Phase::Playing;
        self.size()
            .points()
            .map(Move::Play)
            .chain(std::iter::once(Move::Pass))
            .filter(move |&mv| playing && self.check(mv).is_ok())
    }

    /// Plays `mv` for the player to move.
    ///
    /// # Errors
    /// The reason the move is illegal; the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<MoveOutcome, IllegalMove> {
        self.play_as(self.to_move, mv)
    }

    /// Plays `mv` for `color`, which must be the player to move.
    ///
    /// # Errors
    /// The reason the move is illegal; the game is unchanged.
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<MoveOutcome, IllegalMove> {
        self.check_as(color, mv)?;
        self.actions.push(Action::Move {
            color,
            mv,
            tolerant: false,
        });
        Ok(self.apply_move(color, mv))
    }

    /// Plays a move from an imported record even if these rules forbid it, as long as the
    /// board can hold it: a ko or superko violation, a suicide (the chain is removed) or a
    /// move out of turn. Returns the rule it broke, if any.
    ///
    /// # Errors
    /// The first fault that is not [tolerable](IllegalMove::is_tolerable):
    /// [`IllegalMove::Occupied`], [`IllegalMove::OffBoard`] or [`IllegalMove::GameOver`].
    /// The game is unchanged.
    pub fn play_tolerant(
        &mut self,
        color: Color,
        mv: Move,
    ) -> Result<(MoveOutcome, Option<IllegalMove>), IllegalMove> {
        // `check_as` stops at its first fault, and the turn comes before the board: an
        // out-of-turn stone on an occupied point would pass as merely out of turn. So the
        // move is also checked as if it were `color`'s turn, and every fault found must be
        // tolerable.
        let broken = self.check_as(color, mv).err();
        let on_the_board = self.check_ignoring_turn(color, mv).err();
        if let Some(fault) = broken
            .into_iter()
            .chain(on_the_board)
            .find(|e| !e.is_tolerable())
        {
            return Err(fault);
        }
        self.actions.push(Action::Move {
            color,
            mv,
            tolerant: true,
        });
        Ok((self.apply_move(color, mv), broken))
    }

    fn apply_move(&mut self, color: Color, mv: Move) -> MoveOutcome {
        let mut outcome = MoveOutcome {
            captures: 0,
            forced_white_pass: false,
            phase: Phase::Playing,
        };
        self.moves.push(PlayedMove {
            color,
            mv,
            forced: false,
        });
        match mv {
            Move::Play(p) => {
                let cell = self.board.cells().cell(p);
                outcome.captures = self.board.cells_mut().place_unchecked(cell, color).captured;
                self.consecutive_passes = 0;
                self.to_move = color.other();
                self.record_position();
            }
            Move::Pass => {
                self.pass(color);
                if self.consecutive_passes >= 2 {
                    if self.rules.white_passes_last && color == Color::Black {
                        self.moves.push(PlayedMove {
                            color: Color::White,
                            mv: Move::Pass,
                            forced: true,
                        });
                        self.pass(Color::White);
                        outcome.forced_white_pass = true;
                    }
                    self.stop_play();
                }
            }
        }
        // A cycle needs captures, so only a stone move can close one; passes repeat
        // positions without anyone being stuck in a cycle.
        if self.rules.ko == KoRule::Simple
            && mv != Move::Pass
            && self.phase == Phase::Playing
            && self.repetitions() >= CYCLE_OCCURRENCES_FOR_VOID
        {
            self.cycle_closed_at.get_or_insert(self.moves.len());
            if !self.play_through_cycles {
                self.phase = Phase::Finished(GameResult::Void);
            }
        }
        outcome.phase = self.phase;
        outcome
    }

    fn pass(&mut self, color: Color) {
        self.board.clear_ko();
        if self.rules.pass_stones {
            *self.pass_stones.get_mut(color.other()) += 1;
        }
        self.consecutive_passes += 1;
        self.last_passer = Some(color);
        self.to_move = color.other();
        self.record_position();
    }

    fn stop_play(&mut self) {
        self.phase = Phase::Scoring;
        self.accepted = ByColor::default();
        self.dead_version += 1;
        self.dead.iter_mut().for_each(|d| *d = false);
    }

    fn index(&self, p: Point) -> usize {
        usize::from(p.y) * usize::from(self.size().get()) + usize::from(p.x)
    }

    /// The game's history for the search: every board hash so far, every (board, player to
    /// move) key, and how many passes in a row ended the move list.
    pub(crate) fn history_parts(&self) -> (&HashSet<u64>, &HashMap<u64, u32>, u32) {
        (&self.positions, &self.situations, self.consecutive_passes)
    }

    /// How many times the current (position, player to move) has occurred, this time
    /// included: 1 for a situation new to the game, more in a cycle (only possible under
    /// simple ko or capture-positional ko; see [`CYCLE_OCCURRENCES_FOR_VOID`]).
    ///
    /// ```
    /// use tengen_core::{BoardSize, Game, Move, Point, Rules};
    /// let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    /// assert_eq!(game.repetitions(), 1); // the starting position
    /// game.play(Move::Play(Point::new(4, 4))).unwrap();
    /// assert_eq!(game.repetitions(), 1);
    /// ```
    #[must_use]
    pub fn repetitions(&self) -> u32 {
        self.situations
            .get(&self.situation_key())
            .copied()
            .unwrap_or(0)
    }
}

pub(crate) fn situation_key(hash: u64, to_move: Color) -> u64 {
    match to_move {
        Color::Black => hash,
        Color::White => hash ^ WHITE_TO_MOVE_KEY,
    }
}
