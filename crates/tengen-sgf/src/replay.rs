//! Game records and [`Game`]s: replaying the main line under the rules `RU` names, and
//! writing a game as SGF.

use crate::error::PropertyError;
use crate::go::point_text;
use crate::tree::{GameTree, Node, NodeId};
use std::fmt;
use tengen_core::{
    Color, Game, HandicapBonus, IllegalMove, Move, Phase, Point, Replayed, Rules, Scoring, Setup,
    SetupError, Tolerance, move_text,
};

/// The short name of why a move is illegal: `ko`, `superko`, `suicide`, `occupied`, ...
pub(crate) fn reason_name(reason: IllegalMove) -> String {
    match reason {
        IllegalMove::Occupied => "occupied".to_owned(),
        IllegalMove::Suicide => "suicide".to_owned(),
        IllegalMove::Ko => "ko".to_owned(),
        IllegalMove::Superko => "superko".to_owned(),
        IllegalMove::OffBoard => "off the board".to_owned(),
        IllegalMove::GameOver => "the game is over".to_owned(),
        IllegalMove::NotYourTurn => "not this player's turn".to_owned(),
        other => other.to_string(),
    }
}

/// The rules an `RU` text names: the SGF names (`AGA`, `Japanese`, `Chinese`, `NZ`,
/// `New Zealand`, `GOE`, `Ing`, `Tromp-Taylor`, `TT`; trailing punctuation ignored, as in
/// CGOS's `TT--`), or Tengen's own text form
/// (`aga,scoring=area`). `None` for anything else.
///
/// New Zealand and Ing (GOE) rules count area and allow multi-stone suicide: they are read as
/// Tromp-Taylor.
///
/// ```
/// use tengen_core::Rules;
/// assert_eq!(tengen_sgf::rules_for_ru("Japanese"), Some(Rules::japanese()));
/// assert_eq!(tengen_sgf::rules_for_ru("NZ"), Some(Rules::tromp_taylor()));
/// assert_eq!(tengen_sgf::rules_for_ru("TT--"), Some(Rules::tromp_taylor()));
/// assert_eq!(tengen_sgf::rules_for_ru("chinese,komi=6.5").map(|r| r.to_string()).as_deref(), Some("chinese,komi=6.5"));
/// assert_eq!(tengen_sgf::rules_for_ru("Klingon"), None);
/// ```
#[must_use]
pub fn rules_for_ru(ru: &str) -> Option<Rules> {
    // Servers decorate the name: CGOS writes `TT--` for Tromp-Taylor.
    let name = ru
        .trim()
        .trim_end_matches(|c: char| c.is_ascii_punctuation())
        .to_ascii_lowercase();
    match name.as_str() {
        "aga" | "american" => Some(Rules::aga()),
        "japanese" | "jp" | "japan" => Some(Rules::japanese()),
        // Korean rules count territory and leave a seki's eyes uncounted, as JP-9 does.
        "korean" | "kr" | "korea" => Some(Rules::japanese()),
        "chinese" | "cn" | "china" => Some(Rules::chinese()),
        "tromp-taylor" | "tromp taylor" | "tromptaylor" | "tt" => Some(Rules::tromp_taylor()),
        "nz" | "new zealand" | "newzealand" | "goe" | "ing" => Some(Rules::tromp_taylor()),
        _ => name.parse::<Rules>().ok(),
    }
}

/// The `RU` text of `rules`, which [`rules_for_ru`] reads back: a preset by its usual SGF
/// name (`AGA`, `Japanese`, `Chinese`, `Tromp-Taylor`), other rules in Tengen's text form.
///
/// ```
/// use tengen_core::Rules;
/// use tengen_sgf::{ru_for_rules, rules_for_ru};
/// assert_eq!(ru_for_rules(&Rules::japanese()), "Japanese");
/// let area: Rules = "aga,scoring=area".parse().unwrap();
/// assert_eq!(ru_for_rules(&area), "aga,scoring=area");
/// assert_eq!(rules_for_ru(&ru_for_rules(&area)), Some(area));
/// ```
#[must_use]
pub fn ru_for_rules(rules: &Rules) -> String {
    [
        (Rules::aga(), "AGA"),
        (Rules::japanese(), "Japanese"),
        (Rules::chinese(), "Chinese"),
        (Rules::tromp_taylor(), "Tromp-Taylor"),
    ]
    .into_iter()
    .find(|(preset, _)| preset == rules)
    .map_or_else(|| rules.to_string(), |(_, name)| name.to_owned())
}

