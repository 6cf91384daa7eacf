//! SGF (`FF[4]`) records of finished games, written with `tengen-sgf`: its tree of the game
//! (rules, komi, handicap, setup stones, every move, result) plus the players, the clock and
//! the agreed territory.

use tengen_core::{Color, GameResult, Ownership, Point};
use tengen_sgf::{GameTree, game_to_tree, point_text, write as write_sgf};

use crate::{clock::TimeControl, runtime::Runtime};

fn push(tree: &mut GameTree, node: tengen_sgf::NodeId, id: &str, values: Vec<String>) {
    // Identifiers are constants and every list is non-empty: this cannot fail.
    let _ = tree.push_property(node, id, values);
}

/// The game's record, or an empty collection when the game never started.
pub(crate) fn write(rt: &Runtime) -> String {
    let Some(game) = &rt.game else {
        return "(;FF[4]GM[1])\n".into();
    };
    let setup = &rt.setup;
    let mut tree = game_to_tree(game);
    let root = tree.root();
    push(&mut tree, root, "PB", vec![setup.black.name().to_owned()]);
    push(&mut tree, root, "PW", vec![setup.white.name().to_owned()]);
    match setup.time {
        TimeControl::None => {}
        TimeControl::ByoYomi {
            main_s,
            period_s,
            periods,
        } => {
            push(&mut tree, root, "TM", vec![main_s.to_string()]);
            push(
                &mut tree,
                root,
                "OT",
                vec![format!("{periods}x{period_s} byo-yomi")],
            );
        }
        TimeControl::Fischer {
            initial_s,
            increment_s,
            ..
        } => {
            push(&mut tree, root, "TM", vec![initial_s.to_string()]);
            push(
                &mut tree,
                root,
                "OT",
                vec![format!("{increment_s} fischer")],
            );
        }
    }
    if let Some(by) = rt.aborted {
        let who = match by {
            Color::Black => "Black",
            Color::White => "White",
        };
        // No RE: an aborted game has no result (RE[Void] would claim a game that ended
        // without a winner under the rules).
        push(
            &mut tree,
            root,
            "GC",
            vec![format!("Aborted by {who}: no result")],
        );
    }
    if matches!(
        game.result(),
        Some(GameResult::Score { .. } | GameResult::Jigo)
    ) {
        let last = tree.main_line().last().map_or(root, |n| n.id());
        let score = game.score();
        for (id, color) in [("TB", Color::Black), ("TW", Color::White)] {
            let points: Vec<String> = game
                .size()
                .points()
                .filter(|&p: &Point| match score.ownership(p) {
                    Ownership::Territory(c) => c == color,
                    Ownership::Dead(c) => c != color,
                    _ => false,
                })
                .map(point_text)
                .collect();
            if !points.is_empty() {
                push(&mut tree, last, id, points);
            }
        }
    }
    write_sgf(&[tree])
}
