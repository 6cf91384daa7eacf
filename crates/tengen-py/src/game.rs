//! `tengen.Game`: a game under a rule set, as `tengen_core::Game` plays it.

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyType};
use tengen_core::{BoardSize, Color, Game, GameResult, Move, Phase, Point, move_text, vertex};

use crate::arrays::{diagram, fill_board, fill_legal};
use crate::convert::{Int, color_arg, color_text, move_arg, size_arg};
use crate::errors::{illegal_move, type_error, value_error};
use crate::rules::{PyRules, rules_arg};
use crate::score::{PyEstimate, PyScore, estimate_budget};

/// A game of Go under a rule set: turns, captures, ko and superko, passes, the scoring
/// phase with dead stones, and the result. Moves are GTP vertices (``'D4'``, ``'pass'``) or
/// action indices (``row * size + column``, row 0 at the top; ``size * size`` is the pass).
///
/// >>> import tengen
/// >>> game = tengen.Game(9, rules="japanese")
/// >>> for move in ["A2", "A1", "B1"]:
/// ...     _ = game.play(move)
/// >>> game.captures("black"), game.to_move
/// (1, 'white')
/// >>> game.illegal_reason("A1")  # a White stone there would have no liberty
/// 'suicide'
/// >>> game.pass_move(); game.pass_move()
/// >>> game.phase, game.is_over()
/// ('scoring', True)
/// >>> game.score().result
/// 'B+73.5'
#[pyclass(module = "tengen", name = "Game")]
#[derive(Clone)]
pub(crate) struct PyGame {
    pub(crate) game: Game,
}

impl PyGame {
    fn size(&self) -> BoardSize {
        self.game.size()
    }

    /// Plays `mv` for the player to move, or raises `IllegalMove` with the reason.
    pub(crate) fn play_move(&mut self, py: Python<'_>, mv: Move) -> PyResult<u32> {
        let color = self.game.to_move();
        self.game
            .play(mv)
            .map(|outcome| outcome.captures)
            .map_err(|reason| illegal_move(py, reason, color, mv, self.size()))
    }

    fn points_arg(&self, points: &Bound<'_, PyAny>) -> PyResult<Vec<Point>> {
        let list = points
            .try_iter()
            .map_err(|_| type_error("points", "a list of vertices", points))?;
        let mut out = Vec::new();
        for item in list {
            match move_arg(&item?, self.size())? {
                Move::Play(point) => out.push(point),
                Move::Pass => return Err(value_error("a pass is no point of the board")),
            }
        }
        Ok(out)
    }

    fn vertices(&self, points: &[Point]) -> Vec<String> {
        points.iter().map(|&p| vertex(p, self.size())).collect()
    }
}

/// The phase's name.
pub(crate) fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Playing => "playing",
        Phase::Scoring => "scoring",
        Phase::Finished(_) => "finished",
    }
}

