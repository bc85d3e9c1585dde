//! The language catalogue: every word a player reads, in English and French.
//!
//! The layers above describe what to say as a [`Msg`] (a catalogue id and typed arguments);
//! adapters turn it into words with [`render`], choosing the [`Lang`] and how people, moves and
//! times look through a [`Style`]. The texts live in one Fluent file per language under
//! `assets/locales/`, compiled into the binary.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// A language Parlor speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    #[default]
    En,
    Fr,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Fr];

    /// `en` or `fr`: the value of `PARLOR_LANG` and `--lang`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }

    /// The language of a locale tag (`fr`, `fr-CA`, `en-US`, ...), if Parlor speaks it.
    pub fn from_locale(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "fr" => Some(Lang::Fr),
            _ => None,
        }
    }

    /// The language of `PARLOR_LANG`, English when it is unset or not one Parlor speaks.
    pub fn from_env() -> Lang {
        match std::env::var("PARLOR_LANG") {
            Ok(tag) => Lang::from_locale(&tag).unwrap_or_else(|| {
                tracing::warn!(value = %tag, "PARLOR_LANG is not en or fr; using English");
                Lang::En
            }),
            Err(_) => Lang::En,
        }
    }

    /// The full rules of game `game` (`loa`, `lightning`, `barrier`, `simultana`) in this
    /// language: the Markdown page published under `docs/rules/`, shipped in the binary so
    /// that `/rules` can hand it over where no published copy is configured.
    pub fn rules_page(self, game: &str) -> Option<&'static str> {
        Some(match (self, game) {
            (Lang::En, "loa") => include_str!("../../docs/rules/en/loa.md"),
            (Lang::En, "lightning") => include_str!("../../docs/rules/en/lightning.md"),
            (Lang::En, "barrier") => include_str!("../../docs/rules/en/barrier.md"),
            (Lang::En, "simultana") => include_str!("../../docs/rules/en/simultana.md"),
            (Lang::Fr, "loa") => include_str!("../../docs/rules/fr/loa.md"),
            (Lang::Fr, "lightning") => include_str!("../../docs/rules/fr/lightning.md"),
            (Lang::Fr, "barrier") => include_str!("../../docs/rules/fr/barrier.md"),
            (Lang::Fr, "simultana") => include_str!("../../docs/rules/fr/simultana.md"),
            _ => return None,
        })
    }

    /// The Fluent source of this language's catalogue.
    pub fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../assets/locales/en.ftl"),
            Lang::Fr => include_str!("../../assets/locales/fr.ftl"),
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language name that Parlor does not speak.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown language `{0}`: use en or fr")]
pub struct UnknownLang(pub String);

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        Lang::from_locale(s).ok_or_else(|| UnknownLang(s.to_string()))
    }
}

/// Something to say: a catalogue id and its arguments, not yet in any language.
#[derive(Clone, Debug, PartialEq)]
pub struct Msg {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

/// A typed argument of a [`Msg`]; each adapter decides how it looks.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A count: chooses the plural form (`1 pièce`, `2 pièces`).
    Num(i64),
    /// Text shown as it is, in every language (a rating like `1500?`, a number with a sign).
    Plain(String),
    /// A person: a mention on Discord, `@Name` in the terminal.
    Player { id: u64, name: String },
    /// Move notation, a command or an option value: code on Discord.
    Code(String),
    /// A channel: a link to it on Discord, `#id` elsewhere.
    Channel(u64),
    /// Another message, said in the same language.
    Msg(Box<Msg>),
    /// Messages said one after the other, separated by commas.
    List(Vec<Msg>),
    /// A length of time in seconds (`2 hours 30 minutes`).
    Duration(i64),
    /// A moment (unix ms): a live relative time on Discord.
    Time(i64),
}

impl Msg {
    pub fn new(id: &'static str) -> Msg {
        Msg {
            id,
            args: Vec::new(),
        }
    }

    /// Text shown as it is, in every language (move notation in a menu, a user's own words).
    pub fn verbatim(text: impl Into<String>) -> Msg {
        Msg::new("verbatim").plain("text", text)
    }

