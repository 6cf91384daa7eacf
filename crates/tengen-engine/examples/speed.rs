//! Prints the search's speed and its view of the empty board: `speed SIZE THREADS SECONDS`.
use std::time::Duration;
use tengen_core::{BoardSize, Game, Rules};
use tengen_engine::{Budget, PlayoutWeights, Search, SearchConfig};

fn env(name: &str, default: f64) -> f64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(9);
    let threads: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let secs: f64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let game = Game::new(BoardSize::new(size).unwrap(), Rules::japanese());
    let defaults = SearchConfig::default();
    let config = SearchConfig {
        threads,
        early_stop: false,
        rave_equivalence: env("RAVE", defaults.rave_equivalence),
        exploration: env("EXPLORE", defaults.exploration),
        expand_after: env("EXPAND", f64::from(defaults.expand_after)) as u32,
        playout: PlayoutWeights {
            atari: env("ATARI", f64::from(defaults.playout.atari)) as u32,
            pattern: env("PATTERN", f64::from(defaults.playout.pattern)) as u32,
            ..defaults.playout
        },
        ..defaults
    };
    let mut search = Search::new(config);
    let r = search.run(&game, Budget::time(Duration::from_secs_f64(secs)));
    println!(
        "{size}x{size} threads {threads} playouts {} in {:.3}s = {:.0}/s best {:?} winrate {:.3}",
        r.playouts,
        r.elapsed.as_secs_f64(),
        r.playouts as f64 / r.elapsed.as_secs_f64(),
        r.best,
        r.winrate
    );
    for m in r.moves.iter().take(6) {
        let p = m.mv.point().map(|p| (p.x, p.y));
        println!(
            "  {p:?} visits {} winrate {:.3} prior {:.3}",
            m.visits, m.winrate, m.prior
        );
    }
}
