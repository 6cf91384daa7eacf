//! Parse throughput of tengen-sgf beside the `sgf-parse` crate, on the shared corpora (when
//! present) and on a generated corpus (always).
//!
//! First prints `sgf parse: tengen X MB/s, sgf-parse Y MB/s, ratio Z` per corpus from a quick
//! timed loop, then runs the criterion benchmarks.

use criterion::{Criterion, Throughput};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tengen_sgf::{Mode, parse};

/// The shared corpora, concatenated: files both parsers read, as UTF-8 without BOM.
fn shared_corpus() -> Option<String> {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    let mut files: Vec<PathBuf> = Vec::new();
    for name in ["sgf-gnugo-selfplay", "sgf-parser-cases"] {
        let dir = data.join(name);
        if !dir.is_dir() {
            eprintln!("skipped: ../shared/data/{name} absent");
            continue;
        }
        let mut stack = vec![dir];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "sgf") {
                    files.push(path);
                }
            }
        }
    }
    files.sort();
    let mut corpus = String::new();
    let mut used = 0;
    for path in &files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let text = text.trim_start_matches('\u{feff}');
        let ours = parse(text.as_bytes(), Mode::Strict).is_ok();
        let theirs = sgf_parse::parse(text).is_ok();
        if ours && theirs {
            corpus.push_str(text);
            corpus.push('\n');
            used += 1;
        }
    }
    if corpus.is_empty() {
        return None;
    }
    eprintln!(
        "shared corpus: {used} of {} files, {} bytes",
        files.len(),
        corpus.len()
    );
    Some(corpus)
}

/// Deterministic synthetic games: 19×19 records with comments, escapes and variations.
fn generated_corpus(target_bytes: usize) -> String {
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let letter = |i: u64| char::from(b'a' + i as u8);
    let mut out = String::with_capacity(target_bytes + 10_000);
    let mut game = 0;
    while out.len() < target_bytes {
        game += 1;
        out.push_str(&format!(
            "(;GM[1]FF[4]CA[UTF-8]AP[gen:1]SZ[19]KM[6.5]RU[Japanese]PB[Player {game}]PW[Opponent]DT[2024-05-01]RE[W+2.5]\n"
        ));
        let moves = 150 + next(150);
        let mut open_variations = 0;
        for m in 0..moves {
            let color = if m % 2 == 0 { 'B' } else { 'W' };
            out.push_str(&format!(
                ";{color}[{}{}]",
                letter(next(19)),
                letter(next(19))
            ));
            if next(10) == 0 {
                out.push_str("C[A comment with \\] an escaped bracket, a back\\\\slash and 囲碁.]");
            }
            if next(40) == 0 && m + 10 < moves {
                out.push_str(&format!(
                    "\n(;W[{}{}];B[cc]C[variation])\n(",
                    letter(next(19)),
                    letter(next(19))
                ));
                open_variations += 1;
            }
            out.push('\n');
        }
        for _ in 0..open_variations {
            out.push(')');
        }
        out.push_str(")\n");
    }
    out
}

fn megabytes_per_second(bytes: usize, mut f: impl FnMut()) -> f64 {
    f(); // warm up
    let mut runs = 0u32;
    let start = Instant::now();
    while runs < 3 || start.elapsed() < Duration::from_millis(1500) {
        f();
        runs += 1;
    }
    bytes as f64 * f64::from(runs) / start.elapsed().as_secs_f64() / 1e6
}

/// Lenient for the shared corpora: their files declare different charsets, which strict mode
/// refuses in one collection.
fn compare(name: &str, corpus: &str, mode: Mode) {
    assert!(
        parse(corpus.as_bytes(), mode).is_ok(),
        "{name}: tengen-sgf refuses it"
    );
    assert!(
        sgf_parse::parse(corpus).is_ok(),
        "{name}: sgf-parse refuses it"
    );
    let ours = megabytes_per_second(corpus.len(), || {
        black_box(parse(black_box(corpus.as_bytes()), mode).ok());
    });
    let theirs = megabytes_per_second(corpus.len(), || {
        black_box(sgf_parse::parse(black_box(corpus)).ok());
    });
    println!(
        "sgf parse: tengen {ours:.1} MB/s, sgf-parse {theirs:.1} MB/s, ratio {:.1} ({name}, {} bytes)",
        ours / theirs,
        corpus.len()
    );
}

fn main() {
    let shared = shared_corpus();
    let generated = generated_corpus(4 << 20);
    if let Some(corpus) = &shared {
        compare("shared corpora", corpus, Mode::Lenient);
    }
    compare("generated corpus", &generated, Mode::Strict);

    let mut c = Criterion::default().configure_from_args();
    let mut corpora = vec![("generated", generated)];
    if let Some(corpus) = shared {
        corpora.insert(0, ("shared", corpus));
    }
    for (name, corpus) in &corpora {
        let mut group = c.benchmark_group(format!("parse/{name}"));
        group.throughput(Throughput::Bytes(corpus.len() as u64));
        group.sample_size(10);
        group.bench_function("tengen-sgf", |b| {
            b.iter(|| parse(black_box(corpus.as_bytes()), Mode::Lenient).ok());
        });
        group.bench_function("sgf-parse", |b| {
            b.iter(|| sgf_parse::parse(black_box(corpus)).ok())
        });
        group.finish();
    }
    c.final_summary();
}
