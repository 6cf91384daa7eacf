//! The tournaments' JSON API. Every change is made by the tournament's director (or an
//! administrator), checked whole, then written whole: a refused change leaves the tournament
//! as it was, and the refusal names the field, row or player.

use axum::{
    Json,
    extract::{Path, State, rejection::JsonRejection},
    http::{StatusCode, header},
    response::IntoResponse,
};
use serde::Deserialize;
use tengen_club::tournament::{
    Entrant, EventInfo, GameResult, PairingError, Round, Settings, game_between, max_rounds,
    pair_round, read_player_list, write_aga_results, write_h9,
};
use tengen_core::{Color, Rules, max_fixed_handicap};

use super::{Event, Loaded, Stored, check_size, load, save, view};
use crate::{
    club::{
        Host,
        account::find,
        events,
        session::{MaybeMember, Member},
    },
    error::{AppError, form},
    game::clock::ClockSettings,
    game::record::now_ms,
    game::settings::{ColorChoice, CreateGame, HandicapPlacement, OpponentChoice},
    secret,
};

/// `POST /api/tournaments`'s form.
#[derive(Deserialize)]
pub(crate) struct CreateForm {
    #[serde(flatten)]
    event: Event,
    #[serde(default = "japanese")]
    rules: String,
    #[serde(default = "nineteen")]
    size: u32,
    #[serde(default = "no_clock")]
    time: ClockSettings,
    #[serde(default)]
    settings: Settings,
}

fn japanese() -> String {
    "japanese".into()
}

fn nineteen() -> u32 {
    19
}

fn no_clock() -> ClockSettings {
    ClockSettings::None
}

/// A text field of the event: at most `max` characters, no control characters.
fn check_text(field: &str, value: &str, max: usize) -> Result<(), AppError> {
    if value.chars().count() > max {
        return Err(AppError::BadRequest(format!(
            "{field}: at most {max} characters"
        )));
    }
    if value.chars().any(char::is_control) {
        return Err(AppError::BadRequest(format!(
            "{field}: contains a control character"
        )));
    }
    Ok(())
}

/// A date as `YYYY-MM-DD`, or empty.
fn check_date(field: &str, value: &str) -> Result<(), AppError> {
    let b = value.as_bytes();
    let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    if value.is_empty()
        || (b.len() == 10 && b[4] == b'-' && b[7] == b'-' && digits(0..4) && digits(5..7))
            && digits(8..10)
    {
        Ok(())
    } else {
        Err(AppError::BadRequest(format!(
            "{field}: {value:?} is not a date as YYYY-MM-DD"
        )))
    }
}

/// The game form of a tournament game: the tournament's board, rules and clock, Black
/// (named) given `handicap` stones and the rules' komi for it.
fn game_form(stored: &Stored, handicap: u32, black: Option<String>) -> CreateGame {
    CreateGame {
        size: stored.size,
        rules: stored.rules.clone(),
        handicap,
        placement: HandicapPlacement::Fixed,
        komi: None,
        color: ColorChoice::Black,
        time: stored.time,
        opponent: OpponentChoice::Person,
        name: black,
        open: false,
        // Tournament games are played without help.
        analysis: false,
    }
}

/// The rules of a stored tournament (checked when it was created).
fn rules_of(stored: &Stored) -> Rules {
    stored.rules.parse().unwrap_or_else(|_| Rules::japanese())
}

