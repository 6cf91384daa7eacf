//! The shared corpora: other projects' SGF test files and GNU Go self-play records.
//! Each test says "skipped" and passes when the data is absent.

use std::path::{Path, PathBuf};
use tengen_sgf::{ErrorKind, Mode, parse, write};

/// `<workspace root>/../shared/data` (in CI the shared folder is a sibling of the clone).
fn data_dir(name: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(name);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: ../shared/data/{name} absent");
        None
    }
}

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_corpus_file_is_read_or_refused_clearly_and_round_trips() {
    let mut files = Vec::new();
    for name in ["sgf-parser-cases", "sgf-gnugo-selfplay"] {
        if let Some(dir) = data_dir(name) {
            files.extend(files_under(&dir));
        }
    }
    let (mut strict_ok, mut lenient_ok, mut refused) = (0, 0, 0);
    for path in &files {
        let bytes = read(path);
        for mode in [Mode::Strict, Mode::Lenient] {
            match parse(&bytes, mode) {
                Ok(c) => {
                    if mode == Mode::Strict {
                        strict_ok += 1;
                    } else {
                        lenient_ok += 1;
                    }
                    assert!(!c.games.is_empty());
                    let text = write(&c.games);
                    let again = parse(text.as_bytes(), mode).unwrap_or_else(|e| {
                        panic!("{}: written text unreadable: {e}", path.display())
                    });
                    // The written text is UTF-8 and says so in CA; otherwise it is the same.
                    assert_eq!(write(&again.games), text, "{}: round trip", path.display());
                    if c.games.iter().all(|g| {
                        g.node(g.root())
                            .value("CA")
                            .is_none_or(|ca| ca.eq_ignore_ascii_case("UTF-8"))
                    }) {
                        assert_eq!(again.games, c.games, "{}: round trip", path.display());
                    }
                }
                Err(e) => {
                    if mode == Mode::Lenient {
                        refused += 1;
                    }
                    let message = e.to_string();
                    assert!(
                        message.starts_with("line "),
                        "{}: {message}",
                        path.display()
                    );
                    assert!(
                        e.position.line >= 1 && e.position.column >= 1,
                        "{}: {message}",
                        path.display()
                    );
                }
            }
        }
    }
    eprintln!(
        "{} files: {strict_ok} read strictly, {lenient_ok} leniently, {refused} refused",
        files.len()
    );
}

