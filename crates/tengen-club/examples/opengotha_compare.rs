//! A random McMahon tournament paired by Tengen, written in the line format of
//! `scripts/opengotha/` for OpenGotha to rank, beside Tengen's own standings in the TSV form
//! OpenGotha's driver prints: `scripts/opengotha/compare.sh` runs both and diffs them.
//!
//! ```sh
//! cargo run --release -p tengen-club --example opengotha_compare -- 40 6 7 /tmp/cmp
//! ```
//! writes `/tmp/cmp/tournament.txt` and `/tmp/cmp/tengen.tsv` (40 players, 6 rounds, seed 7).

use std::fmt::Write as _;
use tengen_club::Rank;
use tengen_club::tournament::{
    Entrant, GameResult, HandicapPolicy, Settings, System, TieBreaker, Tournament,
    crosstable_entry, pair_round, standings,
};

/// xorshift64: a seeded generator is all this needs, and the example stays dependency-free.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (players, rounds, seed, out, swiss) = match args.as_slice() {
        [p, r, s, o] => (p, r, s, o, false),
        [p, r, s, o, system] if system == "swiss" => (p, r, s, o, true),
        _ => return Err("usage: opengotha_compare PLAYERS ROUNDS SEED OUT_DIR [swiss]".into()),
    };
    let (players, rounds): (usize, u32) = (players.parse()?, rounds.parse()?);
    let mut rng = Rng(seed.parse::<u64>()?.max(1));
    // OpenGotha names the sums over opponents by the score they add: M (McMahon), W (wins).
    let criteria = if swiss {
        [
            (TieBreaker::Nbw, "NBW"),
            (TieBreaker::Sos, "SOSW"),
            (TieBreaker::Sosos, "SOSOSW"),
            (TieBreaker::Sodos, "SODOSW"),
            (TieBreaker::SosMinus1, "SOSW-1"),
            (TieBreaker::Cuss, "CUSSW"),
        ]
    } else {
        [
            (TieBreaker::Mms, "MMS"),
            (TieBreaker::Sos, "SOSM"),
            (TieBreaker::Sosos, "SOSOSM"),
            (TieBreaker::Sodos, "SODOSM"),
            (TieBreaker::SosMinus1, "SOSM-1"),
            (TieBreaker::Cuss, "CUSSM"),
        ]
    };
    let mut t = Tournament::new(Settings {
        system: if swiss {
            System::Swiss
        } else {
            System::McMahon {
                bar: "2d".parse()?,
                floor: "15k".parse()?,
            }
        },
        rounds,
        handicap: HandicapPolicy::RankDifference {
            reduction: 1,
            ceiling: 9,
        },
        tie_breakers: criteria.iter().map(|(c, _)| *c).collect(),
        ..Settings::default()
    });
    for i in 0..players {
        // 20k to 4d.
        let rank = Rank::ALL[10 + rng.below(25) as usize];
        let mut p = Entrant::new(&format!("Sur{i:03}"), rank);
        p.first_name = format!("Giv{}", rng.below(1000));
        t.players.push(p);
    }
    let mut text = format!(
        "# Made by `opengotha_compare {} {} {} …`\nsystem {}\nrounds {rounds}\nbar 2d\nfloor 15k\n\
         criteria {}\nhandicap rank correction=1 ceiling=9 threshold=9d\n",
        players,
        rounds,
        seed,
        if swiss { "Swiss" } else { "McMahon" },
        criteria.map(|(_, n)| n).join(" ")
    );
    for (i, p) in t.players.iter().enumerate() {
        let _ = writeln!(
            text,
            "player P{i} {} {} {}",
            p.surname, p.first_name, p.rank
        );
    }
    for r in 0..rounds as usize {
        // One player in twenty misses a round (none with NO_ABSENCES set, for timing the
        // pairing of everyone against OpenGotha's).
        let everyone = std::env::var_os("NO_ABSENCES").is_some();
        let present: Vec<bool> = (0..players)
            .map(|_| rng.below(20) != 0 || everyone)
            .collect();
        let started = std::time::Instant::now();
        let mut round = pair_round(&t, &present, &[])?;
        eprintln!(
            "round {}: {} players paired by Tengen in {:.1} ms",
            r + 1,
            present.iter().filter(|&&p| p).count(),
            started.elapsed().as_secs_f64() * 1e3
        );
        for g in &mut round.games {
            g.result = match rng.below(100) {
                0..=45 => GameResult::WhiteWins,
                46..=91 => GameResult::BlackWins,
                92..=96 => GameResult::Jigo,
                _ => GameResult::BothLose,
            };
            g.by_default = rng.below(30) == 0;
            let result = match g.result {
                GameResult::WhiteWins => "W",
                GameResult::BlackWins => "B",
                GameResult::Jigo => "=",
                _ => "0",
            };
            let _ = writeln!(
                text,
                "game {} P{} P{} {} {result}{}",
                r + 1,
                g.white,
                g.black,
                g.handicap,
                if g.by_default { "!" } else { "" }
            );
        }
        if let Some(b) = round.bye {
            let _ = writeln!(text, "bye {} P{b}", r + 1);
        }
        let absent: Vec<String> = (0..players)
            .filter(|&p| round.game_of(p).is_none() && round.bye != Some(p))
            .map(|p| format!("P{p}"))
            .collect();
        if !absent.is_empty() {
            let _ = writeln!(text, "absent {} {}", r + 1, absent.join(" "));
        }
        t.rounds.push(round);
    }
    let table = standings(&t);
    let mut line_of = vec![0; players];
    for (i, s) in table.iter().enumerate() {
        line_of[s.player] = i + 1;
    }
    // OpenGotha's driver prints NBW and MMS, then the other criteria. A Swiss tournament has
    // no McMahon score of its own (OpenGotha's column is then its own construct): `-` here,
    // and compare.sh leaves the column out.
    let mut tsv = String::from("place\tid\tname\tfirstname\trank\tNBW\tMMS");
    for (_, name) in &criteria[1..] {
        let _ = write!(tsv, "\t{name}");
    }
    for r in 1..=rounds {
        let _ = write!(tsv, "\tR{r}");
    }
    tsv.push('\n');
    for s in &table {
        let p = &t.players[s.player];
        let _ = write!(
            tsv,
            "{}\tP{}\t{}\t{}\t{}\t{}",
            s.place,
            s.player,
            p.surname,
            p.first_name,
            p.rank.to_string().to_uppercase(),
            s.nbw
        );
        // Swiss: the first criterion is NBW, printed already; McMahon: MMS is the first.
        let shown = if swiss {
            tsv.push_str("\t-");
            &s.criteria[1..]
        } else {
            &s.criteria[..]
        };
        for (_, v) in shown {
            let _ = write!(tsv, "\t{v}");
        }
        for round in &t.rounds {
            let _ = write!(
                tsv,
                "\t{}",
                crosstable_entry(round, s.player, &line_of, !swiss)
            );
        }
        tsv.push('\n');
    }
    std::fs::create_dir_all(out)?;
    std::fs::write(format!("{out}/tournament.txt"), text)?;
    std::fs::write(format!("{out}/tengen.tsv"), tsv)?;
    Ok(())
}
