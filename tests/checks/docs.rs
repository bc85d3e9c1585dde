//! The player rules in `docs/rules/` against the code: the page `/rules` names exists in each
//! language, every link and picture of every page exists, every picture is drawn by
//! `scripts/docs-pictures.sh`, each page covers every option and `/play` variant of its game,
//! and the French pages follow French typography.

use std::path::{Path, PathBuf};

use parlor::games::{AnyGame, GameKind};
use parlor::i18n::Lang;
use parlor::store::Store;
use parlor::table::{Act, Actor, Config, DOCS_DIR, Place, Table, docs_url, variants};

use crate::catalogue::french_faults;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The last word of the reply to `/rules` for each game, in each language, from a match service
/// sending readers to `docs_url`: the page it names.
async fn named_pages(docs_url: Option<&str>) -> Vec<(GameKind, Lang, String)> {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let url = format!("sqlite://{}", dir.path().join("parlor.db").display());
    let store = Store::open(&url).await.expect("a database");
    let config = Config {
        docs_url: docs_url.map(str::to_owned),
        ..Config::default()
    };
    let (table, _notices) = Table::start(store.clone(), config)
        .await
        .expect("the match service");
    let reader = Actor::new(1, "reader");
    let mut out = Vec::new();
    for game in GameKind::ALL {
        let reply = table
            .handle(&reader, &Place::new(None, 1), Act::Rules(game))
            .await;
        for lang in Lang::ALL {
            let line = reply.lines.last().map(|m| m.text(lang)).unwrap_or_default();
            let page = line.split_whitespace().last().unwrap_or_default();
            out.push((game, lang, page.to_owned()));
        }
    }
    store.close().await;
    out
}

/// Every Markdown page under `docs/rules/`.
fn pages() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![root().join(DOCS_DIR)];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The relative targets of a page's links and images: `[text](target)`, `![alt](target)`.
fn links(page: &str) -> Vec<String> {
    page.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .map(|t| t.split('#').next().unwrap_or_default().trim().to_string())
        .filter(|t| !t.is_empty() && !t.contains("://"))
        .collect()
}

/// A page's prose: without fenced code blocks, `code` spans, link targets and the `!` of images.
fn prose(page: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (n, line) in page.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut text = String::new();
        for (i, part) in line.split('`').enumerate() {
            if i % 2 == 0 {
                text.push_str(part);
            }
        }
        let text = text.replace("![", "[");
        let mut kept = String::new();
        let mut rest = text.as_str();
        while let Some(at) = rest.find("](") {
            kept.push_str(&rest[..at + 1]);
            rest = rest[at..].split_once(')').map_or("", |(_, after)| after);
        }
        kept.push_str(rest);
        out.push((n + 1, kept));
    }
    out
}

/// The `key=value` options a game accepts, read from the engine's own answer to an unknown one
/// (`rules=abacus|olympiad, setup=...`); a key whose values are not a list (`seed=<number>`,
/// `tiles=N+S,...`) gives `key=` alone.
fn options(game: GameKind) -> Vec<String> {
    let Err(e) = AnyGame::new(game, "no-such-option=1") else {
        panic!("{game:?} accepted an unknown option");
    };
    let mut out = Vec::new();
    for token in e.to_string().split_whitespace() {
        let token = token.trim_end_matches([',', '.']);
        let Some((key, values)) = token.split_once('=') else {
            continue;
        };
        if values.contains([',', '<', '.']) {
            out.push(format!("{key}="));
        } else {
            out.extend(values.split('|').map(|v| format!("{key}={v}")));
        }
    }
    out
}

#[tokio::test]
async fn rules_name_a_page_that_exists_in_the_readers_language() {
    for game in GameKind::ALL {
        for lang in Lang::ALL {
            let path = format!("{}/{lang}/{}.md", DOCS_DIR, game.name());
            assert!(root().join(&path).is_file(), "{path} is missing");
            assert!(
                lang.rules_page(game.name()).is_some(),
                "{path} is not shipped"
            );
        }
    }
    let site = "https://example.org/parlor/docs/rules";
    for (game, lang, url) in named_pages(Some(site)).await {
        assert_eq!(url, format!("{site}/{lang}/{}.md", game.name()));
    }
}

