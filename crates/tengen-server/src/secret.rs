//! Seat secrets: random 128-bit tokens, stored only as SHA-256 hashes.

use sha2::{Digest, Sha256};

/// `bytes` as lowercase hex digits, two a byte.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn random<const N: usize>() -> [u8; N] {
    let mut buf = [0u8; N];
    // The operating system's generator; failing it there is nothing safe to fall back to.
    getrandom::fill(&mut buf).expect("the operating system's random generator failed");
    buf
}

/// A new secret: 128 random bits as 32 hex digits.
pub(crate) fn new_token() -> String {
    hex(&random::<16>())
}

/// A new game id: 64 random bits as 16 hex digits.
pub(crate) fn new_id() -> String {
    hex(&random::<8>())
}

/// Whether `token` has the shape [`new_token`] gives (so junk never reaches the database).
pub(crate) fn looks_like_token(token: &str) -> bool {
    token.len() == 32 && token.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The stored form of a secret, or `None` if `token` is not a secret's shape.
pub(crate) fn hash(token: &str) -> Option<String> {
    looks_like_token(token).then(|| hex(&Sha256::digest(token.to_ascii_lowercase().as_bytes())))
}

/// Whether `id` has a game id's shape (so junk never reaches the database).
pub(crate) fn valid_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_distinct_and_hash_only_their_own_shape() {
        let a = new_token();
        assert_ne!(a, new_token());
        assert!(hash(&a).is_some());
        assert_eq!(hash("short"), None);
        assert!(valid_id(&new_id()));
        assert!(!valid_id("../etc/passwd0000"));
    }
}
