//! `tengen.Score` (the count of a position) and `tengen.Estimate` (the dead-stone
//! estimator's judgement of every chain, with its count).

use std::time::Duration;

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray2};
use pyo3::prelude::*;
use tengen_core::{BoardSize, Color, Move, Ownership, Point, Score, Scoring, vertex};
use tengen_engine::{ChainEstimate, Estimate, Status, estimate::EstimateBudget};

use crate::convert::{Int, color_text, move_arg};
use crate::errors::value_error;

/// The estimator's budget from Python numbers, each checked.
pub(crate) fn estimate_budget(
    Int(playouts): Int,
    seconds: f64,
    Int(reading_nodes): Int,
) -> PyResult<EstimateBudget> {
    let playouts = u32::try_from(playouts)
        .map_err(|_| value_error(format!("playouts must be 0 to 4294967295, not {playouts}")))?;
    let reading_nodes = u32::try_from(reading_nodes).map_err(|_| {
        value_error(format!(
            "reading_nodes must be 0 to 4294967295, not {reading_nodes}"
        ))
    })?;
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0) {
        return Err(value_error(format!(
            "seconds must be a positive number of seconds up to a day, not {seconds}"
        )));
    }
    Ok(EstimateBudget {
        time: Duration::from_secs_f64(seconds),
        playouts,
        reading_nodes,
    })
}

/// What a point is at the count, as ``(kind, color)``.
fn ownership_parts(ownership: Ownership) -> (&'static str, Option<&'static str>) {
    match ownership {
        Ownership::Alive(c) => ("alive", Some(color_text(c))),
        Ownership::Seki(c) => ("seki", Some(color_text(c))),
        Ownership::Dead(c) | Ownership::DeadInDame(c) => ("dead", Some(color_text(c))),
        Ownership::DeadInSeki(c) => ("dead-in-seki", Some(color_text(c))),
        Ownership::Territory(c) => ("territory", Some(color_text(c))),
        Ownership::SekiEye(c) => ("seki-eye", Some(color_text(c))),
        Ownership::Dame => ("dame", None),
    }
}

/// Whose the point is at the count: `+1` Black, `-1` White, `0` nobody's.
fn owner_sign(ownership: Ownership) -> i8 {
    let sign = |c: Color| if c == Color::Black { 1 } else { -1 };
    match ownership {
        Ownership::Alive(c) | Ownership::Seki(c) | Ownership::Territory(c) => sign(c),
        Ownership::SekiEye(c) => sign(c),
        // A dead stone's point is its captor's when it lies in his territory.
        Ownership::Dead(c) => -sign(c),
        // Nor is the point of a dead stone in a region nobody owns: it is dame.
        Ownership::DeadInSeki(_) | Ownership::DeadInDame(_) | Ownership::Dame => 0,
    }
}

/// The count of a position under the game's rules: both sides' columns, the result, and
/// what every point is.
///
/// >>> import tengen
/// >>> game = tengen.Game.from_diagram('''
/// ...     . X . O .
/// ...     . X . O .
/// ...     . X . O .
/// ...     . X . O .
/// ...     . X . O .''', rules="japanese")
/// >>> score = game.score()
/// >>> score.result, score.black.territory, score.white.total
/// ('W+6.5', 5, 11.5)
/// >>> score.at("C3")
/// ('dame', None)
#[pyclass(module = "tengen", name = "Score", frozen)]
pub(crate) struct PyScore {
    pub(crate) score: Score,
    /// The board's size (the count knows it, but does not say).
    pub(crate) size: BoardSize,
}

/// One side's column of the count. Every figure is in points.
#[pyclass(module = "tengen", name = "SideScore", frozen, get_all)]
pub(crate) struct PySideScore {
    /// Empty points surrounded by this colour's living stones.
    territory: u32,
    /// This colour's living stones (counted under area scoring).
    stones: u32,
    /// Stones this colour captured during play.
    captures: u32,
    /// The opponent's dead stones removed at the end.
    dead: u32,
    /// Stones the opponent handed over by passing (AGA-7).
    pass_stones: u32,
    /// Komi received.
    komi: f64,
    /// Handicap compensation received under area counting (AGA-4b).
    compensation: u32,
    /// The total under the rules' counting.
    total: f64,
}

#[pymethods]
impl PySideScore {
    fn __repr__(&self) -> String {
        format!(
            "SideScore(territory={}, stones={}, captures={}, dead={}, pass_stones={}, komi={}, compensation={}, total={})",
            self.territory,
            self.stones,
            self.captures,
            self.dead,
            self.pass_stones,
            self.komi,
            self.compensation,
            self.total
        )
    }
}

impl PyScore {
    fn side(&self, color: Color) -> PySideScore {
        let s = self.score.sides.get(color);
        PySideScore {
            territory: s.territory,
            stones: s.stones,
            captures: s.captures,
            dead: s.dead,
            pass_stones: s.pass_stones,
            komi: f64::from(s.komi_half_points) / 2.0,
            compensation: s.compensation,
            total: s.total(),
        }
    }

