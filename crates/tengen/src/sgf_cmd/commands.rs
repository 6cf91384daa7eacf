//! What `tengen check` and `tengen score` do, written to any output, returning the exit code
//! (so that tests run them on buffers).

use std::io::Write;
use std::path::Path;
use std::str::FromStr;
use tengen_core::vertex;
use tengen_core::{Color, Game, GameResult, HalfPoints, Point, Rules, Score, Scoring};
use tengen_engine::estimate::Sealing;
use tengen_sgf::{
    Collection, GameTree, Mode, RecordedResult, ReplayError, ReplayNote, ReplayOptions, WinBy,
    has_territory_marks, marked_dead_stones, replay,
};

/// Every game readable and legal (check) or scored (score).
pub(crate) const EXIT_OK: i32 = 0;
/// Some move is illegal, or some game cannot be replayed.
pub(crate) const EXIT_ILLEGAL: i32 = 1;
/// Some file cannot be read.
pub(crate) const EXIT_UNREADABLE: i32 = 2;

/// The games of the SGF file at `path` (at most [`tengen_sgf::MAX_FILE_BYTES`] of it is
/// read), or `None` after a line on `err` naming the file and what is wrong.
fn read_file(path: &Path, err: &mut impl Write) -> Option<Collection> {
    let name = path.display();
    match tengen_sgf::read_file(path, Mode::Lenient) {
        Ok(collection) => {
            let shown = collection.warnings.len().min(3);
            for w in &collection.warnings[..shown] {
                let _ = writeln!(err, "{name}: warning: {w}");
            }
            if collection.warnings.len() > shown {
                let more = collection.warnings.len() - shown;
                let _ = writeln!(err, "{name}: {more} more warnings");
            }
            Some(collection)
        }
        Err(e) => {
            let _ = writeln!(err, "{e}");
            None
        }
    }
}

/// Runs `each` on every game of every file, in order, and returns the exit code: the worst of
/// [`EXIT_UNREADABLE`] for a file that cannot be read and [`EXIT_ILLEGAL`] for a game that
/// `each` reports as failed (it returns `false`).
fn each_game<P: AsRef<Path>, E: Write>(
    paths: &[P],
    err: &mut E,
    mut each: impl FnMut(&mut E, &str, usize, &GameTree) -> bool,
) -> i32 {
    let mut code = EXIT_OK;
    for path in paths {
        let path = path.as_ref();
        let Some(collection) = read_file(path, err) else {
            code = code.max(EXIT_UNREADABLE);
            continue;
        };
        let name = path.display().to_string();
        for (i, tree) in collection.games.iter().enumerate() {
            if !each(err, &name, i + 1, tree) {
                code = code.max(EXIT_ILLEGAL);
            }
        }
    }
    code
}

fn describe(e: &ReplayError) -> String {
    match e {
        // "game 1, move 57 (W Q4): illegal: ko"
        ReplayError::Illegal { .. } => format!(", {e}"),
        _ => format!(": {e}"),
    }
}

/// `tengen check FILE...`: reads every game of every file and replays its main line under the
/// rules its `RU` names (Japanese when absent or unknown). One line per problem, such as
/// `game.sgf: game 1, move 57 (W Q4): illegal: ko`, and one `ok` line per legal game.
///
/// Returns [`EXIT_OK`] when every game is readable and legal, [`EXIT_ILLEGAL`] when some move
/// is illegal, [`EXIT_UNREADABLE`] when some file cannot be read (the worst wins).
pub(crate) fn check_command<P: AsRef<Path>>(
    paths: &[P],
    out: &mut impl Write,
    err: &mut impl Write,
) -> i32 {
    each_game(paths, err, |_, name, number, tree| {
        match replay(tree, &ReplayOptions::default()) {
            Ok(r) => {
                for note in &r.notes {
                    let _ = writeln!(out, "{name}: game {number}: note: {note}");
                }
                let _ = writeln!(
                    out,
                    "{name}: game {number}: ok ({} moves, {})",
                    r.game.moves().len(),
                    r.game.rules()
                );
                true
            }
            Err(e) => {
                let _ = writeln!(out, "{name}: game {number}{}", describe(&e));
                false
            }
        }
    })
}

/// Which stones `score` takes as dead.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) enum DeadStones {
    /// [`DeadStones::Marked`] for a record with territory marks, [`DeadStones::Auto`]
    /// for one without.
    #[default]
    MarkedOrAuto,
    /// The stones inside the other colour's territory marks (`TB`/`TW`) of the last marked
    /// node of the main line.
    Marked,
    /// The stones an [`Estimator`] finds dead (every stone alive when there is none).
    Auto,
    /// None: every stone on the board is alive.
    None,
}

