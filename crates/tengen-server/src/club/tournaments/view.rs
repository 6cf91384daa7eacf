//! What the tournament's page and the API show: the event, the players, every round's games
//! with their links, the standings with the tie-breakers, and for a draft round what its
//! pairing costs. Players are numbered from 1 here, as a printed crosstable numbers them.

use serde::Serialize;
use tengen_club::tournament::{
    GameResult, PairingNote, Settings, crosstable_entry, pairing_notes, standings,
};

use super::{Loaded, Stored};
use crate::{club::account::Account, game::clock::ClockSettings};

/// One line of the tournaments' list.
#[derive(Serialize)]
pub(crate) struct Summary {
    id: String,
    name: String,
    place: String,
    start_date: String,
    players: usize,
    rounds: u32,
    rounds_started: usize,
    finished: bool,
}

pub(crate) fn summary(id: &str, stored: &Stored) -> Summary {
    let started = stored.started.iter().filter(|&&s| s).count();
    let planned = stored.tournament.settings.rounds;
    Summary {
        id: id.to_owned(),
        name: stored.event.name.clone(),
        place: stored.event.place.clone(),
        start_date: stored.event.start_date.clone(),
        players: stored.tournament.players.len(),
        rounds: planned,
        rounds_started: started,
        finished: started == planned as usize
            && stored.tournament.rounds.iter().all(|r| r.is_complete()),
    }
}

#[derive(Serialize)]
pub(crate) struct View {
    id: String,
    #[serde(flatten)]
    event: super::Event,
    rules: String,
    size: u32,
    time: ClockSettings,
    settings: Settings,
    /// The asking member runs this tournament.
    can_direct: bool,
    players: Vec<PlayerView>,
    rounds: Vec<RoundView>,
    standings: Vec<StandingView>,
}

#[derive(Serialize)]
struct PlayerView {
    number: usize,
    name: String,
    rank: String,
    club: String,
    country: String,
    member: bool,
    withdrawn: bool,
}

#[derive(Serialize)]
struct RoundView {
    number: usize,
    started: bool,
    games: Vec<GameView>,
    bye: Option<usize>,
    /// A draft's cost against the criteria (repeats, score gaps, colours, second byes).
    notes: Vec<String>,
}

#[derive(Serialize)]
struct GameView {
    board: usize,
    white: usize,
    black: usize,
    handicap: u32,
    result: GameResult,
    by_default: bool,
    /// The game on this server, if played here.
    game: Option<String>,
}

#[derive(Serialize)]
struct StandingView {
    place: usize,
    player: usize,
    name: String,
    rank: String,
    nbw: tengen_club::tournament::Points,
    mms: tengen_club::tournament::Points,
    criteria: Vec<(String, tengen_club::tournament::Points)>,
    /// One entry per round as the crosstable writes it: `3+/w0`, `0+` (bye), `0=` (absent).
    results: Vec<String>,
}

pub(crate) fn of(loaded: &Loaded, member: Option<&Account>) -> View {
    let stored = &loaded.stored;
    let t = &stored.tournament;
    let played = stored.played();
    let table = standings(&played);
    let mut line_of = vec![0; t.players.len()];
    for (i, s) in table.iter().enumerate() {
        line_of[s.player] = i + 1;
    }
    let name = |p: usize| t.players[p].full_name();
    let rounds = t
        .rounds
        .iter()
        .enumerate()
        .map(|(r, round)| {
            let draft = !stored.started[r];
            RoundView {
                number: r + 1,
                started: !draft,
                games: round
                    .games
                    .iter()
                    .enumerate()
                    .map(|(b, g)| GameView {
                        board: b + 1,
                        white: g.white + 1,
                        black: g.black + 1,
                        handicap: g.handicap,
                        result: g.result,
                        by_default: g.by_default,
                        game: stored.games[r].get(b).cloned().flatten(),
                    })
                    .collect(),
                bye: round.bye.map(|p| p + 1),
                notes: if draft {
                    pairing_notes(&played, round)
                        .iter()
                        .map(|n| describe(n, &name))
                        .collect()
                } else {
                    Vec::new()
                },
            }
        })
        .collect();
    let standings = table
        .iter()
        .map(|s| StandingView {
            place: s.place,
            player: s.player + 1,
            name: name(s.player),
            rank: t.players[s.player].rank.to_string(),
            nbw: s.nbw,
            mms: s.mms,
            criteria: s
                .criteria
                .iter()
                .map(|(c, v)| (c.name().to_owned(), *v))
                .collect(),
            results: played
                .rounds
                .iter()
                .map(|round| crosstable_entry(round, s.player, &line_of, t.settings.is_mcmahon()))
                .collect(),
        })
        .collect();
    View {
        id: loaded.id.clone(),
        event: stored.event.clone(),
        rules: stored.rules.clone(),
        size: stored.size,
        time: stored.time,
        settings: t.settings.clone(),
        can_direct: member
            .is_some_and(|m| m.admin || (m.may_direct() && m.id == loaded.director_id)),
        players: t
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| PlayerView {
                number: i + 1,
                name: p.full_name(),
                rank: p.rank.to_string(),
                club: p.club.clone(),
                country: p.country.clone(),
                member: stored.accounts[i].is_some(),
                withdrawn: stored.withdrawn[i],
            })
            .collect(),
        rounds,
        standings,
    }
}

/// A pairing note in words, players by name.
fn describe(note: &PairingNote, name: &dyn Fn(usize) -> String) -> String {
    match note {
        PairingNote::Repeat { players, times } => format!(
            "{} and {} have met {times} time(s) already",
            name(players.0),
            name(players.1)
        ),
        PairingNote::ScoreGap { players, halves } => format!(
            "{} and {} are {} point(s) apart",
            name(players.0),
            name(players.1),
            *halves as f64 / 2.0
        ),
        PairingNote::ColourImbalance { player, balance } => format!(
            "{} would have {} more {} than {}",
            name(*player),
            balance.abs(),
            if *balance > 0 { "Whites" } else { "Blacks" },
            if *balance > 0 { "Blacks" } else { "Whites" }
        ),
        PairingNote::ByeAgain { player } => format!("{} would have a second bye", name(*player)),
    }
}
