//! The writer's output is a fixed point, `write(read(write(x))) == write(x)`, however the
//! record was encoded and whatever its values say about charsets.

use tengen_sgf::{Mode, parse, write};

/// Reads `bytes` in both modes, writes, reads the text back and writes again: the two texts
/// are equal, and so are the games apart from the root's `CA`.
fn assert_written_text_is_a_fixed_point(bytes: &[u8]) -> String {
    let mut written = None;
    for mode in [Mode::Strict, Mode::Lenient] {
        let Ok(collection) = parse(bytes, mode) else {
            continue;
        };
        let text = write(&collection.games);
        let again = parse(text.as_bytes(), mode).unwrap_or_else(|e| {
            panic!("{mode:?}: the written text does not read back: {e}\n{text:?}")
        });
        assert_eq!(
            write(&again.games),
            text,
            "{mode:?}: the second writing differs"
        );
        for (original, read_back) in collection.games.iter().zip(&again.games) {
            let values = |tree: &tengen_sgf::GameTree| -> Vec<(String, Vec<String>)> {
                tree.preorder()
                    .flat_map(|node| {
                        node.properties()
                            .map(|p| (p.id().to_owned(), p.values().map(str::to_owned).collect()))
                            .collect::<Vec<_>>()
                    })
                    .filter(|(id, _)| id != "CA")
                    .collect()
            };
            assert_eq!(values(read_back), values(original), "{mode:?}");
        }
        written = Some(text);
    }
    written.expect("the record reads in some mode")
}

#[test]
fn a_legacy_ca_written_as_utf_8_stays_where_the_line_wraps() {
    // Latin-1 bytes (é is 0xE9) and a CA past the wrapping column.
    let mut bytes = b"(;GM[1]FF[4]PB[Jos\xE9 ".to_vec();
    bytes.extend_from_slice(&[b'x'; 70]);
    bytes.extend_from_slice(b"]CA[ISO-8859-1]SZ[9];B[ee])");
    let text = assert_written_text_is_a_fixed_point(&bytes);
    assert!(text.contains("José"), "{text}");
    assert!(text.contains("CA[UTF-8]"), "{text}");
}

#[test]
fn a_value_that_names_a_charset_does_not_change_how_the_text_reads_back() {
    // A comment `CA[iso-2022-kr`, in UTF-16 with a byte-order mark, so that it does not
    // choose the charset here; in the written UTF-8 text it is the first `CA[` of the file,
    // and ISO-2022-KR reads every byte as U+FFFD.
    let record = "(;GM[1]C[CA[iso-2022-kr]SZ[9];B[ee])";
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend(record.encode_utf16().flat_map(u16::to_le_bytes));
    let text = assert_written_text_is_a_fixed_point(&bytes);
    assert!(text.contains("C[CA[iso-2022-kr]"), "{text:?}");
}

#[test]
fn zero_bytes_in_a_value_do_not_pass_for_utf_16() {
    // Read as UTF-8 by its byte-order mark; the comment alternates letters and NULs, which
    // written without a mark look like UTF-16 to the charset sniffer.
    let mut bytes = "\u{FEFF}(;GM[1]C[".as_bytes().to_vec();
    for _ in 0..100 {
        bytes.extend_from_slice(b"a\0");
    }
    bytes.extend_from_slice(b"]SZ[9])");
    assert_written_text_is_a_fixed_point(&bytes);
}
