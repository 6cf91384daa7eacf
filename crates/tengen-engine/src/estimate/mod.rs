//! The automatic dead-stone estimator: for a finished position under the game's rules, the
//! status of every chain (alive, dead, in seki), the dame, the points a player still has to
//! fill, and the count that follows, each decision with how sure it is.
//!
//! One blocking call with a budget, [`estimate`]; [`count`] counts any other dead set the
//! same way (after the players changed the proposal):
//!
//! ```
//! use tengen_core::{BoardSize, Game, Move, Point, Rules};
//! use tengen_engine::estimate::{EstimateBudget, Status, estimate};
//!
//! // Black walls off the left of a 5×5 board; a lone White stone sits inside.
//! let mut game = Game::new(BoardSize::new(5).unwrap(), Rules::japanese());
//! for (x, y) in [(2, 0), (4, 4), (2, 1), (4, 3), (2, 2), (0, 1), (2, 3), (4, 2), (2, 4)] {
//!     game.play(Move::Play(Point::new(x, y))).unwrap();
//! }
//! let estimate = estimate(&game, &EstimateBudget::default());
//! assert!(estimate.dead_stones().contains(&Point::new(0, 1)));
//! assert_eq!(estimate.status(Point::new(2, 2)), Some(Status::Alive));
//! println!("{}", estimate.score.breakdown());
//! ```
//!
//! # How it decides
//!
//! 1. Benson's pass-alive chains are alive and the stones in pass-alive territory dead:
//!    certain.
//! 2. Ownership from many playouts of the position, half with each colour moving first, by the
//!    search's heavy playout policy with the estimator's setting: it neither fills its own
//!    eyes, nor puts a chain of more than three stones in atari, nor plays in pass-alive
//!    territory, and it always answers the last move (captures, escapes, the vital point of a
//!    three-point eye space, threats to two liberties, MoGo's shapes). A chain is judged by
//!    the playouts its opponent started (in JP-7's confirmation the opponent moves first, with
//!    his best attack): it lives from 65 % survival.
//! 3. Chains in atari: a snapback lives; a stone in an unresolved ko is dead (JP-7, seed
//!    003); a chain that only dead stones hold in atari lives and needs no move (seed 003); a
//!    chain a living stone threatens lives, and its owner must still fill its liberty.
//! 4. Local reading under the confirmation phase of JP-7 (the opponent moves first, a ko may
//!    be retaken only after a pass, snapback stones live) for the groups the playouts leave
//!    unclear and for standoffs the playouts cannot judge (a seki, a bent four in the corner):
//!    eyes and false eyes, nakade (a chain of the opponent's standing in a seki that fills
//!    its last liberty but one as a bulky five, crossed five or rabbity six kills), capturing
//!    races. The owner's other chains that the playouts clearly kill are off the board for
//!    it: the opponent may take them first.
//! 5. Chains the opponent cannot cut apart live together: one the playouts kill that shares
//!    with a living chain a point where the opponent's stone is suicide or taken at once
//!    (not in a ko), or two liberties, lives with it (the playouts' defender sometimes fills
//!    the joining point himself, a self-atari they allow so that nakade can be thrown in). A
//!    chain the opponent takes only with dead stones stands in its owner's territory (JP-7's
//!    second clause).
//! 6. The count: the dead stones removed, seki found by the core's count (JP-9: no territory
//!    in seki, dead stones inside stay; AGA-12: the eyes of a seki count), and under
//!    territory scoring without pass stones a point the owner must still fill is not
//!    territory.
//!
//! Every chain carries the [`Reason`] for its status (the step above that settled it, with
//! its evidence: Benson's eyes, the reading's line, the ko, the survival share), and what is
//! not finished is reported, not guessed: the groups whose status depends on who moves
//! first ([`Unsettled`]) and the open boundaries a sealing move would close ([`Sealing`]).
//!
//! The budget bounds the time whatever the position (an unfinished game, an empty 25×25
//! board); [`Estimate::stopped_early`] says when it ran out, and a chain the estimator could
//! not decide is [`ChainEstimate::uncertain`] ("uncertain: C3 group"), never guessed silently.

mod connections;
mod eyes;
mod fills;
mod judge;
mod ownership;
mod reading;
mod reason;
mod sealing;
mod verdict;

use std::time::{Duration, Instant};

use tengen_core::{
    Board, BoardSize, Color, Game, Ownership as PointOwnership, Point, Score, UnconditionalLife,
};