pub(crate) async fn create<H: Host>(
    State(state): State<H>,
    member: Member,
    body: Result<Json<CreateForm>, JsonRejection>,
) -> Result<(StatusCode, Json<view::View>), AppError> {
    let form = form(body)?;
    let me = member.account;
    if !me.may_direct() {
        return Err(AppError::Forbidden(
            "only tournament directors create tournaments: ask an administrator".into(),
        ));
    }
    let name = form.event.name.trim();
    if name.is_empty() {
        return Err(AppError::BadRequest(
            "name: a tournament needs a name".into(),
        ));
    }
    check_text("name", name, 100)?;
    check_text("place", &form.event.place, 100)?;
    check_text("country", &form.event.country, 2)?;
    check_date("start_date", &form.event.start_date)?;
    check_date("end_date", &form.event.end_date)?;
    form.settings
        .validate()
        .map_err(|e| AppError::BadRequest(e.to_string()))?;
    let stored = Stored {
        event: Event {
            name: name.to_owned(),
            ..form.event
        },
        rules: form.rules,
        size: form.size,
        time: form.time,
        tournament: tengen_club::tournament::Tournament::new(form.settings),
        accounts: Vec::new(),
        withdrawn: Vec::new(),
        started: Vec::new(),
        games: Vec::new(),
    };
    // The games' settings are checked as a game form would check them.
    let setup = game_form(&stored, 0, None)
        .resolve(&[], true)
        .map_err(AppError::BadRequest)?;
    if let tengen_club::tournament::HandicapPolicy::RankDifference { ceiling, .. } =
        stored.tournament.settings.handicap
    {
        let fits = max_fixed_handicap(setup.size);
        if ceiling >= 2 && ceiling > fits {
            return Err(AppError::BadRequest(format!(
                "handicap ceiling: a {} board takes at most {fits} stones",
                setup.size
            )));
        }
    }
    let id = secret::new_id();
    let data = serde_json::to_string(&stored).map_err(|e| AppError::Internal(e.to_string()))?;
    let (new_id, director) = (id.clone(), me.id);
    state
        .club()
        .db
        .transaction(move |sql| {
            sql.execute(
                "INSERT INTO tournaments (id, director_id, data, version, created_ms)
                 VALUES (?1, ?2, ?3, 1, ?4)",
                &[
                    new_id.into(),
                    director.into(),
                    data.into(),
                    (now_ms() as i64).into(),
                ],
            )
        })
        .await?;
    let loaded = Loaded {
        id,
        director_id: me.id,
        version: 1,
        stored,
    };
    Ok((StatusCode::CREATED, Json(view::of(&loaded, Some(&me)))))
}

pub(crate) async fn list<H: Host>(
    State(state): State<H>,
) -> Result<Json<Vec<view::Summary>>, AppError> {
    let rows = state
        .club()
        .db
        .read(|sql| {
            sql.query(
                "SELECT id, data FROM tournaments ORDER BY created_ms DESC LIMIT 200",
                &[],
            )
        })
        .await?;
    Ok(Json(
        rows.into_iter()
            .filter_map(|r| {
                let stored: Stored = serde_json::from_str(&r.text(1)).ok()?;
                Some(view::summary(&r.text(0), &stored))
            })
            .collect(),
    ))
}

/// Reads tournament `id`, or 404.
async fn read<H: Host>(state: &H, id: &str) -> Result<Loaded, AppError> {
    if !secret::valid_id(id) {
        return Err(AppError::NotFound("no such tournament".into()));
    }
    let id = id.to_owned();
    state
        .club()
        .db
        .read(move |sql| load(sql, &id))
        .await?
        .ok_or_else(|| AppError::NotFound("no such tournament".into()))
}

pub(crate) async fn show<H: Host>(
    State(state): State<H>,
    MaybeMember(member): MaybeMember,
    Path(id): Path<String>,
) -> Result<Json<view::View>, AppError> {
    let loaded = read(&state, &id).await?;
    Ok(Json(view::of(&loaded, member.as_ref().map(|m| &m.account))))
}

/// Whether `member` may run `loaded`: its director, or an administrator.
fn may_run(loaded: &Loaded, member: &Member) -> Result<(), AppError> {
    let me = &member.account;
    if me.admin || (me.may_direct() && me.id == loaded.director_id) {
        Ok(())
    } else {
        Err(AppError::Forbidden(
            "only this tournament's director changes it".into(),
        ))
    }
}

/// Applies `change` to tournament `id` in one transaction, as its director; the tournament
/// after it. A change that fails leaves the tournament untouched.
async fn change<H: Host>(
    state: &H,
    member: &Member,
    id: &str,
    change: impl FnOnce(&mut dyn crate::store::Sql, &mut Stored) -> Result<(), AppError>
    + Send
    + 'static,
) -> Result<Loaded, AppError> {
    may_run(&read(state, id).await?, member)?;
    let id = id.to_owned();
    state
        .club()
        .db
        .transaction(move |sql| {
            let Some(mut loaded) = load(sql, &id)? else {
                return Ok(Err(AppError::NotFound("no such tournament".into())));
            };
            if let Err(e) = change(sql, &mut loaded.stored) {
                return Ok(Err(e));
            }
            if !save(sql, &loaded)? {
                return Ok(Err(AppError::Conflict(
                    "the tournament changed meanwhile: reload and try again".into(),
                )));
            }
            loaded.version += 1;
            Ok(Ok(loaded))
        })
        .await?
}

