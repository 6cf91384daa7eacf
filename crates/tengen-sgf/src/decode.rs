//! Bytes to text: the byte-order mark, the `CA` property, and guesses for files without `CA`.

use crate::error::{ErrorKind, TextPosition};
use encoding_rs::{
    BIG5, DecoderResult, EUC_KR, Encoding, GB18030, GBK, SHIFT_JIS, UTF_8, UTF_16BE, UTF_16LE,
    WINDOWS_1252,
};
use std::borrow::Cow;

/// A problem found while decoding, placed in the bytes (the text does not exist yet).
pub(crate) struct DecodeProblem {
    pub(crate) position: TextPosition,
    pub(crate) kind: ErrorKind,
}

pub(crate) struct Decoded<'a> {
    pub(crate) text: Cow<'a, str>,
    pub(crate) charset: &'static str,
    /// Warnings (lenient) or informational fallbacks (both modes).
    pub(crate) problems: Vec<DecodeProblem>,
}

/// The charset named by a `CA` value, with the common names that the WHATWG list lacks.
pub(crate) fn charset_for_label(label: &str) -> Option<&'static Encoding> {
    let label = label.trim();
    let lower = label.to_ascii_lowercase();
    let alias = match lower.as_str() {
        "euc-cn" | "euccn" | "cp936" | "gb-2312" => Some(GBK),
        "gb18030-2000" | "gb18030-2005" | "gb-18030" => Some(GB18030),
        "cp932" | "sjis" | "shift-jis" | "s-jis" => Some(SHIFT_JIS),
        "cp949" | "euckr" | "uhc" => Some(EUC_KR),
        "cp950" | "big-5" | "big5hkscs" => Some(BIG5),
        "latin-1" | "iso8859_1" | "iso-8859_1" => Some(WINDOWS_1252),
        "utf-16" | "utf16" | "ucs-2" | "ucs2" | "utf16le" | "utf-16-le" => Some(UTF_16LE),
        "utf16be" | "utf-16-be" => Some(UTF_16BE),
        _ => None,
    };
    alias.or_else(|| Encoding::for_label_no_replacement(lower.as_bytes()))
}

fn is_utf16(encoding: &'static Encoding) -> bool {
    encoding == UTF_16LE || encoding == UTF_16BE
}

/// The first `CA[...]` value in ASCII-compatible bytes.
pub(crate) fn find_ca(bytes: &[u8]) -> Option<(usize, &[u8])> {
    let mut from = 0;
    while let Some(i) = memchr::memmem::find(&bytes[from..], b"CA[") {
        let at = from + i;
        let preceded_by_letter = at > 0 && bytes[at - 1].is_ascii_alphabetic();
        if !preceded_by_letter {
            let start = at + 3;
            let end = memchr::memchr(b']', &bytes[start..]).map_or(bytes.len(), |e| start + e);
            return Some((at, &bytes[start..end]));
        }
        from = at + 3;
    }
    None
}

