//! `tengen.Engine`: Tengen's Monte-Carlo player (`tengen_engine::Player`) choosing moves
//! and analysing positions within a budget of playouts or seconds.

use std::time::Duration;

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray2};
use pyo3::prelude::*;
use tengen_core::{BoardSize, Phase, move_text};
use tengen_engine::{
    Budget, Decision, MAX_LEVEL, MoveInfo, MoveRequest, Player, PlayerConfig, SearchConfig,
    SearchResult,
};

use crate::convert::{Int, playouts_arg, seconds_arg};
use crate::errors::value_error;
use crate::game::PyGame;

/// The playouts of an analysis given no budget.
const DEFAULT_ANALYSIS_PLAYOUTS: u64 = 1000;

/// Tengen's computer player: UCT with RAVE, priors, heavy playouts, an ownership map. The
/// engine does not play its moves: ``genmove`` answers with a move for ``Game.play``.
///
/// A budget is ``playouts`` (at least 1), ``seconds``, or both (the first reached stops
/// the search); with neither, ``genmove`` thinks as the level says (2 seconds at level 10).
/// The search keeps its tree from move to move while the budget stays the same.
///
/// >>> import tengen
/// >>> game = tengen.Game(9, rules="chinese")
/// >>> engine = tengen.Engine(seed=7)
/// >>> move = engine.genmove(game, playouts=300)
/// >>> game.is_legal(move)
/// True
/// >>> analysis = engine.analyze(game, playouts=300)
/// >>> 0.0 <= analysis.winrate <= 1.0, analysis.ownership.shape
/// (True, (9, 9))
#[pyclass(module = "tengen", name = "Engine")]
pub(crate) struct PyEngine {
    player: Player,
    /// The configuration without a budget: each call's budget is set on a copy.
    base: PlayerConfig,
    /// The board size of the last `genmove`'s game, for its analysis.
    last_size: Option<BoardSize>,
}

impl PyEngine {
    /// The player for this budget: the same one (its tree reused) while the budget stays.
    fn player_for(&mut self, playouts: Option<u64>, time: Option<Duration>) -> &mut Player {
        let (playouts, time) = match (playouts, time) {
            (None, None) => (self.base.playouts, self.base.time_per_move),
            given => given,
        };
        let config = self.player.config();
        if config.playouts != playouts || config.time_per_move != time {
            self.player = Player::new(PlayerConfig {
                playouts,
                time_per_move: time,
                ..self.base.clone()
            });
        }
        &mut self.player
    }
}

fn in_play(game: &PyGame) -> PyResult<()> {
    if game.game.phase() == Phase::Playing {
        Ok(())
    } else {
        Err(value_error("the game is not in play: nothing to search"))
    }
}

#[pymethods]
impl PyEngine {
    /// An engine of ``level`` 1 (a beginner) to 10 (full strength), searching on
    /// ``threads`` threads from random ``seed``; ``resign``: give up a hopeless game.
    #[new]
    #[pyo3(signature = (level = Int(10), threads = Int(1), seed = Int(1), resign = true),
           text_signature = "(level=10, threads=1, seed=1, resign=True)")]
    fn new(level: Int, threads: Int, seed: Int, resign: bool) -> PyResult<PyEngine> {
        let (Int(level), Int(threads), Int(seed)) = (level, threads, seed);
        let level = u8::try_from(level)
            .ok()
            .filter(|l| (1..=MAX_LEVEL).contains(l))
            .ok_or_else(|| value_error(format!("level must be 1 to {MAX_LEVEL}, not {level}")))?;
        let threads = usize::try_from(threads)
            .ok()
            .filter(|t| (1..=256).contains(t))
            .ok_or_else(|| value_error(format!("threads must be 1 to 256, not {threads}")))?;
        let seed = u32::try_from(seed)
            .map_err(|_| value_error(format!("seed must be 0 to 4294967295, not {seed}")))?;
        let defaults = PlayerConfig::default();
        let base = PlayerConfig {
            level,
            resign_below: if resign { defaults.resign_below } else { None },
            search: SearchConfig {
                threads,
                seed,
                ..SearchConfig::default()
            },
            ..defaults
        };
        Ok(PyEngine {
            player: Player::new(base.clone()),
            base,
            last_size: None,
        })
    }

    /// The engine's move for the player to move in ``game``: a GTP vertex, ``'pass'``, or
    /// ``'resign'``. Always legal under the game's rules; ``'pass'`` once play has stopped.
    /// ``cleanup=True`` captures every dead stone before passing (``kgs-genmove_cleanup``).
    #[pyo3(signature = (game, playouts = None, seconds = None, cleanup = false))]
    fn genmove(
        &mut self,
        py: Python<'_>,
        game: PyRef<'_, PyGame>,
        playouts: Option<Int>,
        seconds: Option<f64>,
        cleanup: bool,
    ) -> PyResult<String> {
        let (playouts, time) = (playouts_arg(playouts)?, seconds_arg(seconds)?);
        let game = &game.game;
        self.last_size = Some(game.size());
        let player = self.player_for(playouts, time);
        let decision = py.detach(|| {
            player.genmove(
                game,
                &MoveRequest {
                    cleanup,
                    ..MoveRequest::default()
                },
            )
        });
        Ok(match decision {
            Decision::Play(mv) => move_text(mv, game.size()),
            Decision::Resign => "resign".to_owned(),
        })
    }

    /// The search's view of ``game`` (in play) for the player to move: win rate, score
    /// lead, ownership, and every root move with its principal variation. Without a budget,
    /// 1000 playouts.
    #[pyo3(signature = (game, playouts = None, seconds = None))]
    fn analyze(
        &mut self,
        py: Python<'_>,
        game: PyRef<'_, PyGame>,
        playouts: Option<Int>,
        seconds: Option<f64>,
    ) -> PyResult<PyAnalysis> {
        in_play(&game)?;
        let (playouts, time) = (playouts_arg(playouts)?, seconds_arg(seconds)?);
        let budget = match (playouts, time) {
            (None, None) => Budget::playouts(DEFAULT_ANALYSIS_PLAYOUTS),
            (playouts, time) => Budget { playouts, time },
        };
        let game = &game.game;
        let search = self.player.search_mut();
        let result = py.detach(|| search.run(game, budget));
        Ok(PyAnalysis::new(result, game.size()))
    }

    /// The analysis behind the last ``genmove``, ``None`` before the first.
    #[getter]
    fn last_analysis(&self) -> Option<PyAnalysis> {
        let size = self.last_size?;
        self.player
            .last_result()
            .map(|result| PyAnalysis::new(result.clone(), size))
    }

    /// Forgets the search tree (a new game).
    fn new_game(&mut self) {
        self.player.new_game();
    }

    /// The level, 1 to 10.
    #[getter]
    fn level(&self) -> u8 {
        self.base.level
    }

    fn __repr__(&self) -> String {
        format!(
            "<tengen.Engine level={} threads={} seed={}>",
            self.base.level, self.base.search.threads, self.base.search.seed
        )
    }
}

