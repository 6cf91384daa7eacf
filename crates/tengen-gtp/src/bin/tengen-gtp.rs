//! Tengen's GTP engine alone on standard input and output (`tengen gtp` is the same engine):
//! `tengen-gtp [RULES] [SEED]`.

use std::io::{self, BufReader};

use tengen_core::Rules;
use tengen_gtp::Engine;

fn main() {
    let mut args = std::env::args().skip(1);
    let rules = match args.next().map(|text| text.parse::<Rules>()) {
        None => Rules::japanese(),
        Some(Ok(rules)) => rules,
        Some(Err(e)) => {
            eprintln!("tengen-gtp: {e}");
            std::process::exit(2);
        }
    };
    let seed = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut engine = Engine::new(rules).with_seed(seed);
    if let Err(e) = engine.run(BufReader::new(io::stdin()), io::stdout().lock()) {
        eprintln!("tengen-gtp: {e}");
        std::process::exit(1);
    }
}