/// `POST /api/tournaments/{id}/players`'s form: a member by name, or a player by name and
/// rank for over-the-board play.
#[derive(Deserialize)]
pub(crate) struct PlayerForm {
    #[serde(default)]
    member: Option<String>,
    #[serde(flatten)]
    entrant: Option<Entrant>,
}

/// Adds `entrant` (member `account`, if one) to `stored`, refusing the same player twice.
fn register(stored: &mut Stored, entrant: Entrant, account: Option<i64>) -> Result<(), AppError> {
    let key = entrant.full_name().to_lowercase();
    if let Some(i) = stored
        .tournament
        .players
        .iter()
        .position(|p| p.full_name().to_lowercase() == key)
    {
        return Err(AppError::Conflict(format!(
            "{} is already player {}",
            entrant.full_name(),
            i + 1
        )));
    }
    if account.is_some() && stored.accounts.contains(&account) {
        return Err(AppError::Conflict(format!(
            "{} is already registered",
            entrant.full_name()
        )));
    }
    check_size(stored.tournament.players.len() + 1)?;
    stored.tournament.players.push(entrant);
    stored.accounts.push(account);
    stored.withdrawn.push(false);
    Ok(())
}

pub(crate) async fn add_player<H: Host>(
    State(state): State<H>,
    member: Member,
    Path(id): Path<String>,
    body: Result<Json<PlayerForm>, JsonRejection>,
) -> Result<Json<view::View>, AppError> {
    let form = form(body)?;
    if let Some(e) = &form.entrant {
        if e.surname.trim().is_empty() {
            return Err(AppError::BadRequest("surname: empty".into()));
        }
        for (field, value) in [
            ("surname", &e.surname),
            ("first_name", &e.first_name),
            ("club", &e.club),
        ] {
            check_text(field, value, 100)?;
        }
        check_text("country", &e.country, 2)?;
    }
    let loaded = change(&state, &member, &id, move |sql, stored| {
        match (form.member, form.entrant) {
            (Some(name), _) => {
                let account = find(sql, &name)
                    .map_err(AppError::from)?
                    .filter(|a| !a.disabled)
                    .ok_or_else(|| {
                        AppError::NotFound(format!("member: no member named {name:?}"))
                    })?;
                if let Some(level) = account.bot {
                    return Err(AppError::BadRequest(format!(
                        "member: {:?} is Tengen's engine at level {level}; tournaments are \
                         for people",
                        account.name
                    )));
                }
                let entrant = Entrant::new(&account.name, account.rank());
                register(stored, entrant, Some(account.id))
            }
            (None, Some(entrant)) => register(stored, entrant, None),
            (None, None) => Err(AppError::BadRequest(
                "give a member's name, or a surname and a rank".into(),
            )),
        }
    })
    .await?;
    Ok(Json(view::of(&loaded, Some(&member.account))))
}

/// `POST /api/tournaments/{id}/players/import`'s form: the CSV text.
#[derive(Deserialize)]
pub(crate) struct ImportForm {
    csv: String,
}

pub(crate) async fn import_players<H: Host>(
    State(state): State<H>,
    member: Member,
    Path(id): Path<String>,
    body: Result<Json<ImportForm>, JsonRejection>,
) -> Result<Json<view::View>, AppError> {
    let form = body.map(|Json(f)| f).map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::TooLarge(format!(
                "csv: the list is over {} KiB",
                super::PLAYER_LIST_LIMIT / 1024
            ))
        } else {
            AppError::BadRequest(e.body_text())
        }
    })?;
    let players = read_player_list(&form.csv).map_err(|e| AppError::BadRequest(e.to_string()))?;
    let loaded = change(&state, &member, &id, move |_, stored| {
        for (i, p) in players.into_iter().enumerate() {
            // Row i + 2: the header is row 1.
            register(stored, p, None).map_err(|e| match e {
                AppError::Conflict(m) => AppError::Conflict(format!("row {}: {m}", i + 2)),
                other => other,
            })?;
        }
        Ok(())
    })
    .await?;
    Ok(Json(view::of(&loaded, Some(&member.account))))
}

