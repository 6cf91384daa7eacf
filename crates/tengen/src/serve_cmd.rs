//! `tengen serve`: play Go in the browser. Glue over `tengen-server`.

use std::{net::SocketAddr, path::Path, sync::Arc, time::Duration};

use clap::Args;
use tengen_server::{AppState, PgStore, ServerConfig, SqliteStore, Store, check_engine};

/// Arguments of `tengen serve`.
#[derive(Args)]
pub(crate) struct ServeArgs {
    /// Address to listen on, `HOST:PORT`: an IP address or a host name such as
    /// `localhost:8080`; `0.0.0.0:8080` listens on every address of the machine (port 0
    /// picks a free port; the address is printed).
    #[arg(long, default_value = "127.0.0.1:8080", value_parser = listen_addr)]
    addr: SocketAddr,
    /// Where games are kept: a SQLite file, created with its schema on first start, or a
    /// PostgreSQL URL (`postgres://user:password@host:port/database`) that several servers
    /// may share. Either way the schema's migrations are applied at start.
    #[arg(long, default_value = "tengen.db")]
    db: String,
    /// With PostgreSQL: the `HOST:PORT` at which the other servers sharing the database reach
    /// this one, to forward it the players of the games it runs (default: `--addr`, which
    /// then must not be 0.0.0.0).
    #[arg(long, value_name = "HOST:PORT")]
    advertise: Option<String>,
    /// A GTP engine players can choose, as `COMMAND` (named after its program) or
    /// `NAME=COMMAND`, e.g. `--engine "/usr/games/gnugo --mode gtp --level 5"`. Repeatable.
    /// Each is started and asked `name` and `protocol_version` at start-up; one that does
    /// not answer is reported and not offered.
    #[arg(long = "engine")]
    engines: Vec<String>,
    /// Seconds an external engine may take to answer a command (a move, or the start-up
    /// check); after that it has failed and its opponent may claim the game or abort it.
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    engine_timeout: f64,
    /// A program that speaks KataGo's JSON analysis protocol, to review games and uploaded
    /// records with instead of Tengen's own engine: e.g. `--analysis-engine "katago
    /// analysis -config analysis.cfg -model model.bin.gz"`, or `"tengen analysis --max-visits
    /// 2000"`. Its visits, threads and hardware are its own settings. Started with the
    /// server; each position must be answered within --engine-timeout. A position it refuses
    /// is reviewed by Tengen's own engine; if it exits, hangs or answers garbage, the rest of
    /// the review is (and says so), and the next review starts it again.
    #[arg(long, value_name = "CMD")]
    analysis_engine: Option<String>,
    /// Searches of Tengen's own player that run at once, one thread each (default: the
    /// number of cores); further ones wait their turn, first come first served, their
    /// clock running, and take a shorter share of their thinking time while the queue is
    /// long.
    #[arg(long, value_name = "N")]
    search_workers: Option<usize>,
    /// SQLite: wait for the disk at every commit (also survives power loss; slower).
    /// PostgreSQL follows the server's own `synchronous_commit`.
    #[arg(long)]
    full_sync: bool,
    /// How often a running clock is written down, in milliseconds: a crash gives a thinking
    /// player back at most this much time (default 5000, or TENGEN_CLOCK_CHECKPOINT_MS).
    #[arg(long, value_name = "MS")]
    clock_checkpoint_ms: Option<u64>,
    /// Seconds a connection has to send a request's head (silent, half-sent and idle
    /// keep-alive connections are closed after it).
    #[arg(long, value_name = "SECS", default_value_t = 10.0)]
    header_timeout: f64,
    /// Seconds a request, body included, may take before it is answered 408.
    #[arg(long, value_name = "SECS", default_value_t = 30.0)]
    request_timeout: f64,
    /// Connections (HTTP and WebSocket) one address may hold open (an IPv6 address counts
    /// as its /64).
    #[arg(long, value_name = "N", default_value_t = 128)]
    max_conns_per_ip: usize,
    /// Connections (HTTP and WebSocket) the whole server holds open, from all addresses;
    /// one more is answered 503 and closed.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    max_conns: usize,
    /// Games the server runs at once (in play, waiting for their invited player, or open in
    /// someone's browser); past it a new game is refused (503). Games already there still
    /// open and play.
    #[arg(long, value_name = "N", default_value_t = 5_000)]
    max_games: usize,
    /// New games the whole server takes a minute, from all addresses; past it a new game
    /// is refused (503) with the time to wait.
    #[arg(long, value_name = "N", default_value_t = 3_000)]
    games_per_minute: u32,
    /// Seconds a WebSocket may leave the server's pings (sent every 10 s) unanswered.
    #[arg(long, value_name = "SECS", default_value_t = 30.0)]
    pong_timeout: f64,
    /// Games one address may create at once ...
    #[arg(long, value_name = "N", default_value_t = 10)]
    games_burst: u32,
    /// ... and one more game per address every this many seconds after that.
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    games_every: f64,
    /// Hours after which an invitation nobody opened expires (the game ends with no
    /// result and is no longer listed).
    #[arg(long, value_name = "HOURS", default_value_t = 24.0)]
    invite_hours: f64,
}