/// Guesses UTF-16 without a byte-order mark from the zero bytes of mostly-ASCII text.
fn sniff_utf16(bytes: &[u8]) -> Option<&'static Encoding> {
    let head = &bytes[..bytes.len().min(512) & !1];
    if head.len() < 4 {
        return None;
    }
    let pairs = head.len() / 2;
    let even_zero = head.iter().step_by(2).filter(|&&b| b == 0).count();
    let odd_zero = head.iter().skip(1).step_by(2).filter(|&&b| b == 0).count();
    if odd_zero * 10 >= pairs * 7 && even_zero * 10 <= pairs {
        Some(UTF_16LE)
    } else if even_zero * 10 >= pairs * 7 && odd_zero * 10 <= pairs {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// Decodes without replacement, or says where the first bad byte sequence is.
fn decode_exact(encoding: &'static Encoding, bytes: &[u8]) -> Result<String, TextPosition> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let capacity = decoder
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .unwrap_or(bytes.len().saturating_mul(3));
    let mut out = String::with_capacity(capacity);
    let (result, _read) = decoder.decode_to_string_without_replacement(bytes, &mut out, true);
    match result {
        DecoderResult::InputEmpty => Ok(out),
        _ => {
            let at = out.len();
            Err(crate::error::positions(&out, &[at])
                .first()
                .copied()
                .unwrap_or_default())
        }
    }
}

fn decode_lossy(encoding: &'static Encoding, bytes: &[u8]) -> String {
    encoding.decode_without_bom_handling(bytes).0.into_owned()
}

/// Picks a legacy CJK charset for non-UTF-8 bytes without `CA`, or Latin-1 (Windows-1252).
fn guess_legacy(bytes: &[u8]) -> &'static Encoding {
    // EUC-style text (GB2312, EUC-KR) has both bytes of every pair in 0xA1..=0xFE.
    let mut euc_like = true;
    let mut high_pairs = 0usize;
    let mut leads_c9_f7 = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            i += 1;
            continue;
        }
        let next = bytes.get(i + 1).copied().unwrap_or(0);
        if !(0xA1..=0xFE).contains(&b) || !(0xA1..=0xFE).contains(&next) {
            euc_like = false;
            break;
        }
        high_pairs += 1;
        if (0xC9..=0xF7).contains(&b) {
            leads_c9_f7 += 1;
        }
        i += 2;
    }
    if euc_like && high_pairs > 0 {
        // Hangul syllables in EUC-KR lead with 0xB0..=0xC8; common hanzi spread to 0xF7.
        if leads_c9_f7 * 20 >= high_pairs {
            return GBK;
        }
        return EUC_KR;
    }
    for candidate in [SHIFT_JIS, BIG5, GB18030] {
        if candidate
            .decode_without_bom_handling_and_without_replacement(bytes)
            .is_some()
        {
            return candidate;
        }
    }
    WINDOWS_1252
}

/// Decodes `bytes` as an SGF text. `strict`: an unknown or violated charset is an error.
pub(crate) fn decode(bytes: &[u8], strict: bool) -> Result<Decoded<'_>, DecodeProblem> {
    let mut problems = Vec::new();
    // 1. A byte-order mark decides.
    if let Some((encoding, bom_len)) = Encoding::for_bom(bytes) {
        let body = &bytes[bom_len..];
        return decode_with(encoding, body, strict, problems);
    }
    // 2. UTF-16 without a mark.
    if let Some(encoding) = sniff_utf16(bytes) {
        problems.push(DecodeProblem {
            position: TextPosition { line: 1, column: 1 },
            kind: ErrorKind::CharsetFallback {
                used: encoding.name(),
                why: "no byte-order mark, guessed from the zero bytes",
            },
        });
        return decode_with(encoding, bytes, strict, problems);
    }
    // 3. The CA property.
    if let Some((at, label)) = find_ca(bytes) {
        let name = String::from_utf8_lossy(label).into_owned();
        let prefix = String::from_utf8_lossy(&bytes[..at]);
        let position = crate::error::positions(&prefix, &[prefix.len()])
            .first()
            .copied()
            .unwrap_or_default();
        match charset_for_label(&name) {
            Some(encoding) if is_utf16(encoding) => {
                // The CA was readable as ASCII, so the bytes are not UTF-16.
                problems.push(DecodeProblem {
                    position,
                    kind: ErrorKind::CharsetFallback {
                        used: "UTF-8",
                        why: "CA names UTF-16 but the file has no UTF-16 byte-order mark",
                    },
                });
            }
            Some(encoding) => {
                if encoding != UTF_8 && bytes.iter().any(|&b| b >= 0x80) {
                    if let Ok(text) = std::str::from_utf8(bytes) {
                        // Re-saved as UTF-8 without updating CA: far likelier than legacy
                        // bytes that happen to form valid UTF-8.
                        problems.push(DecodeProblem {
                            position,
                            kind: ErrorKind::CharsetFallback {
                                used: "UTF-8",
                                why: "the text is valid UTF-8 although CA names another charset",
                            },
                        });
                        return Ok(Decoded {
                            text: Cow::Borrowed(text),
                            charset: "UTF-8",
                            problems,
                        });
                    }
                }
                return decode_with(encoding, bytes, strict, problems);
            }
            None => {
                report(
                    position,
                    ErrorKind::UnknownCharset { name },
                    strict,
                    &mut problems,
                )?;
            }
        }
    }
    // 4. No usable CA: UTF-8 if it is, else a guess.
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(Decoded {
            text: Cow::Borrowed(text),
            charset: "UTF-8",
            problems,
        });
    }
    Ok(guessed(
        bytes,
        "no usable CA and the bytes are not UTF-8; charset guessed",
        problems,
    ))
}

