//! Chat beside the board: the players' room and the spectators' room, stored in the game's
//! log (so it survives restarts and is replayed to whoever connects), plain text, limited in
//! length and rate. Until the game is over the players do not see the spectators' room
//! (OGS's rule: no advice from the audience); spectators see both.

use std::{
    collections::HashMap,
    net::IpAddr,
    time::{Duration, Instant},
};

use tengen_core::Color;

use super::{Actor, Audience, Update};
use crate::{
    game::refusal::Refusal,
    game::runtime::Record,
    game::wire::{ChatLine, Role, Room, ServerMsg},
};

/// The longest message, in characters.
pub(crate) const MAX_CHARS: usize = 500;
/// Messages one speaker (a seat, or the spectators of one address) may send per
/// [`RATE_WINDOW`].
pub(crate) const RATE_MESSAGES: usize = 5;
/// The window of [`RATE_MESSAGES`].
pub(crate) const RATE_WINDOW: Duration = Duration::from_secs(10);
/// The most lines a game keeps; later messages are refused.
pub(crate) const MAX_LINES: usize = 2000;

/// Whose allowance a line uses: each seat its own, and the spectators each address its own,
/// so that one spectator cannot use up the room's (a spammer's many connections from one
/// address still share one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Speaker {
    Seat(Color),
    Spectator(IpAddr),
}

/// Allowances kept before the idle ones are forgotten (a crowd of spectators that chatted
/// once each costs this much memory at most between clean-ups).
const SPEAKERS_KEPT: usize = 256;

/// Takes one message from `who`'s allowance at `now`, or says how long to wait.
pub(crate) fn take_allowance(
    times: &mut HashMap<Speaker, Vec<Instant>>,
    who: Speaker,
    now: Instant,
) -> Result<(), Refusal> {
    if times.len() >= SPEAKERS_KEPT {
        times.retain(|_, t| t.iter().any(|&t| now.duration_since(t) < RATE_WINDOW));
    }
    let mine = times.entry(who).or_default();
    mine.retain(|&t| now.duration_since(t) < RATE_WINDOW);
    if mine.len() >= RATE_MESSAGES {
        return Err(Refusal::ChatTooFast {
            messages: RATE_MESSAGES,
            seconds: RATE_WINDOW.as_secs(),
        });
    }
    mine.push(now);
    Ok(())
}

/// The text as stored: without control characters (line breaks become spaces) or the marks
/// that reverse text direction, trimmed; an error for an empty or too long message.
pub(crate) fn clean(text: &str) -> Result<String, Refusal> {
    let shown: String = text
        .chars()
        .map(|c| if c == '\n' || c == '\t' { ' ' } else { c })
        .filter(|&c| {
            !c.is_control() && !matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        })
        .collect();
    let shown = shown.trim();
    if shown.is_empty() {
        return Err(Refusal::EmptyChat);
    }
    let n = shown.chars().count();
    if n > MAX_CHARS {
        return Err(Refusal::ChatTooLong {
            max: MAX_CHARS,
            chars: n,
        });
    }
    Ok(shown.to_owned())
}

/// The lines `role` may read now.
pub(crate) fn visible(lines: &[ChatLine], role: Role, finished: bool) -> Vec<ChatLine> {
    lines
        .iter()
        .filter(|l| finished || role == Role::Spectator || l.room == Room::Players)
        .cloned()
        .collect()
}

impl Actor {
    /// Says `text` in the sender's room: checked, recorded, then broadcast.
    pub(crate) async fn chat(
        &mut self,
        role: Role,
        from: IpAddr,
        text: &str,
    ) -> Result<(), Refusal> {
        let text = clean(text)?;
        if self.rt.chat.len() >= MAX_LINES {
            return Err(Refusal::ChatFull);
        }
        let who = role.color().map_or(Speaker::Spectator(from), Speaker::Seat);
        take_allowance(&mut self.extras.chat_times, who, Instant::now())?;
        let (room, color, name) = match role.color() {
            Some(c) => (
                Room::Players,
                Some(c),
                self.rt.seat_kind(c).name().to_owned(),
            ),
            None => (Room::Spectators, None, "Spectator".to_owned()),
        };
        let line = ChatLine {
            room,
            color,
            name,
            text,
            ply: self.rt.ply(),
            at_ms: crate::game::record::now_ms(),
        };
        self.commit(vec![Record::Chat { line: line.clone() }])
            .await?;
        let audience = audience_of(room, self.rt.finished());
        let msg = ServerMsg::Chat {
            hidden_from_players: audience == Audience::Spectators,
            line,
        };
        let _ = self.updates.send(Update::new(audience, &msg));
        Ok(())
    }
}