/// One root move of an analysis.
#[pyclass(module = "tengen", name = "MoveInfo", frozen, get_all)]
pub(crate) struct PyMoveInfo {
    /// The move, a GTP vertex or ``'pass'``.
    r#move: String,
    /// Playouts through it.
    visits: u32,
    /// Its value for the player to move, 0 to 1.
    winrate: f64,
    /// A lower confidence bound of the win rate (about 95 %).
    lcb: f64,
    /// The prior's share for it, 0 to 1.
    prior: f64,
    /// The median final score of the playouts through it, in points for the player to
    /// move (negative: behind).
    score_lead: f64,
    /// The principal variation from this move on, this move first.
    pv: Vec<String>,
}

#[pymethods]
impl PyMoveInfo {
    fn __repr__(&self) -> String {
        format!(
            "MoveInfo({} visits={} winrate={:.3} score_lead={:.1} pv={})",
            self.r#move,
            self.visits,
            self.winrate,
            self.score_lead,
            self.pv.join(" ")
        )
    }
}

/// What a search found: ``best`` move, ``winrate`` and ``score_lead`` for the player to
/// move, ``ownership`` (``(size, size)`` floats from ``-1``, surely White's, to ``1``, surely
/// Black's), and ``moves``, every root move searched, most visited first.
#[pyclass(module = "tengen", name = "Analysis", frozen)]
pub(crate) struct PyAnalysis {
    result: SearchResult,
    size: BoardSize,
}

impl PyAnalysis {
    fn new(result: SearchResult, size: BoardSize) -> PyAnalysis {
        PyAnalysis { result, size }
    }

    fn info(&self, info: &MoveInfo) -> PyMoveInfo {
        PyMoveInfo {
            r#move: move_text(info.mv, self.size),
            visits: info.visits,
            winrate: info.winrate,
            lcb: info.lcb,
            prior: info.prior,
            score_lead: info.score_lead,
            pv: info.pv.iter().map(|&mv| move_text(mv, self.size)).collect(),
        }
    }
}

#[pymethods]
impl PyAnalysis {
    /// The most visited move (legal under the game's rules), ``'pass'`` if nothing else.
    #[getter]
    fn best(&self) -> String {
        move_text(self.result.best, self.size)
    }

    /// The root's value for the player to move, 0 to 1.
    #[getter]
    fn winrate(&self) -> f64 {
        self.result.winrate
    }

    /// The median final score of the search's playouts, in points for the player to move.
    #[getter]
    fn score_lead(&self) -> f64 {
        self.result.score_lead
    }

    /// Playouts this search ran.
    #[getter]
    fn playouts(&self) -> u64 {
        self.result.playouts
    }

    /// Visits of the root, those reused from an earlier search included.
    #[getter]
    fn visits(&self) -> u32 {
        self.result.root_visits
    }

    /// Wall time of the search, in seconds.
    #[getter]
    fn seconds(&self) -> f64 {
        self.result.elapsed.as_secs_f64()
    }

    /// Every root move with a visit, most visited first.
    #[getter]
    fn moves(&self) -> Vec<PyMoveInfo> {
        self.result.moves.iter().map(|m| self.info(m)).collect()
    }

    /// The principal variation of the best move.
    #[getter]
    fn pv(&self) -> Vec<String> {
        self.result
            .moves
            .first()
            .map(|m| self.info(m).pv)
            .unwrap_or_default()
    }

    /// Per point, the share of playouts Black owned it at the end minus the share White
    /// did: a ``float64`` array ``(size, size)``, row 0 at the top.
    #[getter]
    fn ownership<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let n = usize::from(self.size.get());
        let mut values = self.result.ownership.clone();
        // A search that ran no playout has no map: nobody owns anything.
        values.resize(n * n, 0.0);
        let array = Array2::from_shape_vec((n, n), values).map_err(value_error)?;
        Ok(array.into_pyarray(py))
    }

    fn __repr__(&self) -> String {
        format!(
            "<tengen.Analysis best={} winrate={:.3} score_lead={:.1} playouts={}>",
            move_text(self.result.best, self.size),
            self.result.winrate,
            self.result.score_lead,
            self.result.playouts
        )
    }
}