/// How to replay a record. The default: Japanese rules when `RU` is absent or unknown, no
/// override, not tolerant, every move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplayOptions {
    /// The rules when `RU` is absent or unknown.
    pub default_rules: Rules,
    /// Rules for the game whatever `RU` says.
    pub rules_override: Option<Rules>,
    /// Accept moves that only another rule set forbids (ko, superko, suicide, a move out of
    /// turn), noting each one.
    pub tolerant: bool,
    /// Replay only the record's first moves (GTP `loadsgf FILE N` stops before move N).
    pub moves: Option<usize>,
}

/// Something a replay went past.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReplayNote {
    /// `RU` names rules this reader does not know; the default applied.
    UnknownRules {
        /// The `RU` text.
        ru: String,
        /// The rules used instead.
        used: Rules,
    },
    /// A move the rules forbid, played anyway in tolerant mode.
    Tolerated {
        /// The move number (1 for the first move; passes count).
        number: usize,
        /// Who played it.
        color: Color,
        /// Its GTP coordinate.
        coordinate: String,
        /// The rule it breaks.
        reason: IllegalMove,
    },
    /// `RU` is absent and the program that wrote the record (`AP`) counts such a record by
    /// area: the default rules applied, counted as that program counts.
    CountedAsApplication {
        /// The program, as `AP` names it.
        application: String,
        /// The rules used.
        used: Rules,
    },
    /// Play went on after the game had stopped (two passes): play was resumed.
    Resumed {
        /// The move number.
        number: usize,
    },
}

impl fmt::Display for ReplayNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayNote::UnknownRules { ru, used } => {
                write!(f, "unknown rules RU[{ru}]: replayed under {used}")
            }
            ReplayNote::Tolerated {
                number,
                color,
                coordinate,
                reason,
            } => write!(
                f,
                "move {number} ({} {coordinate}) accepted although illegal under these rules: {}",
                color.letter(),
                reason_name(*reason)
            ),
            ReplayNote::CountedAsApplication { application, used } => write!(
                f,
                "no RU: counted by area as {application}, which wrote the record, counts a \
                 record without RU (replayed under {used})"
            ),
            ReplayNote::Resumed { number } => {
                write!(f, "move {number}: play resumed after two passes")
            }
        }
    }
}

/// Why a record cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ReplayError {
    /// A property value that is not what it must be (`SZ`, `KM`, `HA`, a move, a setup point).
    #[error("{0}")]
    Property(#[from] PropertyError),
    /// The setup stones are not a position.
    #[error("setup: {0}")]
    Setup(#[from] SetupError),
    /// `HA` without `AB`, and the board does not take that many fixed handicap stones.
    #[error("handicap HA[{handicap}]: {why}")]
    Handicap {
        /// The handicap.
        handicap: u32,
        /// Why it cannot be placed.
        why: String,
    },
    /// Setup stones (`AB`/`AW`/`AE`) after the first move.
    #[error("node {node}: setup stones after the first move are not replayed")]
    SetupAfterMoves {
        /// The node's number on the main line (1 = root).
        node: usize,
    },
    /// An illegal move.
    #[error("move {number} ({} {coordinate}): illegal: {}", .color.letter(), reason_name(*.reason))]
    Illegal {
        /// The move number (1 for the first move; passes count).
        number: usize,
        /// Who played it.
        color: Color,
        /// The move.
        mv: Move,
        /// Its GTP coordinate, such as `Q4`.
        coordinate: String,
        /// Why it is illegal.
        reason: IllegalMove,
    },
}

/// A replayed record.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The game after the last move of the main line.
    pub game: Game,
    /// The last node of the main line.
    pub last_node: NodeId,
    /// What the replay went past.
    pub notes: Vec<ReplayNote>,
}

