//! The record of a game as the page steps through it: every move with the stones it
//! captured, and the board before the first move.

use tengen_core::{Board, Color};

use crate::{
    game::runtime::Runtime,
    game::wire::{MoveView, xy},
};

/// A board as [`crate::game::wire::StateView::board`] writes it: `.`, `B`, `W`, row by row.
pub(crate) fn board_text(board: &Board) -> String {
    board
        .size()
        .points()
        .map(|p| match board.get(p) {
            None => '.',
            Some(Color::Black) => 'B',
            Some(Color::White) => 'W',
        })
        .collect()
}

/// Every move with its captures, and the initial board (empty before the game starts).
pub(crate) fn moves(rt: &Runtime) -> (Vec<MoveView>, String) {
    let Some(game) = &rt.game else {
        return (Vec::new(), ".".repeat(rt.setup.size.area()));
    };
    let initial = board_text(game.initial_board());
    // The game's own account of what each move took off: a multi-stone suicide (allowed by
    // `tromp-taylor`) removes the mover's chain, which a replay on a bare board would refuse.
    let removed = game.stones_removed();
    let moves = game
        .moves()
        .iter()
        .zip(removed)
        .map(|(m, removed)| MoveView {
            color: m.color,
            at: m.mv.point().map(xy),
            captured: removed.into_iter().map(xy).collect(),
        })
        .collect();
    (moves, initial)
}

#[cfg(test)]
pub(crate) mod tests {
    use std::time::Instant;

    use super::*;
    use crate::{
        game::clock::ClockSettings,
        game::record::Record,
        game::settings::{ColorChoice, CreateGame, OpponentChoice},
    };

    /// A 5×5 Japanese game between two people after `moves` (alternately, Black first;
    /// `(9, 9)` is a pass), and its records.
    pub(crate) fn game_of(moves: &[(u8, u8)]) -> Runtime {
        Runtime::replay(&records_of(moves), Instant::now()).unwrap()
    }

    pub(crate) fn records_of(moves: &[(u8, u8)]) -> Vec<Record> {
        records_under("japanese", moves)
    }

    /// As [`records_of`], under `rules`.
    fn records_under(rules: &str, moves: &[(u8, u8)]) -> Vec<Record> {
        let form = CreateGame {
            open: false,
            analysis: true,
            size: 5,
            rules: rules.into(),
            handicap: 0,
            placement: Default::default(),
            komi: None,
            color: ColorChoice::Black,
            time: ClockSettings::None,
            opponent: OpponentChoice::Person,
            name: None,
        };
        let mut records = vec![Record::Created {
            id: "g".into(),
            setup: form.resolve(&[], true).unwrap(),
            seats: [Some("b".into()), Some("w".into())],
            invite: None,
            at_ms: 0,
        }];
        for (i, &(x, y)) in moves.iter().enumerate() {
            records.push(Record::Move {
                color: if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                },
                at: (x, y).ne(&(9, 9)).then_some([x, y]),
                clock: None,
                illegal: None,
            });
        }
        records
    }

    /// ```text
    ///    A B C D E
    ///  5 . . . . W
    ///  4 . . . . .
    ///  3 . B . . .     Black's 7th move at x (B1) captures White's B2;
    ///  2 B W B . .     no other move captures.
    ///  1 . x . . W
    /// ```
    #[test]
    fn each_move_lists_the_stones_it_captured() {
        let rt = game_of(&[(1, 2), (1, 3), (0, 3), (4, 4), (2, 3), (4, 0), (1, 4)]);
        let (moves, initial) = moves(&rt);
        assert_eq!(initial, ".".repeat(25));
        let captured: Vec<&[[u8; 2]]> = moves.iter().map(|m| m.captured.as_slice()).collect();
        assert_eq!(captured, vec![&[][..], &[], &[], &[], &[], &[], &[[1, 3]]]);
        assert_eq!(moves[6].at, Some([1, 4]));
        assert_eq!(moves[6].color, Color::Black);
    }

    /// Tromp-Taylor allows multi-stone suicide (issue 43, item 5): the review replays from
    /// `captured`, so the mover's own chain must be there.
    ///
    /// ```text
    ///    A B C D E
    ///  5 B x W . .     Black's x (B5) leaves A5-B5 without a liberty:
    ///  4 W W . . .     both Black stones come off.
    ///  3 . . . . .
    ///  2 . . . . B
    ///  1 . . . . B
    /// ```
    #[test]
    fn tromp_taylor_a_multi_stone_suicide_lists_the_movers_own_stones() {
        let records = records_under(
            "tromp-taylor",
            &[(0, 0), (2, 0), (4, 4), (0, 1), (4, 3), (1, 1), (1, 0)],
        );
        let rt = Runtime::replay(&records, Instant::now()).unwrap();
        let (moves, _) = moves(&rt);
        let mut last = moves[6].captured.clone();
        last.sort_unstable();
        assert_eq!(last, vec![[0, 0], [1, 0]]);
        assert!(moves[..6].iter().all(|m| m.captured.is_empty()));
    }

    #[test]
    fn the_joiners_name_is_shown_and_recorded_in_pw_with_the_date() {
        let mut records = records_of(&[]);
        if let Record::Created { seats, invite, .. } = &mut records[0] {
            seats[1] = None;
            *invite = Some("i".into());
        }
        records.push(Record::Joined {
            color: Color::White,
            token: "w".into(),
            name: Some("Bob".into()),
        });
        records.push(Record::Resign { by: Color::White });
        let rt = Runtime::replay(&records, Instant::now()).unwrap();
        assert_eq!(rt.setup.white.name(), "Bob");
        assert_eq!(crate::game::actor::summary(&rt).white, "Bob");
        let sgf = crate::game::sgf::write(&rt, crate::game::sgf::Chat::Without);
        assert!(sgf.contains("PW[Bob]"), "{sgf}");
        assert!(sgf.contains("DT[1970-01-01]"), "{sgf}");
    }
}
