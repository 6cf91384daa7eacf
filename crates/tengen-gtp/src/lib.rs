//! GTP (the Go Text Protocol, version 2) for Tengen: an [`Engine`] that answers every required
//! and common GTP command plus Tengen's own, and a referee ([`run_match`]) that plays matches
//! between GTP engines under the seeds' rules, checking every move itself.
//!
//! # The engine
//!
//! ```
//! use tengen_core::Rules;
//! use tengen_gtp::Engine;
//!
//! let mut engine = Engine::new(Rules::japanese());
//! let mut out = Vec::new();
//! let script = "boardsize 9\nplay b C3\n2 genmove w\ntengen-rules\nfinal_score\nquit\n";
//! engine.run(script.as_bytes(), &mut out).unwrap();
//! let text = String::from_utf8(out).unwrap();
//! assert!(text.starts_with("= \n\n= \n\n=2 "));
//! assert!(text.contains("= japanese\n\n"));
//! ```
//!
//! Life and death at the end: `final_score` and `final_status_list` answer from the automatic
//! dead-stone estimator of `tengen-engine` (`tengen_engine::estimate`: alive, dead, seki, and
//! the count with them) on the position as it stands. Under AGA, `final_score` counts the pass
//! stone White still owes when Black passed last (AGA-11).
//!
//! `genmove` is answered by the Monte-Carlo player of `tengen-engine` ([`PlayerOptions`]:
//! level, playouts, time, threads; [`Engine::new`] plays at the weakest level, seeded, so
//! transcripts repeat), with the clocks of `time_settings`, `time_left` and
//! `kgs-time_settings`. [`Engine::run`] also streams `lz-analyze` and `kata-analyze` until the
//! next command.
//!
//! # The analysis engine
//!
//! [`serve_analysis`] speaks KataGo's JSON analysis protocol (`katago analysis`) with the
//! same search: queries of whole games on standard input, one JSON line per analysed turn,
//! several positions at once ([`AnalysisOptions`]). `tengen analysis` runs it; KaTrain
//! drives it.
//!
//! [`KataEngine`] is the other side: it runs an external program that speaks the protocol
//! (KataGo, or `tengen analysis`) and asks it about positions, as the server's reviews do.
//!
//! # The referee
//!
//! [`run_match`] starts both engines as child processes, plays [`MatchConfig::games`] games,
//! checks every move under the rules (an illegal move becomes a pass under `illegal=pass`,
//! AGA-8, or loses under `illegal=lose`, JP-11), settles dead stones by asking both engines
//! (`final_status_list dead`) and resuming play on a dispute (AGA-10, JP-8), and scores every
//! game itself. An engine that crashes, hangs past the timeout or answers garbage loses that
//! game, with the reason recorded.

mod analysis;
mod client;
mod engine;
mod kata_analysis;
mod kata_client;
mod player;
mod protocol;
mod referee;

pub use client::{ClientError, GtpProcess};
pub use engine::{ENGINE_NAME, Engine};
pub use kata_analysis::{AnalysisOptions, Perspective, serve_analysis};
pub use kata_client::{KataAnalysis, KataEngine, KataMoveInfo};
pub use player::{
    PlayerOptions, default_threads, parse_level, parse_playouts, parse_seconds, parse_threads,
};
pub use referee::{
    EngineStats, Entrant, GameRecord, MatchConfig, MatchError, MatchReport, run_match,
};
/// GTP's text forms of colours and vertices (one codec, in `tengen-core`).
pub use tengen_core::{VertexError, color_name, move_text, parse_color, parse_move, vertex};

/// The README's example, compiled and run as a doctest so that it cannot go stale.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
