//! `tengen serve`: play Go in the browser. Glue over `tengen-server`.

use std::{net::SocketAddr, path::PathBuf, sync::Arc};

use clap::Args;
use tengen_server::{AppState, ServerConfig, SqliteStore};

/// Arguments of `tengen serve`.
#[derive(Args)]
pub(crate) struct ServeArgs {
    /// Address to listen on (port 0 picks a free port; the address is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The SQLite database, created with its schema on first start.
    #[arg(long, default_value = "tengen.db")]
    db: PathBuf,
    /// A GTP engine players can choose, as `COMMAND` (named after its program) or
    /// `NAME=COMMAND`, e.g. `--engine "gnugo --mode gtp --level 5"`. Repeatable.
    #[arg(long = "engine")]
    engines: Vec<String>,
    /// Wait for the disk at every commit (also survives power loss; slower).
    #[arg(long)]
    full_sync: bool,
    /// How often a running clock is written down, in milliseconds: a crash gives a thinking
    /// player back at most this much time (default 5000, or TENGEN_CLOCK_CHECKPOINT_MS).
    #[arg(long, value_name = "MS")]
    clock_checkpoint_ms: Option<u64>,
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

async fn serve(args: ServeArgs) -> anyhow::Result<()> {
    let store = Arc::new(SqliteStore::open_with(&args.db, args.full_sync)?);
    let engines = args.engines.iter().map(|s| engine_spec(s)).collect();
    let mut config = ServerConfig::from_env();
    if let Some(ms) = args.clock_checkpoint_ms {
        config.clock_checkpoint =
            std::time::Duration::from_millis(ms).max(ServerConfig::MIN_CHECKPOINT);
    }
    let state = AppState::with_config(store, engines, config);
    let resumed = state.resume_live_games().await?;
    let listener = listen(args.addr).await?;
    let addr = listener.local_addr()?;
    println!(
        "Tengen is serving on http://{addr}/ (database {}, {resumed} games resumed)",
        args.db.display()
    );
    use std::io::Write as _;
    std::io::stdout().flush()?;
    axum::serve(listener, tengen_server::app(state))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{engine_spec, listen};

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
