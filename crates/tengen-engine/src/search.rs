//! The Monte-Carlo tree search: UCT with RAVE (Gelly and Silver, "Combining Online and
//! Offline Knowledge in UCT", 2007) and priors, progressive widening on large boards,
//! heavy playouts, several threads on one tree with virtual loss, tree reuse between
//! moves, and an ownership map from the playouts.

use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use tengen_core::{
    Board, Color, Game, Komi, Move, PlayedMove, Position, Rules,
    playout::{XorShift32, playout_with},
};

pub use crate::config::{Budget, SearchConfig, TIME_MARGIN};
use crate::{
    eval::Evaluation,
    margins::MarginHistograms,
    policy::{HeavyPolicy, Recorded, record, recorded_cell, recorded_color},
    prior,
    tactics::Candidates,
    tree::{Edge, NewChild, PASS, Stats, Tree},
};

mod options;
mod result;
mod root_priors;

pub use options::{Progress, RunOptions};
pub use result::{MoveInfo, SearchResult};

/// What a tree was built for: reuse needs the same rules, komi and start, and a move list
/// that continues it.
#[derive(Clone, Debug, PartialEq)]
struct RootKey {
    initial: Board,
    initial_to_move: Color,
    rules: Rules,
    komi: Komi,
    moves: Vec<PlayedMove>,
    /// Who was to move at the root (GTP's `play` may move out of turn).
    to_move: Color,
    extra_komi_half: i32,
}

/// A search tree with its configuration, kept from move to move for reuse.
#[derive(Debug)]
pub struct Search {
    config: SearchConfig,
    tree: Tree,
    key: Option<RootKey>,
    /// Searches run so far: mixed into the playouts' seeds, so that one seed gives one
    /// sequence of games and not the same playouts at every move.
    searches: u32,
}

/// One thread's buffers, reused by every simulation (no allocation on the hot path).
struct Worker {
    position: Position,
    policy: HeavyPolicy,
    owners: Vec<Option<Color>>,
    path: Vec<u32>,
    tree_moves: Vec<Recorded>,
    amaf_stamp: Vec<u32>,
    amaf_color: Vec<Color>,
    stamp: u32,
    children: Vec<NewChild>,
    scratch: Candidates,
    rng: XorShift32,
    /// Per cell: playouts Black owned it minus playouts White did, since the last flush
    /// into [`Shared::owned`].
    owned: Vec<i32>,
    owned_playouts: u32,
}

/// Playouts a worker counts ownership for before it adds them to the shared totals.
const OWNERSHIP_FLUSH: u32 = 256;

/// The fixed inputs of one search, shared by its threads.
struct Shared<'a> {
    config: &'a SearchConfig,
    tree: &'a Tree,
    root: &'a Position,
    /// The last two moves before the root, the latest first (`None`: a pass or nothing).
    root_recent: [Option<usize>; 2],
    eval: Evaluation,
    max_plies: u32,
    widening: bool,
    /// The priors count in the AMAF statistics too (not with [`crate::PriorWeights::optimistic`]).
    prior_in_rave: bool,
    /// The rules charge a stone a point that a pass does not
    /// ([`Rules::stones_cost_points`]).
    stones_cost: bool,
    stop: AtomicBool,
    /// Simulations started by this search.
    playouts: AtomicU64,
    budget: Budget,
    /// The seed of this search's playouts.
    seed: u32,
    /// Per cell: playouts Black owned it minus playouts White did.
    owned: Vec<AtomicI64>,
    owned_playouts: AtomicU64,
    /// Per root child (in the order of the root's edges), how many of this search's
    /// playouts through it ended with each margin: the median score that analysis reports.
    margins: MarginHistograms,
    start: Instant,
}

