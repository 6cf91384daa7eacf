//! The reader and writer on small hand-written texts.

use tengen_core::{BoardSize, Color, Move, Point};
use tengen_sgf::{ErrorKind, GameTree, Mode, RecordedResult, WinBy, parse, parse_str, write};

fn strict(text: &str) -> Vec<GameTree> {
    parse(text.as_bytes(), Mode::Strict)
        .unwrap_or_else(|e| panic!("{text:?}: {e}"))
        .games
}

fn strict_error(text: &str) -> tengen_sgf::SgfError {
    match parse(text.as_bytes(), Mode::Strict) {
        Ok(c) => panic!("{text:?} was read: {:?}", c.games),
        Err(e) => e,
    }
}

#[test]
fn escapes_are_removed_from_values() {
    let games = strict(r"(;C[a\]b\\c\:d]GN[x\\])");
    let root = games[0].node(games[0].root());
    assert_eq!(root.value("C"), Some(r"a]b\c:d"));
    assert_eq!(root.value("GN"), Some("x\\"));
}

#[test]
fn soft_line_breaks_disappear_and_hard_ones_stay() {
    for nl in ["\n", "\r\n", "\n\r", "\r"] {
        let text = format!("(;C[one\\{nl}two{nl}three])");
        let games = strict(&text);
        let c = games[0].node(games[0].root()).value("C").unwrap();
        assert_eq!(c, format!("onetwo{nl}three"), "{nl:?}");
    }
}

#[test]
fn whitespace_between_tokens_is_ignored() {
    let games = strict("  (\n ;\tB [aa] \r\n [bb]\n ; W[cc]\n)\n ");
    assert_eq!(games[0].len(), 2);
    let root = games[0].node(games[0].root());
    assert_eq!(
        root.get("B").unwrap().values().collect::<Vec<_>>(),
        ["aa", "bb"]
    );
}

#[test]
fn collections_hold_several_games() {
    let games = strict("(;GN[one];B[aa])\n(;GN[two])(;GN[three])");
    assert_eq!(games.len(), 3);
    assert_eq!(games[2].info("GN").as_deref(), Some("three"));
}

#[test]
fn variations_hang_under_the_node_before_them() {
    let games = strict("(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))");
    let g = &games[0];
    let main: Vec<_> = g
        .main_line()
        .map(|n| n.properties().next().map(|p| p.value().to_owned()))
        .collect();
    assert_eq!(
        main,
        [
            Some("9".into()),
            Some("aa".into()),
            Some("bb".into()),
            Some("cc".into())
        ]
    );
    let b = g.main_line().nth(1).unwrap();
    let kids: Vec<_> = b.children().map(|c| c.value("W").unwrap()).collect();
    assert_eq!(kids, ["bb", "dd"]);
    assert_eq!(b.children().nth(1).unwrap().parent().unwrap().id(), b.id());
}

#[test]
fn compressed_point_lists_expand_to_rectangles() {
    let games = strict("(;SZ[5]AB[aa:bc][ee]AW[dd:cc]AE[ee])");
    let g = &games[0];
    let black = g.points(g.root(), "AB").unwrap();
    assert_eq!(black.len(), 7);
    assert!(black.contains(&Point::new(1, 2)));
    let white = g.points(g.root(), "AW").unwrap();
    assert_eq!(white.len(), 4);
    let setup = g.setup_stones(g.root()).unwrap();
    assert_eq!(setup[0], (Point::new(4, 4), None));
    assert_eq!(setup.len(), 12);
}

#[test]
fn passes_are_empty_values_or_tt_up_to_19x19() {
    let games = strict("(;SZ[19];B[];W[tt];B[ss])");
    let g = &games[0];
    let moves: Vec<_> = g
        .main_line()
        .filter_map(|n| g.move_of(n.id()).unwrap())
        .collect();
    assert_eq!(
        moves,
        [
            (Color::Black, Move::Pass),
            (Color::White, Move::Pass),
            (Color::Black, Move::Play(Point::new(18, 18)))
        ]
    );
    // On 25×25, `tt` is the point (19, 19); `yy` is the last point.
    let games = strict("(;SZ[25];B[tt];W[yy])");
    let g = &games[0];
    let moves: Vec<_> = g
        .main_line()
        .filter_map(|n| g.move_of(n.id()).unwrap())
        .collect();
    assert_eq!(moves[0].1, Move::Play(Point::new(19, 19)));
    assert_eq!(moves[1].1, Move::Play(Point::new(24, 24)));
}

