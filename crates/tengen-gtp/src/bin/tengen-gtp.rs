//! Tengen's GTP engine alone on standard input and output (`tengen gtp` is the same engine
//! with more options): `tengen-gtp [RULES] [SEED] [--level L] [--playouts N]`. Without
//! options it plays at level 1, one thread.

use std::io::{self, BufReader};

use tengen_core::Rules;
use tengen_gtp::{Engine, PlayerOptions, parse_level, parse_playouts};

fn fail(message: &str) -> ! {
    eprintln!("tengen-gtp: {message}");
    std::process::exit(2);
}

fn main() {
    let mut positional = Vec::new();
    let mut options = PlayerOptions::weakest();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .unwrap_or_else(|| fail(&format!("{name} needs a value")))
        };
        match arg.as_str() {
            "--level" => {
                options.level = parse_level(&value("--level")).unwrap_or_else(|e| fail(&e))
            }
            "--playouts" => {
                options.playouts =
                    Some(parse_playouts(&value("--playouts")).unwrap_or_else(|e| fail(&e)));
                if options.level == 1 {
                    options.level = 10;
                }
            }
            _ => positional.push(arg),
        }
    }
    let rules = match positional.first().map(|text| text.parse::<Rules>()) {
        None => Rules::japanese(),
        Some(Ok(rules)) => rules,
        Some(Err(e)) => fail(&e.to_string()),
    };
    options.seed = positional.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut engine = Engine::new(rules).with_player(options);
    if let Err(e) = engine.run(BufReader::new(io::stdin()), io::stdout().lock()) {
        eprintln!("tengen-gtp: {e}");
        std::process::exit(1);
    }
}
