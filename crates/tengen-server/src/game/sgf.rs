//! SGF (`FF[4]`) records of finished games, written with `tengen-sgf`: its tree of the game
//! (rules, komi, handicap, setup stones, every move, result) plus the players, the clock and
//! the agreed territory; on request, the players' chat as comments.

use tengen_core::{Color, GameResult, Ownership, Point};
use tengen_sgf::{GameTree, game_to_tree, point_text, write as write_sgf};

use crate::{
    game::clock::ClockSettings,
    game::runtime::Runtime,
    game::wire::{ChatLine, Room},
};

fn push(tree: &mut GameTree, node: tengen_sgf::NodeId, id: &str, values: Vec<String>) {
    // Identifiers are constants and every list is non-empty: this cannot fail.
    let _ = tree.push_property(node, id, values);
}

/// Whether the record carries the players' chat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Chat {
    Without,
    /// The players' chat as `C[]` comments, each line on the node of the move it was said
    /// after (the root for what was said before the first move). The spectators' room is
    /// theirs, not the game's, and stays out.
    Players,
}

/// The players' lines said after `ply` moves, one comment: `Name (Black): text` per line.
fn comment(lines: &[&ChatLine]) -> String {
    lines
        .iter()
        .map(|l| {
            let seat = match l.color {
                Some(Color::Black) => " (Black)",
                Some(Color::White) => " (White)",
                None => "",
            };
            format!("{}{seat}: {}", l.name, l.text)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Adds the players' chat to `tree` as comments on the nodes of the main line.
fn add_chat(tree: &mut GameTree, chat: &[ChatLine]) {
    let nodes: Vec<tengen_sgf::NodeId> = tree.main_line().map(|n| n.id()).collect();
    let mut by_node: Vec<Vec<&ChatLine>> = vec![Vec::new(); nodes.len()];
    for line in chat.iter().filter(|l| l.room == Room::Players) {
        // A line said after an undo may name a ply beyond the moves kept: the last node.
        let at = (line.ply as usize).min(nodes.len() - 1);
        by_node[at].push(line);
    }
    for (&node, lines) in nodes.iter().zip(&by_node) {
        if lines.is_empty() {
            continue;
        }
        // A node has one comment: the chat goes after what the record already says there
        // (White's forced pass is commented).
        let mut text = tree
            .node(node)
            .value("C")
            .map(|c| format!("{c}\n"))
            .unwrap_or_default();
        text.push_str(&comment(lines));
        tree.remove_property(node, "C");
        push(tree, node, "C", vec![text]);
    }
}

/// The game's record, or an empty collection when the game never started.
pub(crate) fn write(rt: &Runtime, chat: Chat) -> String {
    let Some(game) = &rt.game else {
        return "(;FF[4]GM[1])\n".into();
    };
    let setup = &rt.setup;
    let mut tree = game_to_tree(game);
    let root = tree.root();
    push(&mut tree, root, "PB", vec![setup.black.name().to_owned()]);
    push(&mut tree, root, "PW", vec![setup.white.name().to_owned()]);
    push(&mut tree, root, "DT", vec![sgf_date(rt.created_ms)]);
    // SGF's TM is the main time in seconds; OT says the overtime in words.
    let overtime = match setup.time {
        ClockSettings::None => None,
        ClockSettings::ByoYomi {
            main_s,
            period_s,
            periods,
        } => Some((main_s, format!("{periods}x{period_s} byo-yomi"))),
        ClockSettings::Fischer {
            initial_s,
            increment_s,
            ..
        } => Some((initial_s, format!("{increment_s} fischer"))),
    };
    if let Some((main_s, overtime)) = overtime {
        push(&mut tree, root, "TM", vec![main_s.to_string()]);
        push(&mut tree, root, "OT", vec![overtime]);
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
    if chat == Chat::Players {
        add_chat(&mut tree, &rt.chat);
    }
    write_sgf(&[tree])
}

/// `YYYY-MM-DD` (UTC) of a Unix time in milliseconds, for `DT`. Hand-written (Howard
/// Hinnant's days-to-civil algorithm) rather than a date crate for one line of the record.
fn sgf_date(unix_ms: u64) -> String {
    let days = (unix_ms / 86_400_000) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(room: Room, color: Option<Color>, name: &str, text: &str, ply: u32) -> ChatLine {
        ChatLine {
            room,
            color,
            name: name.into(),
            text: text.into(),
            ply,
            at_ms: 0,
        }
    }

    /// ```text
    ///  5×5, Black B2 (1), White D4 (2): "hi" before move 1, "nice" after move 2, a
    ///  spectator's "psst" after move 1; the chat goes on the nodes it was said after.
    /// ```
    #[test]
    fn the_players_chat_is_written_as_comments_on_the_move_it_was_said_after() {
        let mut rt = crate::game::history::tests::game_of(&[(1, 3), (3, 1)]);
        rt.chat = vec![
            said(Room::Players, Some(Color::Black), "Ann", "hi ] \\ there", 0),
            said(Room::Spectators, None, "Spectator", "psst", 1),
            said(Room::Players, Some(Color::White), "Bo", "nice", 2),
            said(Room::Players, Some(Color::Black), "Ann", "thanks", 2),
        ];
        let with = write(&rt, Chat::Players);
        let tree = &tengen_sgf::parse_str(&with, tengen_sgf::Mode::Strict)
            .unwrap()
            .games[0];
        let comments: Vec<Option<&str>> = tree.main_line().map(|n| n.value("C")).collect();
        assert_eq!(
            comments,
            vec![
                Some("Ann (Black): hi ] \\ there"),
                None,
                Some("Bo (White): nice\nAnn (Black): thanks"),
            ]
        );
        assert!(!with.contains("psst"), "the spectators' room stays out");
        let without = write(&rt, Chat::Without);
        assert!(!without.contains("C["), "{without}");
    }

    #[test]
    fn a_chat_line_joins_the_comment_a_node_already_has() {
        let mut tree = GameTree::new();
        let root = tree.root();
        let node = tree.add_child(root);
        push(
            &mut tree,
            node,
            "C",
            vec!["White passes last (AGA-11).".into()],
        );
        add_chat(
            &mut tree,
            &[said(Room::Players, Some(Color::Black), "Ann", "gg", 5)],
        );
        assert_eq!(
            tree.node(node).value("C"),
            Some("White passes last (AGA-11).\nAnn (Black): gg")
        );
        assert_eq!(
            tree.node(node)
                .properties()
                .filter(|p| p.id() == "C")
                .count(),
            1
        );
    }

    #[test]
    fn dt_is_the_utc_calendar_date_of_the_creation() {
        assert_eq!(sgf_date(0), "1970-01-01");
        // 2024-02-29 23:59:59.999 UTC, a leap day, and the next millisecond.
        assert_eq!(sgf_date(1_709_251_199_999), "2024-02-29");
        assert_eq!(sgf_date(1_709_251_200_000), "2024-03-01");
        assert_eq!(sgf_date(951_782_400_000), "2000-02-29");
        assert_eq!(sgf_date(4_102_444_800_000), "2100-01-01");
    }

    #[test]
    fn tm_is_the_main_time_and_ot_names_the_overtime() {
        let mut rt = crate::game::history::tests::game_of(&[(1, 3)]);
        let root_values = |rt: &crate::game::runtime::Runtime| {
            let text = write(rt, Chat::Without);
            let tree = &tengen_sgf::parse_str(&text, tengen_sgf::Mode::Strict)
                .unwrap()
                .games[0];
            let root = tree.node(tree.root());
            (
                root.value("TM").map(str::to_owned),
                root.value("OT").map(str::to_owned),
            )
        };
        rt.setup.time = ClockSettings::None;
        assert_eq!(root_values(&rt), (None, None));
        rt.setup.time = ClockSettings::ByoYomi {
            main_s: 600,
            period_s: 30,
            periods: 5,
        };
        assert_eq!(
            root_values(&rt),
            (Some("600".into()), Some("5x30 byo-yomi".into()))
        );
        rt.setup.time = ClockSettings::Fischer {
            initial_s: 300,
            increment_s: 10,
            max_s: 600,
        };
        assert_eq!(
            root_values(&rt),
            (Some("300".into()), Some("10 fischer".into()))
        );
    }
}