    fn owners(&self) -> impl Iterator<Item = Ownership> + '_ {
        self.size.points().map(|p| self.score.ownership(p))
    }
}

#[pymethods]
impl PyScore {
    /// The result: ``'B+3.5'``, ``'W+0.5'``, ``'0'`` for jigo.
    #[getter]
    fn result(&self) -> String {
        self.score.result.to_sgf()
    }

    /// Black's total minus White's, in points.
    #[getter]
    fn margin(&self) -> f64 {
        f64::from(self.score.margin_half_points()) / 2.0
    }

    /// ``'territory'`` or ``'area'``.
    #[getter]
    fn scoring(&self) -> &'static str {
        match self.score.scoring {
            Scoring::Territory => "territory",
            Scoring::Area => "area",
        }
    }

    /// Black's column.
    #[getter]
    fn black(&self) -> PySideScore {
        self.side(Color::Black)
    }

    /// White's column.
    #[getter]
    fn white(&self) -> PySideScore {
        self.side(Color::White)
    }

    /// What ``point`` is at the count, as ``(kind, color)``: kind is ``'alive'``,
    /// ``'seki'``, ``'dead'``, ``'dead-in-seki'``, ``'territory'``, ``'seki-eye'`` or
    /// ``'dame'`` (whose colour is ``None``).
    fn at(&self, point: &Bound<'_, PyAny>) -> PyResult<(&'static str, Option<&'static str>)> {
        match move_arg(point, self.size)? {
            Move::Play(p) => Ok(ownership_parts(self.score.ownership(p))),
            Move::Pass => Err(value_error("a pass is no point of the board")),
        }
    }

    /// Whose each point is at the count, an ``int8`` array ``(size, size)``: ``1`` Black's
    /// (its living stones, its territory, its seki stones and eyes, the opponent's dead
    /// stones in its territory), ``-1`` White's, ``0`` nobody's (dame, dead stones left in
    /// seki, dead stones in a region nobody owns yet).
    fn ownership<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let n = usize::from(self.size.get());
        let owners: Vec<i8> = self.owners().map(owner_sign).collect();
        let array = Array2::from_shape_vec((n, n), owners).map_err(value_error)?;
        Ok(array.into_pyarray(py))
    }

    /// The count as one line a player can add up (``tengen score`` prints it).
    fn breakdown(&self) -> String {
        self.score.breakdown()
    }

    fn __str__(&self) -> String {
        self.score.breakdown()
    }

    fn __repr__(&self) -> String {
        format!("<tengen.Score {}>", self.score.breakdown())
    }
}

/// One chain as the estimator judged it.
#[pyclass(module = "tengen", name = "Chain", frozen, get_all)]
pub(crate) struct PyChain {
    /// ``'black'`` or ``'white'``.
    color: &'static str,
    /// Its stones, row by row from the top.
    stones: Vec<String>,
    /// ``'alive'``, ``'dead'`` or ``'seki'``.
    status: &'static str,
    /// How sure the estimator is, from 0 (a coin toss) to 1 (certain).
    confidence: f64,
    /// Whether the estimator could not decide: the status is a best guess.
    uncertain: bool,
}

#[pymethods]
impl PyChain {
    fn __repr__(&self) -> String {
        format!(
            "Chain({} {} {:?}, confidence={:.2})",
            self.status,
            self.color,
            self.stones.first().map_or("", String::as_str),
            self.confidence
        )
    }
}

/// One group's verdict at the count (``Estimate.groups``): its status and why.
#[pyclass(module = "tengen", name = "Group", frozen, get_all)]
pub(crate) struct PyGroup {
    /// ``'black'`` or ``'white'``.
    color: &'static str,
    /// Its stones, row by row from the top.
    stones: Vec<String>,
    /// ``'alive'``, ``'dead'`` or ``'seki'``.
    status: &'static str,
    /// The reason's name: ``'unconditionally-alive'``, ``'dies-by-reading'``, ``'seki'``, …
    reason: &'static str,
    /// The reason in words, with its points.
    why: String,
    /// The reading's line behind the verdict, one move a string (``'W B9'``).
    line: Vec<String>,
    /// Why its status depends on who moves first, if it does (else ``None``).
    unsettled: Option<String>,
    /// Whether the estimator could not decide: the status is a best guess.
    uncertain: bool,
}

#[pymethods]
impl PyGroup {
    fn __repr__(&self) -> String {
        format!(
            "Group({} {} {:?}: {})",
            self.status,
            self.color,
            self.stones.first().map_or("", String::as_str),
            self.reason
        )
    }
}

/// An open boundary (``Estimate.needs_sealing``): until ``color`` plays on ``points`` the
/// region is dame; then ``encloses`` is her territory.
#[pyclass(module = "tengen", name = "Sealing", frozen, get_all)]
pub(crate) struct PySealing {
    /// Who gains by sealing.
    color: &'static str,
    /// The points to play.
    points: Vec<String>,
    /// The points that become her territory.
    encloses: Vec<String>,
}

#[pymethods]
impl PySealing {
    fn __repr__(&self) -> String {
        format!("Sealing({} at {})", self.color, self.points.join(" "))
    }
}

