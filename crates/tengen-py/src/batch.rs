//! `tengen.GameBatch`: many games stepped at once with NumPy arrays in and out, for
//! learning. The loops over the games run in Rust, without the GIL.

use numpy::ndarray::{Array2, Array3, Array4};
use numpy::{AllowTypeChange, IntoPyArray, PyArray1, PyArray2, PyArray3, PyArray4, PyArrayLike1};
use pyo3::prelude::*;
use tengen_core::{BoardSize, Color, Game, IllegalMove, Move, Phase, Rules, color_name, move_text};

use crate::arrays::{PLANES, fill_board, fill_legal, fill_planes};
use crate::convert::{Int, index_move, size_arg};
use crate::errors::{IllegalMove as IllegalMoveError, reason_name, value_error, with_reason};
use crate::game::PyGame;
use crate::rules::rules_arg;

/// ``count`` games of one size and rule set, stepped together: ``step`` takes one action
/// per game (an index ``row * size + column``, row 0 at the top; ``size * size`` passes) and
/// the arrays describe every game at once. Games whose play has stopped ignore their
/// action until ``reset``.
///
/// >>> import numpy as np, tengen
/// >>> batch = tengen.GameBatch(4, size=9, rules="tromp-taylor")
/// >>> masks = batch.legal_masks()
/// >>> masks.shape, batch.planes().shape
/// ((4, 82), (4, 3, 9, 9))
/// >>> rng = np.random.default_rng(0)
/// >>> actions = np.argmax(masks * rng.random(masks.shape), axis=1)
/// >>> batch.step(actions).shape
/// (4,)
/// >>> batch.move_counts().tolist()
/// [1, 1, 1, 1]
#[pyclass(module = "tengen", name = "GameBatch")]
pub(crate) struct PyGameBatch {
    games: Vec<Game>,
    /// The game every reset starts from.
    fresh: Game,
}

impl PyGameBatch {
    fn size(&self) -> BoardSize {
        self.fresh.size()
    }

    fn area(&self) -> usize {
        self.size().area()
    }
}

/// Why a batch's actions were refused: the game, the message, and the rule broken (none for
/// an action off the board).
struct Fault {
    game: usize,
    message: String,
    reason: Option<IllegalMove>,
}

/// The moves of `actions` for the games in play, checked before any is played: a wrong
/// action changes no game. `None` for a game whose play has stopped.
fn checked_moves(
    games: &[Game],
    size: BoardSize,
    actions: &[i64],
) -> Result<Vec<Option<Move>>, Fault> {
    let area = size.area();
    let mut moves = Vec::with_capacity(actions.len());
    for (i, (game, &action)) in games.iter().zip(actions).enumerate() {
        if game.phase() != Phase::Playing {
            moves.push(None);
            continue;
        }
        let mv = usize::try_from(action)
            .ok()
            .and_then(|a| index_move(a, size))
            .ok_or_else(|| Fault {
                game: i,
                message: format!(
                    "action {action} is off the {size} board: expected 0 to {area} ({area} is a pass)"
                ),
                reason: None,
            })?;
        if let Err(reason) = game.check(mv) {
            let message = format!(
                "illegal move by {}: {} ({reason})",
                color_name(game.to_move()),
                move_text(mv, size)
            );
            return Err(Fault {
                game: i,
                message,
                reason: Some(reason),
            });
        }
        moves.push(Some(mv));
    }
    Ok(moves)
}