impl DeadStones {
    /// The name `--dead` takes and the JSON prints.
    #[must_use]
    pub(crate) fn name(self) -> &'static str {
        match self {
            DeadStones::MarkedOrAuto => "marked-or-auto",
            DeadStones::Marked => "marked",
            DeadStones::Auto => "auto",
            DeadStones::None => "none",
        }
    }
}

impl FromStr for DeadStones {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(DeadStones::Auto),
            "marked" => Ok(DeadStones::Marked),
            "none" => Ok(DeadStones::None),
            other => Err(format!("--dead takes auto, marked or none, not {other:?}")),
        }
    }
}

/// What an automatic estimator proposes for the final position of a game: the dead stones,
/// the count that follows from them under the game's rules, and remarks for the reader
/// (`uncertain: C3 group`, `stopped early`).
#[derive(Clone, Debug)]
pub(crate) struct AutoDead {
    /// The stones it finds dead.
    pub dead: Vec<Point>,
    /// The count with them.
    pub score: Score,
    /// What the reader should know about the estimate.
    pub notes: Vec<String>,
    /// Every group's status and why (empty for an estimator that does not say).
    pub groups: Vec<GroupWhy>,
    /// The open boundaries that need a sealing move.
    pub sealing: Vec<Sealing>,
}

/// One group of the estimate, explained.
#[derive(Clone, Debug)]
pub(crate) struct GroupWhy {
    pub color: Color,
    /// `alive`, `dead` or `seki`.
    pub status: &'static str,
    /// Its stones, row by row.
    pub stones: Vec<Point>,
    /// The reason's name ([`tengen_engine::estimate::Reason::name`]).
    pub reason: &'static str,
    /// The reason in words.
    pub why: String,
    /// The reading's line, one move a string (`W B9`), if the reason has one.
    pub line: Vec<String>,
    /// Why its status depends on who moves first, if it does.
    pub unsettled: Option<String>,
    /// The estimator could not decide it (a best guess).
    pub uncertain: bool,
}

/// The automatic dead-stone estimator `score` calls for [`DeadStones::Auto`]: passed in, so
/// that tests can count with a stand-in whose answer they know.
pub(crate) type Estimator<'a> = &'a dyn Fn(&Game) -> AutoDead;

/// A game counted by [`score_tree`].
#[derive(Clone, Debug)]
pub(crate) struct Scored {
    /// The game at the end of its main line.
    pub game: Game,
    /// The stones taken as dead, row by row.
    pub dead: Vec<Point>,
    /// The count.
    pub score: Score,
    /// Where the dead stones came from: marked, auto or none.
    pub method: DeadStones,
    /// Remarks of the estimator.
    pub notes: Vec<String>,
    /// The estimator's groups with their reasons (empty unless it estimated).
    pub groups: Vec<GroupWhy>,
    /// The open boundaries the estimator found.
    pub sealing: Vec<Sealing>,
    /// What the reader should check: the count differs from the record's `RE`, or the komi
    /// is the rules' because the record has no `KM`.
    pub warnings: Vec<String>,
}

/// The warnings of [`Scored::warnings`] for `tree`, replayed to `game` and counted `score`.
fn record_warnings(tree: &GameTree, game: &Game, score: &Score) -> Vec<String> {
    let mut warnings = Vec::new();
    let recorded = tree.node(tree.root()).value("RE");
    if let Some(re) = recorded {
        let agrees = match RecordedResult::parse(re) {
            RecordedResult::Win {
                winner,
                by: WinBy::Score(points),
            } => {
                score.result.winner() == Some(winner)
                    && f64::from(score.margin_half_points().unsigned_abs()) == 2.0 * points
            }
            RecordedResult::Win {
                winner,
                by: WinBy::Unspecified,
            } => score.result.winner() == Some(winner),
            RecordedResult::Draw => score.result == GameResult::Jigo,
            // Resignation, time, forfeit, void, unknown: no count to compare with.
            _ => true,
        };
        if !agrees {
            warnings.push(format!(
                "the count {} differs from the recorded RE[{re}]",
                score.result.to_sgf()
            ));
        }
    }
    if !matches!(tree.komi(), Ok(Some(_))) {
        warnings.push(format!(
            "no KM in the record: counted with komi {} of {}",
            game.komi(),
            game.rules()
        ));
    }
    warnings
}

