//! The bot's health as `/healthz` reports it (its gateway shards connected, its database
//! answering), and the counts of what arrives from Discord, kept by a serenity event handler
//! that sees every event as it arrives, beside poise which answers them.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::store::Store;

/// How long the database has to answer a health check.
pub const DATABASE_TIMEOUT: Duration = Duration::from_secs(2);

/// How often the shards gauge is counted again besides the shards' own events.
const RECOUNT: Duration = Duration::from_secs(5);

/// The bot's parts as a health check sees them, filled in as the bot starts. Cheap to clone:
/// the HTTP adapter holds one.
#[derive(Clone, Default)]
pub struct Health(Arc<Parts>);

#[derive(Default)]
struct Parts {
    store: OnceLock<Store>,
    /// The tournament service, once restored.
    tournaments: OnceLock<crate::table::Tournaments>,
    shards: OnceLock<Arc<serenity::ShardManager>>,
    /// How many shards this process runs: those of its range, or with autosharding the total
    /// Discord gives in READY; 0 until known.
    expected: AtomicU32,
}

impl std::fmt::Debug for Health {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Health")
            .field("database", &self.0.store.get().map(Store::backend))
            .field("expected_shards", &self.0.expected.load(Ordering::Relaxed))
            .finish()
    }
}

impl Health {
    /// The database is open.
    pub fn set_store(&self, store: Store) {
        let _ = self.0.store.set(store);
    }

    /// The tournament service has started (its restore done).
    pub(super) fn set_tournaments(&self, tournaments: crate::table::Tournaments) {
        let _ = self.0.tournaments.set(tournaments);
    }

    /// The database, once open (the web pages read it).
    pub fn store(&self) -> Option<Store> {
        self.0.store.get().cloned()
    }

    /// The gateway client exists; it runs `expected` shards when that is known already (a
    /// range), else READY will say.
    pub(super) fn set_shards(&self, manager: Arc<serenity::ShardManager>, expected: Option<u32>) {
        let _ = self.0.shards.set(manager);
        if let Some(n) = expected {
            self.0.expected.store(n, Ordering::Relaxed);
        }
    }

    /// What `/healthz` checks: `gateway` (every shard of this process connected), `database`
    /// (a trivial query answered within [`DATABASE_TIMEOUT`]) and `tournaments` (restored at
    /// start), each with its state, or the reason it fails.
    pub async fn checks(&self) -> Vec<(&'static str, Result<String, String>)> {
        vec![
            ("gateway", self.gateway().await),
            ("database", self.database().await),
            ("tournaments", self.tournaments()),
        ]
    }

    async fn gateway(&self) -> Result<String, String> {
        let Some(manager) = self.0.shards.get() else {
            return Err("not started yet".into());
        };
        let connected = connected(manager).await;
        metrics::gauge!("parlor_shards_connected").set(f64::from(connected));
        let expected = self.0.expected.load(Ordering::Relaxed);
        if expected == 0 {
            return Err("not connected yet: Discord has not said READY".into());
        }
        let text = format!("{connected} of {expected} shards connected");
        if connected >= expected {
            Ok(text)
        } else {
            Err(text)
        }
    }

    /// The tournaments' restore: how many were rebuilt and are open (see
    /// [`crate::table::Tournaments::restore_check`]).
    fn tournaments(&self) -> Result<String, String> {
        match self.0.tournaments.get() {
            Some(t) => t.restore_check(),
            None => Err("not restored yet".into()),
        }
    }

    async fn database(&self) -> Result<String, String> {
        let Some(store) = self.0.store.get() else {
            return Err("not open yet".into());
        };
        let backend = store.backend();
        match tokio::time::timeout(DATABASE_TIMEOUT, store.ping()).await {
            Ok(Ok(())) => Ok(format!("{backend} answers")),
            Ok(Err(e)) => Err(format!("{backend}: {e}")),
            Err(_) => Err(format!(
                "{backend} gave no answer within {} seconds",
                DATABASE_TIMEOUT.as_secs()
            )),
        }
    }

    /// Sets the shards gauge from the shard manager's own record of each shard's stage.
    async fn count_shards(&self) {
        if let Some(manager) = self.0.shards.get() {
            let n = connected(manager).await;
            metrics::gauge!("parlor_shards_connected").set(f64::from(n));
        }
    }
}

/// Counts the connected shards every few seconds, for ever: a shard that fails and is
/// restarted leaves the manager's records without any event that says so.
pub(super) async fn recount(health: Health) {
    let mut every = tokio::time::interval(RECOUNT);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        every.tick().await;
        health.count_shards().await;
    }
}

/// How many of the manager's shards are connected (past READY or RESUMED).
async fn connected(manager: &serenity::ShardManager) -> u32 {
    let runners = manager.runners.lock().await;
    let n = runners
        .values()
        .filter(|r| r.stage == serenity::ConnectionStage::Connected)
        .count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The kind of an interaction, as `parlor_interactions_total` counts it: the slash command's
/// name (only registered ones reach the bot), `button`, `menu`, `autocomplete`.
fn kind(interaction: &serenity::Interaction) -> String {
    match interaction {
        serenity::Interaction::Command(command) => command.data.name.clone(),
        serenity::Interaction::Component(component) => match component.data.kind {
            serenity::ComponentInteractionDataKind::Button => "button".into(),
            _ => "menu".into(),
        },
        serenity::Interaction::Autocomplete(_) => "autocomplete".into(),
        serenity::Interaction::Modal(_) => "modal".into(),
        _ => "other".into(),
    }
}

/// Sees every event as it arrives: counts interactions, follows the shards' stages, and learns
/// from READY how many shards there are when autosharding.
pub(super) struct Watch(pub Health);

#[poise::async_trait]
impl serenity::EventHandler for Watch {
    async fn ready(&self, _ctx: serenity::Context, ready: serenity::Ready) {
        // READY without a shard is the only shard.
        let total = ready.shard.map_or(1, |shard| shard.total);
        let _ = self
            .0
            .0
            .expected
            .compare_exchange(0, total, Ordering::Relaxed, Ordering::Relaxed);
        self.0.count_shards().await;
    }

    async fn shard_stage_update(
        &self,
        _ctx: serenity::Context,
        _event: serenity::ShardStageUpdateEvent,
    ) {
        self.0.count_shards().await;
    }

    async fn interaction_create(
        &self,
        _ctx: serenity::Context,
        interaction: serenity::Interaction,
    ) {
        metrics::counter!("parlor_interactions_total", "kind" => kind(&interaction)).increment(1);
    }
}
