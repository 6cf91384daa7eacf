//! The reviewed record as SGF with the analysis in it, in the forms Sabaki and KaTrain show:
//! a comment (`C`) on every searched position with Black's win rate, the score lead and the
//! points the move lost; Sabaki's win-rate property `SBKV` (Black's chance in percent, which
//! draws its graph); and the reviewing engine's preferred move (Tengen's, or the external
//! analysis engine's, named), with the moves it expects to follow, as a variation wherever
//! it differs from the move played.

use std::collections::HashMap;

use tengen_core::{Color, Game, Move, move_text, parse_move};
use tengen_sgf::{GameTree, NodeId, game_to_tree, point_text};

use super::{PositionReview, ReviewTree, TriedLine, position::OWN_ENGINE, tree::move_of};
use crate::game::wire::Xy;

fn push(tree: &mut GameTree, node: NodeId, id: &str, value: String) {
    // Identifiers are constants and every value is one text: this cannot fail.
    let _ = tree.push_property(node, id, [value]);
}

fn move_property(tree: &mut GameTree, node: NodeId, color: Color, mv: Move) {
    let id = match color {
        Color::Black => "B",
        Color::White => "W",
    };
    push(
        tree,
        node,
        id,
        mv.point().map(point_text).unwrap_or_default(),
    );
}

/// A lead as SGF results write it: `B+3.5`, `W+0.5`, `even`.
fn lead_text(black_lead: f64) -> String {
    if black_lead.abs() < 0.25 {
        "even".into()
    } else if black_lead > 0.0 {
        format!("B+{black_lead:.1}")
    } else {
        format!("W+{:.1}", -black_lead)
    }
}

/// Points the mover lost with its move: its lead before minus its lead after (0 when the
/// move did as well as the search expected, or better).
pub(crate) fn points_lost(mover: Color, before: &PositionReview, after: &PositionReview) -> f64 {
    let sign = f64::from(mover.sign());
    (sign * (before.black_lead - after.black_lead)).max(0.0)
}

/// The move a comment is about: its number, who played it and where.
struct Played {
    ply: usize,
    color: Color,
    mv: Move,
}

fn analysis_comment(
    size: tengen_core::BoardSize,
    played: Option<Played>,
    here: &PositionReview,
    before: Option<&PositionReview>,
) -> String {
    let mut lines = Vec::new();
    if let Some(Played { ply, color, mv }) = played {
        lines.push(format!(
            "Move {ply}: {} {}",
            color.letter(),
            move_text(mv, size)
        ));
        if let Some(before) = before {
            let lost = points_lost(color, before, here);
            let mut line = format!("Points lost: {lost:.1}");
            if move_of(before.best) != mv {
                line.push_str(&format!(" ({}: {})", before.engine, before.best_text));
            }
            lines.push(line);
        }
    }
    lines.push(format!(
        "Black's win rate: {:.1}% · Score lead: {}",
        here.black_winrate * 100.0,
        lead_text(here.black_lead)
    ));
    lines.push(format!(
        "{}'s move for {}: {} ({} {})",
        here.engine,
        match here.to_move {
            Color::Black => "Black",
            Color::White => "White",
        },
        here.best_text,
        here.playouts,
        // Tengen's own search counts playouts; an analysis engine's answer, visits.
        if here.engine == OWN_ENGINE {
            "playouts"
        } else {
            "visits"
        }
    ));
    lines.join("\n")
}

/// Tengen's move and the moves it expects after it, from `game` (the game at `parent`), as
/// a variation under `parent`: stopped at the first move that cannot be played (none should
/// be: the search plays legal moves).
fn preferred_variation(tree: &mut GameTree, parent: NodeId, game: &Game, here: &PositionReview) {
    let size = game.size();
    let mut game = game.clone();
    let mut at = parent;
    for (i, text) in here.pv.iter().enumerate() {
        let Ok(mv) = parse_move(text, size) else {
            break;
        };
        let color = game.to_move();
        if game.play(mv).is_err() {
            break;
        }
        at = tree.add_child(at);
        move_property(tree, at, color, mv);
        if i == 0 {
            let mut comment = format!("{}'s move: {}", here.engine, here.best_text);
            if let Some(best) = here.candidates.first() {
                comment.push_str(&format!(
                    "\nBlack's win rate: {:.1}% · Score lead: {} ({} visits)",
                    best.black_winrate * 100.0,
                    lead_text(best.black_lead),
                    best.visits
                ));
            }
            push(tree, at, "C", comment);
        }
    }
}