impl Search {
    /// An empty search with this configuration.
    #[must_use]
    pub fn new(config: SearchConfig) -> Search {
        let tree = Tree::new(config.max_edges, PASS);
        Search {
            config,
            tree,
            key: None,
            searches: 0,
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Changes the configuration (the tree is kept).
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// Forgets the tree (a new game).
    pub fn clear(&mut self) {
        self.tree = Tree::new(self.config.max_edges, PASS);
        self.key = None;
    }

    /// Searches the position of `game` (which must be in play) for the player to move,
    /// within `budget`, with the game's komi and no way to cancel. Blocking: the server
    /// runs it on a worker thread. [`Search::run_with`] takes the other options.
    ///
    /// ```
    /// use tengen_core::{BoardSize, Game, Rules};
    /// use tengen_engine::{Budget, Search, SearchConfig};
    ///
    /// let game = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    /// let mut search = Search::new(SearchConfig::default());
    /// let result = search.run(&game, Budget::playouts(300));
    /// assert!(game.check(result.best).is_ok());
    /// ```
    pub fn run(&mut self, game: &Game, budget: Budget) -> SearchResult {
        self.run_with(
            game,
            RunOptions {
                budget,
                ..RunOptions::default()
            },
        )
    }

    /// Searches the position of `game` (which must be in play) for the player to move,
    /// within `options.budget` or until `options.cancel` is set, calling
    /// `options.progress` with the result so far. Blocking: the server runs it on a
    /// worker thread.
    ///
    /// ```
    /// use std::{sync::atomic::AtomicBool, time::Duration};
    /// use tengen_core::{BoardSize, Game, Rules};
    /// use tengen_engine::{Budget, Progress, RunOptions, Search, SearchConfig};
    ///
    /// let game = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    /// let mut search = Search::new(SearchConfig::default());
    /// let cancel = AtomicBool::new(false);
    /// let mut reports = 0;
    /// let result = search.run_with(
    ///     &game,
    ///     RunOptions {
    ///         budget: Budget::playouts(300),
    ///         extra_komi_half: 2,
    ///         cancel: Some(&cancel),
    ///         progress: Some(Progress {
    ///             every: Duration::from_millis(10),
    ///             report: &mut |_| reports += 1,
    ///         }),
    ///     },
    /// );
    /// assert!(game.check(result.best).is_ok());
    /// ```
    pub fn run_with(&mut self, game: &Game, options: RunOptions<'_>) -> SearchResult {
        let RunOptions {
            budget,
            extra_komi_half,
            cancel,
            mut progress,
        } = options;
        let start = Instant::now();
        self.searches = self.searches.wrapping_add(1);
        let (root, root_recent) = self.prepare_root(game, extra_komi_half);
        let size = game.size().get();
        let (root_first, root_count) = self.tree.root().children().unwrap_or((0, 0));
        let shared = Shared {
            config: &self.config,
            tree: &self.tree,
            root: &root,
            root_recent,
            eval: Evaluation::new(game, extra_komi_half, self.config.score_weight),
            max_plies: 3 * game.size().area() as u32,
            widening: size >= self.config.widening_from_size,
            prior_in_rave: !self.config.priors.optimistic(game.size()),
            stones_cost: game.rules().stones_cost_points(),
            stop: AtomicBool::new(false),
            playouts: AtomicU64::new(0),
            budget,
            seed: self
                .config
                .seed
                .wrapping_add(self.searches.wrapping_mul(0x2545_F491)),
            owned: (0..root.board().cells().cell_count())
                .map(|_| AtomicI64::new(0))
                .collect(),
            owned_playouts: AtomicU64::new(0),
            margins: MarginHistograms::new(root_first, root_count, game.size().area()),
            start,
        };
        let threads = self.config.threads.max(1);
        let mut last_report = Instant::now();
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let shared = &shared;
                    let mut worker = new_worker(shared, t);
                    scope.spawn(move || {
                        work(shared, &mut worker);
                        worker
                    })
                })
                .collect();
            loop {
                std::thread::sleep(Duration::from_millis(2));
                let elapsed = start.elapsed();
                if cancel.is_some_and(|c| c.load(Relaxed))
                    || budget
                        .time
                        .is_some_and(|t| elapsed + Duration::from_millis(3) >= t)
                {
                    shared.stop.store(true, Relaxed);
                }
                if shared.stop.load(Relaxed) {
                    break;
                }
                if let Some(Progress { every, report }) = progress.as_mut() {
                    if last_report.elapsed() >= *every {
                        last_report = Instant::now();
                        report(&result(&shared, game, start));
                    }
                }
            }
            for handle in handles {
                if let Ok(mut worker) = handle.join() {
                    flush_ownership(&shared, &mut worker);
                }
            }
        });
        let mut out = result(&shared, game, start);
        out.playouts = shared.playouts.load(Relaxed);
        out
    }

    /// Keeps the subtree of the current position if the tree was built for an earlier
    /// position of the same game; else starts afresh.
    fn reuse_or_reset(&mut self, game: &Game, extra_komi_half: i32) {
        let key = RootKey {
            initial: game.initial_board().clone(),
            initial_to_move: game.initial_to_move(),
            rules: *game.rules(),
            komi: game.komi(),
            moves: game.moves().to_vec(),
            to_move: game.to_move(),
            extra_komi_half,
        };
        let reused = self.key.as_ref().and_then(|old| {
            if old.initial != key.initial
                || old.initial_to_move != key.initial_to_move
                || old.rules != key.rules
                || old.komi != key.komi
                || old.extra_komi_half != key.extra_komi_half
                || !key.moves.starts_with(&old.moves)
            {
                return None;
            }
            let board = game.initial_board();
            let mut edge = 0u32;
            // The tree's moves alternate from its root's player; a move out of turn (or a
            // search for the other colour) leaves a position the tree does not describe:
            // its moves, played without checks, need not even be on empty points there
            // (GNU Go's seki tests made the search hang that way).
            let mut tree_to_move = old.to_move;
            for played in &key.moves[old.moves.len()..] {
                if played.forced || played.color != tree_to_move {
                    return None;
                }
                tree_to_move = tree_to_move.other();
                let mv = match played.mv {
                    Move::Pass => PASS,
                    Move::Play(p) => board.cells().cell(p) as u16,
                };
                let (first, count) = self.tree.edge(edge).children()?;
                edge = (first..first + count).find(|&e| self.tree.edge(e).mv() == mv)?;
            }
            (tree_to_move == key.to_move).then_some(edge)
        });
        self.tree = match reused {
            Some(0) => return self.key = Some(key),
            Some(edge) => self.tree.extract(edge, self.config.max_edges),
            None => Tree::new(self.config.max_edges, PASS),
        };
        self.key = Some(key);
    }

    /// Gives a fresh root its children with their priors (a root kept from the previous
    /// search has them already).
    fn expand_root(&self, root: &Position, recent: [Option<usize>; 2]) {
        if !(self.tree.root().is_leaf() && self.tree.root().claim()) {
            return;
        }
        let mut children = Vec::with_capacity(root.board().size().area() + 1);
        prior::children(
            root,
            recent,
            0.5,
            &self.config.priors,
            &mut Candidates::new(),
            &mut children,
        );
        self.tree.expand(0, &children);
    }
}

