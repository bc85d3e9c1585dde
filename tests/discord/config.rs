//! The tests of `parlor::discord::config`.
//!
//! Moved out of src/discord/config.rs (the library builds no unit-test harness).

use poise::serenity_prelude as serenity;

use parlor::discord::config::*;

fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
    Config::from_lookup(|key| {
        vars.iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| (*v).to_owned())
    })
}

#[test]
fn no_token_says_how_to_get_one() {
    let err = config(&[]).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(err.contains("DISCORD_TOKEN"), "{err}");
    assert!(err.contains("parlor local"), "{err}");
    // The README section it names exists.
    let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"));
    let named = err
        .split("README's \"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_default();
    assert!(
        readme.lines().any(|l| l == format!("## {named}")),
        "no README section `{named}`"
    );
    assert!(config(&[("DISCORD_TOKEN", "  ")]).is_err());
}

#[test]
fn defaults_and_overrides() {
    let c = config(&[("DISCORD_TOKEN", "abc")]).expect("valid");
    assert_eq!(c.database_url, DEFAULT_DATABASE_URL);
    assert_eq!(c.guild_id, None);
    assert_eq!(c.api_base, None);
    assert_eq!(c.docs_url, None);
    assert_eq!(c.public_url, None);
    let c = config(&[
        ("DISCORD_TOKEN", "abc"),
        ("DISCORD_GUILD_ID", "42"),
        ("DISCORD_API_BASE", "http://127.0.0.1:8080/"),
        ("DATABASE_URL", "sqlite://x.db"),
        (
            "PARLOR_DOCS_URL",
            " https://example.org/parlor/docs/rules/ ",
        ),
        ("PARLOR_PUBLIC_URL", "https://parlor.example.org/"),
    ])
    .expect("valid");
    assert_eq!(c.guild_id, Some(serenity::GuildId::new(42)));
    assert_eq!(c.api_base.as_deref(), Some("http://127.0.0.1:8080"));
    assert_eq!(c.database_url, "sqlite://x.db");
    assert_eq!(
        c.docs_url.as_deref(),
        Some("https://example.org/parlor/docs/rules")
    );
    assert_eq!(c.public_url.as_deref(), Some("https://parlor.example.org"));
    assert!(!format!("{c:?}").contains("abc"));
}

#[test]
fn bad_values_are_refused() {
    assert!(matches!(
        config(&[("DISCORD_TOKEN", "a"), ("DISCORD_GUILD_ID", "guild")]),
        Err(ConfigError::BadGuildId(_))
    ));
    assert!(matches!(
        config(&[("DISCORD_TOKEN", "a"), ("DISCORD_API_BASE", "127.0.0.1:80")]),
        Err(ConfigError::BadApiBase(_))
    ));
    assert!(matches!(
        config(&[("DISCORD_TOKEN", "a"), ("PARLOR_DOCS_URL", "docs/rules")]),
        Err(ConfigError::BadDocsUrl(_))
    ));
    assert!(matches!(
        config(&[
            ("DISCORD_TOKEN", "a"),
            ("PARLOR_PUBLIC_URL", "parlor.example.org")
        ]),
        Err(ConfigError::BadPublicUrl(_))
    ));
}