/// Whether a strict reading takes `text`'s bytes for exactly this UTF-8 text. The writer
/// asks: a `CA[` in a value, or zero bytes that look like UTF-16, could make its output read
/// back as another charset.
pub(crate) fn reads_back_as_utf8(text: &str) -> bool {
    let bytes = text.as_bytes();
    // Without a byte-order mark, a UTF-16 guess or a `CA[`, `decode` takes valid UTF-8 as it
    // is: the common case needs no second pass that validates and compares the whole text.
    if Encoding::for_bom(bytes).is_none()
        && sniff_utf16(bytes).is_none()
        && find_ca(bytes).is_none()
    {
        return true;
    }
    decode(bytes, true).is_ok_and(|decoded| decoded.text == text)
}

/// A strict reading stops at the problem `kind` at `position`; a lenient one notes it and
/// goes on.
fn report(
    position: TextPosition,
    kind: ErrorKind,
    strict: bool,
    problems: &mut Vec<DecodeProblem>,
) -> Result<(), DecodeProblem> {
    let problem = DecodeProblem { position, kind };
    if strict {
        return Err(problem);
    }
    problems.push(problem);
    Ok(())
}

/// The text in the legacy charset the bytes look like, with a note saying so and `why`.
fn guessed<'a>(
    bytes: &'a [u8],
    why: &'static str,
    mut problems: Vec<DecodeProblem>,
) -> Decoded<'a> {
    let encoding = guess_legacy(bytes);
    problems.push(DecodeProblem {
        position: TextPosition { line: 1, column: 1 },
        kind: ErrorKind::CharsetFallback {
            used: encoding.name(),
            why,
        },
    });
    Decoded {
        text: Cow::Owned(decode_lossy(encoding, bytes)),
        charset: encoding.name(),
        problems,
    }
}

fn decode_with<'a>(
    encoding: &'static Encoding,
    bytes: &'a [u8],
    strict: bool,
    mut problems: Vec<DecodeProblem>,
) -> Result<Decoded<'a>, DecodeProblem> {
    let charset = encoding.name();
    let text = if encoding == UTF_8 {
        std::str::from_utf8(bytes).map(Cow::Borrowed).map_err(|e| {
            let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or("");
            crate::error::positions(valid, &[valid.len()])
                .first()
                .copied()
                .unwrap_or_default()
        })
    } else {
        decode_exact(encoding, bytes).map(Cow::Owned)
    };
    match text {
        Ok(text) => Ok(Decoded {
            text,
            charset,
            problems,
        }),
        Err(position) => {
            report(
                position,
                ErrorKind::Undecodable { charset },
                strict,
                &mut problems,
            )?;
            Ok(if encoding == UTF_8 {
                // Lenient: UTF-8 declared but not UTF-8 is usually a legacy charset.
                guessed(bytes, "the bytes are not UTF-8; charset guessed", problems)
            } else {
                Decoded {
                    text: Cow::Owned(decode_lossy(encoding, bytes)),
                    charset,
                    problems,
                }
            })
        }
    }
}
