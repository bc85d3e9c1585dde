//! Settings: a server's ([`GuildSettings`], one row), and a person's own, each a column of
//! `player_settings` read and written by one typed mechanism ([`Own`]).

use sqlx::Row;

use crate::i18n::Lang;
use crate::store::decode::{Fetch, Value, lang_of};
use crate::store::{PlayerRef, Store, StoreError, db_id};

/// A server's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuildSettings {
    /// Each accepted match moves into a thread of its own.
    pub threads: bool,
    /// The server was told once why the bot could not create threads.
    pub told_no_threads: bool,
    /// What the whole server reads; `None` is `auto` (Discord's locale, then `PARLOR_LANG`).
    pub language: Option<Lang>,
    /// The unguessable part of the server's web pages' address while they are on (`/settings
    /// web:on`); `None` while they are off. Turned on again, they get a new one.
    pub web_slug: Option<String>,
    /// The server's name as last seen, for the web pages' titles.
    pub web_name: Option<String>,
}

impl Default for GuildSettings {
    fn default() -> Self {
        GuildSettings {
            threads: true,
            told_no_threads: false,
            language: None,
            web_slug: None,
            web_name: None,
        }
    }
}

/// One of a person's own settings: its column of `player_settings`, its value for someone who
/// never chose, and how the column holds it (`S`).
pub(in crate::store) struct Own<V, S> {
    /// The column (a constant: never a player's words).
    column: &'static str,
    default: V,
    store: fn(V) -> S,
    read: fn(S) -> Result<V, StoreError>,
}

impl Own<bool, bool> {
    /// A setting that is on or off.
    const fn flag(column: &'static str, default: bool) -> Self {
        Own {
            column,
            default,
            store: std::convert::identity,
            read: Ok,
        }
    }
}

/// Whether a player wants to be reminded when their clock runs low (yes unless they said no).
const REMINDERS: Own<bool, bool> = Own::flag("reminders", true);

/// Whether a person hid their name on the web pages (`/settings my-web:off`: shown there as
/// "anonymous"); no by default.
const WEB_HIDDEN: Own<bool, bool> = Own::flag("web_hidden", false);

/// The language a person chose for their private replies (`None`: `auto`).
const LANGUAGE: Own<Option<Lang>, Option<String>> = Own {
    column: "language",
    default: None,
    store: |language| language.map(|l| l.code().to_string()),
    read: lang_of,
};

impl Store {
    /// A server's settings (the defaults for a server never configured).
    pub async fn guild_settings(&self, guild: u64) -> Result<GuildSettings, StoreError> {
        on!(self, pools => {
            let stored = sqlx::query(
                "SELECT threads, told_no_threads, language, web_slug, web_name FROM guild_settings \
                 WHERE guild_id = $1",
            )
            .bind(db_id(guild))
            .optional(&pools.read, |r| {
                Ok(GuildSettings {
                    threads: r.try_get(0)?,
                    told_no_threads: r.try_get(1)?,
                    language: lang_of(r.try_get(2)?)?,
                    web_slug: r.try_get(3)?,
                    web_name: r.try_get(4)?,
                })
            })
            .await?;
            Ok(stored.unwrap_or_default())
        })
    }

    /// Writes a server's settings.
    pub async fn set_guild_settings(
        &self,
        guild: u64,
        settings: &GuildSettings,
    ) -> Result<(), StoreError> {
        on!(self, pools => sqlx::query(
            "INSERT INTO guild_settings (guild_id, threads, told_no_threads, language, web_slug, \
             web_name) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads, \
             told_no_threads = excluded.told_no_threads, language = excluded.language, \
             web_slug = excluded.web_slug, web_name = excluded.web_name",
        )
        .bind(db_id(guild))
        .bind(settings.threads)
        .bind(settings.told_no_threads)
        .bind(settings.language.map(Lang::code))
        .bind(settings.web_slug.as_deref())
        .bind(settings.web_name.as_deref())
        .execute(&pools.write)
        .await.map(drop))?;
        Ok(())
    }

