//! Fits one rating scale to the games of the level ladder (`scripts/level-ladder.py`): every
//! player's EGF rating (GoR) by maximum likelihood under the EGF's own win expectancy
//! ([`tengen_club::expected_score`]), one player held at the rating of a published rank,
//! with 95 % intervals from a bootstrap over the games.
//!
//! ```text
//! cargo run --release -p tengen-club --example level_ladder -- \
//!     --anchor gnugo-10=13k bench/level-ladder/9x9.tsv
//! ```
//!
//! Each line of a results file: `size <TAB> black <TAB> white <TAB> result <TAB> moves`,
//! results as `tengen match` prints them (`B+R`, `W+3.5`, `Jigo`; `Void` is left out).
//!
//! Every pair of players that met also gets one virtual drawn game, as BayesElo does: a
//! level that won all its games against its neighbour would otherwise have no finite
//! rating. The intervals are relative to the anchor: its own rank's uncertainty is not in
//! them.

use std::collections::BTreeMap;
use std::process::ExitCode;

use rand::Rng;
use tengen_club::{Handicap, Rank, expected_score};

/// Games between two players: (first, second) → (first's score, games).
type Pairs = BTreeMap<(usize, usize), (f64, f64)>;

const BOOTSTRAP_SAMPLES: usize = 400;
/// The bottom and top of the search for a rating: the GoR formula holds ratings within
/// [−900, 3299].
const LOWEST: f64 = -900.0;
const HIGHEST: f64 = 3299.0;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("level_ladder: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut anchor: Option<(String, Rank)> = None;
    let mut files = Vec::new();
    while let Some(arg) = args.next() {
        if arg == "--anchor" {
            let spec = args.next().ok_or("--anchor needs NAME=RANK")?;
            let (name, rank) = spec
                .split_once('=')
                .ok_or_else(|| format!("--anchor {spec:?}: not NAME=RANK"))?;
            let rank: Rank = rank
                .parse()
                .map_err(|e| format!("--anchor {spec:?}: {e}"))?;
            anchor = Some((name.to_string(), rank));
        } else {
            files.push(arg);
        }
    }
    let (anchor_name, anchor_rank) = anchor.ok_or("give --anchor NAME=RANK")?;
    if files.is_empty() {
        return Err("give one or more results files".into());
    }
    let mut names: Vec<String> = Vec::new();
    let mut pairs = Pairs::new();
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for (number, line) in text.lines().enumerate() {
            let fields: Vec<&str> = line.split('\t').collect();
            let [_size, black, white, result, _moves] = fields[..] else {
                return Err(format!(
                    "{file}:{}: not five tab-separated fields",
                    number + 1
                ));
            };
            let black_score = match result {
                r if r.starts_with("B+") => 1.0,
                r if r.starts_with("W+") => 0.0,
                "Jigo" => 0.5,
                "Void" => continue,
                other => return Err(format!("{file}:{}: result {other:?}", number + 1)),
            };
            let mut index = |name: &str| match names.iter().position(|n| n == name) {
                Some(i) => i,
                None => {
                    names.push(name.to_string());
                    names.len() - 1
                }
            };
            let (b, w) = (index(black), index(white));
            let (key, score) = if b < w {
                ((b, w), black_score)
            } else {
                ((w, b), 1.0 - black_score)
            };
            let entry = pairs.entry(key).or_insert((0.0, 0.0));
            entry.0 += score;
            entry.1 += 1.0;
        }
    }
    let anchor = names
        .iter()
        .position(|n| *n == anchor_name)
        .ok_or_else(|| format!("the anchor {anchor_name} played no game"))?;
    let anchor_rating = anchor_rank.nominal_rating();
    let ratings = fit(names.len(), &pairs, anchor, anchor_rating);

    let mut rng = rand::rng();
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    for _ in 0..BOOTSTRAP_SAMPLES {
        let resampled: Pairs = pairs
            .iter()
            .map(|(&key, &(score, games))| {
                let p = score / games;
                let won: f64 = (0..games as usize)
                    .map(|_| if rng.random::<f64>() < p { 1.0 } else { 0.0 })
                    .sum();
                (key, (won, games))
            })
            .collect();
        for (player, rating) in fit(names.len(), &resampled, anchor, anchor_rating)
            .into_iter()
            .enumerate()
        {
            samples[player].push(rating);
        }
    }

    println!(
        "anchor: {anchor_name} = {anchor_rank} (GoR {anchor_rating}); {} games in {} pairs; \
         95 % intervals from {BOOTSTRAP_SAMPLES} bootstrap samples",
        pairs.values().map(|p| p.1).sum::<f64>(),
        pairs.len()
    );
    println!(
        "{:<10} {:>6} {:>7} {:>6} {:>13} {:>5} {:>11}",
        "player", "games", "score", "GoR", "95 % GoR", "rank", "95 % rank"
    );
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| ratings[a].total_cmp(&ratings[b]));
    for player in order {
        let (score, games) = pairs
            .iter()
            .filter(|((a, b), _)| *a == player || *b == player)
            .fold((0.0, 0.0), |(s, g), (&(a, _), &(score, games))| {
                (
                    s + if a == player { score } else { games - score },
                    g + games,
                )
            });
        let sample = &mut samples[player];
        sample.sort_by(f64::total_cmp);
        let low = sample[sample.len() * 25 / 1000];
        let high = sample[sample.len() * 975 / 1000];
        println!(
            "{:<10} {:>6} {:>6.1}% {:>6.0} {:>6.0}–{:<6.0} {:>5} {:>5}–{:<5}",
            names[player],
            games,
            100.0 * score / games,
            ratings[player],
            low,
            high,
            Rank::from_rating(ratings[player]).to_string(),
            Rank::from_rating(low).to_string(),
            Rank::from_rating(high).to_string(),
        );
    }
    Ok(())
}

