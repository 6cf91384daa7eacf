//! Tengen's standings against OpenGotha's on the same tournament: `scripts/opengotha/`
//! holds a 10-player, 4-round McMahon tournament (every round as OpenGotha paired it, with an
//! absence, a bye, a game by default, a jigo and handicaps) and the standings OpenGotha 3.51
//! computed for it (`example.expected.tsv`, made by `scripts/opengotha/run.sh`). Both files
//! are ours, committed: this test needs no Java.

use std::collections::HashMap;
use tengen_club::tournament::{
    Entrant, EventInfo, GameResult, HandicapPolicy, Round, Settings, Standing, System, TieBreaker,
    Tournament, TournamentGame, standings, write_h9,
};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/opengotha");

/// Reads the driver's line format into a Tournament, and the player ids in order.
fn read_tournament(text: &str) -> (Tournament, Vec<String>) {
    let mut t = Tournament::new(Settings::default());
    let (mut bar, mut floor) = (None, None);
    let mut ids: Vec<String> = Vec::new();
    let index = |ids: &[String], id: &str| ids.iter().position(|x| x == id).unwrap();
    for line in text.lines() {
        let line = line.split('#').next().unwrap().trim();
        let f: Vec<&str> = line.split_whitespace().collect();
        match f.first().copied() {
            Some("system") => assert_eq!(f[1], "McMahon"),
            Some("rounds") => t.settings.rounds = f[1].parse().unwrap(),
            Some("bar") => bar = Some(f[1].parse().unwrap()),
            Some("floor") => floor = Some(f[1].parse().unwrap()),
            Some("player") => {
                ids.push(f[1].to_owned());
                let mut p = Entrant::new(f[2], f[4].parse().unwrap());
                p.first_name = f[3].to_owned();
                t.players.push(p);
            }
            Some("game") => {
                let r: usize = f[1].parse().unwrap();
                while t.rounds.len() < r {
                    t.rounds.push(Round::default());
                }
                let by_default = f[5].ends_with('!');
                let result = match f[5].trim_end_matches('!') {
                    "W" => GameResult::WhiteWins,
                    "B" => GameResult::BlackWins,
                    "=" => GameResult::Jigo,
                    "0" => GameResult::BothLose,
                    other => panic!("result {other}"),
                };
                t.rounds[r - 1].games.push(TournamentGame {
                    white: index(&ids, f[2]),
                    black: index(&ids, f[3]),
                    handicap: f[4].parse().unwrap(),
                    result,
                    by_default,
                });
            }
            Some("bye") => {
                let r: usize = f[1].parse().unwrap();
                t.rounds[r - 1].bye = Some(index(&ids, f[2]));
            }
            _ => {}
        }
    }
    t.settings.system = System::McMahon {
        bar: bar.unwrap(),
        floor: floor.unwrap(),
    };
    t.settings.handicap = HandicapPolicy::RankDifference {
        reduction: 1,
        ceiling: 9,
    };
    t.settings.tie_breakers = vec![
        TieBreaker::Mms,
        TieBreaker::Sos,
        TieBreaker::Sosos,
        TieBreaker::Sodos,
        TieBreaker::SosMinus1,
        TieBreaker::Cuss,
    ];
    (t, ids)
}

#[test]
fn standings_equal_opengothas_on_the_same_tournament() {
    let tournament = std::fs::read_to_string(format!("{DIR}/example.tournament")).unwrap();
    let expected = std::fs::read_to_string(format!("{DIR}/example.expected.tsv")).unwrap();
    let (t, ids) = read_tournament(&tournament);
    let ours = standings(&t);
    let by_player: HashMap<usize, &Standing> = ours.iter().map(|s| (s.player, s)).collect();
    let mut rows = expected.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = rows.next().unwrap().split('\t').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let mut compared = 0;
    for (i, row) in rows.enumerate() {
        let f: Vec<&str> = row.split('\t').collect();
        let player = ids.iter().position(|id| id == f[column("id")]).unwrap();
        let s = by_player[&player];
        let line = format!("OpenGotha: {row}\nTengen:    {s:?}");
        assert_eq!(
            ours[i].player,
            player,
            "order differs at line {}\n{line}",
            i + 1
        );
        assert_eq!(s.place.to_string(), f[column("place")], "{line}");
        assert_eq!(s.nbw.to_string(), f[column("NBW")], "{line}");
        for (criterion, name) in [
            (TieBreaker::Mms, "MMS"),
            (TieBreaker::Sos, "SOSM"),
            (TieBreaker::Sosos, "SOSOSM"),
            (TieBreaker::Sodos, "SODOSM"),
            (TieBreaker::SosMinus1, "SOSM-1"),
            (TieBreaker::Cuss, "CUSSM"),
        ] {
            assert_eq!(
                s.value(criterion).unwrap().to_string(),
                f[column(name)],
                "{name}\n{line}"
            );
        }
        compared += 1;
    }
    assert_eq!(compared, t.players.len());

    // The .h9 crosstable writes each round as OpenGotha's table does.
    let h9 = write_h9(&t, &EventInfo::default());
    for row in expected.lines().skip(2) {
        let f: Vec<&str> = row.split('\t').collect();
        let rounds = &f[f.len() - 4..];
        let name = format!("{} {}", f[2], f[3]);
        let line = h9.lines().find(|l| l.contains(&name)).unwrap();
        let ours: Vec<&str> = line
            .split_whitespace()
            .rev()
            .take(4)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        assert_eq!(ours, rounds, "{name}");
    }
}

/// Round 4 paired by Tengen and by OpenGotha from the same three rounds: Tengen's pairing is
/// at least as good on the criteria both put first — no repeat, and score gaps (summed
/// squares of the McMahon differences) no larger.
#[test]
fn round_four_pairs_at_least_as_well_as_opengotha() {
    let tournament = std::fs::read_to_string(format!("{DIR}/example.tournament")).unwrap();
    let theirs = std::fs::read_to_string(format!("{DIR}/example.pair4.expected.tsv")).unwrap();
    let (mut t, ids) = read_tournament(&tournament);
    t.rounds.truncate(3);
    let scores: Vec<i64> = {
        let table = standings(&t);
        let mut s = vec![0; t.players.len()];
        for row in table {
            s[row.player] = row.mms.quarters() / 2;
        }
        s
    };
    let criteria = |games: &[(usize, usize)]| {
        let repeats = games
            .iter()
            .filter(|&&(a, b)| {
                t.rounds
                    .iter()
                    .any(|r| r.game_of(a).and_then(|g| g.opponent(a)) == Some(b))
            })
            .count();
        let gaps: i64 = games
            .iter()
            .map(|&(a, b)| (scores[a] - scores[b]).pow(2))
            .sum();
        (repeats, gaps)
    };
    let opengotha: Vec<(usize, usize)> = theirs
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("table") && !l.starts_with("bye"))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let at = |id: &str| ids.iter().position(|x| x == id).unwrap();
            (at(f[1]), at(f[2]))
        })
        .collect();
    let round = tengen_club::tournament::pair_round(&t, &vec![true; t.players.len()], &[]).unwrap();
    let ours: Vec<(usize, usize)> = round.games.iter().map(|g| (g.white, g.black)).collect();
    let (ours_c, theirs_c) = (criteria(&ours), criteria(&opengotha));
    eprintln!("Tengen {ours_c:?} {ours:?}\nOpenGotha {theirs_c:?} {opengotha:?}");
    assert_eq!(ours_c.0, 0);
    assert!(
        ours_c.1 <= theirs_c.1,
        "Tengen {ours_c:?}, OpenGotha {theirs_c:?}"
    );
}
