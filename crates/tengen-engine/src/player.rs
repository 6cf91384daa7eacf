//! The player: a [`Search`] with a strength level, a thinking-time policy, and the
//! decisions around the search's best move (pass, resign, clean-up, dynamic komi).

use std::cell::OnceCell;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

use tengen_core::{BoardSize, Color, Game, Move, Ownership, Phase, Point};

use crate::{
    Budget, MoveInfo, RunOptions, Search, SearchConfig, SearchResult, estimate,
    search::SURELY_OWNED,
    time::{Clock, TimeControl},
};

/// The strongest level.
pub const MAX_LEVEL: u8 = 10;

/// Playouts per move at each level below [`MAX_LEVEL`] (level 1 first) on boards larger than
/// [`SMALL_BOARD`]. Even level 1 captures and saves stones: the priors put captures and
/// escapes first.
///
/// Spaced by the 9×9 level ladder (BENCHMARKS.md) before the small boards had a table of
/// their own: strength climbs steeply between 80 and 500 playouts (the doubling table it
/// replaced put about eight ranks between levels 2–3 and 3–4 on 9×9) and slowly above
/// 1,000. The 19×19 ranks the ladder measured with this table are the starting ratings of
/// the club's Tengen-L* bots: change it and they no longer hold.
const LEVEL_PLAYOUTS: [u64; 9] = [30, 90, 140, 200, 280, 400, 700, 2_500, 10_000];

/// The largest board that plays by [`SMALL_LEVEL_PLAYOUTS`].
const SMALL_BOARD: u8 = 9;

/// Playouts per move at each level below [`MAX_LEVEL`] on boards of [`SMALL_BOARD`] and
/// smaller. The rank a number of playouts buys depends on the board (200 playouts are about
/// 13 kyu on 9×9 and 17 kyu on 19×19 by the ladder), so one table cannot space the levels
/// on both: this one is spaced by the 9×9 ladder (BENCHMARKS.md) for steps about even from
/// level 1 (a beginner) to level 10 (full strength), and [`LEVEL_PLAYOUTS`] stays as
/// measured on 19×19. Level 4 has fewer playouts than level 3 on purpose: it is the first
/// level with the learned priors (levels 1–3 keep the hand-set ones, see [`Player::new`]),
/// and on 9×9 50 playouts with them won 21 of 30 games against 140 with the hand-set ones
/// (`bench/level-ladder/9x9-playouts-pilot.tsv`).
const SMALL_LEVEL_PLAYOUTS: [u64; 9] = [30, 45, 90, 40, 100, 250, 800, 2_000, 5_000];

/// The playouts per move of `level` on a `size` board: `None` at [`MAX_LEVEL`] (full
/// strength, the time decides); level 0 plays as level 1.
fn level_playouts(level: u8, size: BoardSize) -> Option<u64> {
    let table = if size.get() <= SMALL_BOARD {
        &SMALL_LEVEL_PLAYOUTS
    } else {
        &LEVEL_PLAYOUTS
    };
    (level < MAX_LEVEL).then(|| table[usize::from(level.max(1)) - 1])
}

/// The win rate below which the game is hopeless: the default of
/// [`PlayerConfig::resign_below`], and what the player takes as hopeless when it does not
/// resign (after the opponent's pass it then passes instead of giving stones away).
pub const HOPELESS_WINRATE: f64 = 0.08;

/// Root visits a win rate needs before the player resigns (or passes) on it. A level whose
/// search stops short of this and finds the game hopeless searches on to this many for the
/// judgement alone: its moves stay its level's, its resignation is the search's.
const JUDGED_VISITS: u32 = 1_000;

/// What [`Player::genmove`] is asked besides the game: the clock, and the rarer options.
/// Build it with `..Default::default()` (no clock, no clean-up, no way to cancel).
///
/// ```
/// use std::{sync::atomic::AtomicBool, time::Duration};
/// use tengen_engine::{Clock, MoveRequest, TimeControl};
///
/// let time_control = TimeControl::Absolute { main: Duration::from_secs(60) };
/// let cancel = AtomicBool::new(false);
/// let request = MoveRequest {
///     time_control,
///     clock: Some(Clock::fresh(&time_control)),
///     cancel: Some(&cancel),
///     ..Default::default()
/// };
/// assert!(!request.cleanup);
/// ```
#[derive(Copy, Clone, Debug)]
pub struct MoveRequest<'a> {
    /// The game's time system ([`TimeControl::None`]: the player thinks for
    /// [`PlayerConfig::time_per_move`]).
    pub time_control: TimeControl,
    /// The player's time left, under `time_control` (`None`: as with no clock).
    pub clock: Option<Clock>,
    /// Capture every dead stone before passing (GTP's `kgs-genmove_cleanup`).
    pub cleanup: bool,
    /// The player answers soon after this is set (`None`: it thinks its full time).
    pub cancel: Option<&'a AtomicBool>,
}

