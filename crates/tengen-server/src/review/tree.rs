//! The tree a review looks at: a record's main line and its variations, each node one move
//! from its parent's position, with the stones that move took off (so that the page draws
//! every position without knowing the rules).
//!
//! Nodes are numbered main line first: node `k` of the main line is the position after `k`
//! moves (node 0 is the start), so a game's review keeps the move numbers as node numbers.
//! A record's variations follow, in the record's order.

use serde::Serialize;
use tengen_core::{Color, Game, Move, Phase, Replayed, Tolerance, move_text};
use tengen_sgf::{GameTree, Mode, NodeId, ReplayOptions};

use crate::game::wire::{Xy, point, xy};

/// Nodes (positions) of an uploaded record reviewed at most: a game with its variations is a
/// few hundred; the cap bounds the review's time (a position is about a tenth of a second)
/// and the work of checking the record.
pub(crate) const MAX_NODES: usize = 2_000;

/// Moves a variation tried on the page may have beyond the record's node it leaves from.
pub(crate) const MAX_TRIED_MOVES: usize = 400;

/// One position of the tree: the move that led to it from its parent.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub(crate) struct TreeNode {
    /// The node this one continues (`None` for the start).
    pub parent: Option<usize>,
    /// Who moved and where (`None`: the start, or a pass).
    pub color: Option<Color>,
    pub at: Option<Xy>,
    /// Moves from the start to here.
    pub ply: usize,
    /// On the record's main line.
    pub main: bool,
    /// The stones this move took off the board.
    pub captured: Vec<Xy>,
    /// Play goes on here (not after the last two passes): the engine looks at it.
    pub in_play: bool,
}

/// What a record says about its game, for the page's title and the downloaded record.
#[derive(Clone, Debug, Serialize, PartialEq, Default)]
pub(crate) struct RecordInfo {
    pub black: String,
    pub white: String,
    /// `RE` as written (`B+R`, `W+3.5`), if any.
    pub result: Option<String>,
    /// `GN`, `EV` and `DT` when given.
    pub title: Option<String>,
}

/// The positions of a review and how they hang together.
#[derive(Clone, Debug)]
pub(crate) struct ReviewTree {
    /// The position before the first move, with the game's rules, komi and handicap.
    pub start: Game,
    pub nodes: Vec<TreeNode>,
    pub info: RecordInfo,
    /// Moves on the main line (its last node is `main_moves`).
    pub main_moves: usize,
}

/// The stones on `before` that are gone from `after`: what a move took off.
fn removed(before: &Game, after: &Game) -> Vec<Xy> {
    before
        .board()
        .stones()
        .filter(|&(p, _)| after.board().get(p).is_none())
        .map(|(p, _)| xy(p))
        .collect()
}

/// Plays a move of an accepted record on `game`: a pass after play has stopped only closes
/// the game (records repeat them), anything else is replayed under `tolerance`.
fn replay_step(
    game: &mut Game,
    color: Color,
    mv: Move,
    tolerance: Tolerance,
) -> Result<(), tengen_core::IllegalMove> {
    if game.phase() != Phase::Playing && mv == Move::Pass {
        return Ok(());
    }
    match game.replay_move(color, mv, tolerance)? {
        Replayed::Played { .. } | Replayed::ForcedPassEcho => Ok(()),
    }
}

impl ReviewTree {
    fn node_after(
        parent: Option<usize>,
        ply: usize,
        main: bool,
        before: &Game,
        after: &Game,
        color: Color,
        mv: Move,
    ) -> TreeNode {
        TreeNode {
            parent,
            color: Some(color),
            at: mv.point().map(xy),
            ply,
            main,
            captured: removed(before, after),
            in_play: after.phase() == Phase::Playing,
        }
    }

    fn start_node(start: &Game) -> TreeNode {
        TreeNode {
            parent: None,
            color: None,
            at: None,
            ply: 0,
            main: true,
            captured: Vec::new(),
            in_play: start.phase() == Phase::Playing,
        }
    }

    /// The tree of a game played here: its moves, no variation. `None` if the game cannot
    /// be replayed from its start (it was accepted move by move, so that would be a bug).
    pub(crate) fn from_game(game: &Game, info: RecordInfo) -> Option<ReviewTree> {
        let start = game.restarted_from(&game.initial_setup()).ok()?;
        let mut nodes = vec![ReviewTree::start_node(&start)];
        let mut cursor = start.clone();
        for (i, m) in game.moves().iter().enumerate() {
            let before = cursor.clone();
            // The game's own moves: its rules accepted them, whatever a replay would say of
            // a multi-stone suicide.
            replay_step(&mut cursor, m.color, m.mv, Tolerance::Board).ok()?;
            nodes.push(ReviewTree::node_after(
                Some(i),
                i + 1,
                true,
                &before,
                &cursor,
                m.color,
                m.mv,
            ));
        }
        Some(ReviewTree {
            start,
            main_moves: game.moves().len(),
            nodes,
            info,
        })
    }