/// The rules of a record: the override, `RU`, or the default (with a note).
fn rules_of(tree: &GameTree, options: &ReplayOptions, notes: &mut Vec<ReplayNote>) -> Rules {
    if let Some(rules) = options.rules_override {
        return rules;
    }
    match tree.rules_name() {
        None => rules_of_application(tree, options.default_rules, notes),
        Some(ru) if ru.trim().is_empty() => {
            rules_of_application(tree, options.default_rules, notes)
        }
        Some(ru) => rules_for_ru(ru).unwrap_or_else(|| {
            notes.push(ReplayNote::UnknownRules {
                ru: ru.to_owned(),
                used: options.default_rules,
            });
            options.default_rules
        }),
    }
}

/// The rules of a record without `RU`: `default`, counted as the program that wrote it
/// (`AP`) counts. GoGui (and its tools, such as `gogui-twogtp`), through which the Computer Olympiads and many program-against-program
/// matches were played, counts a record by area unless its `RU` is "Japanese"
/// (`GameInfo.parseRules`): every point of a colour's living stones and of the empty regions
/// they alone surround, seki eyes included, less komi, with no handicap compensation.
fn rules_of_application(tree: &GameTree, default: Rules, notes: &mut Vec<ReplayNote>) -> Rules {
    let Some(application) = tree.root_value("AP") else {
        return default;
    };
    let name = application.split(':').next().unwrap_or_default().trim();
    // GoGui itself, and its tools (`gogui-twogtp`, which plays program against program).
    let lower = name.to_ascii_lowercase();
    if lower != "gogui" && !lower.starts_with("gogui-") {
        return default;
    }
    let used = Rules {
        scoring: Scoring::Area,
        handicap_bonus: HandicapBonus::None,
        seki_territory: true,
        ..default
    };
    if used != default {
        notes.push(ReplayNote::CountedAsApplication {
            application: name.to_owned(),
            used,
        });
    }
    used
}

fn has_setup(tree: &GameTree, node: NodeId) -> bool {
    let n = tree.node(node);
    ["AB", "AW", "AE"].iter().any(|id| n.get(id).is_some())
}

