//! The `tengen check` and `tengen score` commands, as library functions that write to any
//! output and return the exit code.

use crate::parse::{Collection, Mode, parse};
use crate::replay::{ReplayError, ReplayOptions, gtp_point, replay};
use crate::tree::GameTree;
use std::io::Write;
use std::path::Path;
use std::str::FromStr;
use tengen_core::{Color, Game, Point, Rules, Score, Scoring};

/// Every game readable and legal (check) or scored (score).
pub const EXIT_OK: i32 = 0;
/// Some move is illegal, or some game cannot be replayed.
pub const EXIT_ILLEGAL: i32 = 1;
/// Some file cannot be read.
pub const EXIT_UNREADABLE: i32 = 2;

fn read_file(path: &Path, err: &mut impl Write) -> Option<Collection> {
    let name = path.display();
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) => {
            let _ = writeln!(err, "{name}: cannot read: {e}");
            return None;
        }
    };
    match parse(&bytes, Mode::Lenient) {
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
            let _ = writeln!(err, "{name}: not a readable SGF file: {e}");
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
pub fn check_command<P: AsRef<Path>>(
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
pub enum DeadStones {
    /// The stones inside the other colour's territory marks (`TB`/`TW`) of the last marked
    /// node of the main line.
    Marked,
    /// None: every stone on the board is alive.
    #[default]
    None,
}

impl FromStr for DeadStones {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "marked" => Ok(DeadStones::Marked),
            "none" => Ok(DeadStones::None),
            other => Err(format!("--dead takes marked or none, not {other:?}")),
        }
    }
}

/// Options of `tengen score`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoreOptions {
    /// Rules for every game instead of its `RU`.
    pub rules: Option<Rules>,
    /// Which stones are dead.
    pub dead: DeadStones,
    /// One JSON object per game instead of text.
    pub json: bool,
}

/// The stones lying inside the other colour's territory marks of the last marked node.
///
/// # Errors
/// A `TB`/`TW` value that is not a point of the board.
pub fn marked_dead_stones(tree: &GameTree, game: &Game) -> Result<Vec<Point>, ReplayError> {
    let marked = tree
        .main_line()
        .filter(|n| n.get("TB").is_some() || n.get("TW").is_some())
        .last();
    let Some(node) = marked else {
        return Ok(Vec::new());
    };
    let territory = tree.territory(node.id())?;
    let board = game.board();
    let mut dead = Vec::new();
    for (owner, points) in [
        (Color::Black, &territory.black),
        (Color::White, &territory.white),
    ] {
        dead.extend(
            points
                .iter()
                .filter(|&&p| board.get(p) == Some(owner.other())),
        );
    }
    dead.sort();
    dead.dedup();
    Ok(dead)
}

/// Replays a record tolerantly and scores its final position.
///
/// # Errors
/// As [`replay`] in tolerant mode, and [`marked_dead_stones`].
pub fn score_tree(
    tree: &GameTree,
    rules: Option<Rules>,
    dead: DeadStones,
) -> Result<(Game, Vec<Point>, Score), ReplayError> {
    let options = ReplayOptions {
        rules_override: rules,
        tolerant: true,
        ..ReplayOptions::default()
    };
    let r = replay(tree, &options)?;
    let dead_points = match dead {
        DeadStones::Marked => marked_dead_stones(tree, &r.game)?,
        DeadStones::None => Vec::new(),
    };
    let score = r.game.score_as_ended(&dead_points);
    Ok((r.game, dead_points, score))
}

fn half(h: i32) -> serde_json::Value {
    if h % 2 == 0 {
        serde_json::json!(h / 2)
    } else {
        serde_json::json!(f64::from(h) / 2.0)
    }
}

fn score_json(
    file: &str,
    number: usize,
    tree: &GameTree,
    game: &Game,
    dead: &[Point],
    score: &Score,
) -> serde_json::Value {
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
        "dead_stones": dead.iter().map(|&p| gtp_point(p, size)).collect::<Vec<_>>(),
    })
}

/// `tengen score FILE... [--rules SPEC] [--dead marked|none] [--json]`: replays each game to
/// its end (tolerantly: moves only another rule set forbids are accepted) and prints the
/// result and its breakdown — territory, stones, prisoners, pass stones, komi, compensation,
/// dead stones — as text, or one JSON object per line with `--json`.
///
/// Returns [`EXIT_OK`] when every game was scored, [`EXIT_ILLEGAL`] when some game cannot be
/// replayed, [`EXIT_UNREADABLE`] when some file cannot be read (the worst wins).
pub fn score_command<P: AsRef<Path>>(
    paths: &[P],
    options: &ScoreOptions,
    out: &mut impl Write,
    err: &mut impl Write,
) -> i32 {
    each_game(paths, err, |err, name, number, tree| {
        match score_tree(tree, options.rules, options.dead) {
            Ok((game, dead, score)) => {
                if options.json {
                    let value = score_json(name, number, tree, &game, &dead, &score);
                    let _ = writeln!(out, "{value}");
                } else {
                    let size = game.size();
                    let dead_text: Vec<String> = dead.iter().map(|&p| gtp_point(p, size)).collect();
                    let _ = writeln!(
                        out,
                        "{name}: game {number}: {} [{}; {} dead: {}]{}",
                        score.breakdown(),
                        game.rules(),
                        dead.len(),
                        if dead_text.is_empty() {
                            "-".to_owned()
                        } else {
                            dead_text.join(" ")
                        },
                        tree.node(tree.root())
                            .value("RE")
                            .map(|re| format!(" (recorded RE[{re}])"))
                            .unwrap_or_default()
                    );
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
