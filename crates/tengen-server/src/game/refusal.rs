//! Why the game's state machine refuses a command, in the game's own terms. The sentence is
//! the one the player reads; [`crate::game::wire`] adds the protocol's error code (one `From`), so
//! the state machine does not build JSON errors.

use tengen_core::{IllegalMove, Point};

/// The command an outdated request was made for (named in the refusal).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Outdated {
    Move,
    UndoRequest,
    UndoAnswer,
    DeadStoneAction,
}

impl Outdated {
    fn name(self) -> &'static str {
        match self {
            Outdated::Move => "move",
            Outdated::UndoRequest => "undo request",
            Outdated::UndoAnswer => "answer",
            Outdated::DeadStoneAction => "dead-stone action",
        }
    }
}

/// A refused command: nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Refusal {
    // --- Who may act.
    #[error("spectators can only watch")]
    Spectator,
    #[error("this seat secret is not valid for this game")]
    UnknownSeat,
    #[error("Black places the handicap stones")]
    HandicapIsBlacks,
    #[error("not a game command")]
    NotAGameCommand,

    // --- The game's phase.
    #[error("the game was aborted")]
    Aborted,
    #[error("the invitation expired unopened")]
    Expired,
    #[error("the game is over")]
    GameOver,
    #[error("the game has not started yet")]
    NotStarted,
    #[error("play has stopped")]
    PlayStopped,
    #[error("dead stones are marked only after two passes")]
    NotScoring,
    #[error("the {} was made for an earlier position; look again", .0.name())]
    Outdated(Outdated),

    // --- Moves and handicap.
    /// The rules forbid the move; `ko_point` is the point a ko forbids, for the page to mark.
    #[error("{why}")]
    Illegal {
        why: IllegalMove,
        ko_point: Option<Point>,
    },
    #[error("the stones are placed")]
    StonesPlaced,
    #[error("wait for your opponent to join")]
    OpponentAbsent,
    /// The handicap stones do not fit the game (how many, where).
    #[error("{0}")]
    BadPlacement(String),

    // --- Ending the game early.
    #[error(
        "a game can be aborted only before your move {before}; you have played {played}: resign instead"
    )]
    AbortTooLate { before: usize, played: usize },
    #[error("a game can be claimed only from an engine that has failed")]
    NothingToClaim,

    // --- Undo.
    #[error("an undo request is already waiting for an answer")]
    UndoPending,
    #[error("you have no move to take back")]
    NoMoveToTakeBack,
    #[error("no undo request to answer")]
    NoUndoRequest,

    // --- Dead stones.
    #[error("off the board")]
    DeadOffBoard,
    #[error("there is no stone there")]
    NoStone,
    #[error("you have accepted already")]
    AcceptedAlready,

    // --- Chat.
    #[error("an empty message")]
    EmptyChat,
    #[error("a message has at most {max} characters (this one has {chars})")]
    ChatTooLong { max: usize, chars: usize },
    #[error("at most {messages} messages in {seconds} seconds; wait a moment")]
    ChatTooFast { messages: usize, seconds: u64 },
    #[error("this game's chat is full")]
    ChatFull,

    // --- Rematch.
    #[error("a rematch is offered once the game is over")]
    RematchBeforeEnd,
    #[error("the rematch has already started")]
    RematchUnderWay,
    #[error("there is no rematch offer from your opponent")]
    NoRematchOffer,
    #[error("no rematch seat for you")]
    NoRematchSeat,
    /// The rematch's first record could not be read back (a bug: the reason says which).
    #[error("{0}")]
    RematchInvalid(String),
    #[error("the rematch could not be created: {0}")]
    RematchNotStored(String),

    // --- Recording.
    /// A record the state machine made does not apply (a bug: the reason says which).
    #[error("{0}")]
    Inapplicable(String),
    #[error(
        "the server could not record this (its database is unavailable), so it is not played; try again"
    )]
    Unrecorded,
    #[error(
        "this game has moved to another server, so this is not played; reconnect and try again"
    )]
    Moved,
}