/// Replays the main line of `tree` into a [`Game`]: rules from `RU` (see [`rules_for_ru`]),
/// komi from `KM`, handicap from `HA` (stones from `AB`, or the fixed placement when there is
/// no `AB`), setup stones before the first move, then every move. Passes after the end
/// (two passes) are skipped; a stone played after the end resumes play.
///
/// ```
/// use tengen_sgf::{parse, replay, Mode, ReplayError, ReplayOptions};
/// let tree = parse(b"(;SZ[9]RU[Japanese]KM[6.5];B[ee];W[ee])", Mode::Strict)?.games.remove(0);
/// let err = replay(&tree, &ReplayOptions::default()).unwrap_err();
/// assert_eq!(err.to_string(), "move 2 (W E5): illegal: occupied");
/// # Ok::<(), tengen_sgf::SgfError>(())
/// ```
///
/// # Errors
/// [`ReplayError`] for a value that is not what its property requires, a setup that is not a
/// position, or an illegal move (in tolerant mode: only a move no rule set allows).
pub fn replay(tree: &GameTree, options: &ReplayOptions) -> Result<Replay, ReplayError> {
    let mut notes = Vec::new();
    let rules = rules_of(tree, options, &mut notes);
    let size = tree.size()?;
    let handicap = tree.handicap()?;

    // Setup: every node of the main line before the first move.
    let line: Vec<NodeId> = tree.main_line().map(|n| n.id()).collect();
    let mut stones: Vec<Option<Color>> = vec![None; size.area()];
    let mut first_move_node = line.len();
    let mut to_move = None;
    for (i, &node) in line.iter().enumerate() {
        for (p, color) in tree.setup_stones(node)? {
            stones[usize::from(p.y) * usize::from(size.get()) + usize::from(p.x)] = color;
        }
        if let Some(pl) = tree.player_to_move(node)? {
            to_move = Some(pl);
        }
        if tree.move_of(node)?.is_some() {
            first_move_node = i;
            break;
        }
    }
    let setup_stones: Vec<(Point, Color)> = size
        .points()
        .zip(&stones)
        .filter_map(|(p, c)| c.map(|c| (p, c)))
        .collect();
    let first_mover = line
        .get(first_move_node)
        .and_then(|&n| tree.move_of(n).ok().flatten())
        .map(|(c, _)| c);
    let handicap_u8 = u8::try_from(handicap).unwrap_or(u8::MAX);
    let mut game = if setup_stones.is_empty() && handicap >= 2 {
        Game::with_handicap(size, rules, handicap).map_err(|e| ReplayError::Handicap {
            handicap,
            why: e.to_string(),
        })?
    } else if setup_stones.is_empty() && handicap < 2 {
        let mut game = Game::new(size, rules);
        if handicap == 1 {
            game = Game::with_handicap(size, rules, 1).map_err(|e| ReplayError::Handicap {
                handicap,
                why: e.to_string(),
            })?;
        }
        let wanted = to_move.or(first_mover).unwrap_or(Color::Black);
        if wanted != game.to_move() {
            game = Game::from_setup(
                &Setup {
                    size,
                    stones: Vec::new(),
                    to_move: wanted,
                    handicap: handicap_u8,
                },
                rules,
            )?;
        }
        game
    } else {
        let default_to_move = if handicap >= 2 {
            Color::White
        } else {
            Color::Black
        };
        Game::from_setup(
            &Setup {
                size,
                stones: setup_stones,
                to_move: to_move.or(first_mover).unwrap_or(default_to_move),
                handicap: handicap_u8,
            },
            rules,
        )?
    };
    if let Some(komi) = tree.komi()? {
        game.set_komi(komi);
    }

    // Passes after the last stone move only close the game; a pass before a later stone
    // move, in the scoring phase, is the first move of resumed play (JP-8: the opponent of
    // the player who asked may pass at once).
    let mut last_stone_move = None;
    for (i, &node) in line.iter().enumerate().skip(first_move_node) {
        if matches!(tree.move_of(node), Ok(Some((_, Move::Play(_))))) {
            last_stone_move = Some(i);
        }
    }
    let tolerance = if options.tolerant {
        Tolerance::Board
    } else {
        Tolerance::Strict
    };
    let mut number = 0;
    let mut last_node = line.first().copied().unwrap_or(tree.root());
    for (i, &node) in line.iter().enumerate().skip(first_move_node) {
        if i > first_move_node && has_setup(tree, node) {
            return Err(ReplayError::SetupAfterMoves { node: i + 1 });
        }
        let Some((color, mv)) = tree.move_of(node)? else {
            last_node = node;
            continue;
        };
        if options.moves.is_some_and(|limit| number >= limit) {
            break;
        }
        last_node = node;
        number += 1;
        let trailing = last_stone_move.is_none_or(|last| i > last);
        if game.phase() != Phase::Playing && mv == Move::Pass && trailing {
            continue;
        }
        let replayed =
            game.replay_move(color, mv, tolerance)
                .map_err(|reason| ReplayError::Illegal {
                    number,
                    color,
                    mv,
                    coordinate: move_text(mv, size),
                    reason,
                })?;
        if let Replayed::Played { resumed, broke, .. } = replayed {
            if resumed {
                notes.push(ReplayNote::Resumed { number });
            }
            if let Some(reason) = broke {
                notes.push(ReplayNote::Tolerated {
                    number,
                    color,
                    coordinate: move_text(mv, size),
                    reason,
                });
            }
        }
    }
    Ok(Replay {
        game,
        last_node,
        notes,
    })
}

/// The comment on White's closing pass (AGA-11) in [`game_to_tree`].
const FORCED_PASS_COMMENT: &str = "White's closing pass (AGA-11)";

