//! Rematch at the end of a game: same settings, colours swapped. One player offers, the
//! other accepts or declines (an engine accepts at once). On acceptance this actor writes the
//! new game's first record with both seats taken, and hands each player their new seat
//! secret privately, in the answer to their own command: the accepting player at once, the
//! offering player when their page asks for it (`rematch_seat`) after seeing the new game
//! in the state.
//!
//! The offer lives in the actor's memory only: a restart forgets it (offer again).

use std::time::Instant;

use tengen_core::Color;

use super::{Actor, summary, to_json};
use crate::{
    record::Record,
    runtime::Runtime,
    secret,
    settings::SeatKind,
    wire::{ClientMsg, ErrorCode, RematchView, Role, ServerMsg, WireError},
};

/// A rematch as the actor keeps it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Rematch {
    /// Who offered.
    pub by: Option<Color>,
    pub declined: bool,
    /// The new game, once accepted.
    pub game: Option<String>,
    /// The new seat secrets not yet handed out, by the *old* colours.
    pub unclaimed: [Option<String>; 2],
}

impl Rematch {
    pub(crate) fn view(&self) -> Option<RematchView> {
        self.by.map(|by| RematchView {
            by: by.into(),
            declined: self.declined,
            game: self.game.clone(),
        })
    }
}

fn refuse(message: &str) -> WireError {
    WireError::new(ErrorCode::NotNow, message)
}

impl Actor {
    /// Handles the rematch commands; `None` for any other command.
    pub(crate) async fn rematch_command(
        &mut self,
        role: Role,
        msg: &ClientMsg,
    ) -> Option<Result<Option<String>, WireError>> {
        let answer = match msg {
            ClientMsg::Rematch => self.offer_rematch(role).await,
            ClientMsg::RematchAnswer { accept } => self.answer_rematch(role, *accept).await,
            ClientMsg::RematchSeat => self.claim_rematch_seat(role),
            _ => return None,
        };
        Some(answer)
    }

    fn seat_of(&self, role: Role) -> Result<Color, WireError> {
        let color = role
            .color()
            .ok_or_else(|| WireError::new(ErrorCode::NotYourSeat, "spectators can only watch"))?;
        if !self.rt.finished() {
            return Err(refuse("a rematch is offered once the game is over"));
        }
        Ok(color)
    }

    async fn offer_rematch(&mut self, role: Role) -> Result<Option<String>, WireError> {
        let color = self.seat_of(role)?;
        if self.extras.rematch.game.is_some() {
            return Err(refuse("the rematch has already started"));
        }
        if self.extras.rematch.by.is_some_and(|by| by != color) && !self.extras.rematch.declined {
            // Both asked: that is an acceptance.
            return self.answer_rematch(role, true).await;
        }
        self.extras.rematch = Rematch {
            by: Some(color),
            ..Default::default()
        };
        if matches!(self.rt.seat_kind(color.other()), SeatKind::Engine { .. }) {
            // An engine always wants another game.
            self.start_rematch().await?;
            return self.claim_rematch_seat(role);
        }
        self.broadcast_state();
        Ok(None)
    }

    async fn answer_rematch(
        &mut self,
        role: Role,
        accept: bool,
    ) -> Result<Option<String>, WireError> {
        let color = self.seat_of(role)?;
        if self.extras.rematch.by != Some(color.other()) || self.extras.rematch.declined {
            return Err(refuse("there is no rematch offer from your opponent"));
        }
        if self.extras.rematch.game.is_some() {
            return self.claim_rematch_seat(role);
        }
        if !accept {
            self.extras.rematch.declined = true;
            self.broadcast_state();
            return Ok(None);
        }
        self.start_rematch().await?;
        self.claim_rematch_seat(role)
    }

    /// This seat's secret in the new game, once (then it is forgotten here).
    fn claim_rematch_seat(&mut self, role: Role) -> Result<Option<String>, WireError> {
        let color = role
            .color()
            .ok_or_else(|| WireError::new(ErrorCode::NotYourSeat, "spectators can only watch"))?;
        let (Some(game), Some(seat)) = (
            self.extras.rematch.game.clone(),
            self.extras.rematch.unclaimed[color.index()].take(),
        ) else {
            return Err(refuse("no rematch seat for you"));
        };
        Ok(Some(to_json(&ServerMsg::RematchSeat { game, seat })))
    }

    /// Writes the new game (colours swapped, both seats taken) and tells everyone.
    async fn start_rematch(&mut self) -> Result<(), WireError> {
        let mut setup = self.rt.setup.clone();
        std::mem::swap(&mut setup.black, &mut setup.white);
        setup.creator = setup.creator.other();
        setup.nigiri = false;
        setup.open = false;
        let mut new_seats: [Option<String>; 2] = [None, None];
        let mut hashes: [Option<String>; 2] = [None, None];
        for old in Color::ALL {
            let new = old.other();
            if matches!(self.rt.seat_kind(old), SeatKind::Person { .. }) {
                let token = secret::new_token();
                hashes[new.index()] = secret::hash(&token);
                new_seats[old.index()] = Some(token);
            }
        }
        let id = secret::new_id();
        let record = Record::Created {
            id: id.clone(),
            setup,
            seats: hashes,
            invite: None,
            at_ms: crate::record::now_ms(),
        };
        let rt = Runtime::new(&record, Instant::now()).map_err(|e| refuse(&e))?;
        self.store
            .append(&id, 1, vec![to_json(&record)], summary(&rt))
            .await
            .map_err(|e| {
                WireError::new(
                    ErrorCode::Unavailable,
                    format!("the rematch could not be created: {e}"),
                )
            })?;
        self.extras.rematch.game = Some(id);
        self.extras.rematch.unclaimed = new_seats;
        self.broadcast_state();
        Ok(())
    }
}