#[test]
fn every_board_size_from_2_to_25_reads() {
    for n in 2..=25u32 {
        let last = char::from(b'a' + (n - 1) as u8);
        let text = format!("(;SZ[{n}];B[{last}{last}])");
        let g = &strict(&text)[0];
        assert_eq!(g.size().unwrap(), BoardSize::new(n).unwrap());
        let mv = g
            .move_of(g.main_line().nth(1).unwrap().id())
            .unwrap()
            .unwrap();
        let p = (n - 1) as u8;
        assert_eq!(mv, (Color::Black, Move::Play(Point::new(p, p))));
    }
    let g = &strict("(;SZ[26])")[0];
    assert!(g.size().is_err());
    let g = &strict("(;SZ[9];B[jj])")[0];
    let err = g.move_of(g.main_line().nth(1).unwrap().id()).unwrap_err();
    assert_eq!(err.property, "B");
    assert!(err.to_string().contains("off the 9x9 board"), "{err}");
}

#[test]
fn game_information_is_typed() {
    let g = &strict(
        "(;GM[1]FF[4]SZ[13]KM[6.5]HA[2]RU[Japanese]RE[W+3.5]PB[Black\nName]PW[White]BR[3d]WR[2k]DT[2024-01-02]EV[Cup]TM[600]OT[5x30 byo-yomi]PL[W])",
    )[0];
    assert_eq!(g.size().unwrap().get(), 13);
    assert_eq!(g.komi().unwrap().unwrap().half_points(), 13);
    assert_eq!(g.handicap().unwrap(), 2);
    assert_eq!(g.rules_name(), Some("Japanese"));
    assert_eq!(
        g.result(),
        Some(RecordedResult::Win {
            winner: Color::White,
            by: WinBy::Score(3.5)
        })
    );
    assert_eq!(g.info("PB").as_deref(), Some("Black Name"));
    assert_eq!(g.info("OT").as_deref(), Some("5x30 byo-yomi"));
    assert_eq!(g.time_limit().unwrap(), Some(600.0));
    assert_eq!(g.player_to_move(g.root()).unwrap(), Some(Color::White));
    assert!(strict("(;KM[abc])")[0].komi().is_err());
}

#[test]
fn territory_marks_are_read() {
    let g = &strict("(;SZ[9];B[aa];W[];B[];TB[ab:bb]TW[ii])")[0];
    let last = g.main_line().last().unwrap().id();
    let t = g.territory(last).unwrap();
    assert_eq!(t.black.len(), 2);
    assert_eq!(t.white, [Point::new(8, 8)]);
}

#[test]
fn unknown_properties_are_kept_in_order_and_written_back() {
    let text = "(;ZZ[1]GM[1]MULTIGOGM[x][y]B[aa]QQ[])";
    let g = &strict(text)[0];
    let ids: Vec<_> = g.node(g.root()).properties().map(|p| p.id()).collect();
    assert_eq!(ids, ["ZZ", "GM", "MULTIGOGM", "B", "QQ"]);
    assert_eq!(write(std::slice::from_ref(g)), format!("{text}\n"));
}