#[test]
fn every_link_and_picture_exists_and_every_picture_is_drawn_by_the_script() {
    let script = read(&root().join("scripts/docs-pictures.sh"));
    let mut shown = std::collections::BTreeSet::new();
    let pages = pages();
    assert!(pages.len() >= 11, "{pages:?}");
    for page in &pages {
        let dir = page.parent().unwrap_or(root());
        for target in links(&read(page)) {
            let path = dir.join(&target);
            assert!(path.exists(), "{}: {target} is missing", page.display());
            if target.ends_with(".png") {
                let stem = path
                    .file_stem()
                    .and_then(|s| s.to_str())
                    .unwrap_or_default();
                assert!(
                    script.contains(&format!("render {stem} ")),
                    "scripts/docs-pictures.sh does not draw {stem}"
                );
                shown.insert(path.canonicalize().unwrap_or(path));
            }
        }
    }
    for lang in Lang::ALL {
        let dir = root().join(DOCS_DIR).join("pictures").join(lang.code());
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path().canonicalize().unwrap_or(entry.path());
            assert!(
                shown.contains(&path),
                "{} is shown by no page",
                path.display()
            );
        }
    }
}

#[test]
fn each_page_covers_every_option_and_variant_of_its_game() {
    for game in GameKind::ALL {
        let mut wanted = options(game);
        wanted.extend(
            variants(game)
                .iter()
                .skip(1)
                .map(|v| format!("variant:{}", v.name)),
        );
        if game == GameKind::Loa {
            assert!(wanted.len() >= 11, "{wanted:?}");
        }
        pages_mention(game, &wanted);
    }
}

