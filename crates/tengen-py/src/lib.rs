//! The `tengen` Python package: a thin layer of pyo3 over Tengen's crates — the rules
//! (`tengen-core`), SGF (`tengen-sgf`), the dead-stone estimator and the search
//! (`tengen-engine`). No Go rule is decided here: every answer comes from those crates.
//!
//! Built and installed with maturin (`pip install ./crates/tengen-py`); the Python side,
//! its stubs and its tests are in `python/` and `tests/`.

mod arrays;
mod batch;
mod convert;
mod engine;
mod errors;
mod game;
mod rules;
mod score;
mod sgf;

use pyo3::prelude::*;
use tengen_core::{BoardSize, move_text, parse_move};

use crate::convert::{Int, index_move, move_index, size_arg};
use crate::errors::value_error;

/// The action index of GTP ``vertex`` on a board of ``size``: ``row * size + column``, row 0
/// at the top; ``size * size`` for ``'pass'``.
///
/// >>> import tengen
/// >>> tengen.vertex_to_index("A19", 19), tengen.vertex_to_index("pass", 9)
/// (0, 81)
#[pyfunction]
#[pyo3(signature = (vertex, size = Int(19)), text_signature = "(vertex, size=19)")]
fn vertex_to_index(vertex: &str, size: Int) -> PyResult<usize> {
    let size: BoardSize = size_arg(size)?;
    let mv = parse_move(vertex, size).map_err(value_error)?;
    Ok(move_index(mv, size))
}

/// The GTP vertex of action ``index`` on a board of ``size`` (``'pass'`` for
/// ``size * size``).
///
/// >>> import tengen
/// >>> tengen.index_to_vertex(0, 19), tengen.index_to_vertex(80, 9)
/// ('A19', 'J1')
#[pyfunction]
#[pyo3(signature = (index, size = Int(19)), text_signature = "(index, size=19)")]
fn index_to_vertex(index: Int, size: Int) -> PyResult<String> {
    let Int(index) = index;
    let size = size_arg(size)?;
    let area = size.area();
    usize::try_from(index)
        .ok()
        .and_then(|i| index_move(i, size))
        .map(|mv| move_text(mv, size))
        .ok_or_else(|| {
            value_error(format!(
                "move index {index} is off the {size} board: expected 0 to {area} ({area} is a pass)"
            ))
        })
}

/// Go for Python: Tengen's rules, SGF, scoring and engine.
#[pymodule]
fn _tengen(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add_class::<rules::PyRules>()?;
    module.add_class::<game::PyGame>()?;
    module.add_class::<score::PyScore>()?;
    module.add_class::<score::PySideScore>()?;
    module.add_class::<score::PyEstimate>()?;
    module.add_class::<score::PyChain>()?;
    module.add_class::<score::PyGroup>()?;
    module.add_class::<score::PySealing>()?;
    module.add_class::<sgf::PySgfGame>()?;
    module.add_class::<sgf::PySgfCollection>()?;
    module.add_class::<engine::PyEngine>()?;
    module.add_class::<engine::PyAnalysis>()?;
    module.add_class::<engine::PyMoveInfo>()?;
    module.add_class::<batch::PyGameBatch>()?;
    module.add_function(wrap_pyfunction!(sgf::parse_sgf, module)?)?;
    module.add_function(wrap_pyfunction!(sgf::read_sgf, module)?)?;
    module.add_function(wrap_pyfunction!(sgf::write_sgf, module)?)?;
    module.add_function(wrap_pyfunction!(vertex_to_index, module)?)?;
    module.add_function(wrap_pyfunction!(index_to_vertex, module)?)?;
    module.add("IllegalMove", py.get_type::<errors::IllegalMove>())?;
    module.add("SgfError", py.get_type::<errors::SgfError>())?;
    module.add("ReplayError", py.get_type::<errors::ReplayError>())?;
    module.add("RulesError", py.get_type::<errors::RulesError>())?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
