//! SGF for Python: `tengen.parse_sgf`, `tengen.read_sgf`, `tengen.write_sgf`, and
//! `tengen.SgfGame`, one game record with its replay under the record's rules.

use std::path::PathBuf;

use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyType};
use tengen_core::{move_text, vertex};
use tengen_sgf::{
    Collection, FileError, GameTree, Mode, ReplayOptions, game_to_tree, marked_dead_stones, parse,
    read_file, replay, write,
};

use crate::convert::{Int, color_text};
use crate::errors::{ReplayError, SgfError, type_error, value_error};
use crate::game::PyGame;
use crate::rules::rules_arg;

/// SGF bytes (or text) in the reader's mode.
fn parse_arg(data: &Bound<'_, PyAny>, lenient: bool) -> PyResult<Collection> {
    let mode = if lenient { Mode::Lenient } else { Mode::Strict };
    let parsed = if let Ok(bytes) = data.cast::<PyBytes>() {
        let bytes = bytes.as_bytes();
        data.py().detach(|| parse(bytes, mode))
    } else if let Ok(text) = data.cast::<PyString>() {
        let text = text.to_cow()?;
        data.py().detach(|| parse(text.as_bytes(), mode))
    } else {
        return Err(type_error("SGF data", "bytes or str", data));
    };
    parsed.map_err(|e| SgfError::new_err(e.to_string()))
}

fn collection(parsed: Collection) -> PySgfCollection {
    PySgfCollection {
        games: parsed
            .games
            .into_iter()
            .map(|tree| PySgfGame { tree })
            .collect(),
        warnings: parsed.warnings.iter().map(ToString::to_string).collect(),
        charset: parsed.charset,
    }
}

/// Reads SGF ``data`` (``bytes``, decoded by its ``CA``, byte-order mark or a guess; or
/// ``str``). Strict by default: the first problem raises ``SgfError`` with its line and
/// column. ``lenient=True`` reads what real files hold (a missing ``]`` or ``)``, ``FF[3]``
/// names, text around the games) and lists what it read past in ``warnings``.
///
/// >>> import tengen
/// >>> records = tengen.parse_sgf(b"(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[])")
/// >>> records[0].moves
/// [('black', 'E5'), ('white', 'pass')]
/// >>> tengen.parse_sgf(b"(;FF[4]\n;B[ee")
/// Traceback (most recent call last):
/// ...
/// tengen.SgfError: line 2, column 3: ...
/// >>> len(tengen.parse_sgf(b"(;FF[4]\n;B[ee", lenient=True).warnings)
/// 2
#[pyfunction]
#[pyo3(signature = (data, lenient = false))]
pub(crate) fn parse_sgf(data: &Bound<'_, PyAny>, lenient: bool) -> PyResult<PySgfCollection> {
    parse_arg(data, lenient).map(collection)
}

/// Reads the SGF file at ``path`` (at most 16 MiB, as ``tengen check`` does); errors as
/// ``parse_sgf``, and ``OSError`` for a file that cannot be read.
#[pyfunction]
#[pyo3(signature = (path, lenient = false))]
pub(crate) fn read_sgf(py: Python<'_>, path: PathBuf, lenient: bool) -> PyResult<PySgfCollection> {
    let mode = if lenient { Mode::Lenient } else { Mode::Strict };
    match py.detach(|| read_file(&path, mode)) {
        Ok(parsed) => Ok(collection(parsed)),
        Err(error @ FileError::Io { .. }) => Err(PyOSError::new_err(error.to_string())),
        Err(error) => Err(SgfError::new_err(error.to_string())),
    }
}

/// The SGF text of ``records`` (``SgfGame`` objects), one collection.
#[pyfunction]
pub(crate) fn write_sgf(records: Vec<PyRef<'_, PySgfGame>>) -> String {
    let trees: Vec<GameTree> = records.iter().map(|r| r.tree.clone()).collect();
    write(&trees)
}

/// The games of an SGF text, with what the lenient reader read past. Indexable and
/// iterable like a list of ``SgfGame``.
#[pyclass(module = "tengen", name = "SgfCollection", frozen)]
pub(crate) struct PySgfCollection {
    games: Vec<PySgfGame>,
    /// What the reader read past (lenient mode), and charset guesses, each with its line
    /// and column.
    #[pyo3(get)]
    warnings: Vec<String>,
    /// The charset the bytes were decoded with (``'UTF-8'``, ``'Shift_JIS'``, ...).
    #[pyo3(get)]
    charset: &'static str,
}

