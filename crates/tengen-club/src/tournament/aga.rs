//! The AGA's results file, as its ratings office takes it: a `TOURNEY` header, the `PLAYERS`
//! with their AGA numbers, then one `GAMES` line per game, `white black result handicap komi`.

use super::h9::EventInfo;
use super::{GameResult, Tournament};
use std::fmt::Write as _;

/// The tournament's games in the AGA's results format. Games without a result, jigo (the
/// AGA's format records a winner) and games decided by default are left out, as the AGA rates
/// only games played to a result; players without an AGA number are listed by a `TMP` number
/// the ratings office assigns a real one to.
#[must_use]
pub fn write_aga_results(
    t: &Tournament,
    info: &EventInfo,
    komi_of: impl Fn(u32) -> String,
) -> String {
    let id = |p: usize| match &t.players[p].aga_id {
        Some(id) if !id.trim().is_empty() => id.trim().to_owned(),
        _ => format!("TMP{}", p + 1),
    };
    let mut out = String::new();
    let one_line = |s: &str| s.replace(['\n', '\r'], " ");
    let _ = writeln!(
        out,
        "TOURNEY {}, {}",
        one_line(&info.name),
        one_line(&info.place)
    );
    let _ = writeln!(out, "start={}", info.start_date);
    let _ = writeln!(out, "finish={}", info.end_date);
    let _ = writeln!(out, "rules=AGA");
    let _ = writeln!(out, "PLAYERS");
    for (i, p) in t.players.iter().enumerate() {
        let name = if p.first_name.is_empty() {
            one_line(&p.surname)
        } else {
            format!("{}, {}", one_line(&p.surname), one_line(&p.first_name))
        };
        let _ = writeln!(out, "{} {} {}", id(i), name, p.rank);
    }
    let _ = writeln!(out, "GAMES");
    for round in &t.rounds {
        for g in &round.games {
            let winner = match g.result {
                GameResult::WhiteWins => 'W',
                GameResult::BlackWins => 'B',
                _ => continue,
            };
            if g.by_default {
                continue;
            }
            let _ = writeln!(
                out,
                "{} {} {winner} {} {}",
                id(g.white),
                id(g.black),
                g.handicap,
                komi_of(g.handicap)
            );
        }
    }
    out
}