/// The ratings of greatest likelihood, by coordinate ascent: each player's rating in turn
/// is set to the best for its games with the others held, until nothing moves. Each step's
/// likelihood is concave in the one rating, so a golden-section search finds it.
fn fit(players: usize, pairs: &Pairs, anchor: usize, anchor_rating: f64) -> Vec<f64> {
    let mut ratings = vec![anchor_rating; players];
    for _sweep in 0..200 {
        let mut moved: f64 = 0.0;
        for player in (0..players).filter(|&p| p != anchor) {
            let best = golden_section_max(LOWEST, HIGHEST, |rating| {
                log_likelihood(player, rating, &ratings, pairs)
            });
            moved = moved.max((best - ratings[player]).abs());
            ratings[player] = best;
        }
        if moved < 0.05 {
            break;
        }
    }
    ratings
}

/// The log-likelihood of `player`'s games (and their virtual draws) at `rating`.
fn log_likelihood(player: usize, rating: f64, ratings: &[f64], pairs: &Pairs) -> f64 {
    pairs
        .iter()
        .filter(|((a, b), _)| *a == player || *b == player)
        .map(|(&(a, b), &(score, games))| {
            let (mine, theirs, my_score) = if a == player {
                (rating, ratings[b], score)
            } else {
                (rating, ratings[a], games - score)
            };
            let (expected, _) = expected_score(mine, theirs, Handicap::EVEN);
            let expected = expected.clamp(1e-12, 1.0 - 1e-12);
            // One virtual draw: half a win and half a loss on top.
            (my_score + 0.5) * expected.ln() + (games - my_score + 0.5) * (1.0 - expected).ln()
        })
        .sum()
}

fn golden_section_max(mut low: f64, mut high: f64, f: impl Fn(f64) -> f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    while high - low > 0.01 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if f(a) < f(b) {
            low = a;
        } else {
            high = b;
        }
    }
    (low + high) / 2.0
}