impl Default for MoveRequest<'_> {
    fn default() -> Self {
        MoveRequest {
            time_control: TimeControl::None,
            clock: None,
            cleanup: false,
            cancel: None,
        }
    }
}

/// How the player decides.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerConfig {
    /// Strength, 1 (a beginner) to 10 (full strength).
    pub level: u8,
    /// Playouts per move at most (on top of the level's).
    pub playouts: Option<u64>,
    /// Thinking time per move when no clock is set (with a clock, the clock decides).
    pub time_per_move: Option<Duration>,
    /// Resign when the win rate, judged on enough playouts at every level, stays below this
    /// for two moves, or is below it when the opponent has just passed (None: never resign).
    pub resign_below: Option<f64>,
    /// The search's parameters (threads, seed, ...).
    pub search: SearchConfig,
}

impl Default for PlayerConfig {
    fn default() -> PlayerConfig {
        PlayerConfig {
            level: MAX_LEVEL,
            playouts: None,
            time_per_move: Some(Duration::from_secs(2)),
            resign_below: Some(HOPELESS_WINRATE),
            search: SearchConfig::default(),
        }
    }
}

/// What the player does.
#[derive(Clone, Debug, PartialEq)]
pub enum Decision {
    /// A move, legal under the game's rules.
    Play(Move),
    /// The player gives up.
    Resign,
}

/// A player: a search with a strength level, a thinking-time policy, and the decisions
/// around its best move (pass, resign, clean-up, dynamic komi).
#[derive(Debug)]
pub struct Player {
    config: PlayerConfig,
    search: Search,
    /// Consecutive moves with a hopeless win rate.
    hopeless: u32,
    /// The last search's result.
    last: Option<SearchResult>,
}