/// `NAME=COMMAND` or `COMMAND` (named after the program's file name).
fn engine_spec(spec: &str) -> (String, String) {
    let first = spec.split_whitespace().next().unwrap_or("");
    if let Some((name, command)) = first.split_once('=') {
        let rest = spec.trim_start()[first.len()..].to_owned();
        return (name.to_owned(), format!("{command}{rest}"));
    }
    let name = first.rsplit('/').next().unwrap_or(first).to_owned();
    (name, spec.trim().to_owned())
}

/// `--addr`'s value: `IP:PORT`, or `HOST:PORT` with a host name this machine resolves (its
/// first address); `:PORT` alone is refused with the two forms meant most often.
fn listen_addr(text: &str) -> Result<SocketAddr, String> {
    use std::net::ToSocketAddrs;
    let text = text.trim();
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    if let Some(port) = text.strip_prefix(':') {
        return Err(format!(
            "give the host too: 127.0.0.1:{port} (this computer only) or 0.0.0.0:{port} (every address of this machine)"
        ));
    }
    if !text.contains(':') {
        return Err(format!(
            "HOST:PORT, such as 127.0.0.1:8080 or localhost:8080 (no port in {text:?})"
        ));
    }
    match text.to_socket_addrs() {
        Ok(mut addrs) => addrs
            .next()
            .ok_or_else(|| format!("{text}: the host name has no address")),
        Err(e) => Err(format!(
            "{text}: not IP:PORT, and the host name does not resolve ({e})"
        )),
    }
}

/// Listens on `addr`, or says why not and which option changes it.
async fn listen(addr: SocketAddr) -> anyhow::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(addr).await.map_err(|e| {
        let hint = match e.kind() {
            std::io::ErrorKind::AddrInUse => format!(
                ": another program (another `tengen serve`?) has port {}; choose another port \
                 with --addr, e.g. --addr {}:{} (port 0 picks a free one)",
                addr.port(),
                addr.ip(),
                addr.port().wrapping_add(1)
            ),
            std::io::ErrorKind::AddrNotAvailable => format!(
                ": {} is not an address of this machine; --addr 0.0.0.0:{} listens on all of them",
                addr.ip(),
                addr.port()
            ),
            std::io::ErrorKind::PermissionDenied => {
                ": ports below 1024 need privileges; choose another with --addr".to_owned()
            }
            _ => String::new(),
        };
        anyhow::anyhow!("cannot listen on {addr}: {e}{hint}")
    })
}

pub(crate) fn run(args: ServeArgs) -> anyhow::Result<()> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(args))
}

/// Seconds from the command line, refused when negative or not finite.
fn seconds(flag: &str, s: f64) -> anyhow::Result<Duration> {
    Duration::try_from_secs_f64(s)
        .map_err(|_| anyhow::anyhow!("--{flag} {s}: not a number of seconds"))
}

