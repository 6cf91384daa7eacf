//! Limits per client: a token bucket (per WebSocket for messages, per address for new games)
//! and the count of connections each address holds; and the server-wide caps on
//! connections and new games a minute, whatever the addresses.
//!
//! Hand-written: tower's `RateLimit` and `ConcurrencyLimit` are one budget shared by every
//! client, and the per-address limiters (`tower_governor`) would bring `governor` and
//! `dashmap` for what is a map and a subtraction here.

use std::{
    collections::HashMap,
    net::{IpAddr, Ipv4Addr, SocketAddr},
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use axum::extract::ConnectInfo;

/// A token bucket: `burst` actions at once, then one per `refill`.
#[derive(Clone, Debug)]
pub(crate) struct TokenBucket {
    tokens: f64,
    last: Instant,
}

impl TokenBucket {
    pub(crate) fn full(burst: f64, now: Instant) -> TokenBucket {
        TokenBucket {
            tokens: burst,
            last: now,
        }
    }

    /// Takes one token if there is one; else how long until there is.
    pub(crate) fn take(
        &mut self,
        burst: f64,
        per_second: f64,
        now: Instant,
    ) -> Result<(), Duration> {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * per_second).min(burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64(
                (1.0 - self.tokens) / per_second.max(f64::MIN_POSITIVE),
            ))
        }
    }

    fn is_full(&self, burst: f64, per_second: f64, now: Instant) -> bool {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens + dt * per_second >= burst
    }
}

/// One token bucket per key: a client address ([`PerAddress`]), or an account's name.
pub(crate) struct PerKey<K> {
    buckets: Mutex<HashMap<K, TokenBucket>>,
    burst: f64,
    per_second: f64,
}

/// One token bucket per client address.
pub(crate) type PerAddress = PerKey<IpAddr>;

/// Keys remembered before full buckets (which say nothing) are forgotten.
const PRUNE_AT: usize = 4096;

impl<K: std::hash::Hash + Eq> PerKey<K> {
    pub(crate) fn new(burst: u32, refill: Duration) -> PerKey<K> {
        PerKey {
            buckets: Mutex::new(HashMap::new()),
            burst: f64::from(burst.max(1)),
            per_second: 1.0 / refill.as_secs_f64().max(1e-3),
        }
    }

    /// Takes one action for `key`; else how long until it may act.
    pub(crate) fn take(&self, key: K) -> Result<(), Duration> {
        let now = Instant::now();
        let Ok(mut buckets) = self.buckets.lock() else {
            return Ok(());
        };
        if buckets.len() >= PRUNE_AT {
            buckets.retain(|_, b| !b.is_full(self.burst, self.per_second, now));
        }
        buckets
            .entry(key)
            .or_insert_with(|| TokenBucket::full(self.burst, now))
            .take(self.burst, self.per_second, now)
    }
}

/// The open connections: of each address, and in all.
#[derive(Clone, Default)]
pub(crate) struct Connections(Arc<Mutex<Open>>);

#[derive(Default)]
struct Open {
    per_address: HashMap<IpAddr, usize>,
    total: usize,
}

/// Why a connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Full {
    /// Its address holds this many connections already.
    Address(usize),
    /// The server holds this many connections already, from all addresses.
    Server(usize),
}

/// One open connection, counted until dropped.
pub(crate) struct Slot {
    connections: Connections,
    ip: IpAddr,
}

