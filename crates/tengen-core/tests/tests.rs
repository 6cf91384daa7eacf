//! Tengen's rules, checked rule by rule (tests are named after the ids of docs/rules.md), by
//! properties over random games, and against a naive reference implementation.

mod common;

mod aga;
mod benson;
mod board_rules;
mod japanese;
mod ko;
mod naive;
mod perft;
mod playout;
mod position;
mod properties;
mod rank_handicap;
mod scoring;