/// Who a line of `room` is broadcast to: a spectators' line only to the spectators until
/// the game is over (`finished`), every other line to everyone.
fn audience_of(room: Room, finished: bool) -> Audience {
    if room == Room::Spectators && !finished {
        Audience::Spectators
    } else {
        Audience::Everyone
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        game::runtime::Runtime,
        game::wire::{ErrorCode, WireError},
    };

    #[test]
    fn chat_text_is_plain_one_line_and_bounded() {
        assert_eq!(clean("  hi\nthere\u{7}  ").unwrap(), "hi there");
        assert_eq!(clean("a\u{202e}b").unwrap(), "ab");
        assert_eq!(
            WireError::from(clean(" \n ").unwrap_err()).code,
            ErrorCode::BadMessage
        );
        assert_eq!(clean(&"x".repeat(MAX_CHARS)).unwrap().len(), MAX_CHARS);
        assert_eq!(
            WireError::from(clean(&"碁".repeat(MAX_CHARS + 1)).unwrap_err()).code,
            ErrorCode::TooLarge
        );
        // Markup stays text: the page decides how to show it (as text).
        assert_eq!(clean("<b>x</b>").unwrap(), "<b>x</b>");
    }

    #[test]
    fn each_spectator_address_has_its_own_allowance_and_each_seat_its_own() {
        let mut times = HashMap::new();
        let now = Instant::now();
        let spammer = Speaker::Spectator(IpAddr::from([10, 0, 0, 1]));
        for _ in 0..RATE_MESSAGES {
            take_allowance(&mut times, spammer, now).unwrap();
        }
        let refused = take_allowance(&mut times, spammer, now).unwrap_err();
        assert_eq!(WireError::from(refused).code, ErrorCode::RateLimited);
        // Another spectator, and both players, still talk.
        let other = Speaker::Spectator(IpAddr::from([10, 0, 0, 2]));
        take_allowance(&mut times, other, now).unwrap();
        take_allowance(&mut times, Speaker::Seat(Color::Black), now).unwrap();
        take_allowance(&mut times, Speaker::Seat(Color::White), now).unwrap();
        // The spammer's allowance comes back after the window.
        take_allowance(&mut times, spammer, now + RATE_WINDOW).unwrap();
    }

    #[test]
    fn idle_allowances_are_forgotten_once_many_speakers_are_kept() {
        let mut times = HashMap::new();
        let t0 = Instant::now();
        for i in 0..SPEAKERS_KEPT {
            let ip = IpAddr::from([10, 1, (i / 256) as u8, (i % 256) as u8]);
            take_allowance(&mut times, Speaker::Spectator(ip), t0).unwrap();
        }
        assert_eq!(times.len(), SPEAKERS_KEPT);
        let later = t0 + RATE_WINDOW;
        take_allowance(&mut times, Speaker::Seat(Color::Black), later).unwrap();
        assert_eq!(
            times.len(),
            1,
            "only the speaker of the last window is kept"
        );
    }

    #[test]
    fn players_do_not_read_the_spectators_room_until_the_end() {
        let line = |room| ChatLine {
            room,
            color: None,
            name: "n".into(),
            text: "t".into(),
            ply: 0,
            at_ms: 0,
        };
        let lines = vec![line(Room::Players), line(Room::Spectators)];
        assert_eq!(visible(&lines, Role::Black, false).len(), 1);
        assert_eq!(visible(&lines, Role::Spectator, false).len(), 2);
        assert_eq!(visible(&lines, Role::White, true).len(), 2);
    }

    #[test]
    fn a_chat_record_is_kept_and_replayed_without_changing_the_game() {
        let mut records = crate::game::history::tests::records_of(&[(1, 1)]);
        let rt = Runtime::replay(&records, std::time::Instant::now()).unwrap();
        let line = ChatLine {
            room: Room::Players,
            color: Some(Color::Black),
            name: "Player".into(),
            text: "hello".into(),
            ply: 1,
            at_ms: 5,
        };
        records.push(Record::Chat { line: line.clone() });
        let again = Runtime::replay(&records, std::time::Instant::now()).unwrap();
        assert_eq!(again.chat, vec![line]);
        assert_eq!(again.seq, rt.seq + 1);
        assert_eq!(again.game_seq, rt.game_seq, "engines do not act on chat");
        assert_eq!(again.ply(), 1);
    }

    #[test]
    fn the_spectators_room_is_broadcast_to_the_spectators_only_while_the_game_runs() {
        let hidden = audience_of(Room::Spectators, false);
        assert_eq!(hidden, Audience::Spectators);
        assert!(hidden.includes(Role::Spectator));
        assert!(!hidden.includes(Role::Black));
        assert!(!hidden.includes(Role::White));
        assert_eq!(audience_of(Room::Spectators, true), Audience::Everyone);
        assert_eq!(audience_of(Room::Players, false), Audience::Everyone);
        assert_eq!(audience_of(Room::Players, true), Audience::Everyone);
        assert!(Audience::Everyone.includes(Role::White));
        assert!(Audience::Everyone.includes(Role::Spectator));
    }
}
