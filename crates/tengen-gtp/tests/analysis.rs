//! Streaming analysis as a GUI sees it: `lz-analyze` and `kata-analyze` write `info` lines
//! at the interval asked while the engine waits for the next command, and stop when it
//! comes. Every line is checked against the grammar Sabaki's reader
//! (`src/modules/analysis.js`) accepts.

use std::{
    io::{self, BufRead, Read},
    sync::mpsc::{Receiver, Sender, channel},
    thread,
    time::Duration,
};

use tengen_core::Rules;
use tengen_gtp::Engine;

/// Input that arrives line by line when the test sends it, like a GUI's pipe.
struct Pipe {
    lines: Receiver<String>,
    pending: Vec<u8>,
}

impl Read for Pipe {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.fill_buf()?.len().min(buf.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Pipe {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pending.is_empty() {
            if let Ok(line) = self.lines.recv() {
                self.pending = line.into_bytes();
            }
        }
        Ok(&self.pending)
    }

    fn consume(&mut self, amount: usize) {
        self.pending.drain(..amount);
    }
}

/// Runs the engine on commands sent with pauses: `(command, seconds to wait after it)`.
fn converse(script: &[(&str, f64)]) -> String {
    let (send, lines): (Sender<String>, _) = channel();
    let engine = thread::spawn(move || {
        let mut output = Vec::new();
        Engine::new(Rules::japanese())
            .run(
                Pipe {
                    lines,
                    pending: Vec::new(),
                },
                &mut output,
            )
            .expect("in-memory I/O");
        String::from_utf8(output).expect("UTF-8")
    });
    for &(command, pause) in script {
        send.send(format!("{command}\n"))
            .expect("the engine listens");
        thread::sleep(Duration::from_secs_f64(pause));
    }
    drop(send);
    engine.join().expect("the engine ends")
}

/// One `info` block: `move V visits N winrate W prior P lcb L order O pv V...` (KataGo's
/// with `utility`, `scoreMean` and `scoreLead`), the numbers as the format says
/// (`fractions`: KataGo's floats; else ten-thousandths).
fn check_block(block: &str, fractions: bool) {
    let words: Vec<&str> = block.split_whitespace().collect();
    let pv_at = words.iter().position(|&w| w == "pv").expect("a pv");
    assert!(pv_at + 1 < words.len(), "an empty pv in {block:?}");
    let vertex = |w: &str| {
        w == "pass"
            || (w.len() >= 2
                && w.as_bytes()[0].is_ascii_uppercase()
                && w[1..].bytes().all(|b| b.is_ascii_digit()))
    };
    assert!(words[pv_at + 1..].iter().all(|w| vertex(w)), "{block:?}");
    let pairs = &words[..pv_at];
    assert_eq!(pairs.len() % 2, 0, "key-value pairs in {block:?}");
    let keys: Vec<&str> = pairs.iter().step_by(2).copied().collect();
    let expected: &[&str] = if fractions {
        &[
            "move",
            "visits",
            "utility",
            "winrate",
            "scoreMean",
            "scoreLead",
            "prior",
            "lcb",
            "order",
        ]
    } else {
        &["move", "visits", "winrate", "prior", "lcb", "order"]
    };
    assert_eq!(keys, expected, "{block:?}");
    assert!(vertex(pairs[1]));
    for pair in pairs.chunks(2).skip(1) {
        let (key, value) = (pair[0], pair[1]);
        match key {
            "visits" | "order" => {
                value.parse::<u64>().expect("a whole number");
            }
            "utility" => assert!((-1.0..=1.0).contains(&value.parse::<f64>().unwrap())),
            // Points: at most the board and the komi.
            "scoreMean" | "scoreLead" => {
                assert!(value.parse::<f64>().unwrap().abs() <= 19.0 * 19.0 + 10.0);
            }
            _ if fractions => {
                assert!(
                    value.contains('.'),
                    "{key} {value}: Sabaki reads a fraction"
                );
                assert!((0.0..=1.0).contains(&value.parse::<f64>().unwrap()));
            }
            _ => {
                assert!(!value.contains('.'), "{key} {value}: ten-thousandths");
                assert!(value.parse::<u32>().unwrap() <= 10_000);
            }
        }
    }
}

#[test]
fn lz_analyze_streams_info_lines_until_the_next_command() {
    let out = converse(&[
        ("boardsize 9", 0.0),
        ("play b E5", 0.0),
        ("lz-analyze 10", 0.8),
        ("name", 0.1),
    ]);
    let mut parts = out.split("\n\n");
    assert_eq!(parts.next(), Some("= "));
    assert_eq!(parts.next(), Some("= "));
    let analysis = parts.next().expect("the analysis");
    let mut lines = analysis.lines();
    assert_eq!(lines.next(), Some("="));
    let info: Vec<&str> = lines.collect();
    assert!(
        info.len() >= 2,
        "{} info lines in 0.8 s at 0.1 s:\n{out}",
        info.len()
    );
    for line in &info {
        assert!(line.starts_with("info move "), "{line}");
        for block in line.split("info ").filter(|b| !b.trim().is_empty()) {
            check_block(block, false);
        }
    }
    assert_eq!(parts.next(), Some("= Tengen"), "{out}");
}

#[test]
fn kata_analyze_streams_fractions_and_ownership() {
    let out = converse(&[
        ("boardsize 7", 0.0),
        ("kata-analyze b interval 10 ownership true", 0.6),
        ("protocol_version", 0.1),
    ]);
    let analysis = out.split("\n\n").next().unwrap_or_default();
    let info: Vec<&str> = out
        .split("\n\n")
        .nth(1)
        .expect("the analysis")
        .lines()
        .skip(1)
        .collect();
    assert!(analysis.starts_with('='), "{out}");
    assert!(!info.is_empty(), "{out}");
    for line in &info {
        let (moves, ownership) = line.split_once(" ownership ").expect("ownership");
        for block in moves.split("info ").filter(|b| !b.trim().is_empty()) {
            check_block(block, true);
        }
        let values: Vec<f64> = ownership
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(values.len(), 49);
        assert!(values.iter().all(|v| (-1.0..=1.0).contains(v)));
    }
    assert!(out.contains("\n\n= 2\n\n"), "{out}");
}
