//! A rematch at the end of a game as its log says: the offer, a refusal and the new game are
//! records of the old game, so the offer survives a restart.

use tengen_core::Color;

use crate::game::record::Record;

/// A rematch at the end of a game, as its records say.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Rematch {
    /// Who offered.
    pub by: Option<Color>,
    pub declined: bool,
    /// The new game, once accepted.
    pub game: Option<String>,
}

impl Rematch {
    pub(crate) fn view(&self) -> Option<crate::game::wire::RematchView> {
        self.by.map(|by| crate::game::wire::RematchView {
            by,
            declined: self.declined,
            game: self.game.clone(),
        })
    }

    /// Applies a rematch record to a game that is `finished`; `None` for any other record.
    pub(crate) fn apply(&mut self, record: &Record, finished: bool) -> Option<Result<(), String>> {
        let check = |ok: bool, why: &str| if ok { Ok(()) } else { Err(why.to_owned()) };
        Some(match record {
            Record::RematchOffered { by } => check(
                finished && self.game.is_none(),
                "a rematch offer out of place",
            )
            .map(|()| {
                *self = Rematch {
                    by: Some(*by),
                    ..Rematch::default()
                };
            }),
            Record::RematchDeclined { by } => check(
                self.by == Some((*by).other()) && self.game.is_none(),
                "declining a rematch nobody offered",
            )
            .map(|()| self.declined = true),
            Record::RematchStarted { game } => check(
                self.by.is_some() && self.game.is_none(),
                "a rematch nobody offered",
            )
            .map(|()| self.game = Some(game.clone())),
            _ => return None,
        })
    }
}