/// Tengen's dead-stone estimate of a finished position (``Game.estimate()``): the status
/// of every chain, the dame, and the count with the estimated dead stones.
///
/// >>> import tengen
/// >>> game = tengen.Game.from_diagram('''
/// ...     . . X . .
/// ...     O . X . .
/// ...     . . X . .
/// ...     . . X . .
/// ...     . . X . .''', rules="japanese")
/// >>> estimate = game.estimate()
/// >>> estimate.dead_stones
/// ['A4']
/// >>> estimate.score.result  # 20 points of territory and a prisoner, 6.5 komi
/// 'B+14.5'
#[pyclass(module = "tengen", name = "Estimate", frozen)]
pub(crate) struct PyEstimate {
    pub(crate) estimate: Estimate,
}

impl PyEstimate {
    fn vertices(&self, points: &[Point]) -> Vec<String> {
        points
            .iter()
            .map(|&p| vertex(p, self.estimate.size()))
            .collect()
    }

    fn chain(&self, chain: &ChainEstimate) -> PyChain {
        PyChain {
            color: color_text(chain.color),
            stones: self.vertices(&chain.stones),
            status: chain.status.name(),
            confidence: chain.confidence,
            uncertain: chain.uncertain(),
        }
    }
}

#[pymethods]
impl PyEstimate {
    /// The stones estimated dead.
    #[getter]
    fn dead_stones(&self) -> Vec<String> {
        self.vertices(&self.estimate.stones_with(Status::Dead))
    }

    /// The stones in seki.
    #[getter]
    fn seki_stones(&self) -> Vec<String> {
        self.vertices(&self.estimate.stones_with(Status::Seki))
    }

    /// The living stones (seki not included).
    #[getter]
    fn alive_stones(&self) -> Vec<String> {
        self.vertices(&self.estimate.stones_with(Status::Alive))
    }

    /// The empty points that count for nobody.
    #[getter]
    fn dame(&self) -> Vec<String> {
        self.vertices(&self.estimate.dame)
    }

    /// Every chain, in row order of its first stone.
    #[getter]
    fn chains(&self) -> Vec<PyChain> {
        self.estimate.chains.iter().map(|c| self.chain(c)).collect()
    }

    /// The chains the estimator could not decide.
    #[getter]
    fn uncertain(&self) -> Vec<PyChain> {
        self.estimate.uncertain().map(|c| self.chain(c)).collect()
    }

    /// ``'alive'``, ``'dead'`` or ``'seki'`` for the stone on ``point``; ``None`` for an
    /// empty point.
    fn status(&self, point: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
        match move_arg(point, self.estimate.size())? {
            Move::Play(p) => Ok(self.estimate.status(p).map(Status::name)),
            Move::Pass => Err(value_error("a pass is no point of the board")),
        }
    }

    /// The count with the estimated dead stones.
    #[getter]
    fn score(&self) -> PyScore {
        PyScore {
            score: self.estimate.score.clone(),
            size: self.estimate.size(),
        }
    }

    /// Every group's verdict and why, row by row (what ``tengen score --explain`` prints).
    #[getter]
    fn groups(&self) -> Vec<PyGroup> {
        let size = self.estimate.size();
        self.estimate
            .verdicts()
            .into_iter()
            .map(|v| PyGroup {
                color: color_text(v.color),
                stones: self.vertices(&v.stones),
                status: v.status.name(),
                reason: v.reason.name(),
                why: v.reason.describe(size),
                line: v.line_moves(size),
                unsettled: v.unsettled.as_ref().map(|u| u.describe(size)),
                uncertain: v.uncertain,
            })
            .collect()
    }

    /// The open boundaries: points a sealing move must fill before the count is final.
    #[getter]
    fn needs_sealing(&self) -> Vec<PySealing> {
        self.estimate
            .sealing
            .iter()
            .map(|s| PySealing {
                color: color_text(s.color),
                points: self.vertices(&s.points),
                encloses: self.vertices(&s.encloses),
            })
            .collect()
    }

    /// Whether the position is finished: no open boundary, and no group whose status
    /// depends on who moves first.
    #[getter]
    fn finished(&self) -> bool {
        self.estimate.finished()
    }

    /// Playouts run.
    #[getter]
    fn playouts(&self) -> u32 {
        self.estimate.playouts
    }

    /// Whether the budget ran out before the planned work was done.
    #[getter]
    fn stopped_early(&self) -> bool {
        self.estimate.stopped_early
    }

    /// The estimate as a diagram: ``X``/``O`` living stones, ``x``/``o`` dead ones,
    /// ``S``/``s`` seki, ``+`` dame, ``!`` a point its owner must still fill, ``.``
    /// territory.
    fn diagram(&self) -> String {
        self.estimate.diagram()
    }

    fn __repr__(&self) -> String {
        format!(
            "<tengen.Estimate {} dead={} seki={}>",
            self.estimate.score.result,
            self.estimate.stones_with(Status::Dead).len(),
            self.estimate.stones_with(Status::Seki).len()
        )
    }
}
