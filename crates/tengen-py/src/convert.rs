//! Python values to Tengen's and back: moves (GTP vertices or action indices), colours,
//! board sizes and budgets (rules: `rules.rs`). Every check of user input is here, so that a wrong value
//! raises `ValueError` or `TypeError` and never reaches a Rust panic.

use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};
use tengen_core::{BoardSize, Color, Move, Point, color_name, parse_color, parse_move};

use crate::errors::{type_error, value_error};

/// An integer argument. Python's integers have no bound: one beyond 64 bits is out of every
/// range here, and raises `ValueError` as any other out-of-range value does (not
/// `OverflowError`).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Int(pub(crate) i64);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(value: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        match value.extract::<i64>() {
            Ok(number) => Ok(Int(number)),
            Err(error) if error.is_instance_of::<PyOverflowError>(value.py()) => Err(value_error(
                format!("{} is out of range (beyond 64 bits)", value.as_any()),
            )),
            Err(error) => Err(error),
        }
    }
}

/// The action index of `mv` on a board of `size`: `y * size + x` for a stone (row 0 at the
/// top, as in the board arrays), `size * size` for a pass.
pub(crate) fn move_index(mv: Move, size: BoardSize) -> usize {
    let n = usize::from(size.get());
    match mv {
        Move::Play(p) => usize::from(p.y) * n + usize::from(p.x),
        Move::Pass => n * n,
    }
}

/// The move of action `index` on a board of `size`, or `None` past the pass.
pub(crate) fn index_move(index: usize, size: BoardSize) -> Option<Move> {
    let n = usize::from(size.get());
    match index {
        i if i < n * n => Some(Move::Play(Point::new((i % n) as u8, (i / n) as u8))),
        i if i == n * n => Some(Move::Pass),
        _ => None,
    }
}

/// A move given as a GTP vertex (`"D4"`, `"pass"`, any case) or an action index.
pub(crate) fn move_arg(value: &Bound<'_, PyAny>, size: BoardSize) -> PyResult<Move> {
    if let Ok(text) = value.cast::<PyString>() {
        return parse_move(&text.to_cow()?, size).map_err(value_error);
    }
    if value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>() {
        let area = size.area();
        let index = value.extract::<Int>().map(|i| i.0).unwrap_or(i64::MAX);
        return usize::try_from(index)
            .ok()
            .and_then(|i| index_move(i, size))
            .ok_or_else(|| {
                value_error(format!(
                    "move index {value} is off the {size} board: expected 0 to {area} ({area} is a pass)"
                ))
            });
    }
    Err(type_error(
        "a move",
        "a vertex such as 'D4', 'pass', or an action index (int)",
        value,
    ))
}

/// A colour: `"black"`, `"b"`, `"white"`, `"w"` (any case).
pub(crate) fn color_arg(value: &Bound<'_, PyAny>) -> PyResult<Color> {
    let text = value
        .cast::<PyString>()
        .map_err(|_| type_error("a color", "'black' or 'white'", value))?;
    parse_color(&text.to_cow()?).map_err(value_error)
}

/// The Python name of a colour: `"black"` or `"white"`.
pub(crate) fn color_text(color: Color) -> &'static str {
    color_name(color)
}

/// A board size from 2 to 25.
pub(crate) fn size_arg(Int(size): Int) -> PyResult<BoardSize> {
    u32::try_from(size)
        .ok()
        .and_then(|s| BoardSize::new(s).ok())
        .ok_or_else(|| value_error(format!("board size {size} is not between 2 and 25")))
}

/// A search's playouts: at least 1.
pub(crate) fn playouts_arg(playouts: Option<Int>) -> PyResult<Option<u64>> {
    playouts
        .map(|Int(n)| {
            u64::try_from(n)
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| value_error(format!("playouts must be at least 1, not {n}")))
        })
        .transpose()
}

/// A time budget: a finite positive number of seconds, at most a day.
pub(crate) fn seconds_arg(seconds: Option<f64>) -> PyResult<Option<std::time::Duration>> {
    seconds
        .map(|s| {
            if s.is_finite() && s > 0.0 && s <= 86_400.0 {
                Ok(std::time::Duration::from_secs_f64(s))
            } else {
                Err(value_error(format!(
                    "seconds must be a positive number of seconds up to a day, not {s}"
                )))
            }
        })
        .transpose()
}