use ownership::Ownership;
pub use reason::{LineMove, Reason, Sealing, Unsettled, line_text};
pub use verdict::Verdict;

/// How many times the budget's playouts run again when a chain's survival is near the
/// threshold.
const EXTRA_PLAYOUTS: u32 = 3;

/// How much work the estimator may do.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EstimateBudget {
    /// The wall-clock limit of the whole estimate.
    pub time: Duration,
    /// The playouts to run (fewer when time runs out).
    pub playouts: u32,
    /// The positions the local reading may visit for one group.
    pub reading_nodes: u32,
}

impl Default for EstimateBudget {
    /// The one setting for every board size: a fixed amount of work (1,000 playouts, 20,000
    /// reading nodes per group), so that the estimate of a position is the same whatever the
    /// machine's load (the same answer to every question about one position: the CLI, GTP, a
    /// referee's record, the server, the tests); the clock is only a guard against a
    /// pathological position, at ten seconds. On a quiet core the work takes well under 1 s
    /// on 19×19 and 0.2 s on 9×9 (BENCHMARKS.md).
    fn default() -> EstimateBudget {
        EstimateBudget {
            time: Duration::from_secs(10),
            playouts: 1000,
            reading_nodes: 20_000,
        }
    }
}

/// The status of a chain at the end of the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The opponent cannot capture it (JP-7), or capturing it lets its owner live anew.
    Alive,
    /// Removed as a prisoner at the count.
    Dead,
    /// Alive without territory of its own: it shares liberties with an opponent chain that
    /// neither side can fill (JP-9, AGA-12).
    Seki,
}

/// What a decision rests on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Basis {
    /// Benson's unconditional life: certain.
    PassAlive,
    /// Local reading under the confirmation phase: certain within the local area.
    Reading,
    /// The share of playouts the chain survived.
    Playouts,
}

/// The estimate of one chain.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainEstimate {
    /// Its colour.
    pub color: Color,
    /// Its stones, row by row.
    pub stones: Vec<Point>,
    /// Alive, dead or in seki.
    pub status: Status,
    /// How sure the estimator is, from 0 (a coin toss) to 1 (certain).
    pub confidence: f64,
    /// What the decision rests on.
    pub basis: Basis,
    /// The share of the playouts its opponent started (JP-7: the opponent moves first) at
    /// whose end the chain's points were its owner's area.
    pub survival: f64,
    /// Why it has its status: the evidence the estimator used.
    pub reason: Reason,
    /// Set when its status depends on who moves first (the count takes JP-7's answer).
    pub unsettled: Option<Unsettled>,
    /// Its group: the chains of one colour joined by shared liberties, which live or die
    /// together (the unit a player toggles at the count), numbered from 0.
    pub group: usize,
}

impl ChainEstimate {
    /// Below this confidence a decision is reported as uncertain.
    pub const UNCERTAIN_BELOW: f64 = 0.5;

    /// Whether the estimator could not decide this chain: its status is a best guess.
    #[must_use]
    pub fn uncertain(&self) -> bool {
        self.confidence < Self::UNCERTAIN_BELOW
    }
}

/// The result of [`estimate`].
#[derive(Clone, Debug)]
pub struct Estimate {
    /// Every chain on the board, in row-major order of their first stone.
    pub chains: Vec<ChainEstimate>,
    /// The empty points that count for nobody.
    pub dame: Vec<Point>,
    /// Points a player must still fill to save a chain in atari (not territory under
    /// territory scoring).
    pub fills: Vec<(Color, Point)>,
    /// Open boundaries: dame regions a sealing move would turn into territory.
    pub sealing: Vec<Sealing>,
    /// The count with the estimated dead stones and fills.
    pub score: Score,
    /// Playouts run.
    pub playouts: u32,
    /// The budget ran out before the planned work was done.
    pub stopped_early: bool,
    /// Time taken.
    pub elapsed: Duration,
    size: BoardSize,
}

impl Estimate {
    /// The stones estimated dead, row by row.
    #[must_use]
    pub fn dead_stones(&self) -> Vec<Point> {
        self.stones_with(Status::Dead)
    }

    /// The stones of every chain with `status`, row by row (GTP `final_status_list`).
    #[must_use]
    pub fn stones_with(&self, status: Status) -> Vec<Point> {
        let mut stones: Vec<Point> = self
            .chains
            .iter()
            .filter(|c| c.status == status)
            .flat_map(|c| c.stones.iter().copied())
            .collect();
        stones.sort_by_key(|p| (p.y, p.x));
        stones
    }