/// Playouts a search runs before it may stop early: the player reads the root's values and
/// the ownership map of this search, and a reused tree can make the choice certain after
/// a handful of playouts whose ownership would say little.
const EARLY_STOP_AFTER: u64 = 2_000;

/// A thread's loop: simulations until the budget is spent or the search is stopped. The
/// playout budget and the early stop are checked here, between simulations, so that a
/// one-thread search with a playout budget is repeatable.
fn work(shared: &Shared<'_>, worker: &mut Worker) {
    while !shared.stop.load(Relaxed) {
        let started = shared.playouts.fetch_add(1, Relaxed);
        let done = started;
        if shared.budget.playouts.is_some_and(|n| done >= n)
            || (shared.config.early_stop
                && started % 64 == 63
                && started >= EARLY_STOP_AFTER
                && cannot_change(shared, shared.budget, done, shared.start.elapsed()))
        {
            shared.playouts.fetch_sub(1, Relaxed);
            shared.stop.store(true, Relaxed);
            break;
        }
        simulate(shared, worker);
    }
}

fn new_worker(shared: &Shared<'_>, index: usize) -> Worker {
    let cells = shared.root.board().cells().cell_count();
    let area = shared.root.board().size().area();
    Worker {
        position: shared.root.clone(),
        policy: HeavyPolicy::new(shared.config.playout, 4 * area),
        owners: vec![None; cells],
        path: Vec::with_capacity(256),
        tree_moves: Vec::with_capacity(256),
        amaf_stamp: vec![0; cells],
        amaf_color: vec![Color::Black; cells],
        stamp: 0,
        children: Vec::with_capacity(area + 1),
        scratch: Candidates::new(),
        rng: XorShift32::new(
            shared
                .seed
                .wrapping_mul(0x9E37_79B9)
                .wrapping_add(index as u32 * 0x85EB_CA6B + 1),
        ),
        owned: vec![0; cells],
        owned_playouts: 0,
    }
}