impl Player {
    /// A player with this configuration.
    #[must_use]
    pub fn new(config: PlayerConfig) -> Player {
        let mut search_config = config.search.clone();
        if config.level <= 3 {
            // A beginner's few playouts follow the priors: make captures and escapes the
            // first thing it sees, with the hand-set priors (the learned ones play shape
            // before a capture, which a beginner does not).
            let priors = &mut search_config.priors;
            priors.learned = 0;
            priors.capture_one = priors.capture_one.max(80);
            priors.capture_many = priors.capture_many.max(100);
            priors.escape = priors.escape.max(80);
        }
        Player {
            search: Search::new(search_config),
            config,
            hopeless: 0,
            last: None,
        }
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> &PlayerConfig {
        &self.config
    }

    /// The last search's result (analysis, ownership).
    #[must_use]
    pub fn last_result(&self) -> Option<&SearchResult> {
        self.last.as_ref()
    }

    /// The search, for analysis.
    pub fn search_mut(&mut self) -> &mut Search {
        &mut self.search
    }

    /// Forgets everything about the previous game.
    pub fn new_game(&mut self) {
        self.search.clear();
        self.hopeless = 0;
        self.last = None;
    }

    /// The budget of one move: the level's playouts, the configured playouts, and the
    /// time from the clock (or the configured time per move when there is none); and the
    /// most an unclear move may take.
    #[must_use]
    pub fn budget(
        &self,
        game: &Game,
        control: &TimeControl,
        clock: Option<&Clock>,
    ) -> (Budget, Option<Duration>) {
        let level_playouts = level_playouts(self.config.level, game.size());
        let playouts = match (level_playouts, self.config.playouts) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let (time, limit) = match (control, clock) {
            (TimeControl::None, _) | (_, None) => (self.config.time_per_move, None),
            (control, Some(clock)) => {
                let plan = control.plan(clock, game.size().area(), game.moves().len());
                (Some(plan.target), Some(plan.limit))
            }
        };
        (Budget { playouts, time }, limit)
    }

    /// Dynamic komi in handicap games: the player that got the stones is asked for a
    /// bigger win at first (and the giver for a smaller loss), decreasing to nothing by
    /// the middle of the game, so that neither plays slack moves early on.
    #[must_use]
    pub fn dynamic_komi_half(&self, game: &Game) -> i32 {
        let stones = i32::from(if game.handicap() >= 2 {
            game.handicap()
        } else {
            0
        });
        if stones == 0 {
            return 0;
        }
        let horizon = game.size().area() as f64 * 0.55;
        let left = (1.0 - game.moves().len() as f64 / horizon).max(0.0);
        // About 7 points a stone on 19×19, less on smaller boards.
        let per_stone = 7.0 * game.size().area() as f64 / 361.0;
        // More komi for White asks more of Black: of the receiver when Tengen is Black, and
        // a smaller deficit of the giver when Tengen is White. The same sign either way.
        (f64::from(stones) * per_stone * left * 2.0).round() as i32
    }

    /// Chooses a move for the player to move in `game` (in play), thinking as
    /// [`Player::budget`] says for the request's clock; a move whose best choice is
    /// unclear (the most visited move is not far ahead, or is not the best valued) gets
    /// more time, up to the plan's limit. Blocking; returns early when `request.cancel`
    /// is set.
    ///
    /// ```
    /// use tengen_core::{BoardSize, Game, Rules};
    /// use tengen_engine::{Decision, MoveRequest, Player, PlayerConfig};
    ///
    /// let game = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    /// let mut player = Player::new(PlayerConfig { level: 1, ..PlayerConfig::default() });
    /// let Decision::Play(mv) = player.genmove(&game, &MoveRequest::default()) else {
    ///     panic!("no reason to resign at the first move");
    /// };
    /// assert!(game.check(mv).is_ok());
    /// ```
    pub fn genmove(&mut self, game: &Game, request: &MoveRequest<'_>) -> Decision {
        if game.phase() != Phase::Playing {
            return Decision::Play(Move::Pass);
        }
        let cancel = request.cancel;
        let (budget, limit) = self.budget(game, &request.time_control, request.clock.as_ref());
        let extra = self.dynamic_komi_half(game);
        let options = |budget| RunOptions {
            budget,
            extra_komi_half: extra,
            cancel,
            progress: None,
        };
        let mut result = self.search.run_with(game, options(budget));
        if let (Some(limit), Some(spent)) = (limit, budget.time) {
            let more = limit.saturating_sub(spent).min(spent);
            if unclear(&result) && more > Duration::from_millis(20) {
                let extended = Budget {
                    playouts: budget.playouts,
                    time: Some(more),
                };
                let again = self.search.run_with(game, options(extended));
                result = SearchResult {
                    playouts: result.playouts + again.playouts,
                    elapsed: result.elapsed + again.elapsed,
                    ..again
                };
            }
        }
        let judged = self.judged_winrate(game, &result, budget, extra, cancel);
        let decision = self.decide(game, &result, judged, request.cleanup);
        self.last = Some(result);
        decision
    }

    /// The win rate the player may resign on, or pass on after the opponent's pass: the
    /// search's once its root has [`JUDGED_VISITS`]. When the level's search stopped short
    /// of that and finds the game hopeless, the tree is searched on to that many visits (in
    /// what is left of the move's time) and that answer is the judgement. `None` early in
    /// the game (under a quarter of the board played or covered), when neither resigning
    /// nor the opponent's pass asks for a judgement, or when the search could not get there.
    fn judged_winrate(
        &mut self,
        game: &Game,
        result: &SearchResult,
        budget: Budget,
        extra: i32,
        cancel: Option<&AtomicBool>,
    ) -> Option<f64> {
        let area = game.size().area();
        let covered = area - game.board().empty_count();
        let late = game.moves().len().max(covered) >= area / 4;
        if !late || (self.config.resign_below.is_none() && !opponent_passed(game)) {
            return None;
        }
        if result.root_visits >= JUDGED_VISITS {
            return Some(result.winrate);
        }
        let threshold = self.config.resign_below.unwrap_or(HOPELESS_WINRATE);
        let time = budget.time.map(|t| t.saturating_sub(result.elapsed));
        let cancelled = cancel.is_some_and(|c| c.load(Relaxed));
        if result.winrate >= threshold || cancelled || time == Some(Duration::ZERO) {
            return None;
        }
        let more = Budget {
            playouts: Some(u64::from(JUDGED_VISITS - result.root_visits)),
            time,
        };
        let judged = self.search.run_with(
            game,
            RunOptions {
                budget: more,
                extra_komi_half: extra,
                cancel,
                progress: None,
            },
        );
        (judged.root_visits >= JUDGED_VISITS).then_some(judged.winrate)
    }

    fn decide(
        &mut self,
        game: &Game,
        result: &SearchResult,
        judged: Option<f64>,
        cleanup: bool,
    ) -> Decision {
        let color = game.to_move();
        let resigns = self.config.resign_below.is_some();
        let threshold = self.config.resign_below.unwrap_or(HOPELESS_WINRATE);
        let hopeless = judged.is_some_and(|w| w < threshold);
        self.hopeless = if hopeless { self.hopeless + 1 } else { 0 };
        let opponent_passed = opponent_passed(game);
        let wins_by_passing = OnceCell::new();
        let passing_wins = || *wins_by_passing.get_or_init(|| passing_wins(game, result));
        // The opponent passed and the search gives no chance: the game is decided. Resign;
        // without resigning, pass: stones played now would only be given away.
        if hopeless && opponent_passed && (resigns || !cleanup) && !passing_wins() {
            return if resigns {
                Decision::Resign
            } else {
                Decision::Play(Move::Pass)
            };
        }
        if resigns && self.hopeless >= 2 {
            return Decision::Resign;
        }
        let dead_left = dead_stones_of(game, color.other(), result);
        // Under territory counting a move costs a point where a pass does not, so a won
        // game ends at once; under area counting (or with pass stones) moves are free, and
        // the dead stones come off the board first, as the count will need.
        let moves_cost = game.rules().stones_cost_points();
        if !cleanup && opponent_passed && (moves_cost || dead_left.is_empty()) && passing_wins() {
            return Decision::Play(Move::Pass);
        }
        let mut best = result.best;
        if best == Move::Pass && (cleanup || opponent_passed) && !dead_left.is_empty() {
            // Take the dead stones off before passing: the best move that is not a pass.
            if let Some(m) = result
                .moves
                .iter()
                .find(|m| m.mv != Move::Pass && game.check(m.mv).is_ok())
            {
                best = m.mv;
            }
        }
        if moves_cost
            && !cleanup
            && mostly_decided(&result.ownership)
            && (pass_is_as_good(result) || stone_in_settled_territory(game, result, best))
        {
            return Decision::Play(Move::Pass);
        }
        if game.check(best).is_err() {
            best = Move::Pass;
        }
        Decision::Play(best)
    }
}

/// Whether the last move was the opponent's pass (of the player to move's opponent).
fn opponent_passed(game: &Game) -> bool {
    game.moves()
        .last()
        .is_some_and(|m| m.mv == Move::Pass && m.color != game.to_move())
}

/// Whether the pass was searched about as much as the best move and is worth as much:
/// then the best move gains nothing (under territory counting it costs its point).
fn pass_is_as_good(result: &SearchResult) -> bool {
    let (Some(best), Some(pass)) = (result.moves.first(), root_move(result, Move::Pass)) else {
        return false;
    };
    best.mv != Move::Pass && 3 * pass.visits >= best.visits && pass.winrate + 0.005 >= best.winrate
}

/// Whether the playouts give all but a fifth of the board's points surely to one side
/// (the rest: dame, seki, a boundary still open): only then may the player take the game
/// for over. Early on a large board the root's values lie within the noise of each
/// other, and a pass visited once can look best; the estimator, asked whether a board
/// with a stone or two is settled, gives the whole board to them. The player passed at
/// its first move on 19×19 that way.
fn mostly_decided(ownership: &[f64]) -> bool {
    let open = ownership.iter().filter(|o| o.abs() < SURELY_OWNED).count();
    !ownership.is_empty() && 5 * open <= ownership.len()
}

/// What the search found of the root move `mv`, if it visited it.
fn root_move(result: &SearchResult, mv: Move) -> Option<&MoveInfo> {
    result.moves.iter().find(|m| m.mv == mv)
}

/// How much more than a winning pass a stone may be valued and still count as no better
/// ([`stone_in_settled_territory`]).
const PASS_CLOSE: f64 = 0.05;

/// The estimator's work for [`stone_in_settled_territory`] and [`passing_wins`]: less than a
/// count's (it runs inside a move's time), enough to read the eye shapes of a finished
/// position.
const SETTLED_BUDGET: estimate::EstimateBudget = estimate::EstimateBudget {
    // Within the clock's safety margin (`time::SAFETY`), beside the search's own.
    time: Duration::from_millis(200),
    playouts: 400,
    reading_nodes: 2_000,
};

/// Whether the player to move's `best` is a stone in territory already settled, in a
/// position that is over. The estimator is asked only when the search's ownership gives
/// the point surely to the mover, or when passing looks about as good as the stone (a
/// winning pass valued within [`PASS_CLOSE`] of it); reading as JP-7's confirmation does
/// (the opponent attacks first), it must decide every chain, find no point that counts
/// for nobody and no liberty the mover must still fill, and count the point as territory.
/// Under territory scoring such a stone gains nothing: in the mover's own territory it
/// costs a point, in the opponent's it is a prisoner given away. The search may still
/// prefer it when its playouts misjudge a live eye shape after a pass (an opponent's
/// placement in a straight five that they do not answer) or let an invader live now and
/// then (its ownership then shows the point as nobody's). In the opponent's territory it
/// counts only while passing looks as good: behind, an invasion is the last chance.
fn stone_in_settled_territory(game: &Game, result: &SearchResult, best: Move) -> bool {
    let Move::Play(p) = best else {
        return false;
    };
    let color = game.to_move();
    let own = result.ownership_at(p) * f64::from(color.sign());
    let pass_close = match (root_move(result, Move::Pass), root_move(result, best)) {
        (Some(pass), Some(stone)) => {
            pass.winrate >= 0.5 && pass.winrate + PASS_CLOSE >= stone.winrate
        }
        _ => false,
    };
    if own < SURELY_OWNED && !pass_close {
        return false;
    }
    let judged = estimate::estimate(game, &SETTLED_BUDGET);
    let settled = !judged.stopped_early
        && judged.uncertain().next().is_none()
        && judged.dame.is_empty()
        && judged.fills.iter().all(|&(filler, _)| filler != color);
    settled
        && match judged.score.ownership(p) {
            Ownership::Territory(owner) => owner == color || pass_close,
            _ => false,
        }
}

/// Whether the search could not settle on a move: the most visited move is less than
/// twice as visited as the second, or valued lower than it.
fn unclear(result: &SearchResult) -> bool {
    match result.moves.as_slice() {
        [best, second, ..] => best.visits < 2 * second.visits || best.winrate < second.winrate,
        _ => false,
    }
}

/// The stones of `owner` that the ownership map gives to the other colour.
fn dead_stones_of(game: &Game, owner: Color, result: &SearchResult) -> Vec<Point> {
    game.board()
        .stones()
        .filter(|&(p, c)| {
            let own = result.ownership_at(p);
            c == owner
                && match owner {
                    Color::Black => own < -0.5,
                    Color::White => own > 0.5,
                }
        })
        .map(|(p, _)| p)
        .collect()
}

/// Whether passing now (ending play, the opponent having passed) wins for the player to
/// move, with the dead stones the estimator finds (JP-7: in the confirmation the opponent
/// attacks first, so a group whose eye space the playouts see its owner complete, a
/// straight three, is dead), or, should it run out of time, those the ownership map shows.
fn passing_wins(game: &Game, result: &SearchResult) -> bool {
    let color = game.to_move();
    let mut ended = game.clone();
    if ended.play(Move::Pass).is_err() {
        return false;
    }
    let judged = estimate::estimate(&ended, &SETTLED_BUDGET);
    if !judged.stopped_early {
        return judged.score.result.winner() == Some(color);
    }
    if result.ownership.is_empty() {
        return false;
    }
    let mut dead = dead_stones_of(game, Color::Black, result);
    dead.extend(dead_stones_of(game, Color::White, result));
    ended.score_as_ended(&dead).result.winner() == Some(color)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(n: u32) -> BoardSize {
        BoardSize::new(n).unwrap()
    }

    #[test]
    fn levels_on_boards_above_9x9_keep_the_playouts_their_19x19_ranks_were_measured_with() {
        for n in [10, 13, 19, 25] {
            let playouts: Vec<_> = (1..MAX_LEVEL)
                .map(|level| level_playouts(level, size(n)).unwrap())
                .collect();
            assert_eq!(
                playouts,
                [30, 90, 140, 200, 280, 400, 700, 2_500, 10_000],
                "{n}×{n}"
            );
        }
    }

    #[test]
    fn small_boards_have_their_own_table_rising_within_each_kind_of_priors() {
        for n in [2, 5, 7, 9] {
            assert_eq!(
                level_playouts(1, size(n)),
                Some(SMALL_LEVEL_PLAYOUTS[0]),
                "{n}×{n}"
            );
        }
        // More playouts at every level than at the last with the same priors (levels 1–3
        // hand-set, 4–9 learned).
        for table in [SMALL_LEVEL_PLAYOUTS, LEVEL_PLAYOUTS] {
            for levels in [&table[..3], &table[3..]] {
                assert!(levels.windows(2).all(|w| w[0] < w[1]), "{table:?}");
            }
        }
        for n in [9, 19] {
            assert_eq!(level_playouts(MAX_LEVEL, size(n)), None, "full strength");
            assert_eq!(level_playouts(0, size(n)), level_playouts(1, size(n)));
        }
    }
}
