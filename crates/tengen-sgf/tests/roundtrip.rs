//! Property tests: written trees read back equal; no input panics the reader.

use proptest::prelude::*;
use tengen_sgf::{GameTree, Mode, parse, write};

/// A property value: escapes, line breaks, compose colons, unicode.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-s]{2}",
        "[a-s]{2}:[a-s]{2}",
        Just(String::new()),
        "[\\]\\\\:;()\\[ \n\r\ta-zA-Z0-9]{0,12}",
        "\\PC{0,16}",
        any::<String>(),
        "(囲碁|바둑|囲碁は楽しい|é|ü|\u{1F600}|\\\\\n|\\\\\r\n| \\] ){1,6}",
    ]
}

fn identifier() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "B", "W", "C", "AB", "AW", "AE", "LB", "TB", "TW", "N", "GN", "PB", "KM", "RE"
        ])
        .prop_map(str::to_owned),
        "[A-Z]{1,5}".prop_filter("CA chooses the charset", |id| id != "CA"),
    ]
}

type Properties = Vec<(String, Vec<String>)>;
type NodeSpec = (usize, Properties);

/// A tree as (parent index, properties) per node; node 0 is the root.
fn tree() -> impl Strategy<Value = GameTree> {
    prop::collection::vec(
        (
            any::<prop::sample::Index>(),
            prop::collection::vec((identifier(), prop::collection::vec(value(), 1..4)), 0..4),
        ),
        1..40,
    )
    .prop_map(|specs: Vec<(prop::sample::Index, Properties)>| {
        let nodes: Vec<NodeSpec> = specs
            .into_iter()
            .enumerate()
            .map(|(i, (parent, props))| (if i == 0 { 0 } else { parent.index(i) }, props))
            .collect();
        let mut tree = GameTree::new();
        let mut ids = vec![tree.root()];
        for (i, (parent, props)) in nodes.into_iter().enumerate() {
            let id = if i == 0 {
                tree.root()
            } else {
                tree.add_child(ids[parent])
            };
            if i > 0 {
                ids.push(id);
            }
            let mut seen = std::collections::HashSet::new();
            for (name, values) in props {
                if seen.insert(name.clone()) {
                    tree.push_property(id, &name, &values)
                        .expect("valid property");
                }
            }
        }
        tree
    })
}

/// Read-back games equal the originals, except that a root `CA` is written `CA[UTF-8]`.
fn assert_same(again: &[GameTree], original: &[GameTree], text: &str) -> Result<(), TestCaseError> {
    prop_assert_eq!(write(again), text);
    let has_ca = original
        .iter()
        .any(|g| g.node(g.root()).get("CA").is_some());
    if !has_ca {
        prop_assert_eq!(again, original);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn written_trees_read_back_equal(games in prop::collection::vec(tree(), 1..4)) {
        let text = write(&games);
        let read = parse(text.as_bytes(), Mode::Strict);
        prop_assert!(read.is_ok(), "{:?}\n{}", read.err(), text);
        let read = read.unwrap();
        prop_assert_eq!(&read.games, &games);
        prop_assert!(read.warnings.is_empty(), "{:?}", read.warnings);
        // Writing is a fixed point.
        prop_assert_eq!(write(&read.games), text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..3000)) {
        for mode in [Mode::Strict, Mode::Lenient] {
            if let Ok(c) = parse(&bytes, mode) {
                let text = write(&c.games);
                // Lenient results may keep what FF[4] forbids (a repeated property), so they
                // are read back leniently.
                let again = parse(text.as_bytes(), mode);
                prop_assert!(again.is_ok(), "{:?}", again.err());
                assert_same(&again.unwrap().games, &c.games, &text)?;
            }
        }
    }

    #[test]
    fn sgf_like_bytes_never_panic_and_lenient_results_round_trip(
        bytes in prop::collection::vec(
            prop::sample::select(b"();[]\\:ABWCLaztSZ \n\r\t\xE9\xC3\x00\xFF".to_vec()), 0..3000)
    ) {
        for mode in [Mode::Strict, Mode::Lenient] {
            match parse(&bytes, mode) {
                Ok(c) => {
                    for g in &c.games {
                        // Typed accessors never panic either.
                        let _ = (g.size(), g.komi(), g.handicap(), g.result());
                        for n in g.preorder() {
                            let _ = (g.move_of(n.id()), g.setup_stones(n.id()), g.territory(n.id()));
                        }
                    }
                    let text = write(&c.games);
                    let again = parse(text.as_bytes(), mode);
                    prop_assert!(again.is_ok(), "{:?}\n{}", again.err(), text);
                    assert_same(&again.unwrap().games, &c.games, &text)?;
                }
                Err(e) => prop_assert!(e.position.line >= 1 && e.position.column >= 1, "{e}"),
            }
        }
    }
}