pub(crate) async fn withdraw<H: Host>(
    State(state): State<H>,
    member: Member,
    Path((id, player)): Path<(String, usize)>,
) -> Result<Json<view::View>, AppError> {
    let loaded = change(&state, &member, &id, move |_, stored| {
        let p = player_index(stored, player)?;
        if stored.has_draft() {
            let draft = stored.tournament.rounds.last().expect("a draft is a round");
            if draft.game_of(p).is_some() || draft.bye == Some(p) {
                return Err(AppError::Conflict(format!(
                    "player {player} is in round {}'s pairing: pair the round again with \
                     them absent, or withdraw them after it",
                    stored.tournament.rounds.len()
                )));
            }
        }
        stored.withdrawn[p] = true;
        Ok(())
    })
    .await?;
    Ok(Json(view::of(&loaded, Some(&member.account))))
}

/// The index of player `number` (from 1, as the pages number them).
fn player_index(stored: &Stored, number: usize) -> Result<usize, AppError> {
    if number == 0 || number > stored.tournament.players.len() {
        return Err(AppError::BadRequest(format!(
            "player {number}: the tournament has players 1 to {}",
            stored.tournament.players.len()
        )));
    }
    Ok(number - 1)
}

/// `POST /api/tournaments/{id}/rounds`'s form: who is absent this round, and pairings the
/// director fixes (players numbered from 1).
#[derive(Deserialize, Default)]
pub(crate) struct PairForm {
    #[serde(default)]
    absent: Vec<usize>,
    #[serde(default)]
    pinned: Vec<(usize, usize)>,
}

pub(crate) async fn pair<H: Host>(
    State(state): State<H>,
    member: Member,
    Path(id): Path<String>,
    body: Option<Json<PairForm>>,
) -> Result<Json<view::View>, AppError> {
    let form = body.map(|Json(f)| f).unwrap_or_default();
    let loaded = change(&state, &member, &id, move |_, stored| {
        if stored.has_draft() {
            // Pairing again replaces the draft.
            stored.tournament.rounds.pop();
            stored.started.pop();
            stored.games.pop();
        }
        let n = stored.tournament.players.len();
        let mut present: Vec<bool> = stored.withdrawn.iter().map(|w| !w).collect();
        for &a in &form.absent {
            present[player_index(stored, a)?] = false;
        }
        let pinned = form
            .pinned
            .iter()
            .map(|&(a, b)| Ok((player_index(stored, a)?, player_index(stored, b)?)))
            .collect::<Result<Vec<_>, AppError>>()?;
        let here = present.iter().filter(|&&p| p).count();
        let planned = stored.tournament.settings.rounds as usize;
        if stored.tournament.rounds.is_empty() && planned > max_rounds(here) {
            return Err(AppError::BadRequest(format!(
                "rounds: {planned} rounds cannot be paired among {here} players without \
                 someone meeting twice (at most {}); register more players or plan fewer rounds",
                max_rounds(here)
            )));
        }
        let round = pair_round(&stored.tournament, &present, &pinned).map_err(|e| match e {
            PairingError::PreviousRoundUnfinished { .. } | PairingError::AllRoundsPaired(_) => {
                AppError::Conflict(e.to_string())
            }
            _ => AppError::BadRequest(e.to_string()),
        })?;
        debug_assert_eq!(present.len(), n);
        let boards = round.games.len();
        stored.tournament.rounds.push(round);
        stored.started.push(false);
        stored.games.push(vec![None; boards]);
        Ok(())
    })
    .await?;
    Ok(Json(view::of(&loaded, Some(&member.account))))
}

/// `PUT /api/tournaments/{id}/rounds/{round}`'s form: the director's pairing of the draft
/// round, players numbered from 1. Colours and handicaps are the policy's.
#[derive(Deserialize)]
pub(crate) struct PairingForm {
    games: Vec<(usize, usize)>,
    #[serde(default)]
    bye: Option<usize>,
}