    /// The status of the stone on `point`, if there is one.
    #[must_use]
    pub fn status(&self, point: Point) -> Option<Status> {
        self.chain(point).map(|c| c.status)
    }

    /// The estimate of the chain through `point`, if there is a stone.
    #[must_use]
    pub fn chain(&self, point: Point) -> Option<&ChainEstimate> {
        self.chains.iter().find(|c| c.stones.contains(&point))
    }

    /// The chains grouped as they live or die together ([`ChainEstimate::group`]), in
    /// row-major order of their first stone.
    #[must_use]
    pub fn groups(&self) -> Vec<Vec<&ChainEstimate>> {
        let mut groups: Vec<Vec<&ChainEstimate>> = Vec::new();
        let mut slot: Vec<Option<usize>> = Vec::new();
        for chain in &self.chains {
            if slot.len() <= chain.group {
                slot.resize(chain.group + 1, None);
            }
            match slot[chain.group] {
                Some(k) => groups[k].push(chain),
                None => {
                    slot[chain.group] = Some(groups.len());
                    groups.push(vec![chain]);
                }
            }
        }
        groups
    }

    /// The chains whose status depends on who moves first.
    pub fn unsettled(&self) -> impl Iterator<Item = &ChainEstimate> {
        self.chains.iter().filter(|c| c.unsettled.is_some())
    }

    /// Whether the position is finished: no open boundary, and no group whose status depends
    /// on who moves first.
    #[must_use]
    pub fn finished(&self) -> bool {
        self.sealing.is_empty() && self.unsettled().next().is_none()
    }

    /// The chains the estimator could not decide.
    pub fn uncertain(&self) -> impl Iterator<Item = &ChainEstimate> {
        self.chains.iter().filter(|c| c.uncertain())
    }