/// Options of `tengen score`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ScoreOptions {
    /// Rules for every game instead of its `RU`.
    pub rules: Option<Rules>,
    /// Which stones are dead.
    pub dead: DeadStones,
    /// One JSON object per game instead of text.
    pub json: bool,
    /// Every group's status and reason after the count (text output).
    pub explain: bool,
}

/// Replays a record tolerantly and scores its final position with the dead stones `dead`
/// names, asking `estimator` for [`DeadStones::Auto`].
///
/// # Errors
/// As `replay` in tolerant mode, and `marked_dead_stones`.
pub(crate) fn score_tree(
    tree: &GameTree,
    rules: Option<Rules>,
    dead: DeadStones,
    estimator: Option<Estimator<'_>>,
) -> Result<Scored, ReplayError> {
    let options = ReplayOptions {
        rules_override: rules,
        tolerant: true,
        ..ReplayOptions::default()
    };
    let replayed = replay(tree, &options)?;
    // How the rules were chosen is part of the count; moves kept by the tolerant replay are
    // `tengen check`'s to report.
    let rules_notes = replayed.notes.iter().filter(|note| {
        matches!(
            note,
            ReplayNote::UnknownRules { .. } | ReplayNote::CountedAsApplication { .. }
        )
    });
    let mut warnings: Vec<String> = rules_notes.map(ToString::to_string).collect();
    let game = replayed.game;
    let method = match dead {
        DeadStones::MarkedOrAuto if has_territory_marks(tree) => DeadStones::Marked,
        DeadStones::MarkedOrAuto => DeadStones::Auto,
        other => other,
    };
    let (dead, score, notes, groups, sealing) = match (method, estimator) {
        (DeadStones::Marked, _) => {
            let dead = marked_dead_stones(tree, &game)?;
            let score = game.score_as_ended(&dead);
            (dead, score, Vec::new(), Vec::new(), Vec::new())
        }
        (DeadStones::Auto, Some(estimate)) => {
            let auto = estimate(&game);
            (auto.dead, auto.score, auto.notes, auto.groups, auto.sealing)
        }
        _ => (
            Vec::new(),
            game.score_as_ended(&[]),
            Vec::new(),
            Vec::new(),
            Vec::new(),
        ),
    };
    let method = if method == DeadStones::Auto && estimator.is_none() {
        DeadStones::None
    } else {
        method
    };
    warnings.extend(record_warnings(tree, &game, &score));
    Ok(Scored {
        game,
        dead,
        score,
        method,
        notes,
        groups,
        sealing,
        warnings,
    })
}

/// Half points as the JSON number the text shows (`6.5`, `3`: never `3.0`).
fn half(h: i32) -> serde_json::Value {
    HalfPoints(h)
        .to_string()
        .parse()
        .map_or(serde_json::Value::Null, serde_json::Value::Number)
}

