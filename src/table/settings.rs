//! People's and servers' settings: `/settings`, the languages an answer is written in, and
//! whether a server's challenges get threads. A server's settings are read, changed and
//! written back under one lock, so that two changes at once do not undo each other.

use std::sync::Arc;

use hashlink::LruCache;

use tokio::sync::Mutex;

use crate::i18n::{Lang, Msg};
use crate::store::{PlayerRef, Store};

use super::act::{Actor, Place, SettingsChange};
use super::api::{Reply, ReplyKind};
use super::clock::Clock;
use super::links::WebPage;
use super::reads::{WebLinks, new_slug};
use super::shell::{Answer, Fail, refuse};

/// The settings service. Cheap to clone; clones share the lock.
#[derive(Clone)]
pub struct Settings {
    store: Store,
    /// Held while a server's settings are read, changed and written back (a manager's
    /// `/settings`, the first challenge noting that threads cannot be started). A server is
    /// served by one process, so one lock here is enough.
    guild: Arc<Mutex<()>>,
    web: WebLinks,
    clock: Arc<dyn Clock>,
    /// The languages read lately, so that an answer does not wait for the database.
    remembered: Arc<std::sync::Mutex<Remembered>>,
}

/// How long a language read from the store is used without reading it again: this process's
/// own changes are remembered at once, another process's (a person's `/settings` served by
/// another shard) show within this time.
const LANGUAGES_FRESH_MS: i64 = 60_000;
/// Servers and people remembered at most each; past that, the least recently used are forgotten.
const REMEMBERED_MAX: usize = 100_000;

/// Languages by server or person, each with when (the table's clock, in ms) it was read or set.
type Remembering = LruCache<u64, (Option<Lang>, i64)>;

/// The languages of servers and people (`None`: `auto`), each with when (the table's clock, in
/// ms) it was read or set.
struct Remembered {
    servers: Remembering,
    people: Remembering,
}

impl Default for Remembered {
    fn default() -> Self {
        Remembered {
            servers: LruCache::new(REMEMBERED_MAX),
            people: LruCache::new(REMEMBERED_MAX),
        }
    }
}

impl Remembered {
    /// The languages of a server and a person if both are remembered and fresh (no server or
    /// no person needs none).
    fn known(&mut self, guild: Option<u64>, person: Option<u64>, now: i64) -> Option<Languages> {
        let of = |map: &mut Remembering, id: Option<u64>| match id {
            None => Some(None),
            Some(id) => map
                .get(&id)
                .filter(|(_, at)| fresh(*at, now))
                .map(|(lang, _)| *lang),
        };
        Some(Languages {
            server: of(&mut self.servers, guild)?,
            person: of(&mut self.people, person)?,
        })
    }

    /// Remembers `lang` as read from the store by a read that began at `asked`, unless a
    /// setting made since is remembered (a read that began before this process's own change
    /// must not undo it).
    fn read(map: &mut Remembering, id: u64, lang: Option<Lang>, asked: i64) {
        if map.peek(&id).is_none_or(|(_, at)| *at < asked) {
            map.insert(id, (lang, asked));
        }
    }
}

/// Whether a language remembered at `at` is still used at `now` (a clock set back makes it old).
fn fresh(at: i64, now: i64) -> bool {
    (0..LANGUAGES_FRESH_MS).contains(&now.saturating_sub(at))
}

/// The stored language settings that concern one answer (`None`: `auto`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Languages {
    /// The server's (`/settings language:`).
    pub server: Option<crate::i18n::Lang>,
    /// The person's (`/settings my-language:`).
    pub person: Option<crate::i18n::Lang>,
}

impl Settings {
    pub fn new(store: Store, web: WebLinks, clock: Arc<dyn Clock>) -> Settings {
        Settings {
            store,
            guild: Arc::default(),
            web,
            clock,
            remembered: Arc::default(),
        }
    }

    fn remembered(&self) -> std::sync::MutexGuard<'_, Remembered> {
        // Plain values: whatever a panic left in them is still a language read or set.
        self.remembered.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether a new challenge here gets a thread of its own once accepted, and the note that
    /// says (once per server) why it cannot.
    pub async fn thread_mode(&self, place: &Place) -> Result<(bool, Option<Msg>), Fail> {
        let (Some(guild), None) = (place.guild, place.parent) else {
            return Ok((false, None));
        };
        let store = &self.store;
        let _held = self.guild.lock().await;
        let mut settings = store.guild_settings(guild).await?;
        if !settings.threads {
            return Ok((false, None));
        }
        if place.can_thread {
            return Ok((true, None));
        }
        if settings.told_no_threads {
            return Ok((false, None));
        }
        settings.told_no_threads = true;
        store.set_guild_settings(guild, &settings).await?;
        Ok((false, Some(Msg::new("note-no-threads"))))
    }