/// Adds a worker's ownership counts to the shared totals.
fn flush_ownership(shared: &Shared<'_>, w: &mut Worker) {
    for (total, local) in shared.owned.iter().zip(w.owned.iter_mut()) {
        if *local != 0 {
            total.fetch_add(i64::from(*local), Relaxed);
            *local = 0;
        }
    }
    shared
        .owned_playouts
        .fetch_add(u64::from(w.owned_playouts), Relaxed);
    w.owned_playouts = 0;
}

/// Whether the most visited root move is so far ahead that the rest of the budget cannot
/// change the choice.
fn cannot_change(shared: &Shared<'_>, budget: Budget, done: u64, elapsed: Duration) -> bool {
    let Some((first, count)) = shared.tree.root().children() else {
        return false;
    };
    if count == 1 {
        return done > 0;
    }
    let (mut best, mut second) = (0u32, 0u32);
    for e in first..first + count {
        let v = shared.tree.edge(e).visits();
        if v > best {
            second = best;
            best = v;
        } else if v > second {
            second = v;
        }
    }
    let remaining_by_count = budget.playouts.map(|n| n.saturating_sub(done));
    let remaining_by_time = budget.time.map(|t| {
        let rate = done as f64 / elapsed.as_secs_f64().max(1e-3);
        (rate * t.saturating_sub(elapsed).as_secs_f64()) as u64
    });
    let remaining = match (remaining_by_count, remaining_by_time) {
        (Some(a), Some(b)) => a.min(b),
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => return false,
    };
    u64::from(best - second) > remaining
}

/// One simulation: descend the tree, expand, play out, back the result up.
fn simulate(shared: &Shared<'_>, w: &mut Worker) {
    let tree = shared.tree;
    let config = shared.config;
    w.position.clone_from(shared.root);
    w.path.clear();
    w.tree_moves.clear();
    w.path.push(0);
    tree.root().add_visit();
    let mut recent = shared.root_recent;
    let mut edge_index = 0u32;
    let (mut tree_stones, mut tree_passes) = (0i32, 0i32);
    loop {
        let edge = tree.edge(edge_index);
        let Some((first, count)) = edge.children() else {
            if edge_index != 0
                && edge.visits() >= config.expand_after
                && w.position.consecutive_passes() < 2
                && edge.claim()
            {
                let node_value = 1.0 - edge.stats().value;
                prior::children(
                    &w.position,
                    recent,
                    node_value,
                    &config.priors,
                    &mut w.scratch,
                    &mut w.children,
                );
                if tree.expand(edge_index, &w.children) {
                    continue;
                }
            }
            break;
        };
        let chosen = select(shared, edge, edge_index == 0, first, count);
        let child = tree.edge(chosen);
        child.add_visit();
        let mv = child.mv();
        let color = w.position.to_move();
        let sign = color.sign();
        if mv == PASS {
            w.position.pass();
            tree_passes += sign;
            recent = [None, recent[0]];
        } else {
            w.position.play_cell_unchecked(usize::from(mv));
            tree_stones += sign;
            recent = [Some(usize::from(mv)), recent[0]];
        }
        w.tree_moves.push(record(usize::from(mv), color));
        w.path.push(chosen);
        edge_index = chosen;
        if w.position.consecutive_passes() >= 2 {
            break;
        }
    }
    // Two passes end play, but the playout goes on: it settles life and death as the
    // players' agreement on dead stones would.
    w.policy.reset(recent[0]);
    let to_move = w.position.to_move();
    let end = playout_with(
        w.position.board_mut(),
        to_move,
        &mut w.policy,
        &mut w.rng,
        shared.max_plies,
        &mut w.owners,
    );
    let margin = shared
        .eval
        .margin_half(end.area_margin_half_points, tree_stones, tree_passes);
    let black_value = shared.eval.value_for_black(margin);
    let game_margin = shared.eval.game_margin_half(margin);
    if let Some(&root_child) = w.path.get(1) {
        shared.margins.add(root_child, game_margin);
    }
    let root_mover = shared.root.to_move().other();
    for (depth, &e) in w.path.iter().enumerate() {
        let mover = if depth % 2 == 0 {
            root_mover
        } else {
            root_mover.other()
        };
        tree.edge(e).add_value(value_for(mover, black_value));
    }
    update_rave(shared, w, black_value);
    for (count, owner) in w.owned.iter_mut().zip(&w.owners) {
        *count += owner.map_or(0, Color::sign);
    }
    w.owned_playouts += 1;
    if w.owned_playouts >= OWNERSHIP_FLUSH {
        flush_ownership(shared, w);
    }
}

