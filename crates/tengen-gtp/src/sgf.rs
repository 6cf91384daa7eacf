//! SGF for `loadsgf`, `printsgf` and the referee's game records, through `tengen-sgf`.

use tengen_core::{Color, Game, Komi, Move, Rules, Setup};
use tengen_sgf::{GameTree, Mode, parse, point_text, write};

/// A game record read from SGF: the start, the main line's moves, and the root's settings.
pub(crate) struct Record {
    pub(crate) setup: Setup,
    pub(crate) moves: Vec<(Color, Move)>,
    pub(crate) komi: Option<Komi>,
    pub(crate) rules: Option<Rules>,
}

/// The rules an SGF `RU` names, as `tengen-sgf` reads them (presets by name, NZ/GOE/Ing as
/// area counting with multi-stone suicide, or a Tengen rules text).
pub(crate) fn rules_from_ru(ru: &str) -> Option<Rules> {
    tengen_sgf::rules_for_ru(ru)
}

/// The SGF `RU` of `rules`: the preset's SGF name, or the Tengen text form.
pub(crate) fn ru_of(rules: &Rules) -> String {
    for (rules_preset, name) in [
        (Rules::aga(), "AGA"),
        (Rules::japanese(), "Japanese"),
        (Rules::chinese(), "Chinese"),
        (Rules::tromp_taylor(), "Tromp-Taylor"),
    ] {
        if *rules == rules_preset {
            return name.to_owned();
        }
    }
    rules.to_string()
}

/// Reads the first game of an SGF file (leniently).
pub(crate) fn read(bytes: &[u8]) -> Result<Record, String> {
    let collection = parse(bytes, Mode::Lenient).map_err(|e| e.to_string())?;
    let tree = collection
        .games
        .first()
        .ok_or_else(|| "the file holds no game".to_owned())?;
    let size = tree.size().map_err(|e| e.to_string())?;
    let komi = tree.komi().map_err(|e| e.to_string())?;
    let handicap = tree.handicap().map_err(|e| e.to_string())?;
    let rules = tree.rules_name().and_then(rules_from_ru);
    let root = tree.root();
    let stones: Vec<_> = tree
        .setup_stones(root)
        .map_err(|e| e.to_string())?
        .into_iter()
        .filter_map(|(p, c)| c.map(|c| (p, c)))
        .collect();
    let mut moves = Vec::new();
    for node in tree.main_line() {
        if node.id() != root && ["AB", "AW", "AE"].iter().any(|id| node.get(id).is_some()) {
            return Err("setup stones after the first node are not supported".to_owned());
        }
        if let Some(m) = tree.move_of(node.id()).map_err(|e| e.to_string())? {
            moves.push(m);
        }
    }
    let placed = stones.iter().filter(|(_, c)| *c == Color::Black).count();
    let to_move = match tree.player_to_move(root).map_err(|e| e.to_string())? {
        Some(c) => c,
        None => match moves.first() {
            Some(&(c, _)) => c,
            None if handicap >= 2 && placed >= 2 => Color::White,
            None => Color::Black,
        },
    };
    Ok(Record {
        setup: Setup {
            size,
            stones,
            to_move,
            handicap: u8::try_from(handicap).unwrap_or(u8::MAX),
        },
        moves,
        komi,
        rules,
    })
}

/// What a game record says beyond the game itself.
#[derive(Clone, Debug, Default)]
pub(crate) struct Annotations {
    /// `PB` and `PW`.
    pub(crate) black: String,
    pub(crate) white: String,
    /// A comment on the root.
    pub(crate) root_comment: Option<String>,
    /// Comments on moves: `(index into game.moves(), text)`.
    pub(crate) move_comments: Vec<(usize, String)>,
    /// `RE` when the game's own result is not the one to record.
    pub(crate) result: Option<String>,
}

/// The whole game as SGF under `rules` (the game's own may differ in the resumption only): root properties, handicap or setup stones, every move.
pub(crate) fn write_game(game: &Game, rules: &Rules, notes: &Annotations) -> String {
    let mut tree = GameTree::new();
    let root = tree.root();
    let size = game.size();
    let mut props: Vec<(&str, Vec<String>)> = vec![
        ("GM", vec!["1".to_owned()]),
        ("FF", vec!["4".to_owned()]),
        ("CA", vec!["UTF-8".to_owned()]),
        ("AP", vec![format!("Tengen:{}", env!("CARGO_PKG_VERSION"))]),
        ("SZ", vec![size.get().to_string()]),
        ("RU", vec![ru_of(rules)]),
        ("KM", vec![game.komi().to_string()]),
    ];
    if game.handicap() > 0 {
        props.push(("HA", vec![game.handicap().to_string()]));
    }
    if !notes.black.is_empty() {
        props.push(("PB", vec![notes.black.clone()]));
    }
    if !notes.white.is_empty() {
        props.push(("PW", vec![notes.white.clone()]));
    }
    if let Some(result) = notes
        .result
        .clone()
        .or_else(|| game.result().map(|r| r.to_sgf()))
    {
        props.push(("RE", vec![result]));
    }
    for (id, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let points: Vec<String> = game
            .initial_board()
            .stones()
            .filter(|&(_, c)| c == color)
            .map(|(p, _)| point_text(p))
            .collect();
        if !points.is_empty() {
            props.push((id, points));
        }
    }
    if game.initial_to_move() == Color::White && game.handicap() < 2 {
        props.push(("PL", vec!["W".to_owned()]));
    }
    if let Some(comment) = &notes.root_comment {
        props.push(("C", vec![comment.clone()]));
    }
    for (id, values) in props {
        let _ = tree.push_property(root, id, values);
    }
    let mut parent = root;
    for (i, played) in game.moves().iter().enumerate() {
        let node = tree.add_child(parent);
        let id = match played.color {
            Color::Black => "B",
            Color::White => "W",
        };
        let value = match played.mv {
            Move::Play(p) => point_text(p),
            Move::Pass => String::new(),
        };
        let _ = tree.push_property(node, id, [value]);
        let mut comments: Vec<&str> = notes
            .move_comments
            .iter()
            .filter(|(at, _)| *at == i)
            .map(|(_, text)| text.as_str())
            .collect();
        if played.forced {
            comments.push("White's closing pass (AGA-11)");
        }
        if !comments.is_empty() {
            let _ = tree.push_property(node, "C", [comments.join("\n")]);
        }
        parent = node;
    }
    write(&[tree])
}