/// The record of `review` with the analysis of `positions` in it, and the variations `tried`
/// on the page (a tried move the record already has joins the record's node).
pub(crate) fn write(
    review: &ReviewTree,
    positions: &[PositionReview],
    tried: &[TriedLine],
) -> String {
    let by_node: HashMap<usize, &PositionReview> = positions.iter().map(|p| (p.node, p)).collect();
    let mut sgf = game_to_tree(&review.start);
    let root = sgf.root();
    push(&mut sgf, root, "PB", review.info.black.clone());
    push(&mut sgf, root, "PW", review.info.white.clone());
    if let Some(result) = &review.info.result {
        push(&mut sgf, root, "RE", result.clone());
    }
    if let Some(title) = &review.info.title {
        push(&mut sgf, root, "GN", title.clone());
    }
    let mut ids: Vec<NodeId> = Vec::with_capacity(review.nodes.len());
    ids.push(root);
    for n in &review.nodes[1..] {
        let parent = ids[n.parent.unwrap_or(0)];
        let id = sgf.add_child(parent);
        if let Some(color) = n.color {
            move_property(&mut sgf, id, color, move_of(n.at));
        }
        ids.push(id);
    }
    // Comments on every searched position, and Tengen's move where the record's next move
    // (the node's first child) is another one.
    let mut first_child: HashMap<usize, usize> = HashMap::new();
    for (i, n) in review.nodes.iter().enumerate().skip(1) {
        if let Some(p) = n.parent {
            first_child.entry(p).or_insert(i);
        }
    }
    review.for_each_game(|node, game| {
        let Some(here) = by_node.get(&node) else {
            return;
        };
        let before = review.nodes[node]
            .parent
            .and_then(|p| by_node.get(&p))
            .copied();
        let n = &review.nodes[node];
        let played = n.color.map(|color| Played {
            ply: n.ply,
            color,
            mv: move_of(n.at),
        });
        annotate(
            &mut sgf,
            ids[node],
            review.start.size(),
            played,
            here,
            before,
        );
        if let Some(&child) = first_child.get(&node) {
            let played = move_of(review.nodes[child].at);
            if move_of(here.best) != played {
                preferred_variation(&mut sgf, ids[node], game, here);
            }
        }
    });
    add_tried(&mut sgf, review, &ids, &by_node, tried);
    tengen_sgf::write(&[sgf])
}

/// The analysis of a position as the record carries it: a comment and Sabaki's `SBKV`.
fn annotate(
    sgf: &mut GameTree,
    id: NodeId,
    size: tengen_core::BoardSize,
    played: Option<Played>,
    here: &PositionReview,
    before: Option<&PositionReview>,
) {
    push(sgf, id, "C", analysis_comment(size, played, here, before));
    push(
        sgf,
        id,
        "SBKV",
        format!("{:.1}", here.black_winrate * 100.0),
    );
}

/// The variations tried on the page, under the nodes they leave from. A move the record (or
/// an earlier tried variation) already has at that point is that node, not a second one.
fn add_tried(
    sgf: &mut GameTree,
    review: &ReviewTree,
    ids: &[NodeId],
    by_node: &HashMap<usize, &PositionReview>,
    tried: &[TriedLine],
) {
    type Child = (NodeId, Option<Color>, Option<Xy>);
    let mut children: HashMap<Child, NodeId> = review
        .nodes
        .iter()
        .enumerate()
        .skip(1)
        .filter_map(|(i, n)| Some(((ids[n.parent?], n.color, n.at), ids[i])))
        .collect();
    let size = review.start.size();
    for line in tried {
        let mut at = ids[line.node];
        let mut before = by_node.get(&line.node).copied();
        for (n, here) in line.nodes.iter().zip(&line.analyses) {
            let key = (at, n.color, n.at);
            at = match children.get(&key) {
                Some(&known) => known,
                None => {
                    let id = sgf.add_child(at);
                    if let Some(color) = n.color {
                        move_property(sgf, id, color, move_of(n.at));
                        if let Some(here) = here {
                            let played = Played {
                                ply: n.ply,
                                color,
                                mv: move_of(n.at),
                            };
                            annotate(sgf, id, size, Some(played), here, before);
                        }
                    }
                    children.insert(key, id);
                    id
                }
            };
            before = here.as_ref();
        }
    }
}