/// The SGF record of a game: `GM`, `FF`, `CA`, `AP`, `SZ`, `RU` ([`ru_for_rules`]), `KM`,
/// `HA`, `RE` (when the game has a result), the starting stones `AB`/`AW` with `PL`, then one
/// node per move (White's closing pass, AGA-11, with a comment that says so).
///
/// ```
/// use tengen_core::{BoardSize, Game, Move, Point, Rules};
/// use tengen_sgf::{game_to_tree, replay, ReplayOptions};
/// let mut game = Game::with_handicap(BoardSize::new(9).unwrap(), Rules::chinese(), 2).unwrap();
/// game.play(Move::Play(Point::new(4, 4))).unwrap();
/// let tree = game_to_tree(&game);
/// let again = replay(&tree, &ReplayOptions::default()).unwrap().game;
/// assert_eq!(again.moves(), game.moves());
/// assert_eq!(again.board(), game.board());
/// assert_eq!((again.komi(), again.handicap()), (game.komi(), game.handicap()));
/// ```
#[must_use]
pub fn game_to_tree(game: &Game) -> GameTree {
    let mut tree = GameTree::new();
    let root = tree.root();
    let size = game.size();
    let push = |tree: &mut GameTree, node: NodeId, id: &str, values: Vec<String>| {
        // Identifiers are constants and every list is non-empty: this cannot fail.
        let _ = tree.push_property(node, id, values);
    };
    push(&mut tree, root, "GM", vec!["1".into()]);
    push(&mut tree, root, "FF", vec!["4".into()]);
    push(&mut tree, root, "CA", vec!["UTF-8".into()]);
    push(
        &mut tree,
        root,
        "AP",
        vec![format!("Tengen:{}", env!("CARGO_PKG_VERSION"))],
    );
    push(&mut tree, root, "SZ", vec![size.get().to_string()]);
    push(&mut tree, root, "RU", vec![ru_for_rules(game.rules())]);
    push(&mut tree, root, "KM", vec![game.komi().to_string()]);
    if game.handicap() > 0 {
        push(&mut tree, root, "HA", vec![game.handicap().to_string()]);
    }
    if let Some(result) = game.result() {
        push(&mut tree, root, "RE", vec![result.to_sgf()]);
    }
    let initial = game.initial_board();
    for (id, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let points: Vec<String> = size
            .points()
            .filter(|&p| initial.get(p) == Some(color))
            .map(point_text)
            .collect();
        if !points.is_empty() {
            push(&mut tree, root, id, points);
        }
    }
    let default_first = if game.handicap() >= 2 {
        Color::White
    } else {
        Color::Black
    };
    if game.initial_to_move() != default_first || initial.stones().next().is_some() {
        let pl = game.initial_to_move().letter().to_string();
        push(&mut tree, root, "PL", vec![pl]);
    }
    let mut at = root;
    for played in game.moves() {
        at = tree.add_child(at);
        let value = match played.mv {
            Move::Pass => String::new(),
            Move::Play(p) => point_text(p),
        };
        push(
            &mut tree,
            at,
            &played.color.letter().to_string(),
            vec![value],
        );
        if played.forced {
            push(&mut tree, at, "C", vec![FORCED_PASS_COMMENT.to_owned()]);
        }
    }
    tree
}

/// The stones lying inside the other colour's territory marks of the last marked node.
///
/// # Errors
/// A `TB`/`TW` value that is not a point of the board.
pub fn marked_dead_stones(tree: &GameTree, game: &Game) -> Result<Vec<Point>, ReplayError> {
    let marked = tree.main_line().filter(carries_territory_marks).last();
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

/// Whether the main line of `tree` carries territory marks (`TB`/`TW`).
#[must_use]
pub fn has_territory_marks(tree: &GameTree) -> bool {
    tree.main_line().any(|n| carries_territory_marks(&n))
}

fn carries_territory_marks(node: &Node<'_>) -> bool {
    node.get("TB").is_some() || node.get("TW").is_some()
}