#[pymethods]
impl PyGame {
    /// A new game: an empty board of ``size`` (2 to 25) and Black to move, or ``handicap``
    /// stones on the fixed points and White to move (``handicap=1``: Black moves first
    /// without komi). ``komi`` overrides the rules' komi for this game.
    #[new]
    #[pyo3(signature = (size = Int(19), rules = None, handicap = Int(0), komi = None),
           text_signature = "(size=19, rules=None, handicap=0, komi=None)")]
    fn new(
        size: Int,
        rules: Option<&Bound<'_, PyAny>>,
        handicap: Int,
        komi: Option<f64>,
    ) -> PyResult<PyGame> {
        let size = size_arg(size)?;
        let rules = rules.map(rules_arg).transpose()?.unwrap_or_default();
        let stones = u32::try_from(handicap.0).map_err(|_| {
            value_error(format!("handicap {} is not a number of stones", handicap.0))
        })?;
        let game = Game::with_handicap(size, rules, stones).map_err(value_error)?;
        let mut game = PyGame { game };
        if let Some(komi) = komi {
            game.set_komi(komi)?;
        }
        Ok(game)
    }

    /// A handicap game with Black's stones on the points Black chose (free placement);
    /// White moves first.
    #[classmethod]
    #[pyo3(signature = (size, stones, rules = None))]
    fn with_free_handicap(
        _cls: &Bound<'_, PyType>,
        size: Int,
        stones: &Bound<'_, PyAny>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let size = size_arg(size)?;
        let rules = rules.map(rules_arg).transpose()?.unwrap_or_default();
        let empty = PyGame {
            game: Game::new(size, rules),
        };
        let points = empty.points_arg(stones)?;
        let game = Game::with_free_handicap(size, rules, &points).map_err(value_error)?;
        Ok(PyGame { game })
    }

    /// The position of a diagram: ``X`` Black, ``O`` White, ``.`` empty, one row per line
    /// from the top, spaces ignored, as many rows as columns; ``to_move`` Black by default.
    ///
    /// >>> import tengen
    /// >>> game = tengen.Game.from_diagram('''
    /// ...     . O . .
    /// ...     O . . .
    /// ...     . . . .
    /// ...     . . . .''', to_move="black")
    /// >>> game.illegal_reason("A4")
    /// 'suicide'
    #[classmethod]
    #[pyo3(signature = (diagram, to_move = None, rules = None))]
    fn from_diagram(
        _cls: &Bound<'_, PyType>,
        diagram: &str,
        to_move: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        let color = to_move.map(color_arg).transpose()?.unwrap_or(Color::Black);
        let rules = rules.map(rules_arg).transpose()?.unwrap_or_default();
        let game = Game::from_diagram(diagram, color, rules).map_err(value_error)?;
        Ok(PyGame { game })
    }

    /// The board size.
    #[getter(size)]
    fn board_size(&self) -> u8 {
        self.size().get()
    }

    /// The rules.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            rules: *self.game.rules(),
        }
    }

    /// This game's komi (by default the rules' komi for its handicap).
    #[getter]
    fn komi(&self) -> f64 {
        self.game.komi().as_f64()
    }

    #[setter]
    fn set_komi(&mut self, komi: f64) -> PyResult<()> {
        let komi = tengen_core::Komi::from_f64(komi)
            .ok_or_else(|| value_error(format!("komi {komi} is not a whole or half number")))?;
        self.game.set_komi(komi);
        Ok(())
    }

    /// The handicap: 0 for an even game, 1 when Black moved first without komi, else the
    /// number of stones placed.
    #[getter]
    fn handicap(&self) -> u8 {
        self.game.handicap()
    }

    /// ``'black'`` or ``'white'``: who is to move.
    #[getter]
    fn to_move(&self) -> &'static str {
        color_text(self.game.to_move())
    }

    /// ``'playing'``, ``'scoring'`` (two passes ended play: dead stones are marked and
    /// accepted) or ``'finished'``.
    #[getter]
    fn phase(&self) -> &'static str {
        phase_name(self.game.phase())
    }

    /// Whether play has stopped (two passes, a result, or a cycle nobody left).
    fn is_over(&self) -> bool {
        self.game.phase() != Phase::Playing
    }

    /// The result once the game is finished, as SGF writes it: ``'B+3.5'``, ``'W+R'``,
    /// ``'0'`` (jigo), ``'Void'``; ``None`` before.
    #[getter]
    fn result(&self) -> Option<String> {
        self.game.result().as_ref().map(GameResult::to_sgf)
    }

    /// The winner once the game is finished: ``'black'``, ``'white'`` or ``None``.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.game.result().and_then(|r| r.winner()).map(color_text)
    }

    /// Every move so far as ``(color, vertex)``, White's forced closing pass (AGA-11)
    /// included.
    #[getter]
    fn moves(&self) -> Vec<(&'static str, String)> {
        self.game
            .moves()
            .iter()
            .map(|m| (color_text(m.color), move_text(m.mv, self.size())))
            .collect()
    }

    /// Stones captured by ``color`` during play.
    fn captures(&self, color: &Bound<'_, PyAny>) -> PyResult<u32> {
        Ok(self.game.captures(color_arg(color)?))
    }

    /// The point the player to move may not play because of a ko just taken, or ``None``.
    #[getter]
    fn ko_point(&self) -> Option<String> {
        self.game
            .board()
            .ko_point(self.game.to_move())
            .map(|p| vertex(p, self.size()))
    }

    /// The colour of the stone on ``point``, or ``None`` for an empty point.
    fn get(&self, point: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        match move_arg(point, self.size())? {
            Move::Play(p) => Ok(self.game.board().get(p).map(color_text)),
            Move::Pass => Err(value_error("a pass is no point of the board")),
        }
    }

    /// Plays ``move`` for the player to move and returns the number of stones it captured.
    /// Raises ``IllegalMove`` (the game unchanged) when the rules forbid it.
    #[pyo3(name = "play")]
    fn py_play(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<u32> {
        let mv = move_arg(r#move, self.size())?;
        self.play_move(py, mv)
    }

    /// Passes for the player to move (two passes in a row end play).
    fn pass_move(&mut self, py: Python<'_>) -> PyResult<()> {
        self.play_move(py, Move::Pass).map(|_| ())
    }

    /// Takes back the last action (a move, a dead-stone mark, an acceptance).
    fn undo(&mut self) -> PyResult<()> {
        self.game.undo().map_err(value_error)
    }

    /// Whether the player to move may play ``move``.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.game.check(move_arg(r#move, self.size())?).is_ok())
    }

    /// Why ``move`` is illegal for the player to move (``IllegalMove.reason``'s names:
    /// ``'ko'``, ``'superko'``, ``'suicide'``, ...), or ``None`` when it is legal.
    fn illegal_reason(
        &self,
        py: Python<'_>,
        r#move: &Bound<'_, PyAny>,
    ) -> PyResult<Option<String>> {
        let mv = move_arg(r#move, self.size())?;
        let Err(reason) = self.game.check(mv) else {
            return Ok(None);
        };
        let error = illegal_move(py, reason, self.game.to_move(), mv, self.size());
        Ok(Some(error.value(py).getattr("reason")?.extract()?))
    }

    /// Every legal move of the player to move as GTP vertices, ``'pass'`` last; empty once
    /// play has stopped.
    fn legal_moves(&self) -> Vec<String> {
        self.game
            .legal_moves()
            .map(|mv| move_text(mv, self.size()))
            .collect()
    }

    /// The legal actions as a boolean array of ``size * size + 1`` (the pass last).
    fn legal_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; self.size().area() + 1];
        fill_legal(&self.game, &mut mask);
        mask.into_pyarray(py)
    }

    /// The board as an ``int8`` array ``(size, size)``, row 0 at the top: ``1`` Black,
    /// ``-1`` White, ``0`` empty.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let n = usize::from(self.size().get());
        let mut cells = vec![0i8; n * n];
        fill_board(&self.game, &mut cells);
        let array = Array2::from_shape_vec((n, n), cells).map_err(value_error)?;
        Ok(array.into_pyarray(py))
    }

    /// The stones marked dead in the scoring phase.
    #[getter]
    fn dead_stones(&self) -> Vec<String> {
        self.vertices(&self.game.dead_stones())
    }

    /// In the scoring phase: marks the chain on ``point`` dead, or alive again; returns its
    /// stones. Any change clears both players' acceptance.
    fn toggle_dead(&mut self, point: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let Move::Play(p) = move_arg(point, self.size())? else {
            return Err(value_error("a pass is no point of the board"));
        };
        let stones = self.game.toggle_dead(p).map_err(value_error)?;
        Ok(self.vertices(&stones))
    }

    /// In the scoring phase: the dead stones are exactly ``points``.
    fn set_dead(&mut self, points: &Bound<'_, PyAny>) -> PyResult<()> {
        let points = self.points_arg(points)?;
        self.game.set_dead(&points).map_err(value_error)
    }

    /// In the scoring phase: ``color`` accepts the marked dead stones. Returns the result
    /// when both have accepted.
    fn accept(&mut self, color: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let color = color_arg(color)?;
        let result = self.game.accept(color).map_err(value_error)?;
        Ok(result.as_ref().map(GameResult::to_sgf))
    }

    /// ``color`` resigns; returns the result (``'W+R'``).
    fn resign(&mut self, color: &Bound<'_, PyAny>) -> PyResult<String> {
        let color = color_arg(color)?;
        let result = self.game.resign(color).map_err(value_error)?;
        Ok(result.to_sgf())
    }

    /// The count: with ``dead`` removed when given, else with the stones marked dead (none
    /// before the scoring phase). Counting needs no end of play: a position in play is
    /// counted as it stands.
    #[pyo3(signature = (dead = None))]
    fn score(&self, dead: Option<&Bound<'_, PyAny>>) -> PyResult<PyScore> {
        let score = match dead {
            None => self.game.score(),
            Some(points) => self.game.score_with(&self.points_arg(points)?),
        };
        Ok(PyScore {
            score,
            size: self.size(),
        })
    }

    /// Tengen's dead-stone estimate of the position (``tengen score --dead auto``): every
    /// chain alive, dead or in seki, the dame, and the count that follows. The default
    /// budget gives the same answer on any machine; ``seconds`` only guards against a
    /// pathological position.
    #[pyo3(signature = (playouts = Int(1000), seconds = 10.0, reading_nodes = Int(5000)),
           text_signature = "($self, playouts=1000, seconds=10.0, reading_nodes=5000)")]
    fn estimate(
        &self,
        py: Python<'_>,
        playouts: Int,
        seconds: f64,
        reading_nodes: Int,
    ) -> PyResult<PyEstimate> {
        let budget = estimate_budget(playouts, seconds, reading_nodes)?;
        let game = &self.game;
        let estimate = py.detach(|| tengen_engine::estimate(game, &budget));
        Ok(PyEstimate { estimate })
    }

    /// The game as an SGF record (``RU``, ``KM``, ``HA``, ``RE``, setup stones, moves).
    fn to_sgf(&self) -> String {
        tengen_sgf::write(&[tengen_sgf::game_to_tree(&self.game)])
    }

    /// A copy that changes independently.
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyGame>()
            .is_ok_and(|other| other.borrow().game == self.game)
    }

    /// The board as a diagram (``X`` Black, ``O`` White, ``.`` empty, top row first).
    fn __str__(&self) -> String {
        diagram(&self.game)
    }

    fn __repr__(&self) -> String {
        format!(
            "<tengen.Game {} {} moves={} to_move={} phase={}>",
            self.size(),
            self.game.rules(),
            self.game.moves().len(),
            color_text(self.game.to_move()),
            phase_name(self.game.phase())
        )
    }

    /// Vertices of the handicap stones and setup stones before the first move, by colour.
    fn initial_stones<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let initial = self.game.initial_board();
        let stones: Vec<(&'static str, String)> = initial
            .stones()
            .map(|(p, c): (Point, Color)| (color_text(c), vertex(p, self.size())))
            .collect();
        PyList::new(py, stones)
    }
}