#[pymethods]
impl PyGameBatch {
    /// ``count`` new games on ``size`` boards under ``rules`` (``komi`` overrides the
    /// rules' komi).
    #[new]
    #[pyo3(signature = (count, size = Int(9), rules = None, komi = None),
           text_signature = "(count, size=9, rules=None, komi=None)")]
    fn new(
        count: Int,
        size: Int,
        rules: Option<&Bound<'_, PyAny>>,
        komi: Option<f64>,
    ) -> PyResult<PyGameBatch> {
        let Int(count) = count;
        let count = usize::try_from(count)
            .ok()
            .filter(|&c| c <= 1 << 20)
            .ok_or_else(|| value_error(format!("count must be 0 to 1048576, not {count}")))?;
        let size = size_arg(size)?;
        let rules: Rules = rules.map(rules_arg).transpose()?.unwrap_or_default();
        let mut fresh = Game::new(size, rules);
        if let Some(komi) = komi {
            let komi = tengen_core::Komi::from_f64(komi)
                .ok_or_else(|| value_error(format!("komi {komi} is not a whole or half number")))?;
            fresh.set_komi(komi);
        }
        Ok(PyGameBatch {
            games: vec![fresh.clone(); count],
            fresh,
        })
    }

    fn __len__(&self) -> usize {
        self.games.len()
    }

    /// The board size.
    #[getter(size)]
    fn board_size(&self) -> u8 {
        self.size().get()
    }

    /// Plays one action in every game still in play, and returns which games have stopped
    /// (``done``, a boolean array). ``actions`` holds one integer per game. An action off
    /// the board raises ``ValueError``, an illegal one ``IllegalMove`` naming the game (its
    /// ``game`` attribute): then no game has moved.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyArrayLike1<'py, i64, AllowTypeChange>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let actions = actions.as_array();
        if actions.len() != self.games.len() {
            return Err(value_error(format!(
                "{} actions for {} games: give one action per game",
                actions.len(),
                self.games.len()
            )));
        }
        let actions: Vec<i64> = actions.iter().copied().collect();
        let size = self.size();
        let games = &mut self.games;
        let moves = match py.detach(|| checked_moves(games, size, &actions)) {
            Ok(moves) => moves,
            Err(fault) => {
                let message = format!("game {}: {}", fault.game, fault.message);
                let error = match fault.reason {
                    Some(reason) => {
                        with_reason(py, IllegalMoveError::new_err(message), reason_name(reason))
                    }
                    None => value_error(message),
                };
                // As `reason`: a fresh exception object takes the attribute.
                let _ = error.value(py).setattr("game", fault.game);
                return Err(error);
            }
        };
        let done = py.detach(|| {
            games
                .iter_mut()
                .zip(moves)
                .map(|(game, mv)| {
                    if let Some(mv) = mv {
                        // Checked above, and nothing changed the game since.
                        let _ = game.play(mv);
                    }
                    game.phase() != Phase::Playing
                })
                .collect::<Vec<bool>>()
        });
        Ok(done.into_pyarray(py))
    }

    /// The legal actions of every game, a boolean array ``(count, size * size + 1)``, the
    /// pass last; all false in a game whose play has stopped.
    fn legal_masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let width = self.area() + 1;
        let games = &self.games;
        let masks = py.detach(|| {
            let mut masks = vec![false; games.len() * width];
            for (game, mask) in games.iter().zip(masks.chunks_mut(width)) {
                fill_legal(game, mask);
            }
            masks
        });
        let array =
            Array2::from_shape_vec((self.games.len(), width), masks).map_err(value_error)?;
        Ok(array.into_pyarray(py))
    }

    /// Every board, an ``int8`` array ``(count, size, size)``: ``1`` Black, ``-1`` White,
    /// ``0`` empty.
    fn boards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray3<i8>>> {
        let n = usize::from(self.size().get());
        let area = self.area();
        let mut cells = vec![0i8; self.games.len() * area];
        for (game, board) in self.games.iter().zip(cells.chunks_mut(area)) {
            fill_board(game, board);
        }
        let array = Array3::from_shape_vec((self.games.len(), n, n), cells).map_err(value_error)?;
        Ok(array.into_pyarray(py))
    }

    /// The network's input, a ``float32`` array ``(count, 3, size, size)``: the stones of
    /// the player to move, the opponent's stones, and ones when Black is to move.
    fn planes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray4<f32>>> {
        let n = usize::from(self.size().get());
        let per_game = PLANES * self.area();
        let games = &self.games;
        let values = py.detach(|| {
            let mut values = vec![0f32; games.len() * per_game];
            for (game, planes) in games.iter().zip(values.chunks_mut(per_game)) {
                fill_planes(game, planes);
            }
            values
        });
        let array = Array4::from_shape_vec((self.games.len(), PLANES, n, n), values)
            .map_err(value_error)?;
        Ok(array.into_pyarray(py))
    }

    /// Who is to move in each game: ``1`` Black, ``-1`` White (``int8``).
    fn to_move<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let colors: Vec<i8> = self
            .games
            .iter()
            .map(|g| if g.to_move() == Color::Black { 1 } else { -1 })
            .collect();
        colors.into_pyarray(py)
    }

    /// Which games have stopped (two passes, or a cycle nobody left): a boolean array.
    fn done<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let done: Vec<bool> = self
            .games
            .iter()
            .map(|g| g.phase() != Phase::Playing)
            .collect();
        done.into_pyarray(py)
    }

    /// The moves played in each game (passes included), an ``int64`` array.
    fn move_counts<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let counts: Vec<i64> = self
            .games
            .iter()
            .map(|g| i64::try_from(g.moves().len()).unwrap_or(i64::MAX))
            .collect();
        counts.into_pyarray(py)
    }

    /// Each game counted as it stands with every stone alive (the Tromp-Taylor count):
    /// Black's total minus White's, in points, a ``float64`` array.
    fn scores<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        let games = &self.games;
        let margins: Vec<f64> = py.detach(|| {
            games
                .iter()
                .map(|g| f64::from(g.score_with(&[]).margin_half_points()) / 2.0)
                .collect()
        });
        margins.into_pyarray(py)
    }

    /// Starts the games where ``mask`` is true anew (all of them without a mask).
    #[pyo3(signature = (mask = None))]
    fn reset(&mut self, mask: Option<PyArrayLike1<'_, bool, AllowTypeChange>>) -> PyResult<()> {
        match mask {
            None => self.games.fill(self.fresh.clone()),
            Some(mask) => {
                let mask = mask.as_array();
                if mask.len() != self.games.len() {
                    return Err(value_error(format!(
                        "a mask of {} for {} games: give one value per game",
                        mask.len(),
                        self.games.len()
                    )));
                }
                for (game, &again) in self.games.iter_mut().zip(mask.iter()) {
                    if again {
                        *game = self.fresh.clone();
                    }
                }
            }
        }
        Ok(())
    }

    /// A copy of game ``index`` as a ``Game``.
    fn game(&self, index: isize) -> PyResult<PyGame> {
        let len = self.games.len() as isize;
        let at = if index < 0 { index + len } else { index };
        usize::try_from(at)
            .ok()
            .and_then(|i| self.games.get(i))
            .map(|game| PyGame { game: game.clone() })
            .ok_or_else(|| {
                pyo3::exceptions::PyIndexError::new_err(format!("game {index} of a batch of {len}"))
            })
    }

    fn __repr__(&self) -> String {
        format!(
            "<tengen.GameBatch {} games {} {}>",
            self.games.len(),
            self.size(),
            self.fresh.rules()
        )
    }
}