pub(crate) async fn set_pairing<H: Host>(
    State(state): State<H>,
    member: Member,
    Path((id, round)): Path<(String, usize)>,
    body: Result<Json<PairingForm>, JsonRejection>,
) -> Result<Json<view::View>, AppError> {
    let form = form(body)?;
    let loaded = change(&state, &member, &id, move |_, stored| {
        if !stored.has_draft() || round != stored.tournament.rounds.len() {
            return Err(AppError::Conflict(format!(
                "round {round} is not a pairing waiting to start"
            )));
        }
        let draft = stored.tournament.rounds.pop().expect("a draft is a round");
        let mut seated = vec![false; stored.tournament.players.len()];
        let mut seat = |p: usize| -> Result<usize, AppError> {
            let i = player_index(stored, p)?;
            if std::mem::replace(&mut seated[i], true) {
                return Err(AppError::BadRequest(format!("player {p} is paired twice")));
            }
            Ok(i)
        };
        let mut games = Vec::new();
        for &(a, b) in &form.games {
            let (a, b) = (seat(a)?, seat(b)?);
            games.push(game_between(&stored.tournament, a, b));
        }
        let bye = form.bye.map(&mut seat).transpose()?;
        let was = |p: usize| draft.game_of(p).is_some() || draft.bye == Some(p);
        if let Some(p) = (0..seated.len()).find(|&p| seated[p] != was(p)) {
            return Err(AppError::BadRequest(format!(
                "player {}: the pairing must seat the same players as the draft (pair the \
                 round again to change who plays)",
                p + 1
            )));
        }
        let boards = games.len();
        stored.tournament.rounds.push(Round { games, bye });
        *stored.games.last_mut().expect("a draft has its games") = vec![None; boards];
        Ok(())
    })
    .await?;
    Ok(Json(view::of(&loaded, Some(&member.account))))
}

pub(crate) async fn start<H: Host>(
    State(state): State<H>,
    member: Member,
    Path((id, round)): Path<(String, usize)>,
) -> Result<Json<view::View>, AppError> {
    // Claim the round with its games' ids first: of two starts at once, one creates games.
    let mut loaded = change(&state, &member, &id, move |_, stored| {
        if !stored.has_draft() || round != stored.tournament.rounds.len() {
            return Err(AppError::Conflict(format!(
                "round {round} is not a pairing waiting to start"
            )));
        }
        let last = round - 1;
        let ids = stored.tournament.rounds[last]
            .games
            .iter()
            .map(|g| {
                let both_members =
                    stored.accounts[g.white].is_some() && stored.accounts[g.black].is_some();
                both_members.then(secret::new_id)
            })
            .collect();
        stored.games[last] = ids;
        stored.started[last] = true;
        Ok(())
    })
    .await?;
    let club = state.club();
    let last = round - 1;
    let mut failed = Vec::new();
    for (board, game) in loaded.stored.games[last].clone().into_iter().enumerate() {
        let Some(game) = game else { continue };
        let g = loaded.stored.tournament.rounds[last].games[board].clone();
        let stored = &loaded.stored;
        let (white, black) = (
            stored.accounts[g.white].expect("a member"),
            stored.accounts[g.black].expect("a member"),
        );
        let started = async {
            let names = &stored.tournament.players;
            let mut setup = game_form(stored, g.handicap, Some(names[g.black].surname.clone()))
                .resolve(&[], true)
                .map_err(AppError::BadRequest)?;
            setup.name_seat(Color::White, &names[g.white].surname);
            let seats = [
                secret::hash(&club.seat_secret(&game, Color::Black).await?),
                secret::hash(&club.seat_secret(&game, Color::White).await?),
            ];
            state.start_game(&game, setup, seats).await?;
            club.record_game(&game, black, white, false).await?;
            let (game_id, tournament) = (game.clone(), loaded.id.clone());
            club.db
                .transaction(move |sql| {
                    sql.execute(
                        "INSERT INTO tournament_games (game_id, tournament_id, round, board)
                         VALUES (?1, ?2, ?3, ?4)",
                        &[
                            game_id.into(),
                            tournament.into(),
                            (last as i64).into(),
                            (board as i64).into(),
                        ],
                    )
                })
                .await?;
            Ok::<(), AppError>(())
        }
        .await;
        match started {
            Ok(()) => {
                for account in [black, white] {
                    club.events.send(
                        account,
                        &events::Event::Game {
                            game: game.clone(),
                            challenge: loaded.id.clone(),
                        },
                    );
                }
            }
            Err(e) => {
                tracing::warn!(
                    "tournament {id}, board {}: game not started: {e}",
                    board + 1
                );
                failed.push(board);
            }
        }
    }
    if !failed.is_empty() {
        // Those boards are played over the board: their results are the director's to enter.
        loaded = change(&state, &member, &id, move |_, stored| {
            for board in failed {
                stored.games[last][board] = None;
            }
            Ok(())
        })
        .await?;
    }
    Ok(Json(view::of(&loaded, Some(&member.account))))
}