#[pymethods]
impl PySgfCollection {
    /// The game records, in file order.
    #[getter]
    fn games(&self) -> Vec<PySgfGame> {
        self.games.clone()
    }

    fn __len__(&self) -> usize {
        self.games.len()
    }

    fn __getitem__(&self, index: isize) -> PyResult<PySgfGame> {
        let len = self.games.len() as isize;
        let at = if index < 0 { index + len } else { index };
        usize::try_from(at)
            .ok()
            .and_then(|i| self.games.get(i))
            .cloned()
            .ok_or_else(|| {
                pyo3::exceptions::PyIndexError::new_err(format!(
                    "game {index} of a collection of {len}"
                ))
            })
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = pyo3::types::PyList::new(py, self.games.clone())?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    fn __repr__(&self) -> String {
        format!(
            "<tengen.SgfCollection {} games, {} warnings>",
            self.games.len(),
            self.warnings.len()
        )
    }
}

/// One SGF game record: its root properties, its main line, and its replay into a
/// ``Game`` under the rules ``RU`` names.
///
/// >>> import tengen
/// >>> record = tengen.SgfGame.from_bytes(b"(;GM[1]FF[4]SZ[9]RU[Japanese]KM[6.5];B[ee];W[ee])")
/// >>> record.size, record.komi, record.rules_name
/// (9, 6.5, 'Japanese')
/// >>> record.replay()
/// Traceback (most recent call last):
/// ...
/// tengen.ReplayError: move 2 (W E5): illegal: occupied
#[pyclass(module = "tengen", name = "SgfGame", frozen, from_py_object)]
#[derive(Clone)]
pub(crate) struct PySgfGame {
    tree: GameTree,
}

fn property_error(error: impl std::fmt::Display) -> PyErr {
    ReplayError::new_err(error.to_string())
}

#[pymethods]
impl PySgfGame {
    /// The first game of SGF ``data`` (sgfmill's ``Sgf_game.from_bytes``).
    #[classmethod]
    #[pyo3(signature = (data, lenient = false))]
    fn from_bytes(
        _cls: &Bound<'_, PyType>,
        data: &Bound<'_, PyAny>,
        lenient: bool,
    ) -> PyResult<PySgfGame> {
        let parsed = parse_arg(data, lenient)?;
        parsed
            .games
            .into_iter()
            .next()
            .map(|tree| PySgfGame { tree })
            .ok_or_else(|| SgfError::new_err("no game tree found"))
    }

    /// The record of ``game``: ``SZ``, ``RU``, ``KM``, ``HA``, ``RE`` when finished, the
    /// setup stones, then one node per move.
    #[classmethod]
    fn from_game(_cls: &Bound<'_, PyType>, game: PyRef<'_, PyGame>) -> PySgfGame {
        PySgfGame {
            tree: game_to_tree(&game.game),
        }
    }

    /// The board size (``SZ``, 19 when absent); ``ReplayError`` for a value no board has.
    #[getter]
    fn size(&self) -> PyResult<u8> {
        self.tree.size().map(|s| s.get()).map_err(property_error)
    }

    /// The komi ``KM`` in points, ``None`` when absent.
    #[getter]
    fn komi(&self) -> PyResult<Option<f64>> {
        Ok(self
            .tree
            .komi()
            .map_err(property_error)?
            .map(|k| k.as_f64()))
    }

    /// The number of handicap stones ``HA`` (0 when absent).
    #[getter]
    fn handicap(&self) -> PyResult<u32> {
        self.tree.handicap().map_err(property_error)
    }

    /// ``RU`` as written, ``None`` when absent.
    #[getter]
    fn rules_name(&self) -> Option<String> {
        self.tree.rules_name().map(str::to_owned)
    }

    /// A root property's first value (``'PB'``, ``'RE'``, ``'DT'``, ...), ``None`` when
    /// absent.
    fn get(&self, identifier: &str) -> Option<String> {
        self.tree
            .node(self.tree.root())
            .value(identifier)
            .map(str::to_owned)
    }

    /// Every root property with its values, in file order.
    fn root_properties(&self) -> Vec<(String, Vec<String>)> {
        self.tree
            .node(self.tree.root())
            .properties()
            .map(|p| (p.id().to_owned(), p.values().map(str::to_owned).collect()))
            .collect()
    }

