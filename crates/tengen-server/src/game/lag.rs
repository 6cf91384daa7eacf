//! Latency compensation and flag grace.
//!
//! Each WebSocket connection is pinged by the server (a WebSocket ping frame, answered by every
//! browser and client library by itself) when it opens and every `ServerConfig::ws_ping_every`
//! (10 s) after that; the round trips are smoothed ([`LagMeter`]). A move is charged its thinking time less half the
//! smoothed round trip of the connection it came on, at most [`LAG_CAP_MS`]; a player is
//! flagged only [`FLAG_GRACE_MS`] (plus the lag credit of the seat's latest measurement) after
//! the clock reaches zero, and a move that arrives inside that grace is played as if made on
//! the last millisecond.

use std::time::Duration;

/// The most a move is credited for network lag.
pub(crate) const LAG_CAP_MS: u64 = 1000;
/// How long after zero a player's move is still accepted (before the lag credit).
pub(crate) const FLAG_GRACE_MS: u64 = 1000;
/// Weight of a new round trip in the smoothed value.
const SMOOTHING: f64 = 0.25;

/// The smoothed round trip of one connection.
#[derive(Clone, Debug, Default)]
pub(crate) struct LagMeter {
    rtt_ms: Option<f64>,
}

impl LagMeter {
    /// Takes one measured round trip.
    pub(crate) fn sample(&mut self, rtt: Duration) {
        let ms = rtt.as_secs_f64() * 1000.0;
        self.rtt_ms = Some(match self.rtt_ms {
            None => ms,
            Some(old) => old + SMOOTHING * (ms - old),
        });
    }

    /// The smoothed round trip in milliseconds (0 before the first measurement).
    pub(crate) fn rtt_ms(&self) -> u64 {
        self.rtt_ms.map_or(0, |r| r.round() as u64)
    }

    /// What a move from this connection is credited: half the round trip, capped.
    pub(crate) fn credit_ms(&self) -> u64 {
        credit(self.rtt_ms())
    }
}

/// Half a round trip, capped at [`LAG_CAP_MS`].
pub(crate) fn credit(rtt_ms: u64) -> u64 {
    (rtt_ms / 2).min(LAG_CAP_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credited_lag_is_half_the_smoothed_round_trip_capped_at_one_second() {
        let mut m = LagMeter::default();
        assert_eq!(m.credit_ms(), 0, "nothing before a measurement");
        m.sample(Duration::from_millis(200));
        assert_eq!(m.rtt_ms(), 200);
        assert_eq!(m.credit_ms(), 100);
        // One slow round trip moves the smoothed value a quarter of the way.
        m.sample(Duration::from_millis(1000));
        assert_eq!(m.rtt_ms(), 400);
        assert_eq!(m.credit_ms(), 200);
        // However slow the connection, at most a second is credited.
        for _ in 0..50 {
            m.sample(Duration::from_secs(30));
        }
        assert_eq!(m.credit_ms(), LAG_CAP_MS);
        assert_eq!(credit(u64::MAX), LAG_CAP_MS);
    }
}
