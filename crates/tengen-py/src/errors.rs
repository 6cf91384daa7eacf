//! The package's exception classes, and the Rust errors as Python exceptions with the
//! messages the `tengen` command prints.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use tengen_core::{BoardSize, Color, IllegalMove as RustIllegalMove, Move, color_name, move_text};

pyo3::create_exception!(
    tengen,
    IllegalMove,
    PyValueError,
    "A move the rules forbid: occupied, suicide, ko, superko, off the board, out of turn, or \
     after the end of play. ``reason`` names the rule (``'ko'``, ``'superko'``, \
     ``'suicide'``, ``'occupied'``, ``'off-board'``, ``'game-over'``, ``'not-your-turn'``, \
     ``'ended-all-alive'``); the game is unchanged.\n\n\
     >>> import tengen\n\
     >>> game = tengen.Game(9)\n\
     >>> game.play('E5')\n\
     0\n\
     >>> try:\n\
     ...     game.play('E5')\n\
     ... except tengen.IllegalMove as e:\n\
     ...     print(e, '/', e.reason)\n\
     illegal move by white: E5 (the point is occupied) / occupied"
);
pyo3::create_exception!(
    tengen,
    SgfError,
    PyValueError,
    "SGF text that cannot be read: the message gives the line and column, as ``tengen check`` \
     does (``line 2, column 3: ...``)."
);
pyo3::create_exception!(
    tengen,
    ReplayError,
    SgfError,
    "A readable SGF record whose game cannot be replayed under its rules: a bad ``SZ``, \
     ``KM`` or ``HA``, a setup that is no position, or an illegal move \
     (``move 2 (W E5): illegal: occupied``)."
);
pyo3::create_exception!(
    tengen,
    RulesError,
    PyValueError,
    "A rules text that names no preset or a wrong ``key=value`` change."
);

/// The short name of an illegal move's rule, for `IllegalMove.reason`.
pub(crate) fn reason_name(reason: RustIllegalMove) -> &'static str {
    match reason {
        RustIllegalMove::Occupied => "occupied",
        RustIllegalMove::Suicide => "suicide",
        RustIllegalMove::Ko => "ko",
        RustIllegalMove::Superko => "superko",
        RustIllegalMove::OffBoard => "off-board",
        RustIllegalMove::GameOver => "game-over",
        RustIllegalMove::NotYourTurn => "not-your-turn",
        RustIllegalMove::EndedAllAlive => "ended-all-alive",
        // A rule the core adds later still raises, with its message as the reason.
        _ => "other",
    }
}

/// `IllegalMove` for `color`'s `mv`, worded as the match referee words it
/// (`illegal move by black: D4 (the point is occupied)`), with its `reason` attribute set.
pub(crate) fn illegal_move(
    py: Python<'_>,
    reason: RustIllegalMove,
    color: Color,
    mv: Move,
    size: BoardSize,
) -> PyErr {
    let message = format!(
        "illegal move by {}: {} ({reason})",
        color_name(color),
        move_text(mv, size)
    );
    with_reason(py, IllegalMove::new_err(message), reason_name(reason))
}

/// `error` with its `reason` attribute set to `reason`.
pub(crate) fn with_reason(py: Python<'_>, error: PyErr, reason: &str) -> PyErr {
    // Setting an attribute on a fresh exception object cannot fail short of memory
    // exhaustion, and then the exception without it is still the right one to raise.
    let _ = error.value(py).setattr("reason", reason);
    error
}

/// `ValueError` with the error's message.
pub(crate) fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// `TypeError` for an argument of the wrong type: what was expected, and what came.
pub(crate) fn type_error(argument: &str, expected: &str, got: &Bound<'_, PyAny>) -> PyErr {
    let type_name = got
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |name| name.to_string());
    PyTypeError::new_err(format!("{argument} must be {expected}, not {type_name}"))
}