fn config(args: &ServeArgs) -> anyhow::Result<ServerConfig> {
    let mut config = ServerConfig::from_env();
    if let Some(ms) = args.clock_checkpoint_ms {
        config.clock_checkpoint = Duration::from_millis(ms).max(ServerConfig::MIN_CHECKPOINT);
    }
    config.header_read_timeout = seconds("header-timeout", args.header_timeout)?;
    config.request_timeout = seconds("request-timeout", args.request_timeout)?;
    config.max_connections_per_ip = args.max_conns_per_ip.max(1);
    config.max_connections = args.max_conns.max(1);
    config.max_live_games = args.max_games.max(1);
    config.max_games_per_minute = args.games_per_minute.max(1);
    config.ws_pong_timeout = seconds("pong-timeout", args.pong_timeout)?;
    config.games_burst = args.games_burst.max(1);
    config.games_refill = seconds("games-every", args.games_every)?;
    config.invite_ttl = seconds("invite-hours", args.invite_hours * 3600.0)?;
    config.engine_timeout = seconds("engine-timeout", args.engine_timeout)?;
    config.analysis_engine.clone_from(&args.analysis_engine);
    if let Some(n) = args.search_workers {
        anyhow::ensure!(n >= 1, "--search-workers {n}: at least one search must run");
        config.search_workers = n;
    }
    Ok(config)
}

/// Checks every engine at once; keeps those that answer, and says why each other one is
/// not offered.
async fn usable_engines(specs: &[String], timeout: Duration) -> Vec<(String, String)> {
    let engines: Vec<(String, String)> = specs.iter().map(|s| engine_spec(s)).collect();
    // The start-up check waits at most 10 s for an answer, however long moves may take.
    let timeout = timeout.min(Duration::from_secs(10));
    let checks: Vec<_> = engines
        .iter()
        .map(|(_, command)| tokio::spawn(check_engine(command.clone(), timeout)))
        .collect();
    let mut usable = Vec::new();
    for ((name, command), check) in engines.into_iter().zip(checks) {
        let result = check
            .await
            .unwrap_or_else(|e| Err(format!("the check failed: {e}")));
        match result {
            Ok(_) if usable.iter().any(|(n, _)| *n == name) => eprintln!(
                "tengen: engine {name:?} ({command}) is not offered: an earlier --engine has that name; name them with NAME=COMMAND"
            ),
            Ok(check) => {
                eprintln!(
                    "tengen: engine {name:?} ({command}) answers: {}, GTP {}",
                    check.name, check.protocol_version
                );
                usable.push((name, command));
            }
            Err(why) => eprintln!("tengen: engine {name:?} ({command}) is not offered: {why}"),
        }
    }
    usable
}

/// The store `--db` names: PostgreSQL for a `postgres://` URL, else a SQLite file; and how
/// to name it in the log (without a password).
pub(crate) async fn open_store(
    db: &str,
    full_sync: bool,
) -> anyhow::Result<(Arc<dyn Store>, String)> {
    if db.starts_with("postgres://") || db.starts_with("postgresql://") {
        let store = PgStore::connect(db)
            .await
            .map_err(|e| anyhow::anyhow!("--db: {e}"))?;
        return Ok((Arc::new(store), store_name(db)));
    }
    let path = Path::new(db);
    let store =
        SqliteStore::open_with(path, full_sync).map_err(|e| anyhow::anyhow!("--db: {e}"))?;
    Ok((Arc::new(store), path.display().to_string()))
}

/// A database URL without its password.
fn store_name(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    match rest.split_once('@') {
        Some((user, host)) => {
            let user = user.split(':').next().unwrap_or(user);
            format!("{scheme}://{user}@{host}")
        }
        None => url.to_owned(),
    }
}