#[inline]
fn value_for(color: Color, black_value: f64) -> f64 {
    match color {
        Color::Black => black_value,
        Color::White => 1.0 - black_value,
    }
}

/// How many of the root's best moves by prior are tried before any is tried twice.
const ROOT_TRIED_FIRST: u32 = 5;

/// The child of `parent` to descend into: the highest RAVE-blended value (plus a little
/// UCB exploration), among the best `widening` children by prior on large boards.
fn select(shared: &Shared<'_>, parent: &Edge, root: bool, first: u32, count: u32) -> u32 {
    let config = shared.config;
    let parent_visits = f64::from(parent.visits().max(1));
    let limit = if shared.widening {
        (config.widening_base + parent_visits.sqrt() as u32).min(count)
    } else {
        count
    };
    let log_parent = parent_visits.ln();
    let inverse_equivalence = 1.0 / config.rave_equivalence;
    // The parent edge's value is its mover's; the children's mover is the other player.
    let node_value = 1.0 - parent.stats().value;
    let mut best = first;
    let mut best_urgency = f64::NEG_INFINITY;
    let (mut most_visits, mut most_visited, mut pass_edge) = (0, PASS, None);
    for e in first..first + limit {
        if root {
            let visits = shared.tree.edge(e).visits();
            if visits > most_visits {
                (most_visits, most_visited) = (visits, shared.tree.edge(e).mv());
            }
            if shared.tree.edge(e).mv() == PASS {
                pass_edge = Some((e, visits));
            }
        }
        // At the root the pass and the five best moves by prior are tried once first: the
        // player chooses among the root's results (a capture before passing, a pass instead
        // of a worthless stone), and each must have one to be chosen.
        if root && e < first + ROOT_TRIED_FIRST {
            if shared.tree.edge(e).visits() == 0 {
                return e;
            }
        } else if root && shared.tree.edge(e).mv() == PASS && shared.tree.edge(e).visits() == 0 {
            return e;
        }
        let (mut urgency, n) =
            shared
                .tree
                .edge(e)
                .urgency(inverse_equivalence, node_value, shared.prior_in_rave);
        if config.exploration > 0.0 {
            urgency += config.exploration * (log_parent / n.max(1.0)).sqrt();
        }
        if urgency > best_urgency {
            best_urgency = urgency;
            best = e;
        }
    }
    // Under territory counting a stone costs a point where a pass does not, and a player
    // ahead sees every move win: the first one tried keeps the visits. When that is a
    // stone in territory that is surely one side's (an invasion the playouts, not the
    // opponent, might let live, or a fill of its own), the pass keeps a third of its
    // visits, enough for the two to be compared on equal terms (GNU Go won two games
    // by half a point that way, taking the invading stones as prisoners).
    if let Some((pass, visits)) = pass_edge {
        if shared.stones_cost
            && node_value >= WINNING
            && 3 * visits < most_visits
            && most_visited != PASS
            && surely_owned(shared, usize::from(most_visited))
        {
            return pass;
        }
    }
    best
}

/// A root value from which the pass keeps its share of visits (above).
const WINNING: f64 = 0.75;

/// The ownership (playouts that end with a point Black's, minus those that end with it
/// White's, over all) from which the point is surely one side's: nine playouts in ten.
/// The player reads [`SearchResult::ownership`] with it too.
pub(crate) const SURELY_OWNED: f64 = 0.8;

/// Whether the playouts so far end with `cell` surely one side's ([`SURELY_OWNED`]).
fn surely_owned(shared: &Shared<'_>, cell: usize) -> bool {
    let playouts = shared.owned_playouts.load(Relaxed);
    playouts > 0
        && shared.owned[cell].load(Relaxed).unsigned_abs() as f64 >= SURELY_OWNED * playouts as f64
}