    /// Shows the settings after changing those given: the server's need Manage Server. Turning
    /// the web pages on answers with their link; a manager's `/settings` also refreshes the
    /// server's name shown on them.
    pub async fn change(&self, actor: &Actor, place: &Place, change: SettingsChange) -> Answer {
        let store = &self.store;
        let server_wide = change.threads.is_some()
            || change.language.is_some()
            || change.web.is_some()
            || change.puzzle_channel.is_some();
        if server_wide {
            let Some(_) = place.guild else {
                return refuse(Msg::new("err-settings-no-server"));
            };
            if !actor.manages_server {
                return refuse(Msg::new("err-settings-manage-server"));
            }
        }
        if let (Some(guild), true) = (place.guild, actor.manages_server) {
            let _held = self.guild.lock().await;
            let old = store.guild_settings(guild).await?;
            let mut settings = old.clone();
            settings.threads = change.threads.unwrap_or(settings.threads);
            settings.language = change.language.unwrap_or(settings.language);
            match change.web {
                // Already on: the same slug, so that links already shared keep working.
                Some(true) if settings.web_slug.is_none() => {
                    settings.web_slug = Some(new_slug());
                    tracing::info!(guild, "web pages turned on");
                }
                Some(false) if settings.web_slug.is_some() => {
                    settings.web_slug = None;
                    tracing::info!(guild, "web pages turned off");
                }
                _ => {}
            }
            if let Some(name) = change.server_name.as_deref().map(str::trim)
                && !name.is_empty()
            {
                settings.web_name = Some(name.to_owned());
            }
            if settings != old {
                store.set_guild_settings(guild, &settings).await?;
                let at = (settings.language, self.clock.now_ms());
                self.remembered().servers.insert(guild, at);
            }
            if let Some(channel) = change.puzzle_channel {
                store.set_puzzle_channel(guild, Some(channel)).await?;
                tracing::info!(guild, channel, "daily puzzle channel set");
            }
        }
        let me = PlayerRef {
            id: actor.id,
            name: actor.name.clone(),
        };
        if let Some(on) = change.reminders {
            store.set_reminders(&me, on, self.clock.now_ms()).await?;
        }
        if let Some(language) = change.my_language {
            let now = self.clock.now_ms();
            store.set_language(&me, language, now).await?;
            self.remembered().people.insert(me.id, (language, now));
        }
        if let Some(shown) = change.my_web {
            store
                .set_web_hidden(&me, !shown, self.clock.now_ms())
                .await?;
        }
        let mut lines = Vec::new();
        let mut links = Vec::new();
        let mine = change.reminders.is_some() || change.my_language.is_some();
        if server_wide || mine || change.my_web.is_some() {
            lines.push(Msg::new("settings-saved"));
        }
        let on_off = |on: bool| if on { "on" } else { "off" };
        let code = |lang: Option<crate::i18n::Lang>| lang.map_or("auto", |l| l.code());
        if let Some(guild) = place.guild {
            let settings = store.guild_settings(guild).await?;
            lines.push(Msg::new("settings-threads").plain("on", on_off(settings.threads)));
            lines.push(Msg::new("settings-language").plain("lang", code(settings.language)));
            lines.push(Msg::new("settings-web").plain("on", on_off(settings.web_slug.is_some())));
            if let Some(channel) = store.puzzle_channel(guild).await? {
                lines.push(Msg::new("settings-puzzle-channel").channel("channel", channel));
            }
            if let (Some(true), Some(slug)) = (change.web, settings.web_slug) {
                match self.web.for_place(place).await? {
                    Some(web) => {
                        let page = WebPage::Server { slug };
                        let link = web.link(Msg::new("link-server"), &page);
                        lines.push(Msg::new("settings-web-link").plain("url", link.url.clone()));
                        links.push(link);
                    }
                    None => lines.push(
                        Msg::new("settings-web-no-url").code("variable", "PARLOR_PUBLIC_URL"),
                    ),
                }
            }
        }
        let on = store.reminders(actor.id).await?;
        lines.push(Msg::new("settings-reminders").plain("on", on_off(on)));
        let mine = store.language(actor.id).await?;
        lines.push(Msg::new("settings-my-language").plain("lang", code(mine)));
        let hidden = store.web_hidden(actor.id).await?;
        lines.push(Msg::new("settings-my-web").plain("on", on_off(!hidden)));
        let mut reply = Reply::private(Msg::new("settings-title"));
        reply.kind = ReplyKind::Info;
        reply.lines.extend(lines);
        reply.links = links;
        Ok(reply)
    }

    /// The languages stored for a server and a person (`None`: `auto`), for the transport to
    /// choose the words of an answer or a notice: remembered for [`LANGUAGES_FRESH_MS`] once read
    /// (every answer asks). A database that cannot be read means `auto`, and is asked again.
    pub async fn languages(&self, guild: Option<u64>, person: Option<u64>) -> Languages {
        let asked = self.clock.now_ms();
        if let Some(known) = self.remembered().known(guild, person, asked) {
            return known;
        }
        match self.store.languages(guild, person).await {
            Ok((server, mine)) => {
                let mut remembered = self.remembered();
                if let Some(guild) = guild {
                    Remembered::read(&mut remembered.servers, guild, server, asked);
                }
                if let Some(person) = person {
                    Remembered::read(&mut remembered.people, person, mine, asked);
                }
                Languages {
                    server,
                    person: mine,
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the language settings; using auto");
                Languages::default()
            }
        }
    }
}