    /// The nodes of the main line (the first variation at every branch), root first, each
    /// as its list of ``(identifier, values)``.
    fn main_line(&self) -> Vec<Vec<(String, Vec<String>)>> {
        self.tree
            .main_line()
            .map(|node| {
                node.properties()
                    .map(|p| (p.id().to_owned(), p.values().map(str::to_owned).collect()))
                    .collect()
            })
            .collect()
    }

    /// The moves of the main line as ``(color, vertex)``; ``ReplayError`` for a move that is
    /// no point of the board.
    #[getter]
    fn moves(&self) -> PyResult<Vec<(&'static str, String)>> {
        let size = self.tree.size().map_err(property_error)?;
        let mut moves = Vec::new();
        for node in self.tree.main_line() {
            if let Some((color, mv)) = self.tree.move_of(node.id()).map_err(property_error)? {
                moves.push((color_text(color), move_text(mv, size)));
            }
        }
        Ok(moves)
    }

    /// The game of the main line: rules from ``RU`` (``default_rules`` when absent or
    /// unknown, counted by area for a record GoGui wrote without ``RU``, as GoGui counts it;
    /// ``rules`` overrides it), ``KM``, ``HA``, setup stones, then every move
    /// (``moves``: only that many). ``tolerant=True`` keeps moves that only other rules
    /// allow (a ko or superko break, a suicide, a move out of turn). Raises ``ReplayError``.
    #[pyo3(signature = (rules = None, default_rules = None, tolerant = false, moves = None))]
    fn replay(
        &self,
        py: Python<'_>,
        rules: Option<&Bound<'_, PyAny>>,
        default_rules: Option<&Bound<'_, PyAny>>,
        tolerant: bool,
        moves: Option<Int>,
    ) -> PyResult<PyGame> {
        self.replay_with_notes(py, rules, default_rules, tolerant, moves)
            .map(|(game, _)| game)
    }

    /// As ``replay``, with the notes of what the replay went past (unknown ``RU``, a
    /// GoGui record counted by area, moves kept in tolerant mode, resumed play).
    #[pyo3(signature = (rules = None, default_rules = None, tolerant = false, moves = None))]
    fn replay_with_notes(
        &self,
        py: Python<'_>,
        rules: Option<&Bound<'_, PyAny>>,
        default_rules: Option<&Bound<'_, PyAny>>,
        tolerant: bool,
        moves: Option<Int>,
    ) -> PyResult<(PyGame, Vec<String>)> {
        let moves = moves
            .map(|Int(n)| {
                usize::try_from(n)
                    .map_err(|_| value_error(format!("moves must be 0 or more, not {n}")))
            })
            .transpose()?;
        let options = ReplayOptions {
            default_rules: default_rules
                .map(rules_arg)
                .transpose()?
                .unwrap_or_default(),
            rules_override: rules.map(rules_arg).transpose()?,
            tolerant,
            moves,
        };
        let tree = &self.tree;
        let replayed = py
            .detach(|| replay(tree, &options))
            .map_err(|e| ReplayError::new_err(e.to_string()))?;
        let notes = replayed.notes.iter().map(ToString::to_string).collect();
        Ok((
            PyGame {
                game: replayed.game,
            },
            notes,
        ))
    }

    /// The dead stones the record marks (stones inside the other colour's ``TB``/``TW``
    /// territory of its last marked node) in the replayed ``game``.
    fn marked_dead_stones(&self, game: PyRef<'_, PyGame>) -> PyResult<Vec<String>> {
        let points = marked_dead_stones(&self.tree, &game.game).map_err(property_error)?;
        Ok(points
            .iter()
            .map(|&p| vertex(p, game.game.size()))
            .collect())
    }

    /// The record as UTF-8 SGF bytes (sgfmill's ``serialise``).
    fn serialise<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, write(std::slice::from_ref(&self.tree)).as_bytes())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PySgfGame>()
            .is_ok_and(|other| other.get().tree == self.tree)
    }

    /// The record as SGF text.
    fn __str__(&self) -> String {
        write(std::slice::from_ref(&self.tree))
    }

    fn __repr__(&self) -> String {
        format!("<tengen.SgfGame {} nodes>", self.tree.len())
    }
}
