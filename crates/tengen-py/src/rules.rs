//! `tengen.Rules`: a rule set, named in the text form the `tengen` command takes.

use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};
use tengen_core::{KoRule, PRESET_NAMES, Rules, Scoring, Suicide};

use crate::errors::{RulesError, type_error};

/// Rules given as a `Rules` object or its text form (`"japanese,komi=6.5"`).
pub(crate) fn rules_arg(value: &Bound<'_, PyAny>) -> PyResult<Rules> {
    if let Ok(rules) = value.cast::<PyRules>() {
        return Ok(rules.borrow().rules);
    }
    if let Ok(text) = value.cast::<PyString>() {
        return parse_rules(&text.to_cow()?);
    }
    Err(type_error(
        "rules",
        "a tengen.Rules or a text such as 'japanese,komi=6.5'",
        value,
    ))
}

/// The rules of a text form, `RulesError` with the command's message otherwise.
pub(crate) fn parse_rules(text: &str) -> PyResult<Rules> {
    text.parse::<Rules>()
        .map_err(|e| RulesError::new_err(e.to_string()))
}

/// A rule set: a preset (``aga``, ``japanese``, ``chinese``, ``tromp-taylor``) with
/// ``key=value`` changes, in the text form every ``tengen`` command takes
/// (docs/rules.md, "Naming rules").
///
/// >>> import tengen
/// >>> rules = tengen.Rules("japanese,komi=7.5")
/// >>> str(rules), rules.komi, rules.scoring, rules.ko
/// ('japanese,komi=7.5', 7.5, 'territory', 'simple')
/// >>> tengen.Rules.chinese() == tengen.Rules("chinese")
/// True
/// >>> tengen.Rules("klingon")
/// Traceback (most recent call last):
/// ...
/// tengen.RulesError: unknown rules preset "klingon": expected aga, japanese, chinese or tromp-taylor
#[pyclass(module = "tengen", name = "Rules", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyRules {
    pub(crate) rules: Rules,
}

#[pymethods]
impl PyRules {
    /// The rules of a text form such as ``"aga"`` or ``"chinese,komi=6.5"``.
    #[new]
    #[pyo3(signature = (text = "japanese"))]
    fn new(text: &str) -> PyResult<PyRules> {
        Ok(PyRules {
            rules: parse_rules(text)?,
        })
    }

    /// The AGA rules (territory counting with pass stones, situational superko).
    #[classmethod]
    fn aga(_cls: &Bound<'_, PyType>) -> PyRules {
        PyRules {
            rules: Rules::aga(),
        }
    }

    /// The Japanese rules (territory counting, simple ko).
    #[classmethod]
    fn japanese(_cls: &Bound<'_, PyType>) -> PyRules {
        PyRules {
            rules: Rules::japanese(),
        }
    }

    /// The Chinese rules (area counting, positional superko).
    #[classmethod]
    fn chinese(_cls: &Bound<'_, PyType>) -> PyRules {
        PyRules {
            rules: Rules::chinese(),
        }
    }

    /// The Tromp-Taylor rules (area counting, positional superko, multi-stone suicide).
    #[classmethod]
    fn tromp_taylor(_cls: &Bound<'_, PyType>) -> PyRules {
        PyRules {
            rules: Rules::tromp_taylor(),
        }
    }

    /// The preset names: ``['aga', 'japanese', 'chinese', 'tromp-taylor']``.
    #[staticmethod]
    fn presets() -> Vec<&'static str> {
        PRESET_NAMES.to_vec()
    }

    /// Komi of an even game, in points.
    #[getter]
    fn komi(&self) -> f64 {
        self.rules.komi_even.as_f64()
    }

    /// Komi of a handicap game, in points.
    #[getter]
    fn handicap_komi(&self) -> f64 {
        self.rules.komi_handicap.as_f64()
    }

    /// ``'territory'`` or ``'area'``.
    #[getter]
    fn scoring(&self) -> &'static str {
        match self.rules.scoring {
            Scoring::Territory => "territory",
            Scoring::Area => "area",
        }
    }

    /// ``'simple'``, ``'positional'``, ``'situational'`` or ``'capture-positional'``.
    #[getter]
    fn ko(&self) -> &'static str {
        match self.rules.ko {
            KoRule::Simple => "simple",
            KoRule::Positional => "positional",
            KoRule::Situational => "situational",
            KoRule::CapturePositional => "capture-positional",
        }
    }

    /// Whether a move may capture its own chain of two or more stones.
    #[getter]
    fn multi_stone_suicide(&self) -> bool {
        self.rules.suicide == Suicide::MultiStone
    }

    /// One sentence on what these rules are (``tengen gtp --rules`` prints it).
    fn describe(&self) -> String {
        self.rules.describe()
    }

    fn __str__(&self) -> String {
        self.rules.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Rules({:?})", self.rules.to_string())
    }
}
