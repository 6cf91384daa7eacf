//! `tengen admin`: the club's administration on the database `tengen serve` uses (SQLite
//! file or PostgreSQL URL), for the organiser at the server's console. The same changes are
//! open to administrators in the browser (`/api/admin`).
//!
//! Passwords are never arguments (they would stay in the shell's history and show in the
//! process list): they are asked for without echo on a terminal, or read from the first
//! line of standard input otherwise.

use std::io::{BufRead, IsTerminal};

use clap::{Args, Subcommand};
use tengen_server::{AccountChange, AdminCommand, administer};

#[derive(Args, Debug)]
pub(crate) struct AdminArgs {
    /// The database: a SQLite file, or a `postgres://` URL.
    #[arg(long, default_value = "tengen.db")]
    db: String,
    #[command(subcommand)]
    action: Action,
}

#[derive(Subcommand, Debug)]
enum Action {
    /// Create an account (the password is asked for, or read from standard input).
    CreateAccount {
        /// The member's name.
        name: String,
        /// The declared rank: 30k to 1k, 1d to 9d.
        #[arg(long)]
        rank: String,
        /// Make the account an administrator.
        #[arg(long)]
        admin: bool,
    },
    /// Make an account an administrator (or no longer, with --revoke).
    MakeAdmin {
        /// The member's name.
        name: String,
        /// Take the right away instead.
        #[arg(long)]
        revoke: bool,
    },
    /// Allow an account to create and run tournaments (or no longer, with --revoke).
    MakeDirector {
        /// The member's name.
        name: String,
        /// Take the right away instead.
        #[arg(long)]
        revoke: bool,
    },
    /// Set a new password (asked for, or read from standard input); every session ends.
    ResetPassword {
        /// The member's name.
        name: String,
    },
    /// Set the declared rank (the rating follows it until the member has enough rated games).
    SetRank {
        /// The member's name.
        name: String,
        /// The rank: 30k to 1k, 1d to 9d.
        rank: String,
    },
    /// Disable an account (its sessions end and its open challenges are withdrawn), or
    /// enable it again with --enable.
    Disable {
        /// The member's name.
        name: String,
        /// Enable instead.
        #[arg(long)]
        enable: bool,
    },
    /// Mark a game between members unrated (its rating changes are taken back).
    Unrate {
        /// The game's id (from its address, /g/ID).
        game: String,
    },
}

/// The password, without echo on a terminal, else the first line of standard input.
fn read_password() -> anyhow::Result<String> {
    let password = if std::io::stdin().is_terminal() {
        rpassword::prompt_password("Password: ")?
    } else {
        // One line of at most 4 KiB: a password piped from a huge file is cut, not slurped.
        let mut line = String::new();
        std::io::Read::take(std::io::stdin().lock(), 4096).read_line(&mut line)?;
        line.trim_end_matches(['\r', '\n']).to_owned()
    };
    if password.is_empty() {
        anyhow::bail!("no password given (type it, or send it on standard input)");
    }
    Ok(password)
}

fn change(name: String, change: AccountChange) -> AdminCommand {
    AdminCommand::Change { name, change }
}

pub(crate) fn run(args: AdminArgs) -> anyhow::Result<()> {
    let command = match args.action {
        Action::CreateAccount { name, rank, admin } => AdminCommand::CreateAccount {
            name,
            password: read_password()?,
            rank,
            admin,
        },
        Action::MakeAdmin { name, revoke } => change(
            name,
            AccountChange {
                admin: Some(!revoke),
                ..AccountChange::default()
            },
        ),
        Action::MakeDirector { name, revoke } => change(
            name,
            AccountChange {
                director: Some(!revoke),
                ..AccountChange::default()
            },
        ),
        Action::ResetPassword { name } => change(
            name,
            AccountChange {
                password: Some(read_password()?),
                ..AccountChange::default()
            },
        ),
        Action::SetRank { name, rank } => change(
            name,
            AccountChange {
                rank: Some(rank),
                ..AccountChange::default()
            },
        ),
        Action::Disable { name, enable } => change(
            name,
            AccountChange {
                disabled: Some(!enable),
                ..AccountChange::default()
            },
        ),
        Action::Unrate { game } => AdminCommand::Unrate { game },
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let (store, db) = crate::serve_cmd::open_store(&args.db, false).await?;
        let done = administer(store.as_ref(), command)
            .await
            .map_err(|e| anyhow::anyhow!("{db}: {e}"))?;
        println!("{done}");
        Ok(())
    })
}
