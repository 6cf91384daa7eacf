use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tengen_core::{BoardSize, Game, Rules};
use tengen_engine::{Budget, Search, SearchConfig};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: u32 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(9);
    let threads: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let secs: f64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(2.0);
    let game = Game::new(BoardSize::new(size).unwrap(), Rules::japanese());
    let mut search = Search::new(SearchConfig {
        threads,
        early_stop: false,
        ..SearchConfig::default()
    });
    let r = search.run(
        &game,
        Budget::time(Duration::from_secs_f64(secs)),
        0,
        &AtomicBool::new(false),
        None,
    );
    println!(
        "{}x{} threads {} playouts {} in {:.3}s = {:.0}/s best {:?} winrate {:.3}",
        size,
        size,
        threads,
        r.playouts,
        r.elapsed.as_secs_f64(),
        r.playouts as f64 / r.elapsed.as_secs_f64(),
        r.best,
        r.winrate
    );
    for m in r.moves.iter().take(5) {
        println!(
            "  {:?} visits {} winrate {:.3} prior {:.3} pv {:?}",
            m.mv,
            m.visits,
            m.winrate,
            m.prior,
            &m.pv[..m.pv.len().min(6)]
        );
    }
}