/// `PUT /api/tournaments/{id}/rounds/{round}/boards/{board}`'s form.
#[derive(Deserialize)]
pub(crate) struct ResultForm {
    result: GameResult,
    #[serde(default)]
    by_default: bool,
}

pub(crate) async fn set_result<H: Host>(
    State(state): State<H>,
    member: Member,
    Path((id, round, board)): Path<(String, usize, usize)>,
    body: Result<Json<ResultForm>, JsonRejection>,
) -> Result<Json<view::View>, AppError> {
    let form = form(body)?;
    let loaded = change(&state, &member, &id, move |_, stored| {
        let rounds = stored.tournament.rounds.len();
        if round == 0 || round > rounds || !stored.started[round - 1] {
            return Err(AppError::BadRequest(format!(
                "round {round} has not started"
            )));
        }
        if round < rounds {
            return Err(AppError::Conflict(format!(
                "round {round}'s results are closed: round {} is paired",
                round + 1
            )));
        }
        let games = &mut stored.tournament.rounds[round - 1].games;
        let count = games.len();
        let game = board
            .checked_sub(1)
            .and_then(|b| games.get_mut(b))
            .ok_or_else(|| {
                AppError::BadRequest(format!(
                    "board {board}: round {round} has boards 1 to {count}"
                ))
            })?;
        game.result = form.result;
        game.by_default = form.by_default && form.result.is_known();
        Ok(())
    })
    .await?;
    Ok(Json(view::of(&loaded, Some(&member.account))))
}

/// What the rating lists' headers say of the event.
fn event_info(stored: &Stored) -> EventInfo {
    let rules = rules_of(stored);
    let (basic, adjusted) = match stored.time {
        ClockSettings::None => (0, 0),
        ClockSettings::ByoYomi {
            main_s, period_s, ..
        } => (main_s / 60, (main_s + 45 * period_s) / 60),
        ClockSettings::Fischer {
            initial_s,
            increment_s,
            ..
        } => (initial_s / 60, (initial_s + 45 * increment_s) / 60),
    };
    // The EGF's classes by basic and adjusted time (minutes).
    let egf_class = match (basic, adjusted) {
        (b, a) if b >= 60 && a >= 75 => 'A',
        (b, a) if b >= 40 && a >= 50 => 'B',
        (b, a) if b >= 25 && a >= 30 => 'C',
        _ => 'D',
    };
    EventInfo {
        name: stored.event.name.clone(),
        place: stored.event.place.clone(),
        country: stored.event.country.clone(),
        start_date: stored.event.start_date.clone(),
        end_date: stored.event.end_date.clone(),
        komi: rules.komi(0).to_string(),
        basic_time_minutes: basic,
        egf_class,
    }
}

/// A text file to download.
fn download(name: String, body: String) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        body,
    )
}

pub(crate) async fn h9<H: Host>(
    State(state): State<H>,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, AppError> {
    let loaded = read(&state, &id).await?;
    let text = write_h9(&loaded.stored.played(), &event_info(&loaded.stored));
    Ok(download(format!("{id}.h9"), text))
}

pub(crate) async fn aga<H: Host>(
    State(state): State<H>,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, AppError> {
    let loaded = read(&state, &id).await?;
    let rules = rules_of(&loaded.stored);
    let text = write_aga_results(
        &loaded.stored.played(),
        &event_info(&loaded.stored),
        |stones| rules.komi(stones.min(9) as u8).to_string(),
    );
    Ok(download(format!("{id}-aga.txt"), text))
}