/// Files the SGF specification and their projects consider valid.
#[test]
fn valid_files_read_in_strict_mode() {
    let Some(dir) = data_dir("sgf-parser-cases") else {
        return;
    };
    let mut names: Vec<String> = [
        "ff4-spec-example/ff4_ex.sgf",
        "gogui/ff4_ex.sgf",
        "gogui/ff4_ex.1.sgf",
        "gogui/ff4_ex.2.sgf",
        "littlego/sgfc/ff4_ex.sgf",
        "littlego/sgfc/ff4_ex-rewritten-by-sgfc.sgf",
        "littlego/sgfc/test-strict.sgf",
        "sabaki-sgf/chinese.sgf",
        "sabaki-sgf/japanese.sgf",
        "sabaki-sgf/japanese_bad.sgf",
        "sabaki-sgf/korean.sgf",
        "sabaki-sgf/no-ca.sgf",
        "sabaki-sgf/utf16le.sgf",
        "sabaki-sgf/utf8bom.sgf",
        "sabaki-sgf/complex.sgf",
        "libsgfcplusplus/deep-game-tree.sgf",
        "libsgfcplusplus/gameinfo.sgf",
        "katrain/ogs.sgf",
        "katrain/LS vs AG - G4 - English.sgf",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    for path in files_under(&dir.join("libsgfcplusplus")) {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        if name.starts_with("encoding-") {
            names.push(format!("libsgfcplusplus/{name}"));
        }
    }
    assert!(names.len() > 30);
    for name in &names {
        let c =
            parse(&read(&dir.join(name)), Mode::Strict).unwrap_or_else(|e| panic!("{name}: {e}"));
        for game in &c.games {
            for node in game.preorder() {
                for p in node.properties() {
                    for v in p.values() {
                        // japanese_bad.sgf holds U+FFFD characters in its UTF-8 bytes.
                        let damaged = name.ends_with("japanese_bad.sgf");
                        assert!(
                            damaged || !v.contains('\u{fffd}'),
                            "{name}: replacement character in {}",
                            p.id()
                        );
                    }
                }
            }
        }
    }
    if let Some(dir) = data_dir("sgf-gnugo-selfplay") {
        for path in files_under(&dir)
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        {
            let c = parse(&read(&path), Mode::Strict)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let game = &c.games[0];
            assert!(game.size().is_ok() && game.komi().is_ok());
            for node in game.main_line() {
                game.move_of(node.id())
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            }
        }
    }
}

/// The comments after "The comment in the following node is in <language>." of each
/// libsgfc++ encoding file.
fn language_comments(path: &Path) -> Vec<(String, String)> {
    let c = parse(&read(path), Mode::Strict).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let game = &c.games[0];
    let comments: Vec<String> = game
        .main_line()
        .filter_map(|n| n.value("C").map(str::to_owned))
        .collect();
    comments
        .windows(2)
        .filter_map(|w| {
            let language = w[0].strip_prefix("The comment in the following node is in ")?;
            Some((language.trim_end_matches('.').to_owned(), w[1].clone()))
        })
        .collect()
}

#[test]
fn encoded_files_decode_to_the_text_of_their_utf8_twin() {
    let Some(dir) = data_dir("sgf-parser-cases") else {
        return;
    };
    let dir = dir.join("libsgfcplusplus");
    let twin = language_comments(&dir.join("encoding-utf8-nobom.sgf"));
    assert!(twin.len() >= 9);
    let mut compared = 0;
    for path in files_under(&dir) {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        if !name.starts_with("encoding-") {
            continue;
        }
        for (language, text) in language_comments(&path) {
            let expected = twin
                .iter()
                .find(|(l, _)| *l == language)
                .unwrap_or_else(|| panic!("{name}: no UTF-8 twin for {language}"));
            assert_eq!(text, expected.1, "{name}: {language}");
            compared += 1;
        }
    }
    eprintln!("{compared} comments equal to their UTF-8 twin");
    assert!(compared >= 30, "{compared}");
}

#[test]
fn legacy_charsets_of_sabaki_files_decode_to_their_scripts() {
    let Some(dir) = data_dir("sgf-parser-cases") else {
        return;
    };
    let dir = dir.join("sabaki-sgf");
    // (file, a character range that its comments or names must use)
    type Script = fn(char) -> bool;
    let cases: [(&str, Script); 4] = [
        ("chinese.sgf", |c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
        ("no-ca.sgf", |c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
        ("japanese.sgf", |c| {
            ('\u{3040}'..='\u{30ff}').contains(&c) || ('\u{4e00}'..='\u{9fff}').contains(&c)
        }),
        ("korean.sgf", |c| ('\u{ac00}'..='\u{d7af}').contains(&c)),
    ];
    for (name, script) in cases {
        let c =
            parse(&read(&dir.join(name)), Mode::Strict).unwrap_or_else(|e| panic!("{name}: {e}"));
        let text: String = c.games[0]
            .preorder()
            .flat_map(|n| n.properties().flat_map(|p| p.values()).collect::<Vec<_>>())
            .collect();
        assert!(
            text.chars().any(script),
            "{name} ({}): {text:.200}",
            c.charset
        );
        assert!(!text.contains('\u{fffd}'), "{name}");
    }
    let c = parse(&read(&dir.join("utf16le.sgf")), Mode::Strict).unwrap();
    assert_eq!(
        (c.charset, c.games[0].info("PB").as_deref()),
        ("UTF-16LE", Some("Kitani Minoru"))
    );
    // CA[MS_KANJI] on bytes that are UTF-8 (with U+FFFD already in them): read as UTF-8.
    let c = parse(&read(&dir.join("japanese_bad.sgf")), Mode::Strict).unwrap();
    assert_eq!(c.charset, "UTF-8");
    assert!(
        c.games[0]
            .comment(c.games[0].main_line().nth(2).unwrap().id())
            .unwrap()
            .ends_with("is fun")
    );
    let c = parse(&read(&dir.join("encoding/nihon-kiin.sgf")), Mode::Lenient).unwrap();
    assert_eq!(c.charset, "Shift_JIS");
}

#[test]
fn broken_and_foreign_files_are_refused_with_the_reason() {
    let Some(dir) = data_dir("sgf-parser-cases") else {
        return;
    };
    let illegal = dir.join("littlego/Illegal games");
    for mode in [Mode::Strict, Mode::Lenient] {
        let e = parse(&read(&illegal.join("not-an-sgf-file.sgf")), mode).unwrap_err();
        assert!(
            matches!(
                e.kind,
                ErrorKind::NoGame | ErrorKind::OutsideGameTree { .. }
            ),
            "{e}"
        );
        for foreign in ["katrain/test.gib", "katrain/handicap2.ngf"] {
            assert!(parse(&read(&dir.join(foreign)), mode).is_err(), "{foreign}");
        }
    }
    let e = parse(
        &read(&illegal.join("encoding-unsupported.sgf")),
        Mode::Strict,
    )
    .unwrap_err();
    assert!(matches!(e.kind, ErrorKind::UnknownCharset { .. }), "{e}");
    let e = parse(&read(&illegal.join("encoding-multiple.sgf")), Mode::Strict).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::MixedCharsets { .. }), "{e}");
    assert!(e.position.line >= 1, "{e}");
    // Lenient reading of files other readers choke on.
    for name in [
        "gogui/verbose-property-names.sgf",
        "katrain/xmgt97.sgf",
        "katrain/panda1.sgf",
        "katrain/fox sgf error.sgf",
        "katago/foxlike.sgf",
        "littlego/sgfc/test.sgf",
        "libsgfcplusplus/escaping.sgf",
        "libsgfcplusplus/compressed-point-list.sgf",
        "littlego/19x19/Fuego vs. Fuego.sgf",
    ] {
        let c =
            parse(&read(&dir.join(name)), Mode::Lenient).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!c.warnings.is_empty(), "{name}");
        assert!(
            parse(&read(&dir.join(name)), Mode::Strict).is_err(),
            "{name}"
        );
    }
    // FF[3] verbose identifiers become their uppercase letters.
    let c = parse(
        &read(&dir.join("gogui/verbose-property-names.sgf")),
        Mode::Lenient,
    )
    .unwrap();
    let g = &c.games[0];
    assert_eq!(g.size().unwrap().get(), 19);
    assert_eq!(g.info("PB").as_deref(), Some("Robin Upton"));
    assert!(
        g.main_line()
            .filter(|n| g.move_of(n.id()).ok().flatten().is_some())
            .count()
            > 100
    );
}

#[test]
fn escaping_file_reads_as_sgfc_reports_it() {
    let Some(dir) = data_dir("sgf-parser-cases") else {
        return;
    };
    let c = parse(
        &read(&dir.join("libsgfcplusplus/escaping.sgf")),
        Mode::Lenient,
    )
    .unwrap();
    let g = &c.games[0];
    let ap = g.node(g.root()).value("AP").unwrap();
    assert!(
        ap.starts_with(
            "First : SimpleText : value : in : composed : value : with : [neces\\sary] : escape"
        ),
        "{ap}"
    );
    let comments: Vec<_> = g.main_line().filter_map(|n| n.value("C")).collect();
    assert_eq!(
        comments[0],
        "Text : value : with : unneccessary : escape : characters"
    );
}
