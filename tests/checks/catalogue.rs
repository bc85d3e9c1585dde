//! The catalogue tests: both languages have the same messages with the same variables, French
//! typography is right, and every id the code names exists.

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::FluentResource;
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

use parlor::i18n::{Lang, Msg};

/// Per message (and term, as `-name`): the variables it uses and its text elements.
struct Entries {
    vars: BTreeMap<String, BTreeSet<String>>,
    texts: BTreeMap<String, Vec<String>>,
    /// Per message, the names of its attributes (`.terminal`: the terminal's own words).
    attributes: BTreeMap<String, BTreeSet<String>>,
}

fn entries(lang: Lang) -> Entries {
    let resource = match FluentResource::try_new(lang.source().to_string()) {
        Ok(r) => r,
        Err((_, errors)) => panic!("{lang}.ftl does not parse: {errors:?}"),
    };
    let mut out = Entries {
        vars: BTreeMap::new(),
        texts: BTreeMap::new(),
        attributes: BTreeMap::new(),
    };
    for entry in resource.entries() {
        let (id, value, attributes) = match entry {
            Entry::Message(m) => (m.id.name.to_string(), m.value.as_ref(), &m.attributes),
            Entry::Term(t) => (format!("-{}", t.id.name), Some(&t.value), &t.attributes),
            Entry::Junk { content } => panic!("{lang}.ftl has junk: {content}"),
            _ => continue,
        };
        let mut vars = BTreeSet::new();
        let mut texts = Vec::new();
        let patterns = value.into_iter().chain(attributes.iter().map(|a| &a.value));
        for pattern in patterns {
            walk(pattern, &mut vars, &mut texts);
        }
        assert!(
            out.vars.insert(id.clone(), vars).is_none(),
            "{lang}.ftl defines {id} twice"
        );
        let names = attributes.iter().map(|a| a.id.name.to_string()).collect();
        out.attributes.insert(id.clone(), names);
        out.texts.insert(id, texts);
    }
    out
}

fn walk(pattern: &Pattern<&str>, vars: &mut BTreeSet<String>, texts: &mut Vec<String>) {
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => texts.push(value.to_string()),
            PatternElement::Placeable { expression } => expr(expression, vars, texts),
        }
    }
}

fn expr(e: &Expression<&str>, vars: &mut BTreeSet<String>, texts: &mut Vec<String>) {
    match e {
        Expression::Select { selector, variants } => {
            inline(selector, vars, texts);
            for v in variants {
                walk(&v.value, vars, texts);
            }
        }
        Expression::Inline(i) => inline(i, vars, texts),
    }
}

fn inline(i: &InlineExpression<&str>, vars: &mut BTreeSet<String>, texts: &mut Vec<String>) {
    match i {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expr(expression, vars, texts),
        InlineExpression::StringLiteral { value } => texts.push(value.to_string()),
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline(a, vars, texts);
            }
        }
        _ => {}
    }
}

#[test]
fn every_message_exists_in_both_languages_with_the_same_variables() {
    let en = entries(Lang::En);
    let fr = entries(Lang::Fr);
    let en_ids: BTreeSet<_> = en.vars.keys().collect();
    let fr_ids: BTreeSet<_> = fr.vars.keys().collect();
    let only_en: Vec<_> = en_ids.difference(&fr_ids).collect();
    let only_fr: Vec<_> = fr_ids.difference(&en_ids).collect();
    assert!(only_en.is_empty(), "missing in fr.ftl: {only_en:?}");
    assert!(only_fr.is_empty(), "missing in en.ftl: {only_fr:?}");
    for (id, vars) in &en.vars {
        assert_eq!(
            Some(vars),
            fr.vars.get(id),
            "{id} uses different variables in en.ftl and fr.ftl"
        );
        assert_eq!(
            en.attributes.get(id),
            fr.attributes.get(id),
            "{id} has different attributes (such as .terminal) in en.ftl and fr.ftl"
        );
    }
}

/// A narrow no-break space before `? ! : ;` and inside « », typographic apostrophes, no ASCII
/// quotes: what a French reader expects. Returns each faulty character with its char index.
pub fn french_faults(text: &str) -> Vec<(usize, char)> {
    const NNBSP: char = '\u{202F}';
    let chars: Vec<char> = text.chars().collect();
    let mut faults = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i + 1).copied();
        let fault = match c {
            '?' | '!' | ':' | ';' => {
                // `?!` needs one space; digits around `:` are a time.
                let after_punct = matches!(before, Some('?' | '!'));
                let time = before.is_some_and(|b| b.is_ascii_digit())
                    && after.is_some_and(|a| a.is_ascii_digit());
                !(before == Some(NNBSP) || after_punct || time)
            }
            '«' => after != Some(NNBSP),
            '»' => before != Some(NNBSP),
            '"' | '\'' => true,
            _ => false,
        };
        if fault {
            faults.push((i, c));
        }
    }
    faults
}

#[test]
fn french_typography() {
    let fr = entries(Lang::Fr);
    let mut faults = Vec::new();
    for (id, texts) in &fr.texts {
        for text in texts {
            for (_, c) in french_faults(text) {
                faults.push(format!("{id}: `{c}` in «{text}»"));
            }
        }
    }
    assert!(
        faults.is_empty(),
        "French typography:\n{}",
        faults.join("\n")
    );
}

/// Every `Msg::new("id")` in the code names a message of the catalogue.
#[test]
fn every_id_in_the_code_exists() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut missing = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        let Ok(read) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in read.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let Ok(source) = std::fs::read_to_string(&path) else {
                continue;
            };
            // `Msg::new("id")`, and the web pages' `ctx.w("id")` and `lookup(lang, "id")`.
            let pieces = ["Msg::new(\"", "ctx.w(\"", "lookup(self.lang, \""]
                .iter()
                .flat_map(|start| source.split(start).skip(1));
            for piece in pieces {
                let Some(id) = piece.split('"').next() else {
                    continue;
                };
                if !parlor::i18n::has(Lang::En, id) {
                    missing.push(format!("{}: {id}", path.display()));
                }
            }
        }
    }
    assert!(missing.is_empty(), "ids not in the catalogue: {missing:?}");
}

#[test]
fn french_plurals_count_zero_and_one_as_singular() {
    let one = Msg::new("unit-minute").num("n", 1).text(Lang::Fr);
    let zero = Msg::new("unit-minute").num("n", 0).text(Lang::Fr);
    let two = Msg::new("unit-minute").num("n", 2).text(Lang::Fr);
    assert_eq!((one.as_str(), zero.as_str()), ("1 minute", "0 minute"));
    assert_eq!(two, "2 minutes");
    assert_eq!(
        Msg::new("unit-minute").num("n", 0).text(Lang::En),
        "0 minutes"
    );
}
