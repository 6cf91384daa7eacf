//! Hostile inputs: deep nesting and long runs read in linear time without recursion.

use std::time::{Duration, Instant};
use tengen_sgf::{Mode, parse, write};

fn inputs(n: usize) -> Vec<(&'static str, Vec<u8>)> {
    let mut nested_variations = Vec::with_capacity(n);
    while nested_variations.len() + 8 < n / 2 {
        nested_variations.extend_from_slice(b"(;B[aa]");
    }
    let closes = nested_variations.iter().filter(|&&b| b == b'(').count();
    nested_variations.extend(std::iter::repeat_n(b')', closes));
    let mut many_properties = b"(;".to_vec();
    let mut i = 0u32;
    while many_properties.len() < n {
        // Distinct identifiers: AAAA, AAAB, ...
        let id: Vec<u8> = (0..4)
            .map(|k| b'A' + ((i / 26u32.pow(k)) % 26) as u8)
            .collect();
        many_properties.extend_from_slice(&id);
        many_properties.extend_from_slice(b"[x]");
        i += 1;
    }
    many_properties.push(b')');
    vec![
        ("open parentheses", vec![b'('; n]),
        (
            "open brackets",
            [b"(;C".as_slice(), &vec![b'['; n]].concat(),
        ),
        (
            "open brackets outside values",
            [b"(;".as_slice(), &vec![b'['; n]].concat(),
        ),
        (
            "backslashes",
            [b"(;C[".as_slice(), &vec![b'\\'; n]].concat(),
        ),
        (
            "semicolons",
            [b"(".as_slice(), &vec![b';'; n], b")"].concat(),
        ),
        (
            "junk characters",
            [b"(;".as_slice(), &vec![b'1'; n]].concat(),
        ),
        ("junk outside games", vec![b'x'; n]),
        ("open-paren-semicolon pairs", b"(;".repeat(n / 2)),
        ("nested variations", nested_variations),
        ("many properties in one node", many_properties),
        (
            "one long identifier",
            [b"(;".as_slice(), &vec![b'A'; n], b"[x])"].concat(),
        ),
    ]
}

fn time(bytes: &[u8]) -> Duration {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            for mode in [Mode::Strict, Mode::Lenient] {
                if let Ok(c) = parse(bytes, mode) {
                    let _ = write(&c.games);
                }
            }
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// One test, not two: timing tests that run beside each other measure each other.
#[test]
fn hostile_input_reads_quickly_and_in_linear_time() {
    for (name, bytes) in inputs(1 << 20) {
        let t = time(&bytes);
        assert!(t < Duration::from_secs(5), "{name}: {t:?} for 1 MiB");
    }
    // Sixteen times the input: linear is 16× the time, quadratic 256×. The small input fits
    // in the caches and the large one does not, which costs up to about 3× per byte; the
    // threshold leaves that room and still stands far below quadratic.
    let small = inputs(1 << 20);
    let large = inputs(1 << 24);
    for ((name, s), (_, l)) in small.iter().zip(&large) {
        let (ts, tl) = (time(s), time(l));
        let ratio = tl.as_secs_f64() / ts.as_secs_f64().max(0.002);
        eprintln!("{name}: {ts:?} for 1 MiB, {tl:?} for 16 MiB (×{ratio:.1})");
        assert!(
            ratio < 64.0,
            "{name}: {ts:?} for 1 MiB, {tl:?} for 16 MiB (×{ratio:.1})"
        );
    }
}