/// The `key=value` options one game's section of RULES.md names: the keys of its `[option `k` ...]`
/// marks with their defaults, the values listed as bullets right under a mark, and every
/// `` `k=v` `` written for one of those keys. A key with no value listed gives `key=`.
fn rules_md_options(section: &str) -> Vec<String> {
    let tick = |s: &str| s.split('`').nth(1).unwrap_or_default().to_string();
    let mut keys = Vec::new();
    let mut out = Vec::new();
    let lines: Vec<&str> = section.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        for mark in line.split("option `").skip(1) {
            let key = mark.split('`').next().unwrap_or_default().to_string();
            if let Some(default) = mark
                .split_once("default `")
                .map(|(_, d)| tick(&format!("`{d}")))
            {
                out.push(format!("{key}={default}"));
            }
            let bullets = lines[i + 1..]
                .iter()
                .take_while(|l| l.starts_with("- ") || l.starts_with("  "));
            for bullet in bullets.filter(|l| l.starts_with("- `")) {
                let value = tick(bullet);
                if !value.contains('=') {
                    out.push(format!("{key}={value}"));
                }
            }
            keys.push(key);
        }
    }
    for (i, code) in section.split('`').enumerate() {
        if let Some((k, v)) = code.split_once('=')
            && i % 2 == 1
            && keys.iter().any(|key| key == k)
            && !v.contains(',')
        {
            out.push(code.to_string());
        }
    }
    for key in &keys {
        if !out.iter().any(|o| o.starts_with(&format!("{key}="))) {
            out.push(format!("{key}="));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// RULES.md, the referee's specification, is kept outside the repository: with
/// `PARLOR_RULES_MD` naming it, each page must also cover every option its section names.
#[test]
fn pages_cover_the_options_rules_md_names() {
    let Ok(path) = std::env::var("PARLOR_RULES_MD") else {
        return;
    };
    let text = read(Path::new(&path));
    let mut seen = 0;
    for section in text.split("\n## ").skip(1) {
        let title = section.lines().next().unwrap_or_default();
        let Some(game) = GameKind::ALL.into_iter().find(|g| {
            let name = match g {
                GameKind::Loa => "Lines of Action",
                GameKind::Lightning => "Lightning",
                GameKind::Barrier => "Barrier",
                GameKind::Simultana => "Simultana",
            };
            title.contains(name)
        }) else {
            continue;
        };
        seen += 1;
        let wanted = rules_md_options(section);
        pages_mention(game, &wanted);
    }
    assert_eq!(seen, 4, "{path} has no section per game");
}

#[test]
fn rules_md_options_are_read_from_marks_bullets_and_code() {
    let section = "Lines of Action\n**Setups** [option `setup`, default `standard`]\n\
                   - `standard`: ...\n  more\n- `parachute` ...\nText `players=4` and \
                   `board=cylinder` [option `board`]; `tiles=N+S,E+W`.";
    assert_eq!(
        rules_md_options(section),
        ["board=cylinder", "setup=parachute", "setup=standard"]
    );
}

#[test]
fn french_pages_follow_french_typography() {
    let mut faults = Vec::new();
    for page in pages() {
        if !page.components().any(|c| c.as_os_str() == "fr") {
            continue;
        }
        for (n, line) in prose(&read(&page)) {
            for (_, c) in french_faults(&line) {
                faults.push(format!("{}:{n}: `{c}` in «{line}»", page.display()));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn the_readme_names_the_rules_their_pictures_script_and_url() {
    let readme = read(&root().join("README.md"));
    for needle in [
        "docs/rules/en/",
        "docs/rules/fr/",
        "scripts/docs-pictures.sh",
        "PARLOR_DOCS_URL",
    ] {
        assert!(readme.contains(needle), "README.md does not name {needle}");
    }
}

#[test]
fn docs_urls_are_web_addresses() {
    assert_eq!(docs_url("  "), Ok(None));
    assert_eq!(
        docs_url(" https://example.org/rules/ "),
        Ok(Some("https://example.org/rules".to_string()))
    );
    assert!(docs_url("docs/rules").is_err());
    assert!(docs_url("https://example.org/a b").is_err());
}

#[test]
fn prose_leaves_out_code_and_link_targets() {
    let page = "Jouez `a2-a3` : [la page](../x.md).\n```\nnew loa: x\n```\n![Fin !](y.png)";
    assert_eq!(
        prose(page),
        vec![
            (1, "Jouez  : [la page].".to_string()),
            (5, "[Fin !]".to_string())
        ]
    );
    assert_eq!(
        links(page),
        vec!["../x.md".to_string(), "y.png".to_string()]
    );
}

/// Asserts that the rules page of `game`, in every language, mentions each of `wanted`.
fn pages_mention(game: GameKind, wanted: &[String]) {
    for lang in Lang::ALL {
        let path = root()
            .join(DOCS_DIR)
            .join(lang.code())
            .join(format!("{}.md", game.name()));
        let page = read(&path);
        for w in wanted {
            assert!(page.contains(w), "{} does not mention {w}", path.display());
        }
    }
}

#[test]
fn the_readmes_pictures_exist_are_drawn_by_the_script_and_each_is_shown() {
    let script = read(&root().join("scripts/docs-pictures.sh"));
    let readme = read(&root().join("README.md"));
    // Markdown images and links, and the `<img src="…">` of the web pages' screenshots.
    let mut targets = links(&readme);
    targets.extend(
        readme
            .split("src=\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .map(str::to_string),
    );
    let picture = |name: &str| name.ends_with(".png") || name.ends_with(".gif");
    let stem = |path: &Path| {
        path.file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string()
    };
    let mut shown = std::collections::BTreeSet::new();
    for target in targets
        .iter()
        .filter(|t| t.starts_with("docs/") && picture(t))
    {
        let path = root().join(target);
        assert!(path.exists(), "README.md: {target} is missing");
        let name = stem(&path);
        // The web pages' screenshots come from the browser tests (target/web-screenshots/);
        // every other picture is drawn by the script, so that it shows what the bot draws now.
        if !name.starts_with("web-") {
            assert!(
                script.contains(&format!("readme {name} ")),
                "scripts/docs-pictures.sh does not draw {target}"
            );
        }
        shown.insert(name);
    }
    assert!(shown.len() >= 8, "{shown:?}");
    for entry in std::fs::read_dir(root().join("docs"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let path = entry.path();
        if path.is_file() && picture(&path.to_string_lossy()) {
            assert!(
                shown.contains(&stem(&path)),
                "{} is shown by no line of README.md",
                path.display()
            );
        }
    }
}