    pub fn arg(mut self, name: &'static str, arg: Arg) -> Msg {
        self.args.push((name, arg));
        self
    }

    pub fn num(self, name: &'static str, n: impl Into<i64>) -> Msg {
        self.arg(name, Arg::Num(n.into()))
    }

    pub fn plain(self, name: &'static str, text: impl Into<String>) -> Msg {
        self.arg(name, Arg::Plain(text.into()))
    }

    pub fn player(self, name: &'static str, id: u64, who: impl Into<String>) -> Msg {
        self.arg(
            name,
            Arg::Player {
                id,
                name: who.into(),
            },
        )
    }

    pub fn code(self, name: &'static str, text: impl Into<String>) -> Msg {
        self.arg(name, Arg::Code(text.into()))
    }

    pub fn msg(self, name: &'static str, msg: Msg) -> Msg {
        self.arg(name, Arg::Msg(Box::new(msg)))
    }

    pub fn list(self, name: &'static str, items: Vec<Msg>) -> Msg {
        self.arg(name, Arg::List(items))
    }

    pub fn duration(self, name: &'static str, secs: i64) -> Msg {
        self.arg(name, Arg::Duration(secs))
    }

    pub fn channel(self, name: &'static str, id: u64) -> Msg {
        self.arg(name, Arg::Channel(id))
    }

    pub fn time(self, name: &'static str, at_ms: i64) -> Msg {
        self.arg(name, Arg::Time(at_ms))
    }

    /// This message in `lang`, as plain text (`@Name` for people).
    pub fn text(&self, lang: Lang) -> String {
        render(lang, self, &Plain)
    }

    /// This message in `lang` as the terminal words it: its `.terminal` attribute where the
    /// chat's words would be wrong there (no buttons to press, no Discord app, no channels).
    pub fn terminal_text(&self, lang: Lang) -> String {
        render(lang, self, &Terminal)
    }
}

/// How an adapter shows the arguments that are not plain words.
pub trait Style {
    fn player(&self, id: u64, name: &str) -> String {
        let _ = id;
        format!("@{name}")
    }

    fn code(&self, text: &str) -> String {
        text.to_string()
    }

    fn channel(&self, id: u64) -> String {
        format!("#{id}")
    }

    /// Where the words are read, when a message may say it otherwise there: the name of the
    /// Fluent attribute used instead of the message's value when it has one (`terminal`).
    fn place(&self) -> Option<&'static str> {
        None
    }

    /// A moment; plain text has no clock to compare with, so it says the UTC time.
    fn time(&self, lang: Lang, at_ms: i64) -> String {
        let _ = lang;
        let secs = at_ms.div_euclid(1000);
        let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
        let (y, m, d) = civil_from_days(days);
        format!(
            "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
            rest / 3600,
            rest % 3600 / 60
        )
    }
}

/// Plain text: `@Name`, notation as it is.
#[derive(Clone, Copy, Debug, Default)]
pub struct Plain;

impl Style for Plain {}

/// Plain text in the terminal: a message's `.terminal` attribute where it has one.
#[derive(Clone, Copy, Debug, Default)]
pub struct Terminal;

impl Style for Terminal {
    fn place(&self) -> Option<&'static str> {
        Some("terminal")
    }
}

/// The date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

type Bundle = FluentBundle<FluentResource>;

/// The two catalogues, parsed once.
fn bundles() -> &'static [Bundle; 2] {
    static BUNDLES: OnceLock<[Bundle; 2]> = OnceLock::new();
    BUNDLES.get_or_init(|| Lang::ALL.map(bundle))
}

fn bundle(lang: Lang) -> Bundle {
    let resource = FluentResource::try_new(lang.source().to_string()).unwrap_or_else(|(r, e)| {
        tracing::error!(lang = %lang, errors = ?e, "the catalogue has syntax errors");
        r
    });
    let id: unic_langid::LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Unicode isolation marks would show up as boxes in pictures and terminals.
    bundle.set_use_isolating(false);
    if let Err(e) = bundle.add_function("ELISION", |args, _| FluentValue::from(elision(args))) {
        tracing::error!(lang = %lang, error = ?e, "the ELISION function could not be added");
    }
    if let Err(e) = bundle.add_resource(resource) {
        tracing::error!(lang = %lang, errors = ?e, "the catalogue has duplicate messages");
    }
    bundle
}