    /// One of a person's own settings (its default if they never chose).
    async fn player_setting<V: Copy, S: Value>(
        &self,
        setting: &Own<V, S>,
        player: u64,
    ) -> Result<V, StoreError> {
        let query = format!(
            "SELECT {} FROM player_settings WHERE player_id = $1",
            setting.column
        );
        let stored: Option<S> = on!(self, pools => sqlx::query(&query)
            .bind(db_id(player))
            .optional(&pools.read, |r| Ok(r.try_get(0)?))
            .await?);
        stored.map_or(Ok(setting.default), setting.read)
    }

    /// Sets one of a person's own settings, leaving the others as they were.
    async fn set_player_setting<V, S: Value>(
        &self,
        setting: &Own<V, S>,
        player: &PlayerRef,
        value: V,
        at: i64,
    ) -> Result<(), StoreError> {
        let query = format!(
            "INSERT INTO player_settings (player_id, {0}) VALUES ($1, $2) \
             ON CONFLICT (player_id) DO UPDATE SET {0} = excluded.{0}",
            setting.column
        );
        let value = (setting.store)(value);
        on!(self, pools => {
            let mut tx = pools.write.begin().await?;
            pools.upsert_player(&mut tx, player, at).await?;
            sqlx::query(&query)
                .bind(db_id(player.id))
                .bind(value)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(())
        })
    }

    /// Whether a player wants to be reminded when their clock runs low (yes unless they said no).
    pub async fn reminders(&self, player: u64) -> Result<bool, StoreError> {
        self.player_setting(&REMINDERS, player).await
    }

    /// Turns a player's reminders on or off.
    pub async fn set_reminders(
        &self,
        player: &PlayerRef,
        on: bool,
        at: i64,
    ) -> Result<(), StoreError> {
        self.set_player_setting(&REMINDERS, player, on, at).await
    }

    /// Whether a person hid their name on the web pages (`/settings my-web:off`: shown there as
    /// "anonymous"); no by default.
    pub async fn web_hidden(&self, player: u64) -> Result<bool, StoreError> {
        self.player_setting(&WEB_HIDDEN, player).await
    }

    /// Hides a person's name on the web pages, or shows it again.
    pub async fn set_web_hidden(
        &self,
        player: &PlayerRef,
        hidden: bool,
        at: i64,
    ) -> Result<(), StoreError> {
        self.set_player_setting(&WEB_HIDDEN, player, hidden, at)
            .await
    }

    /// The language a person chose for their private replies (`None`: `auto`).
    pub async fn language(&self, player: u64) -> Result<Option<Lang>, StoreError> {
        self.player_setting(&LANGUAGE, player).await
    }

    /// The languages a server and a person chose (`None`: `auto`, or no server or person), in
    /// one trip to the database: every reply needs both.
    pub async fn languages(
        &self,
        guild: Option<u64>,
        person: Option<u64>,
    ) -> Result<(Option<Lang>, Option<Lang>), StoreError> {
        if guild.is_none() && person.is_none() {
            return Ok((None, None));
        }
        on!(self, pools => {
            let stored = sqlx::query(
                "SELECT (SELECT language FROM guild_settings WHERE guild_id = $1), \
                        (SELECT language FROM player_settings WHERE player_id = $2)",
            )
            .bind(guild.map(db_id))
            .bind(person.map(db_id))
            .optional(&pools.read, |r| Ok((lang_of(r.try_get(0)?)?, lang_of(r.try_get(1)?)?)))
            .await?;
            Ok(stored.unwrap_or_default())
        })
    }

    /// Sets (or with `None`, resets to `auto`) a person's own language.
    pub async fn set_language(
        &self,
        player: &PlayerRef,
        language: Option<Lang>,
        at: i64,
    ) -> Result<(), StoreError> {
        self.set_player_setting(&LANGUAGE, player, language, at)
            .await
    }

    /// A player's random public key, which names their web page instead of their Discord id
    /// (`None` for someone who never played nor changed a setting).
    pub async fn web_key(&self, player: u64) -> Result<Option<String>, StoreError> {
        on!(self, pools => {
            let key: Option<Option<String>> = sqlx::query("SELECT web_key FROM players WHERE id = $1")
                .bind(db_id(player))
                .optional(&pools.read, |r| Ok(r.try_get(0)?))
                .await?;
            Ok(key.flatten())
        })
    }
}
