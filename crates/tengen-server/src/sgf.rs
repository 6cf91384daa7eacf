//! SGF (FF[4]) records of finished games.

use tengen_core::{Color, Move, Point};

use crate::{clock::TimeControl, runtime::Runtime};

fn sgf_point(p: Point) -> String {
    let c = |v: u8| char::from(if v < 26 { b'a' + v } else { b'A' + v - 26 });
    format!("{}{}", c(p.x), c(p.y))
}

fn text(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

/// The game's record: setup, players, rules, komi, handicap, time, result and every move.
pub(crate) fn write(rt: &Runtime) -> String {
    let setup = &rt.setup;
    let mut out = String::from("(;FF[4]GM[1]CA[UTF-8]AP[Tengen:0.1]");
    out.push_str(&format!("SZ[{}]", setup.size));
    let ru = setup.rules.split(',').next().unwrap_or("");
    let ru = match ru {
        "aga" => "AGA",
        "japanese" => "Japanese",
        "chinese" => "Chinese",
        "tromp-taylor" => "Tromp-Taylor",
        other => other,
    };
    out.push_str(&format!("RU[{}]", text(ru)));
    out.push_str(&format!(
        "KM[{}]",
        tengen_core::Komi::from_half_points(setup.komi_half_points)
    ));
    if setup.handicap > 0 {
        out.push_str(&format!("HA[{}]", setup.handicap));
    }
    out.push_str(&format!(
        "PB[{}]PW[{}]",
        text(setup.black.name()),
        text(setup.white.name())
    ));
    match setup.time {
        TimeControl::None => {}
        TimeControl::ByoYomi {
            main_s,
            period_s,
            periods,
        } => out.push_str(&format!("TM[{main_s}]OT[{periods}x{period_s} byo-yomi]")),
        TimeControl::Fischer {
            initial_s,
            increment_s,
            ..
        } => out.push_str(&format!("TM[{initial_s}]OT[{increment_s} fischer]")),
    }
    if let Some(game) = &rt.game {
        if let Some(result) = game.result() {
            out.push_str(&format!("RE[{}]", result.to_sgf()));
        }
        let stones: Vec<Point> = game
            .initial_board()
            .stones()
            .filter(|(_, c)| *c == Color::Black)
            .map(|(p, _)| p)
            .collect();
        if !stones.is_empty() {
            out.push_str("AB");
            for p in stones {
                out.push_str(&format!("[{}]", sgf_point(p)));
            }
        }
        if game.initial_to_move() == Color::White && game.handicap() >= 2 {
            out.push_str("PL[W]");
        }
        out.push_str(&format!("C[{}]", text(&setup.rules)));
        for m in game.moves() {
            let v = match m.mv {
                Move::Play(p) => sgf_point(p),
                Move::Pass => String::new(),
            };
            out.push_str(&format!("\n;{}[{v}]", m.color.letter()));
            if m.forced {
                out.push_str("C[White's closing pass (AGA-11)]");
            }
        }
        if matches!(
            game.result(),
            Some(tengen_core::GameResult::Score { .. } | tengen_core::GameResult::Jigo)
        ) {
            let score = game.score();
            for (prop, color) in [("TB", Color::Black), ("TW", Color::White)] {
                let points: Vec<Point> = game
                    .size()
                    .points()
                    .filter(|&p| match score.ownership(p) {
                        tengen_core::Ownership::Territory(c) => c == color,
                        tengen_core::Ownership::Dead(c) => c != color,
                        _ => false,
                    })
                    .collect();
                if !points.is_empty() {
                    out.push_str(prop);
                    for p in points {
                        out.push_str(&format!("[{}]", sgf_point(p)));
                    }
                }
            }
        }
    }
    out.push_str(")\n");
    out
}