impl Refusal {
    /// Whether this refuses an engine's move for breaking a rule of play, which the rules
    /// penalize (AGA-8, JP-11) rather than ignore. Out of turn is not: the engine was asked
    /// at the wrong time, which is the server's doing.
    pub(crate) fn is_rule_breach(&self) -> bool {
        matches!(
            self,
            Refusal::Illegal {
                why: IllegalMove::Occupied
                    | IllegalMove::Suicide
                    | IllegalMove::Ko
                    | IllegalMove::Superko
                    | IllegalMove::OffBoard,
                ..
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::wire::WireError;

    /// The JSON error each refusal sends, as the browser got it before refusals had a type
    /// of their own (the sentences copied from that code): the page shows the message and
    /// acts on the code, so neither may drift.
    #[test]
    fn every_refusal_reaches_the_browser_with_its_code_and_sentence_unchanged() {
        let table: Vec<(Refusal, &str, &str)> = vec![
            (
                Refusal::Spectator,
                "not_your_seat",
                "spectators can only watch",
            ),
            (
                Refusal::UnknownSeat,
                "bad_seat",
                "this seat secret is not valid for this game",
            ),
            (
                Refusal::HandicapIsBlacks,
                "not_your_seat",
                "Black places the handicap stones",
            ),
            (
                Refusal::NotAGameCommand,
                "bad_message",
                "not a game command",
            ),
            (Refusal::Aborted, "not_now", "the game was aborted"),
            (
                Refusal::Expired,
                "not_now",
                "the invitation expired unopened",
            ),
            (Refusal::GameOver, "not_now", "the game is over"),
            (
                Refusal::NotStarted,
                "not_now",
                "the game has not started yet",
            ),
            (Refusal::PlayStopped, "not_now", "play has stopped"),
            (
                Refusal::NotScoring,
                "not_now",
                "dead stones are marked only after two passes",
            ),
            (
                Refusal::Outdated(Outdated::Move),
                "stale",
                "the move was made for an earlier position; look again",
            ),
            (
                Refusal::Outdated(Outdated::UndoRequest),
                "stale",
                "the undo request was made for an earlier position; look again",
            ),
            (
                Refusal::Outdated(Outdated::UndoAnswer),
                "stale",
                "the answer was made for an earlier position; look again",
            ),
            (
                Refusal::Outdated(Outdated::DeadStoneAction),
                "stale",
                "the dead-stone action was made for an earlier position; look again",
            ),
            (
                Refusal::Illegal {
                    why: IllegalMove::Occupied,
                    ko_point: None,
                },
                "occupied",
                "the point is occupied",
            ),
            (
                Refusal::Illegal {
                    why: IllegalMove::Suicide,
                    ko_point: None,
                },
                "suicide",
                "the move is suicide",
            ),
            (
                Refusal::Illegal {
                    why: IllegalMove::Superko,
                    ko_point: None,
                },
                "superko",
                "the move would repeat an earlier position (superko)",
            ),
            (
                Refusal::Illegal {
                    why: IllegalMove::OffBoard,
                    ko_point: None,
                },
                "off_board",
                "the point is off the board",
            ),
            (
                Refusal::Illegal {
                    why: IllegalMove::NotYourTurn,
                    ko_point: None,
                },
                "not_your_turn",
                "it is not this player's turn",
            ),
            (
                Refusal::Illegal {
                    why: IllegalMove::GameOver,
                    ko_point: None,
                },
                "not_now",
                "the game is not in play",
            ),
            (Refusal::StonesPlaced, "not_now", "the stones are placed"),
            (
                Refusal::OpponentAbsent,
                "not_now",
                "wait for your opponent to join",
            ),
            (
                Refusal::BadPlacement("place exactly 3 stones".into()),
                "not_now",
                "place exactly 3 stones",
            ),
            (
                Refusal::AbortTooLate {
                    before: 2,
                    played: 5,
                },
                "not_now",
                "a game can be aborted only before your move 2; you have played 5: resign instead",
            ),
            (
                Refusal::NothingToClaim,
                "not_now",
                "a game can be claimed only from an engine that has failed",
            ),
            (
                Refusal::UndoPending,
                "not_now",
                "an undo request is already waiting for an answer",
            ),
            (
                Refusal::NoMoveToTakeBack,
                "not_now",
                "you have no move to take back",
            ),
            (
                Refusal::NoUndoRequest,
                "not_now",
                "no undo request to answer",
            ),
            (Refusal::DeadOffBoard, "off_board", "off the board"),
            (Refusal::NoStone, "not_now", "there is no stone there"),
            (
                Refusal::AcceptedAlready,
                "not_now",
                "you have accepted already",
            ),
            (Refusal::EmptyChat, "bad_message", "an empty message"),
            (
                Refusal::ChatTooLong {
                    max: 500,
                    chars: 501,
                },
                "too_large",
                "a message has at most 500 characters (this one has 501)",
            ),
            (
                Refusal::ChatTooFast {
                    messages: 5,
                    seconds: 10,
                },
                "rate_limited",
                "at most 5 messages in 10 seconds; wait a moment",
            ),
            (Refusal::ChatFull, "not_now", "this game's chat is full"),
            (
                Refusal::RematchBeforeEnd,
                "not_now",
                "a rematch is offered once the game is over",
            ),
            (
                Refusal::RematchUnderWay,
                "not_now",
                "the rematch has already started",
            ),
            (
                Refusal::NoRematchOffer,
                "not_now",
                "there is no rematch offer from your opponent",
            ),
            (Refusal::NoRematchSeat, "not_now", "no rematch seat for you"),
            (
                Refusal::RematchInvalid("bad setup".into()),
                "not_now",
                "bad setup",
            ),
            (
                Refusal::RematchNotStored("database is locked".into()),
                "unavailable",
                "the rematch could not be created: database is locked",
            ),
            (
                Refusal::Inapplicable("no such move".into()),
                "not_now",
                "no such move",
            ),
            (
                Refusal::Unrecorded,
                "unavailable",
                "the server could not record this (its database is unavailable), so it is not played; try again",
            ),
            (
                Refusal::Moved,
                "unavailable",
                "this game has moved to another server, so this is not played; reconnect and try again",
            ),
        ];
        for (refusal, code, message) in table {
            let json = serde_json::to_string(&WireError::from(refusal.clone()).to_msg()).unwrap();
            let expected = serde_json::json!({"type": "error", "code": code, "message": message});
            assert_eq!(
                serde_json::from_str::<serde_json::Value>(&json).unwrap(),
                expected,
                "{refusal:?}"
            );
        }
    }

    #[test]
    fn a_ko_refusal_names_the_forbidden_point_for_the_page_to_mark() {
        let refusal = Refusal::Illegal {
            why: IllegalMove::Ko,
            ko_point: Some(Point::new(3, 4)),
        };
        let json = serde_json::to_string(&WireError::from(refusal).to_msg()).unwrap();
        assert_eq!(
            json,
            r#"{"type":"error","code":"ko","message":"the point is forbidden by ko: play elsewhere first","ko_point":[3,4]}"#
        );
    }

    #[test]
    fn only_a_breach_of_the_rules_of_play_is_an_engines_illegal_move() {
        let illegal = |why| Refusal::Illegal {
            why,
            ko_point: None,
        };
        for why in [
            IllegalMove::Occupied,
            IllegalMove::Suicide,
            IllegalMove::Ko,
            IllegalMove::Superko,
            IllegalMove::OffBoard,
        ] {
            assert!(illegal(why).is_rule_breach(), "{why:?}");
        }
        assert!(!illegal(IllegalMove::NotYourTurn).is_rule_breach());
        assert!(!illegal(IllegalMove::GameOver).is_rule_breach());
        assert!(!Refusal::Outdated(Outdated::Move).is_rule_breach());
        assert!(!Refusal::DeadOffBoard.is_rule_breach());
    }
}