    /// The board size the estimate is for.
    #[must_use]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The estimate drawn as a diagram, top row first: `X`/`O` living stones, `x`/`o` dead
    /// ones, `S`/`s` stones in seki, `+` dame, `!` a point its owner must still fill, `.` the
    /// other empty points (territory).
    #[must_use]
    pub fn diagram(&self) -> String {
        let n = usize::from(self.size.get());
        let mut rows = vec![vec!['.'; n]; n];
        for &p in &self.dame {
            rows[usize::from(p.y)][usize::from(p.x)] = '+';
        }
        for &(_, p) in &self.fills {
            rows[usize::from(p.y)][usize::from(p.x)] = '!';
        }
        for chain in &self.chains {
            let mark = match (chain.color, chain.status) {
                (Color::Black, Status::Alive) => 'X',
                (Color::White, Status::Alive) => 'O',
                (Color::Black, Status::Dead) => 'x',
                (Color::White, Status::Dead) => 'o',
                (Color::Black, Status::Seki) => 'S',
                (Color::White, Status::Seki) => 's',
            };
            for &p in &chain.stones {
                rows[usize::from(p.y)][usize::from(p.x)] = mark;
            }
        }
        let mut out = String::with_capacity(n * (2 * n + 1));
        for row in rows {
            let line: Vec<String> = row.iter().map(char::to_string).collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }
}

/// One chain of the position, as cells.
pub(crate) struct Chain {
    pub(crate) color: Color,
    pub(crate) cells: Vec<usize>,
}

/// The chains of `board`, in row-major order of their first stone.
pub(crate) fn chains_of(board: &Board) -> Vec<Chain> {
    let mut seen = vec![false; board.cells().cell_count()];
    let mut chains = Vec::new();
    for point in board.size().points() {
        let cell = board.cells().cell(point);
        let Some(color) = board.cells().content(cell).color() else {
            continue;
        };
        if seen[cell] {
            continue;
        }
        let mut cells = Vec::new();
        let mut stone = cell;
        loop {
            seen[stone] = true;
            cells.push(stone);
            stone = board.cells().next_in_chain(stone);
            if stone == cell {
                break;
            }
        }
        cells.sort_unstable();
        chains.push(Chain { color, cells });
    }
    chains
}

/// Estimates the dead stones, seki and dame of `game`'s position under its rules within
/// `budget`, and counts the game with them. Blocking; never longer than `budget.time` plus
/// the count.
#[must_use]
pub fn estimate(game: &Game, budget: &EstimateBudget) -> Estimate {
    let start = Instant::now();
    let deadline = start + budget.time;
    let board = game.board();
    let size = board.size();
    let life = UnconditionalLife::of(board);

    // Nobody plays inside pass-alive territory: nothing there can change.
    let mut no_play = vec![true; board.cells().cell_count()];
    for point in size.points() {
        no_play[board.cells().cell(point)] = life.territory(point).is_some();
    }
    let seed = (board.hash() as u32) | 1;
    let mut ownership = Ownership::measure(board, &no_play, budget.playouts, deadline, seed);
    let chains = chains_of(board);
    if judge::near_threshold(board, &life, &ownership, &chains) {
        // A chain on the edge of the threshold: the playouts run again, three times as many,
        // and the shares are taken over all of them (BENCHMARKS.md: with the same playouts
        // everywhere, chains near the threshold fell on the wrong side by chance).
        let more = budget.playouts.saturating_mul(EXTRA_PLAYOUTS);
        ownership.run(board, &no_play, more, deadline, seed.rotate_left(16) | 1);
    }
    let mut stopped_early = ownership.stopped_early;

    let mut estimates: Vec<ChainEstimate> = chains
        .iter()
        .map(|chain| judge::judge(board, &life, &ownership, chain))
        .collect();
    let (settled, held_by_dead) = judge::settle_ataris(board, &chains, &mut estimates, None);
    stopped_early |=
        judge::refine_by_reading(board, &chains, &mut estimates, &settled, budget, deadline);
    judge::settle_ataris(board, &chains, &mut estimates, Some(&held_by_dead));
    connections::join_uncuttable(board, &chains, &mut estimates);
    judge::revive_uncapturable(board, &chains, &mut estimates);
    if ownership.playouts() == 0 {
        stopped_early = true;
    }

    let dead: Vec<Point> = estimates
        .iter()
        .filter(|c| c.status == Status::Dead)
        .flat_map(|c| c.stones.iter().copied())
        .collect();
    let (score, fills) = count(game, &dead);
    for estimate in &mut estimates {
        if let Some(&first) = estimate.stones.first() {
            if matches!(score.ownership(first), PointOwnership::Seki(_)) {
                estimate.status = Status::Seki;
                let shared_liberties = shared_liberties(board, &score, estimate);
                let lives_by = Box::new(estimate.reason.clone());
                estimate.reason = Reason::Seki {
                    shared_liberties,
                    lives_by,
                };
            }
        }
    }
    let chain_at = judge::chain_index(board, &chains);
    for (number, group) in judge::groups(board, &chains, &chain_at).iter().enumerate() {
        for &i in group {
            estimates[i].group = number;
        }
    }
    let sealing = sealing::open_boundaries(board, &score, &ownership);
    let dame = size
        .points()
        .filter(|&p| board.get(p).is_none() && score.ownership(p) == PointOwnership::Dame)
        .collect();
    Estimate {
        chains: estimates,
        dame,
        fills,
        sealing,
        score,
        playouts: ownership.playouts(),
        stopped_early,
        elapsed: start.elapsed(),
        size,
    }
}

/// The liberties of the seki chain `chain` next to the opponent's seki stones.
fn shared_liberties(board: &Board, score: &Score, chain: &ChainEstimate) -> Vec<Point> {
    let mut shared: Vec<Point> = Vec::new();
    for &stone in &chain.stones {
        for lib in board.neighbors(stone) {
            if board.get(lib).is_none()
                && !shared.contains(&lib)
                && board
                    .neighbors(lib)
                    .any(|nb| score.ownership(nb) == PointOwnership::Seki(chain.color.other()))
            {
                shared.push(lib);
            }
        }
    }
    shared.sort_by_key(|p| (p.y, p.x));
    shared
}

/// Counts `game` as it ended with the stones on `dead` removed (any dead set: the estimate's,
/// or the players' after they changed it), and returns the count with the points a player
/// must still fill: the liberty of every chain in atari, not dead, that a living opponent
/// stone threatens (a snapback threatens nothing). Under territory scoring without pass
/// stones (JP-9, JP-10) such a point is not its owner's territory.
#[must_use]
pub fn count(game: &Game, dead: &[Point]) -> (Score, Vec<(Color, Point)>) {
    let fills = fills::fills_needed(game.board(), dead);
    let mut score = game.score_as_ended(dead);
    fills::charge_fills(&mut score, &fills, game);
    (score, fills)
}