fn score_json(file: &str, number: usize, tree: &GameTree, scored: &Scored) -> serde_json::Value {
    let (game, dead, score) = (&scored.game, &scored.dead, &scored.score);
    let size = game.size();
    let side = |c: Color| {
        let s = score.sides.get(c);
        serde_json::json!({
            "territory": s.territory,
            "stones": s.stones,
            "captures": s.captures,
            "dead": s.dead,
            "prisoners": s.prisoners(),
            "pass_stones": s.pass_stones,
            "komi": half(s.komi_half_points),
            "compensation": s.compensation,
            "total": half(s.total_half_points),
        })
    };
    serde_json::json!({
        "file": file,
        "game": number,
        "rules": game.rules().to_string(),
        "scoring": match score.scoring { Scoring::Area => "area", Scoring::Territory => "territory" },
        "size": size.get(),
        "komi": half(i32::from(game.komi().half_points())),
        "handicap": game.handicap(),
        "moves": game.moves().len(),
        "result": score.result.to_sgf(),
        "margin": half(score.margin_half_points()),
        "recorded_result": tree.node(tree.root()).value("RE"),
        "black": side(Color::Black),
        "white": side(Color::White),
        "dead_stones": dead.iter().map(|&p| vertex(p, size)).collect::<Vec<_>>(),
        "dead_method": scored.method.name(),
        "notes": scored.notes,
        "warnings": scored.warnings,
        "groups": scored.groups.iter().map(|g| serde_json::json!({
            "color": g.color.letter().to_string(),
            "status": g.status,
            "stones": g.stones.iter().map(|&p| vertex(p, size)).collect::<Vec<_>>(),
            "reason": g.reason,
            "why": g.why,
            "line": g.line,
            "unsettled": g.unsettled,
            "uncertain": g.uncertain,
        })).collect::<Vec<_>>(),
        "needs_sealing": scored.sealing.iter().map(|s| serde_json::json!({
            "color": s.color.letter().to_string(),
            "points": s.points.iter().map(|&p| vertex(p, size)).collect::<Vec<_>>(),
            "encloses": s.encloses.iter().map(|&p| vertex(p, size)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "finished": scored.sealing.is_empty()
            && scored.groups.iter().all(|g| g.unsettled.is_none()),
    })
}

/// The `--explain` lines of a counted game: every group with its status and reason, what
/// needs sealing; or why there is nothing to explain.
fn explanation(scored: &Scored) -> Vec<String> {
    let size = scored.game.size();
    let mut lines = Vec::new();
    if scored.groups.is_empty() {
        lines.push(format!(
            "  (no estimate to explain: the dead stones are {}; --dead auto asks the estimator)",
            scored.method.name()
        ));
        return lines;
    }
    for g in &scored.groups {
        let stones: Vec<String> = g.stones.iter().map(|&p| vertex(p, size)).collect();
        lines.push(format!(
            "  {} {} {}: {}{}{}",
            g.color,
            if g.stones.len() == 1 {
                "stone"
            } else {
                "group"
            },
            stones.join(" "),
            g.status,
            if g.uncertain { " (uncertain)" } else { "" },
            format_args!(" — {}", g.why)
        ));
        if let Some(unsettled) = &g.unsettled {
            lines.push(format!("    not finished: {unsettled}"));
        }
    }
    for s in &scored.sealing {
        let points: Vec<String> = s.points.iter().map(|&p| vertex(p, size)).collect();
        let encloses: Vec<String> = s.encloses.iter().map(|&p| vertex(p, size)).collect();
        lines.push(format!(
            "  needs sealing: {} at {}; until then {} count as dame (then {}'s territory)",
            s.color,
            points.join(" "),
            encloses.join(" "),
            s.color
        ));
    }
    lines
}

/// `tengen score FILE... [--rules SPEC] [--dead auto|marked|none] [--json]`: replays each game
/// to its end (tolerantly: moves only another rule set forbids are accepted) and prints the
/// result and its breakdown — territory, stones, prisoners, pass stones, komi, compensation,
/// dead stones and where they came from — as text, or one JSON object per line with
/// `--json`. The dead stones are the record's territory marks, or `estimator`'s for a record
/// without marks (or for every record with `--dead auto`). A warning on `err` (and in the
/// JSON's `warnings`) says when the count differs from the record's `RE`, and when the
/// record has no `KM`, so that the rules' komi was used.
///
/// Returns [`EXIT_OK`] when every game was scored, [`EXIT_ILLEGAL`] when some game cannot be
/// replayed, [`EXIT_UNREADABLE`] when some file cannot be read (the worst wins).
pub(crate) fn score_command<P: AsRef<Path>>(
    paths: &[P],
    options: &ScoreOptions,
    estimator: Option<Estimator<'_>>,
    out: &mut impl Write,
    err: &mut impl Write,
) -> i32 {
    each_game(paths, err, |err, name, number, tree| {
        match score_tree(tree, options.rules, options.dead, estimator) {
            Ok(scored) => {
                for warning in &scored.warnings {
                    let _ = writeln!(err, "{name}: game {number}: warning: {warning}");
                }
                if options.json {
                    let value = score_json(name, number, tree, &scored);
                    let _ = writeln!(out, "{value}");
                } else {
                    let (game, dead, score) = (&scored.game, &scored.dead, &scored.score);
                    let size = game.size();
                    let dead_text: Vec<String> = dead.iter().map(|&p| vertex(p, size)).collect();
                    let _ = writeln!(
                        out,
                        "{name}: game {number}: {} [{}; {} dead: {} ({})]{}{}",
                        score.breakdown(),
                        game.rules(),
                        dead.len(),
                        if dead_text.is_empty() {
                            "-".to_owned()
                        } else {
                            dead_text.join(" ")
                        },
                        scored.method.name(),
                        tree.node(tree.root())
                            .value("RE")
                            .map(|re| format!(" (recorded RE[{re}])"))
                            .unwrap_or_default(),
                        scored
                            .notes
                            .iter()
                            .map(|n| format!("; {n}"))
                            .collect::<String>()
                    );
                    if options.explain {
                        for line in explanation(&scored) {
                            let _ = writeln!(out, "{line}");
                        }
                    }
                }
                true
            }
            Err(e) => {
                let _ = writeln!(err, "{name}: game {number}{}", describe(&e));
                false
            }
        }
    })
}

#[cfg(test)]
mod tests;
