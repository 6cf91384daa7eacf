//! Passwords: Argon2id with OWASP's parameters, computed on a few threads of their own.
//!
//! A hash costs about 19 MiB and tens of milliseconds of a core: that is the point (a stolen
//! database is slow to attack), and also why hashing never runs on the async runtime. It
//! runs on [`crate::ServerConfig::hash_workers`] threads that the operating system schedules
//! at the lowest priority (nice 19): a crowd of log-ins queues for them and takes what the
//! games leave of the cores, instead of taking the cores from the games. The queue is
//! bounded ([`QUEUE`]): past it a log-in is refused with 503 rather than remembered.

use std::sync::{Arc, Mutex, OnceLock, mpsc};

use argon2::{
    Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version,
    password_hash::SaltString,
};
use tokio::sync::oneshot;

use crate::error::AppError;

/// Hashes waiting for a thread, at most.
const QUEUE: usize = 1024;

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

type Job = Box<dyn FnOnce() + Send>;

/// The hashing threads: a bounded queue of jobs.
#[derive(Clone)]
pub(crate) struct Passwords {
    jobs: Arc<Mutex<mpsc::SyncSender<Job>>>,
}

impl Passwords {
    /// Starts `workers` hashing threads at the lowest priority.
    pub(crate) fn new(workers: usize) -> Passwords {
        let (tx, rx) = mpsc::sync_channel::<Job>(QUEUE);
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..workers.max(1) {
            let rx = Arc::clone(&rx);
            let spawned = std::thread::Builder::new()
                .name(format!("tengen-password-{i}"))
                .spawn(move || {
                    lowest_priority();
                    // Made now, so that the first unknown name costs what a wrong
                    // password does.
                    decoy();
                    loop {
                        let job = match rx.lock() {
                            Ok(rx) => rx.recv(),
                            Err(_) => return,
                        };
                        match job {
                            Ok(job) => job(),
                            // The server has gone.
                            Err(_) => return,
                        }
                    }
                });
            if let Err(e) = spawned {
                tracing::warn!("a password-hashing thread did not start: {e}");
            }
        }
        Passwords {
            jobs: Arc::new(Mutex::new(tx)),
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
    ///
    /// # Errors
    /// `503` when the queue of hashes is full (the answer is not known: not a wrong
    /// password).
    pub(crate) async fn verify(
        &self,
        password: String,
        stored: Option<String>,
    ) -> Result<bool, AppError> {
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
    }

    async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, AppError> {
        let (reply, answer) = oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = reply.send(f());
        });
        let sent = self
            .jobs
            .lock()
            .map_err(|_| AppError::Internal("the password queue is poisoned".into()))?
            .try_send(job);
        match sent {
            Ok(()) => {}
            Err(mpsc::TrySendError::Full(_)) => {
                return Err(AppError::Unavailable(
                    "too many log-ins at once; try again in a moment".into(),
                ));
            }
            Err(mpsc::TrySendError::Disconnected(_)) => {
                return Err(AppError::Unavailable("the server is stopping".into()));
            }
        }
        answer
            .await
            .map_err(|_| AppError::Internal("a password-hashing thread stopped".into()))
    }
}

/// Makes the calling thread the last the operating system runs (nice 19 on Linux). If it
/// cannot, the thread runs at the normal priority and the server says so once.
fn lowest_priority() {
    use thread_priority::{ThreadPriority, ThreadPriorityValue, set_current_thread_priority};
    let lowest = ThreadPriorityValue::try_from(0u8).map(ThreadPriority::Crossplatform);
    if let Err(e) = lowest.map(set_current_thread_priority) {
        tracing::warn!("password hashing runs at the normal priority: {e:?}");
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
        assert!(
            p.verify("correct horse".into(), Some(h.clone()))
                .await
                .unwrap()
        );
        assert!(
            !p.verify("correct horsf".into(), Some(h.clone()))
                .await
                .unwrap()
        );
        assert_ne!(
            h,
            p.hash("correct horse".into()).await.unwrap(),
            "a new salt each time"
        );
        assert!(!p.verify("correct horse".into(), None).await.unwrap());
    }

    /// An unknown name is checked against the decoy hash: the same Argon2 work as a wrong
    /// password (medians of 5, within a factor of 3 for a loaded machine; without the decoy
    /// an unknown name would answer in microseconds).
    #[tokio::test]
    async fn an_unknown_name_costs_the_same_work_as_a_wrong_password() {
        let p = Passwords::new(1);
        let stored = p.hash("the right password".into()).await.unwrap();
        let mut wrong = Vec::new();
        let mut unknown = Vec::new();
        for _ in 0..5 {
            let t = std::time::Instant::now();
            assert!(
                !p.verify("a wrong one".into(), Some(stored.clone()))
                    .await
                    .unwrap()
            );
            wrong.push(t.elapsed());
            let t = std::time::Instant::now();
            assert!(!p.verify("a wrong one".into(), None).await.unwrap());
            unknown.push(t.elapsed());
        }
        wrong.sort();
        unknown.sort();
        let ratio = unknown[2].as_secs_f64() / wrong[2].as_secs_f64();
        assert!(
            (1.0 / 3.0..3.0).contains(&ratio),
            "unknown {unknown:?}, wrong {wrong:?}"
        );
    }

    /// The hashing threads run at nice 19 (Linux, where a thread has its own niceness).
    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn hashing_runs_at_the_lowest_priority() {
        let p = Passwords::new(1);
        let nice = p
            .run(|| {
                let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap();
                // Field 19 is the niceness; the fields after the command's `)`.
                let after = stat.rsplit_once(')').unwrap().1;
                after
                    .split_whitespace()
                    .nth(16)
                    .unwrap()
                    .parse::<i32>()
                    .unwrap()
            })
            .await
            .unwrap();
        assert_eq!(nice, 19);
    }

    #[test]
    fn passwords_have_a_minimum_and_a_maximum_length() {
        assert!(check_new("short").is_err());
        assert!(check_new("long enough").is_ok());
        assert!(check_new(&"x".repeat(PASSWORD_MAX + 1)).is_err());
        assert!(check_new(&"é".repeat(PASSWORD_MAX)).is_ok());
    }
}