async fn serve(args: ServeArgs) -> anyhow::Result<()> {
    let config = config(&args)?;
    let (store, db_name) = open_store(&args.db, args.full_sync).await?;
    let schema = store.schema_version();
    let kind = store.kind();
    let engines = usable_engines(&args.engines, config.engine_timeout).await;
    let listener = listen(args.addr).await?;
    let addr = listener.local_addr()?;
    if store.shared() {
        let advertise = match &args.advertise {
            Some(a)
                if a.rsplit_once(':')
                    .is_none_or(|(host, port)| host.is_empty() || port.parse::<u16>().is_err()) =>
            {
                anyhow::bail!("--advertise {a:?}: not HOST:PORT")
            }
            Some(a) => a.clone(),
            None if addr.ip().is_unspecified() => anyhow::bail!(
                "--addr {addr}: give --advertise HOST:PORT, the address other servers on this database reach this one at"
            ),
            None => addr.to_string(),
        };
        store
            .join_cluster(advertise)
            .await
            .map_err(|e| anyhow::anyhow!("--db: {e}"))?;
    }
    let state = AppState::with_config(store, engines, config);
    if let Some(command) = &args.analysis_engine {
        anyhow::ensure!(
            state.analysis_engine().is_some(),
            "--analysis-engine {command:?}: the engine cannot be started (see above)"
        );
        eprintln!("tengen: reviews are asked of the analysis engine {command:?}");
    }
    let resumed = state.resume_live_games().await?;
    println!(
        "Tengen is serving on http://{addr}/ (database {db_name}: {kind}, schema version {schema}; {resumed} {} resumed)",
        if resumed == 1 { "game" } else { "games" }
    );
    use std::io::Write as _;
    std::io::stdout().flush()?;
    tengen_server::serve_until(listener, state, async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use std::net::SocketAddr;

    use super::{ServeArgs, config, engine_spec, listen, listen_addr, store_name};

    #[derive(Parser)]
    struct Command {
        #[command(flatten)]
        serve: ServeArgs,
    }

    #[test]
    fn the_server_wide_caps_are_flags_with_public_defaults() {
        let caps = |c: &tengen_server::ServerConfig| {
            (c.max_connections, c.max_live_games, c.max_games_per_minute)
        };
        let defaults = config(&Command::parse_from(["serve"]).serve).unwrap();
        assert_eq!(
            caps(&defaults),
            caps(&tengen_server::ServerConfig::default())
        );
        let args = Command::parse_from([
            "serve",
            "--max-conns",
            "500",
            "--max-games",
            "40",
            "--games-per-minute",
            "12",
        ]);
        assert_eq!(caps(&config(&args.serve).unwrap()), (500, 40, 12));
    }

    #[test]
    fn reviews_are_tengens_own_unless_an_analysis_engine_is_given() {
        let defaults = config(&Command::parse_from(["serve"]).serve).unwrap();
        assert_eq!(defaults.analysis_engine, None);
        let args = Command::parse_from([
            "serve",
            "--analysis-engine",
            "katago analysis -config 'my analysis.cfg'",
        ]);
        assert_eq!(
            config(&args.serve).unwrap().analysis_engine.as_deref(),
            Some("katago analysis -config 'my analysis.cfg'")
        );
    }

    #[test]
    fn addr_takes_a_host_name_and_says_how_to_give_a_bare_port() {
        assert_eq!(
            listen_addr("127.0.0.1:8080").unwrap(),
            "127.0.0.1:8080".parse::<SocketAddr>().unwrap()
        );
        assert!(listen_addr("localhost:8080").unwrap().ip().is_loopback());
        let bare = listen_addr(":8080").unwrap_err();
        assert!(
            bare.contains("127.0.0.1:8080") && bare.contains("0.0.0.0:8080"),
            "{bare}"
        );
        assert!(listen_addr("localhost").unwrap_err().contains("HOST:PORT"));
    }

    #[test]
    fn address_already_in_use_names_the_port_and_the_addr_option() {
        let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = taken.local_addr().unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let message = runtime.block_on(listen(addr)).unwrap_err().to_string();
        assert!(
            message.starts_with(&format!("cannot listen on {addr}: ")),
            "{message}"
        );
        assert!(
            message.contains(&format!("port {}", addr.port())),
            "{message}"
        );
        let next = addr.port().wrapping_add(1);
        assert!(
            message.contains(&format!("--addr 127.0.0.1:{next}")),
            "{message}"
        );
    }

    #[test]
    fn database_urls_are_logged_without_their_password() {
        assert_eq!(
            store_name("postgres://tengen:secret@127.0.0.1:5432/games"),
            "postgres://tengen@127.0.0.1:5432/games"
        );
        assert_eq!(store_name("postgres:///games"), "postgres:///games");
    }

    #[test]
    fn engine_specs_are_named_after_their_program_or_explicitly() {
        assert_eq!(
            engine_spec("gnugo --mode gtp --level 5"),
            ("gnugo".into(), "gnugo --mode gtp --level 5".into())
        );
        assert_eq!(
            engine_spec("weak=/usr/games/gnugo --mode gtp --level 1"),
            (
                "weak".into(),
                "/usr/games/gnugo --mode gtp --level 1".into()
            )
        );
    }
}
