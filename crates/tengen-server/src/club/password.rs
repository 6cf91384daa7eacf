//! Passwords: Argon2id with OWASP's parameters, computed on blocking threads a few at a time.
//!
//! A hash costs about 19 MiB and tens of milliseconds of a core: that is the point (a stolen
//! database is slow to attack), and also why hashing never runs on the async runtime and
//! at most [`crate::ServerConfig::hash_workers`] run at once: a crowd of log-ins queues
//! for them instead of taking the cores from the games.

use std::sync::{Arc, OnceLock};

use argon2::{
    Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version,
    password_hash::SaltString,
};
use tokio::sync::Semaphore;

use crate::error::AppError;

/// Passwords are at least this many characters…
pub(crate) const PASSWORD_MIN: usize = 8;
/// …and at most this many (1 KiB in UTF-8 at most): a long password costs Argon2 little,
/// and a body of megabytes is refused before it is read (the body limit).
pub(crate) const PASSWORD_MAX: usize = 256;

/// OWASP's first recommendation for Argon2id: 19 MiB of memory, 2 passes, 1 lane.
fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("OWASP's Argon2 parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Checks a new password's length; the error names the field.
pub(crate) fn check_new(password: &str) -> Result<(), AppError> {
    let n = password.chars().count();
    if !(PASSWORD_MIN..=PASSWORD_MAX).contains(&n) {
        return Err(AppError::BadRequest(format!(
            "password: {PASSWORD_MIN} to {PASSWORD_MAX} characters"
        )));
    }
    Ok(())
}

/// The hashing threads' gate.
#[derive(Clone)]
pub(crate) struct Passwords {
    permits: Arc<Semaphore>,
}

impl Passwords {
    pub(crate) fn new(workers: usize) -> Passwords {
        Passwords {
            permits: Arc::new(Semaphore::new(workers.max(1))),
        }
    }

    /// The PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) of `password` with a new salt.
    pub(crate) async fn hash(&self, password: String) -> Result<String, AppError> {
        self.run(move || {
            let mut salt = [0u8; 16];
            getrandom::fill(&mut salt)
                .map_err(|e| AppError::Internal(format!("random salt: {e}")))?;
            let salt = SaltString::encode_b64(&salt)
                .map_err(|e| AppError::Internal(format!("salt: {e}")))?;
            argon2()
                .hash_password(password.as_bytes(), &salt)
                .map(|h| h.to_string())
                .map_err(|e| AppError::Internal(format!("password hash: {e}")))
        })
        .await?
    }

    /// Whether `password` matches `stored`. With no stored hash (an unknown name) the work
    /// is done all the same against a hash nobody's password matches, so that an unknown
    /// name and a wrong password take the same time.
    pub(crate) async fn verify(&self, password: String, stored: Option<String>) -> bool {
        self.run(move || {
            let known = stored.is_some();
            let stored = stored.unwrap_or_else(|| decoy().to_owned());
            let Ok(parsed) = PasswordHash::new(&stored) else {
                return false;
            };
            let ok = argon2()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok();
            ok && known
        })
        .await
        .unwrap_or(false)
    }

    async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, AppError> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|_| AppError::Unavailable("the server is stopping".into()))?;
        tokio::task::spawn_blocking(f)
            .await
            .map_err(|e| AppError::Internal(format!("password hashing: {e}")))
    }
}

/// A hash of a random password, made once: what an unknown name is checked against.
fn decoy() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| {
        let mut bytes = [0u8; 32];
        let _ = getrandom::fill(&mut bytes);
        let salt = SaltString::encode_b64(&bytes[..16]).expect("16 bytes are a valid salt");
        argon2()
            .hash_password(&bytes[16..], &salt)
            .map(|h| h.to_string())
            .unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_password_hash_is_argon2id_with_owasp_parameters_and_verifies_only_its_password() {
        let p = Passwords::new(1);
        let h = p.hash("correct horse".into()).await.unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(!h.contains("correct horse"));
        assert!(p.verify("correct horse".into(), Some(h.clone())).await);
        assert!(!p.verify("correct horsf".into(), Some(h.clone())).await);
        assert_ne!(
            h,
            p.hash("correct horse".into()).await.unwrap(),
            "a new salt each time"
        );
        assert!(!p.verify("correct horse".into(), None).await);
    }

    #[test]
    fn passwords_have_a_minimum_and_a_maximum_length() {
        assert!(check_new("short").is_err());
        assert!(check_new("long enough").is_ok());
        assert!(check_new(&"x".repeat(PASSWORD_MAX + 1)).is_err());
        assert!(check_new(&"é".repeat(PASSWORD_MAX)).is_ok());
    }
}