impl Connections {
    /// A slot for a new connection from `ip`, unless it holds `per_address` already or the
    /// server holds `total` in all.
    pub(crate) fn open(&self, ip: IpAddr, per_address: usize, total: usize) -> Result<Slot, Full> {
        let Ok(mut open) = self.0.lock() else {
            return Err(Full::Server(total));
        };
        if open.total >= total {
            return Err(Full::Server(total));
        }
        let n = open.per_address.entry(ip).or_insert(0);
        if *n >= per_address {
            return Err(Full::Address(per_address));
        }
        *n += 1;
        open.total += 1;
        Ok(Slot {
            connections: self.clone(),
            ip,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Ok(mut open) = self.connections.0.lock() {
            open.total = open.total.saturating_sub(1);
            if let Some(n) = open.per_address.get_mut(&self.ip) {
                *n -= 1;
                if *n == 0 {
                    open.per_address.remove(&self.ip);
                }
            }
        }
    }
}

/// A token bucket shared by every client: the new games the whole server takes per minute.
pub(crate) struct Shared {
    bucket: Mutex<TokenBucket>,
    burst: f64,
    per_second: f64,
}

impl Shared {
    /// `per_minute` actions at once, refilled at `per_minute` a minute.
    pub(crate) fn per_minute(per_minute: u32) -> Shared {
        let burst = f64::from(per_minute.max(1));
        Shared {
            bucket: Mutex::new(TokenBucket::full(burst, Instant::now())),
            burst,
            per_second: burst / 60.0,
        }
    }

    /// Takes one action; else how long until one may be taken.
    pub(crate) fn take(&self) -> Result<(), Duration> {
        let Ok(mut bucket) = self.bucket.lock() else {
            return Ok(());
        };
        bucket.take(self.burst, self.per_second, Instant::now())
    }
}

/// The peer of a request served by [`crate::serve`], as the limits key it: an IPv6 address by
/// its /64 (one subscriber's whole network, which it may draw any address from), an IPv4
/// address whole. Requests from elsewhere (a router mounted in another server) all count as
/// one unknown address.
pub(crate) fn peer_ip(info: Option<&ConnectInfo<SocketAddr>>) -> IpAddr {
    info.map_or(Ipv4Addr::UNSPECIFIED.into(), |c| limit_key(c.0.ip()))
}

/// `ip` as the limits count it: see [`peer_ip`].
pub(crate) fn limit_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6((u128::from(v6) & !((1u128 << 64) - 1)).into()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_gives_its_burst_then_one_per_refill() {
        let t0 = Instant::now();
        let mut b = TokenBucket::full(3.0, t0);
        for _ in 0..3 {
            assert!(b.take(3.0, 0.5, t0).is_ok());
        }
        let wait = b.take(3.0, 0.5, t0).unwrap_err();
        assert_eq!(wait, Duration::from_secs(2));
        assert!(b.take(3.0, 0.5, t0 + Duration::from_secs(2)).is_ok());
        assert!(b.take(3.0, 0.5, t0 + Duration::from_secs(2)).is_err());
    }

    #[test]
    fn an_ipv6_address_counts_as_its_slash_64_and_a_mapped_ipv4_as_itself() {
        let key = |s: &str| limit_key(s.parse().unwrap());
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2:ffff:1:2:3"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("::ffff:10.0.0.7"), key("10.0.0.7"));
        assert_ne!(key("10.0.0.7"), key("10.0.0.8"));
    }

    #[test]
    fn slots_count_per_address_and_free_on_drop() {
        let c = Connections::default();
        let a: IpAddr = [127, 0, 0, 1].into();
        let b: IpAddr = [127, 0, 0, 2].into();
        let first = c.open(a, 2, 100).unwrap();
        let _second = c.open(a, 2, 100).unwrap();
        assert_eq!(c.open(a, 2, 100).err(), Some(Full::Address(2)));
        assert!(c.open(b, 2, 100).is_ok());
        drop(first);
        assert!(c.open(a, 2, 100).is_ok());
    }

    #[test]
    fn the_server_wide_cap_refuses_every_address_once_reached() {
        let c = Connections::default();
        let held: Vec<Slot> = (1..=3u8)
            .map(|i| c.open([10, 0, 0, i].into(), 2, 3).unwrap())
            .collect();
        assert_eq!(
            c.open([10, 0, 0, 9].into(), 2, 3).err(),
            Some(Full::Server(3))
        );
        drop(held);
        assert!(c.open([10, 0, 0, 9].into(), 2, 3).is_ok());
    }

    #[test]
    fn the_shared_bucket_gives_its_minute_then_waits() {
        let games = Shared::per_minute(2);
        assert!(games.take().is_ok());
        assert!(games.take().is_ok());
        let wait = games.take().unwrap_err();
        assert!(
            wait > Duration::from_secs(29) && wait <= Duration::from_secs(30),
            "{wait:?}"
        );
    }
}
