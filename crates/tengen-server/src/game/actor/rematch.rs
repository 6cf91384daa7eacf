//! Rematch at the end of a game: same settings, colours swapped. One player offers, the
//! other accepts or declines (an engine accepts at once). On acceptance this actor writes the
//! new game's first record with both seats taken, and hands each player their new seat
//! secret privately, in the answer to their own command: the accepting player at once, the
//! offering player when their page asks for it (`rematch_seat`) after seeing the new game
//! in the state.
//!
//! The offer, its refusal and the new game are records of the old game's log, so a restart
//! keeps them; the new seats' secrets are not (secrets are stored only as hashes), so a
//! seat not yet handed out when the server restarts is lost: that player watches.

use std::time::Instant;

use tengen_core::Color;

use super::{Actor, summary, to_json};
use crate::{
    game::record::Record,
    game::refusal::Refusal,
    game::runtime::{Rematch, Runtime},
    game::settings::SeatKind,
    game::wire::{ClientMsg, Role, ServerMsg},
    secret,
};

impl Actor {
    /// Handles the rematch commands; `None` for any other command.
    pub(crate) async fn rematch_command(
        &mut self,
        role: Role,
        msg: &ClientMsg,
    ) -> Option<Result<Option<String>, Refusal>> {
        let answer = match msg {
            ClientMsg::Rematch => self.offer_rematch(role).await,
            ClientMsg::RematchAnswer { accept } => self.answer_rematch(role, *accept).await,
            ClientMsg::RematchSeat => self.claim_rematch_seat(role),
            _ => return None,
        };
        Some(answer)
    }

    fn seat_of(&self, role: Role) -> Result<Color, Refusal> {
        let color = role.color().ok_or(Refusal::Spectator)?;
        if !self.rt.finished() {
            return Err(Refusal::RematchBeforeEnd);
        }
        Ok(color)
    }

    async fn offer_rematch(&mut self, role: Role) -> Result<Option<String>, Refusal> {
        let color = self.seat_of(role)?;
        let offer = &self.rt.rematch;
        if offer.game.is_some() {
            return Err(Refusal::RematchUnderWay);
        }
        if offer.by.is_some_and(|by| by != color) && !offer.declined {
            // Both asked: that is an acceptance.
            return self.answer_rematch(role, true).await;
        }
        if offer.by == Some(color) && !offer.declined {
            return Ok(None); // offered already
        }
        self.commit(vec![Record::RematchOffered { by: color }])
            .await?;
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
    ) -> Result<Option<String>, Refusal> {
        let color = self.seat_of(role)?;
        let offer: &Rematch = &self.rt.rematch;
        if offer.by != Some(color.other()) || offer.declined {
            return Err(Refusal::NoRematchOffer);
        }
        if offer.game.is_some() {
            return self.claim_rematch_seat(role);
        }
        if !accept {
            self.commit(vec![Record::RematchDeclined { by: color }])
                .await?;
            self.broadcast_state();
            return Ok(None);
        }
        self.start_rematch().await?;
        self.claim_rematch_seat(role)
    }

    /// This seat's secret in the new game, once (then it is forgotten here).
    fn claim_rematch_seat(&mut self, role: Role) -> Result<Option<String>, Refusal> {
        let color = role.color().ok_or(Refusal::Spectator)?;
        let (Some(game), Some(seat)) = (
            self.rt.rematch.game.clone(),
            self.extras.rematch_seats[color.index()].take(),
        ) else {
            return Err(Refusal::NoRematchSeat);
        };
        Ok(Some(to_json(&ServerMsg::RematchSeat { game, seat })))
    }

    /// Writes the new game (colours swapped, both seats taken) and tells everyone.
    async fn start_rematch(&mut self) -> Result<(), Refusal> {
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
            at_ms: crate::game::record::now_ms(),
        };
        let rt = Runtime::new(&record, Instant::now()).map_err(Refusal::RematchInvalid)?;
        self.store
            .append(&id, 1, vec![to_json(&record)], summary(&rt))
            .await
            .map_err(|e| Refusal::RematchNotStored(e.to_string()))?;
        self.commit(vec![Record::RematchStarted { game: id }])
            .await?;
        self.extras.rematch_seats = new_seats;
        self.broadcast_state();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use crate::{
        game::history::tests::records_of,
        game::record::Record,
        game::runtime::{Rematch, Runtime},
    };
    use tengen_core::Color;

    fn replayed(records: &[Record]) -> Result<Runtime, String> {
        Runtime::replay(records, Instant::now())
    }

    #[test]
    fn the_rematch_offer_its_refusal_and_the_new_game_are_replayed_from_the_log() {
        let mut records = records_of(&[(2, 2)]);
        records.push(Record::Resign { by: Color::White });
        // An old log, written before rematches were records, replays with no offer.
        assert_eq!(replayed(&records).unwrap().rematch, Rematch::default());
        records.push(Record::RematchOffered { by: Color::White });
        let rt = replayed(&records).unwrap();
        let view = rt.rematch.view().unwrap();
        assert_eq!(
            (view.by, view.declined, view.game),
            (Color::White, false, None)
        );
        records.push(Record::RematchDeclined { by: Color::Black });
        assert!(replayed(&records).unwrap().rematch.declined);
        // Offered again, by the other player this time, and accepted.
        records.push(Record::RematchOffered { by: Color::Black });
        records.push(Record::RematchStarted {
            game: "0123456789abcdef".into(),
        });
        let rt = replayed(&records).unwrap();
        let view = rt.rematch.view().unwrap();
        assert_eq!(
            (view.by, view.declined, view.game.as_deref()),
            (Color::Black, false, Some("0123456789abcdef"))
        );
        assert_eq!(rt.ply(), 1, "the game itself is unchanged");
    }

    #[test]
    fn a_rematch_record_out_of_place_does_not_replay() {
        let mut live = records_of(&[(2, 2)]);
        live.push(Record::RematchOffered { by: Color::White });
        let e = replayed(&live).unwrap_err();
        assert!(e.contains("a rematch offer out of place"), "{e}");
        let mut finished = records_of(&[(2, 2)]);
        finished.push(Record::Resign { by: Color::White });
        let mut declined = finished.clone();
        declined.push(Record::RematchDeclined { by: Color::Black });
        assert!(replayed(&declined).is_err(), "nobody offered");
        finished.push(Record::RematchOffered { by: Color::White });
        let mut own = finished.clone();
        own.push(Record::RematchDeclined { by: Color::White });
        assert!(
            replayed(&own).is_err(),
            "one does not decline one's own offer"
        );
    }
}