#[test]
fn strict_errors_give_line_column_and_reason() {
    type Case = (&'static str, (u32, u32), fn(&ErrorKind) -> bool);
    let cases: &[Case] = &[
        ("(;B[aa]\n;W[bb", (2, 3), |k| {
            matches!(k, ErrorKind::UnclosedValue { .. })
        }),
        ("(;B[aa]\n;W[bb]", (2, 7), |k| {
            matches!(k, ErrorKind::UnclosedGameTree)
        }),
        ("junk(;B[aa])", (1, 1), |k| {
            matches!(k, ErrorKind::OutsideGameTree { found: 'j' })
        }),
        ("(;B[aa])x", (1, 9), |k| {
            matches!(k, ErrorKind::OutsideGameTree { .. })
        }),
        ("(;AddBlack[aa])", (1, 3), |k| {
            matches!(k, ErrorKind::LowercaseIdentifier { .. })
        }),
        ("(;B[aa]B[bb])", (1, 8), |k| {
            matches!(k, ErrorKind::DuplicateProperty { .. })
        }),
        ("(;B;W[aa])", (1, 3), |k| {
            matches!(k, ErrorKind::MissingValue { .. })
        }),
        ("(B[aa])", (1, 2), |k| {
            matches!(k, ErrorKind::PropertyOutsideNode { .. })
        }),
        ("((;B[aa]))", (1, 2), |k| {
            matches!(k, ErrorKind::EmptyGameTree)
        }),
        ("(;B[aa])\n)", (2, 1), |k| {
            matches!(k, ErrorKind::OutsideGameTree { found: ')' })
        }),
        ("(;B[aa](;W[bb]);B[cc])", (1, 16), |k| {
            matches!(k, ErrorKind::NodeAfterVariation)
        }),
        ("(;B[aa]1)", (1, 8), |k| {
            matches!(k, ErrorKind::Unexpected { found: '1', .. })
        }),
        ("(;é[aa])", (1, 3), |k| {
            matches!(k, ErrorKind::Unexpected { found: 'é', .. })
        }),
        ("(;[aa])", (1, 3), |k| {
            matches!(k, ErrorKind::ValueWithoutProperty)
        }),
        ("", (1, 1), |k| matches!(k, ErrorKind::NoGame)),
        ("(;CA[klingon])", (1, 3), |k| {
            matches!(k, ErrorKind::UnknownCharset { .. })
        }),
    ];
    for (text, (line, column), kind) in cases {
        let e = strict_error(text);
        assert_eq!(
            (e.position.line, e.position.column),
            (*line, *column),
            "{text:?}: {e}"
        );
        assert!(kind(&e.kind), "{text:?}: {e}");
        assert!(
            e.to_string()
                .starts_with(&format!("line {line}, column {column}: "))
        );
    }
}

#[test]
fn lenient_reads_broken_files_and_lists_warnings() {
    let c = parse(b"garbage\n(;FF[3]AddBlack[aa]\n;B[bb];W[cc", Mode::Lenient).unwrap();
    assert_eq!(c.games.len(), 1);
    let g = &c.games[0];
    assert_eq!(g.node(g.root()).value("AB"), Some("aa"));
    assert_eq!(g.main_line().count(), 3);
    assert_eq!(g.main_line().last().unwrap().value("W"), Some("cc"));
    let kinds: Vec<_> = c
        .warnings
        .iter()
        .map(|w| (w.position.line, w.position.column))
        .collect();
    assert_eq!(kinds, [(1, 1), (2, 8), (3, 9), (3, 12)]);
}

#[test]
fn lenient_skips_junk_between_games_and_stray_parentheses() {
    let c = parse(
        b"(;GN[a]) some text (with parens) \n(;GN[b]))",
        Mode::Lenient,
    )
    .unwrap();
    let names: Vec<_> = c.games.iter().map(|g| g.info("GN").unwrap()).collect();
    assert_eq!(names, ["a", "b"]);
    assert_eq!(c.warnings.len(), 2);
}

#[test]
fn lenient_reads_a_tree_that_starts_with_a_variation() {
    let c = parse(b"((;B[aa])(;B[bb]))", Mode::Lenient).unwrap();
    let g = &c.games[0];
    assert_eq!(g.node(g.root()).children().count(), 2);
}

#[test]
fn byte_order_marks_are_skipped_in_both_modes() {
    let mut bytes = vec![0xEF, 0xBB, 0xBF];
    bytes.extend_from_slice(b"(;C[x])");
    assert_eq!(parse(&bytes, Mode::Strict).unwrap().games.len(), 1);
    assert_eq!(
        parse_str("\u{feff}(;C[x])", Mode::Strict)
            .unwrap()
            .games
            .len(),
        1
    );
}

#[test]
fn charsets_named_by_ca_are_decoded() {
    // "碁" in Shift_JIS is 0x8C 0xE9; "é" in Latin-1 is 0xE9.
    let mut sjis = b"(;CA[Shift_JIS]C[".to_vec();
    sjis.extend_from_slice(&[0x8C, 0xE9]);
    sjis.extend_from_slice(b"])");
    let c = parse(&sjis, Mode::Strict).unwrap();
    assert_eq!(c.games[0].node(c.games[0].root()).value("C"), Some("碁"));
    assert_eq!(c.charset, "Shift_JIS");

    let latin = b"(;CA[ISO-8859-1]C[caf\xE9])";
    let c = parse(latin, Mode::Strict).unwrap();
    assert_eq!(c.games[0].node(c.games[0].root()).value("C"), Some("café"));

    // No CA and not UTF-8: Latin-1.
    let c = parse(b"(;C[caf\xE9 au lait])", Mode::Lenient).unwrap();
    assert_eq!(
        c.games[0].node(c.games[0].root()).value("C"),
        Some("café au lait")
    );

    // UTF-16 with a byte-order mark.
    let mut utf16 = vec![0xFF, 0xFE];
    for unit in "(;C[碁])".encode_utf16() {
        utf16.extend_from_slice(&unit.to_le_bytes());
    }
    let c = parse(&utf16, Mode::Strict).unwrap();
    assert_eq!(c.games[0].node(c.games[0].root()).value("C"), Some("碁"));
}

#[test]
fn shift_jis_bytes_that_look_like_brackets_stay_inside_values() {
    // "ソ" is 0x83 0x5C in Shift_JIS: its second byte is a backslash.
    let mut bytes = b"(;CA[SJIS]C[".to_vec();
    bytes.extend_from_slice(&[0x83, 0x5C]);
    bytes.extend_from_slice(b"])");
    let c = parse(&bytes, Mode::Strict).unwrap();
    assert_eq!(c.games[0].node(c.games[0].root()).value("C"), Some("ソ"));
}

#[test]
fn undecodable_bytes_are_an_error_in_strict_mode_only() {
    let bytes = b"(;CA[UTF-8]\nC[ok \xFF])";
    let e = parse(bytes, Mode::Strict).unwrap_err();
    assert!(matches!(e.kind, ErrorKind::Undecodable { .. }), "{e}");
    assert_eq!((e.position.line, e.position.column), (2, 6));
    assert!(parse(bytes, Mode::Lenient).is_ok());
}

#[test]
fn writer_puts_one_node_per_line_and_wraps_long_nodes() {
    let mut g = GameTree::new();
    let root = g.root();
    for i in 0..20u8 {
        let id = format!("X{}", char::from(b'A' + i));
        g.push_property(root, &id, [format!("value number {i}")])
            .unwrap();
    }
    let mut at = root;
    for mv in ["aa", "bb", "cc"] {
        at = g.add_child(at);
        g.push_property(at, "B", [mv]).unwrap();
    }
    let text = write(std::slice::from_ref(&g));
    assert!(text.lines().all(|l| l.len() < 100), "{text}");
    assert!(text.ends_with(";B[aa]\n;B[bb]\n;B[cc])\n"), "{text}");
    assert_eq!(strict(&text), [g]);
}

#[test]
fn tree_builder_refuses_bad_identifiers_and_empty_properties() {
    let mut g = GameTree::new();
    let root = g.root();
    assert!(g.push_property(root, "b", ["aa"]).is_err());
    assert!(g.push_property(root, "", ["aa"]).is_err());
    assert!(g.push_property(root, "B", Vec::<String>::new()).is_err());
    g.push_property(root, "B", ["aa"]).unwrap();
    g.push_property(root, "C", ["x"]).unwrap();
    assert_eq!(g.remove_property(root, "B"), 1);
    assert_eq!(write(std::slice::from_ref(&g)), "(;C[x])\n");
}

#[test]
fn trees_compare_by_shape_not_by_creation_order() {
    let mut a = GameTree::new();
    let a1 = a.add_child(a.root());
    let a2 = a.add_child(a.root());
    a.push_property(a1, "B", ["aa"]).unwrap();
    a.push_property(a2, "B", ["bb"]).unwrap();
    a.push_property(a1, "C", ["first"]).unwrap();
    let b = &strict("(;(;B[aa]C[first])(;B[bb]))")[0];
    assert_eq!(&a, b);
    let c = &strict("(;(;B[bb])(;B[aa]C[first]))")[0];
    assert_ne!(&a, c);
}

#[test]
fn deep_nesting_reads_writes_and_drops_without_recursion() {
    let depth = 200_000;
    let mut text = String::with_capacity(depth * 9);
    for _ in 0..depth {
        text.push_str("(;B[aa]");
    }
    for _ in 0..depth {
        text.push(')');
    }
    let games = strict(&text);
    assert_eq!(games[0].len(), depth);
    let written = write(&games);
    assert_eq!(strict(&written), games);
    let clone = games.clone();
    drop(games);
    drop(clone);
}