/// AMAF: every child of every node on the path whose move the node's player made first
/// later in the simulation (tree moves and playout moves) shares the result.
fn update_rave(shared: &Shared<'_>, w: &mut Worker, black_value: f64) {
    w.stamp = w.stamp.wrapping_add(1);
    if w.stamp == 0 {
        w.amaf_stamp.iter_mut().for_each(|s| *s = 0);
        w.stamp = 1;
    }
    let stamp = w.stamp;
    let tree_len = w.tree_moves.len();
    let total = tree_len + w.policy.moves.len();
    let root_to_move = shared.root.to_move();
    for j in (0..total).rev() {
        let r = if j < tree_len {
            w.tree_moves[j]
        } else {
            w.policy.moves[j - tree_len]
        };
        let cell = recorded_cell(r);
        if cell != usize::from(PASS) {
            w.amaf_stamp[cell] = stamp;
            w.amaf_color[cell] = recorded_color(r);
        }
        if j < w.path.len() {
            let node = shared.tree.edge(w.path[j]);
            let Some((first, count)) = node.children() else {
                continue;
            };
            let to_move = if j % 2 == 0 {
                root_to_move
            } else {
                root_to_move.other()
            };
            let value = value_for(to_move, black_value);
            for e in first..first + count {
                let child = shared.tree.edge(e);
                let mv = usize::from(child.mv());
                if mv != usize::from(PASS)
                    && w.amaf_stamp[mv] == stamp
                    && w.amaf_color[mv] == to_move
                {
                    child.add_rave(value);
                }
            }
        }
    }
}

/// The root's moves and the best one, from the tree as it stands.
fn result(shared: &Shared<'_>, game: &Game, start: Instant) -> SearchResult {
    let tree = shared.tree;
    let board = shared.root.board();
    let to_move = shared.root.to_move();
    let mut moves = Vec::new();
    let mut prior_total = 0.0;
    let root_median = shared.margins.median_of_all();
    // `+ 0.0` turns White's −0 into 0: analysis prints an even score as 0.00, not −0.00.
    let to_player =
        |black_margin: Option<f64>| f64::from(to_move.sign()) * black_margin.unwrap_or(0.0) + 0.0;
    let prior_weight = |s: &Stats| root_priors::weight(&shared.config.priors, board.size(), s);
    if let Some((first, count)) = tree.root().children() {
        for e in first..first + count {
            prior_total += prior_weight(&tree.edge(e).stats());
        }
        for e in first..first + count {
            let s = tree.edge(e).stats();
            if s.visits == 0 {
                continue;
            }
            let n = f64::from(s.visits);
            let lcb = s.value - 1.96 * (s.value * (1.0 - s.value) / n).sqrt() - 0.5 / n;
            moves.push(MoveInfo {
                mv: to_move_of(board, s.mv),
                visits: s.visits,
                winrate: s.value,
                lcb: lcb.max(0.0),
                prior: prior_weight(&s) / prior_total.max(1e-9),
                score_lead: to_player(shared.margins.median_of(e).or(root_median)),
                pv: principal_variation(tree, board, e),
            });
        }
    }
    moves.sort_by(|a, b| {
        b.visits
            .cmp(&a.visits)
            .then(b.winrate.total_cmp(&a.winrate))
    });
    // The tree checked every root move against the game's rules when it made the root;
    // check again before answering, in case the tree came from an earlier move.
    let best = moves
        .iter()
        .map(|m| m.mv)
        .find(|&mv| game.check_as(to_move, mv).is_ok())
        .unwrap_or(Move::Pass);
    let root = tree.root().stats();
    SearchResult {
        best,
        winrate: 1.0 - root.value,
        score_lead: to_player(root_median),
        playouts: shared.playouts.load(Relaxed),
        root_visits: root.visits,
        elapsed: start.elapsed(),
        moves,
        ownership: {
            let n = shared.owned_playouts.load(Relaxed).max(1) as f64;
            game.size()
                .points()
                .map(|p| shared.owned[board.cells().cell(p)].load(Relaxed) as f64 / n)
                .collect()
        },
    }
}

fn to_move_of(board: &Board, mv: u16) -> Move {
    if mv == PASS {
        Move::Pass
    } else {
        Move::Play(board.cells().point(usize::from(mv)))
    }
}

/// The most visited line from `edge`, this edge's move first.
fn principal_variation(tree: &Tree, board: &Board, edge: u32) -> Vec<Move> {
    let mut pv = vec![to_move_of(board, tree.edge(edge).mv())];
    let mut current = edge;
    while let Some((first, count)) = tree.edge(current).children() {
        let Some(next) = (first..first + count)
            .filter(|&e| tree.edge(e).visits() > 0)
            .max_by_key(|&e| tree.edge(e).visits())
        else {
            break;
        };
        pv.push(to_move_of(board, tree.edge(next).mv()));
        current = next;
        if pv.len() >= 30 {
            break;
        }
    }
    pv
}