    /// The path of moves from the start to `node`, first move first.
    fn path(&self, node: usize) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = Some(node);
        while let Some(n) = at {
            if self.nodes[n].parent.is_some() {
                path.push(n);
            }
            at = self.nodes[n].parent;
        }
        path.reverse();
        path
    }

    /// The game at `node` (`None` for a node that is not in the tree).
    pub(crate) fn game_at(&self, node: usize) -> Option<Game> {
        if node >= self.nodes.len() {
            return None;
        }
        let mut game = self.start.clone();
        for n in self.path(node) {
            if !replay_node(&mut game, &self.nodes[n]) {
                return None;
            }
        }
        Some(game)
    }

    /// Calls `each` with every node and its game, in node order: stepping from a node to
    /// its child (the main line) costs one move, any other node is replayed from the start.
    pub(crate) fn for_each_game(&self, mut each: impl FnMut(usize, &Game)) {
        let mut cursor: Option<(usize, Game)> = None;
        for node in 0..self.nodes.len() {
            let game = match cursor.take() {
                Some((at, mut game)) if self.nodes[node].parent == Some(at) => {
                    replay_node(&mut game, &self.nodes[node]).then_some(game)
                }
                _ => self.game_at(node),
            };
            let Some(game) = game else { return };
            each(node, &game);
            cursor = Some((node, game));
        }
    }

    /// The moves `tried` (a point, or `None` for a pass) played from `node` in turn: the
    /// game after them and a node for each, or why one of them cannot be played.
    pub(crate) fn try_moves(
        &self,
        node: usize,
        tried: &[Option<Xy>],
    ) -> Result<(Game, Vec<TreeNode>), String> {
        if tried.len() > MAX_TRIED_MOVES {
            return Err(format!(
                "a variation of {} moves: at most {MAX_TRIED_MOVES} are analysed",
                tried.len()
            ));
        }
        let mut game = self
            .game_at(node)
            .ok_or_else(|| format!("node {node} is not in this review"))?;
        let size = game.size();
        let mut nodes = Vec::with_capacity(tried.len());
        for (i, at) in tried.iter().enumerate() {
            let mv = match at {
                None => Move::Pass,
                Some(a) if a[0] < size.get() && a[1] < size.get() => Move::Play(point(*a)),
                Some(a) => {
                    return Err(format!(
                        "move {} of the variation: [{}, {}] is off the board",
                        i + 1,
                        a[0],
                        a[1]
                    ));
                }
            };
            let color = game.to_move();
            let before = game.clone();
            // A move tried after the last two passes resumes play, as on a real board.
            game.replay_move(color, mv, Tolerance::Strict)
                .map_err(|why| {
                    format!(
                        "{} {} is illegal: {why}",
                        colour_word(color),
                        move_text(mv, size)
                    )
                })?;
            let ply = self.nodes[node].ply + i + 1;
            nodes.push(ReviewTree::node_after(
                None, ply, false, &before, &game, color, mv,
            ));
        }
        Ok((game, nodes))
    }

    /// Reads an uploaded record: its first game, with its own rules (`RU`), komi, handicap
    /// and setup stones, its main line and its variations. Every refusal names the node and
    /// why, as `tengen check` does.
    pub(crate) fn from_sgf(bytes: &[u8]) -> Result<ReviewTree, String> {
        let collection = tengen_sgf::parse(bytes, Mode::Lenient)
            .map_err(|e| format!("not a readable SGF record: {e}"))?;
        let tree = collection
            .games
            .into_iter()
            .next()
            .ok_or("no game in the record: an SGF record holds a game written (;...)")?;
        if tree.len() > MAX_NODES {
            return Err(format!(
                "the record has {} nodes: Tengen reviews records of at most {MAX_NODES} (a \
                 game with its variations is a few hundred)",
                tree.len()
            ));
        }
        if tree.node(tree.root()).properties().len() == 0 && tree.len() == 1 {
            return Err(
                "the record is empty: it holds no SGF property (such as SZ[19] or B[pd])".into(),
            );
        }
        if let Some(gm) = tree.node(tree.root()).value("GM")
            && gm.trim() != "1"
        {
            return Err(format!("GM[{gm}]: not a game of Go (GM[1])"));
        }
        // The main line, as `tengen check` replays it: rules, komi, handicap, setup, moves.
        let replayed =
            tengen_sgf::replay(&tree, &ReplayOptions::default()).map_err(|e| match e {
                tengen_sgf::ReplayError::Illegal { .. } => format!("main line, {e}"),
                e => e.to_string(),
            })?;
        let start = replayed
            .game
            .restarted_from(&replayed.game.initial_setup())
            .map_err(|e| format!("setup: {e}"))?;
        let info = RecordInfo {
            black: tree
                .info("PB")
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| "Black".into()),
            white: tree
                .info("PW")
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| "White".into()),
            result: tree.info("RE").filter(|s| !s.is_empty()),
            title: ["GN", "EV", "DT"]
                .iter()
                .filter_map(|id| tree.info(id).filter(|s| !s.is_empty()))
                .reduce(|a, b| format!("{a} · {b}")),
        };
        let mut review = ReviewTree {
            nodes: vec![ReviewTree::start_node(&start)],
            start,
            info,
            main_moves: 0,
        };
        review.read_variations(&tree)?;
        Ok(review)
    }

    /// Walks the whole record: the main line first (nodes `0..=main_moves`), then every
    /// variation. Each variation is checked (and numbered) when the main line reaches the
    /// node it leaves from, with a copy of the game there: only the copies of the variations
    /// being walked are held, not one per node.
    fn read_variations(&mut self, tree: &GameTree) -> Result<(), String> {
        let size = self.start.size();
        // The main line: SGF nodes without a move (comments, setup before the first move)
        // stand for the position of the move before them.
        let mut line: Vec<(NodeId, usize)> = Vec::new();
        let mut game = self.start.clone();
        for node in tree.main_line() {
            let here = self.nodes.len() - 1;
            let Some((color, mv)) = tree
                .move_of(node.id())
                .map_err(|e| format!("main line: {e}"))?
            else {
                line.push((node.id(), here));
                continue;
            };
            let before = game.clone();
            replay_step(&mut game, color, mv, Tolerance::Strict).map_err(|why| {
                format!(
                    "main line, move {} ({} {}): illegal: {why}",
                    here + 1,
                    color.letter(),
                    move_text(mv, size)
                )
            })?;
            self.nodes.push(ReviewTree::node_after(
                Some(here),
                here + 1,
                true,
                &before,
                &game,
                color,
                mv,
            ));
            line.push((node.id(), here + 1));
        }
        self.main_moves = self.nodes.len() - 1;
        // The variations, from each main-line node in turn (the first child is the main
        // line itself).
        let mut game = self.start.clone();
        let mut reached = 0;
        for (sgf, here) in line {
            if here != reached {
                let n = &self.nodes[here];
                let mv = move_of(n.at);
                let color = n.color.unwrap_or(Color::Black);
                replay_step(&mut game, color, mv, Tolerance::Strict)
                    .map_err(|why| format!("main line, move {here}: illegal: {why}"))?;
                reached = here;
            }
            let branches: Vec<NodeId> = tree.node(sgf).children().skip(1).map(|c| c.id()).collect();
            for branch in branches {
                self.read_branch(tree, branch, here, &game)?;
            }
        }
        Ok(())
    }

    /// One variation of the record and the variations inside it, leaving main-line node
    /// `from` (whose game is `at_from`), walked with an explicit stack.
    fn read_branch(
        &mut self,
        tree: &GameTree,
        first: NodeId,
        from: usize,
        at_from: &Game,
    ) -> Result<(), String> {
        let size = self.start.size();
        let mut stack: Vec<(NodeId, usize, Game)> = vec![(first, from, at_from.clone())];
        while let Some((sgf, parent, mut game)) = stack.pop() {
            let where_ = |ply: usize| {
                format!("the variation leaving the main line after move {from}, move {ply}")
            };
            let node = tree.node(sgf);
            if ["AB", "AW", "AE"].iter().any(|id| node.get(id).is_some()) {
                return Err(format!(
                    "{}: setup stones (AB, AW, AE) inside a variation are not reviewed",
                    where_(self.nodes[parent].ply + 1)
                ));
            }
            let here = match tree
                .move_of(sgf)
                .map_err(|e| format!("{}: {e}", where_(self.nodes[parent].ply + 1)))?
            {
                None => parent,
                Some((color, mv)) => {
                    let ply = self.nodes[parent].ply + 1;
                    let before = game.clone();
                    replay_step(&mut game, color, mv, Tolerance::Strict).map_err(|why| {
                        format!(
                            "{} ({} {}): illegal: {why}",
                            where_(ply),
                            color.letter(),
                            move_text(mv, size)
                        )
                    })?;
                    self.nodes.push(ReviewTree::node_after(
                        Some(parent),
                        ply,
                        false,
                        &before,
                        &game,
                        color,
                        mv,
                    ));
                    self.nodes.len() - 1
                }
            };
            let children: Vec<NodeId> = node.children().map(|c| c.id()).collect();
            // Later children first onto the stack, so the first is walked first; the last
            // child takes the game itself, the others a copy.
            let mut iter = children.into_iter().rev().peekable();
            while let Some(child) = iter.next() {
                if iter.peek().is_some() {
                    stack.push((child, here, game.clone()));
                } else {
                    stack.push((child, here, game));
                    break;
                }
            }
        }
        Ok(())
    }
}

/// Plays `node`'s move (from an accepted record) on `game`, the game at its parent; `false`
/// if it cannot be played (that would be a bug: the record was accepted).
pub(crate) fn replay_node(game: &mut Game, node: &TreeNode) -> bool {
    match node.color {
        Some(color) => replay_step(game, color, move_of(node.at), Tolerance::Board).is_ok(),
        None => true,
    }
}

/// The move of a node's `at` (`None`: a pass).
pub(crate) fn move_of(at: Option<Xy>) -> Move {
    at.map_or(Move::Pass, |a| Move::Play(point(a)))
}

fn colour_word(color: Color) -> &'static str {
    match color {
        Color::Black => "Black",
        Color::White => "White",
    }
}