/// `vowel` when French elides before the text (`d’alice`, `l’équipe`), else `other`: the
/// catalogue's `ELISION($name)` selector. A mention or `@name` starts with a sign, so it is
/// never elided; a leading `h` is left alone, since an aspirated one must not be.
fn elision(args: &[FluentValue]) -> &'static str {
    let first = match args.first() {
        Some(FluentValue::String(s)) => s.chars().next(),
        _ => None,
    };
    match first.map(|c| c.to_lowercase().next().unwrap_or(c)) {
        Some(
            'a' | 'e' | 'i' | 'o' | 'u' | 'à' | 'â' | 'ä' | 'é' | 'è' | 'ê' | 'ë' | 'î' | 'ï' | 'ô'
            | 'ö' | 'ù' | 'û' | 'ü' | 'œ' | 'æ',
        ) => "vowel",
        _ => "other",
    }
}

/// Whether `lang`'s catalogue has a message `id`.
pub fn has(lang: Lang, id: &str) -> bool {
    bundles()[lang as usize].has_message(id)
}

/// A message without arguments named at run time (`cmd-play`), if the catalogue has it.
pub fn lookup(lang: Lang, id: &str) -> Option<String> {
    let bundle = &bundles()[lang as usize];
    let pattern = bundle.get_message(id)?.value()?;
    let mut errors = Vec::new();
    Some(
        bundle
            .format_pattern(pattern, None, &mut errors)
            .into_owned(),
    )
}

/// Says `msg` in `lang`, showing its arguments with `style`. A message missing from the
/// catalogue falls back to English, then to its id (the catalogue tests keep both complete).
pub fn render(lang: Lang, msg: &Msg, style: &dyn Style) -> String {
    let mut args = FluentArgs::new();
    for (name, arg) in &msg.args {
        let value = match arg {
            Arg::Num(n) => FluentValue::from(*n),
            Arg::Plain(s) => FluentValue::from(s.clone()),
            Arg::Player { id, name } => FluentValue::from(style.player(*id, name)),
            Arg::Code(s) => FluentValue::from(style.code(s)),
            Arg::Channel(id) => FluentValue::from(style.channel(*id)),
            Arg::Msg(m) => FluentValue::from(render(lang, m, style)),
            Arg::List(items) => FluentValue::from(
                items
                    .iter()
                    .map(|m| render(lang, m, style))
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            Arg::Duration(secs) => FluentValue::from(duration(lang, *secs)),
            Arg::Time(at) => FluentValue::from(style.time(lang, *at)),
        };
        args.set(*name, value);
    }
    for lang in [lang, Lang::En] {
        let bundle = &bundles()[lang as usize];
        let Some(message) = bundle.get_message(msg.id) else {
            continue;
        };
        let here = style.place().and_then(|place| message.get_attribute(place));
        let Some(pattern) = here.map(|a| a.value()).or_else(|| message.value()) else {
            continue;
        };
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
        if !errors.is_empty() {
            tracing::warn!(id = msg.id, lang = %lang, ?errors, "catalogue message misused");
        }
        return text.into_owned();
    }
    tracing::warn!(id = msg.id, "no such catalogue message");
    msg.id.to_string()
}

/// `2 hours 30 minutes`: the two largest units, each with its plural.
pub fn duration(lang: Lang, secs: i64) -> String {
    let units = [
        (86_400, "unit-day"),
        (3600, "unit-hour"),
        (60, "unit-minute"),
        (1, "unit-second"),
    ];
    let mut rest = secs.max(0);
    let mut parts = Vec::new();
    for (size, id) in units {
        let n = rest / size;
        if n > 0 {
            parts.push(Msg::new(id).num("n", n).text(lang));
            rest -= n * size;
        }
        if parts.len() == 2 {
            break;
        }
    }
    if parts.is_empty() {
        Msg::new("unit-second").num("n", 0).text(lang)
    } else {
        parts.join(" ")
    }
}
