//! Making inputs: random bytes and characters, and mutations of valid inputs.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Characters that break naive text handling: look-alikes, invisible and combining marks, case
/// changes that change length (`ß`, `İ`, the Kelvin sign), other digits, controls, separators.
const ODD: &[char] = &[
    '\u{200B}',
    '\u{200D}',
    '\u{FEFF}',
    '\u{0301}',
    '\u{0338}',
    '\u{00A0}',
    '\u{202F}',
    '\u{2028}',
    '\u{0085}',
    '\t',
    '\r',
    '\n',
    '\0',
    '\u{7}',
    '\u{1B}',
    '\u{FFFD}',
    '🎲',
    'ß',
    'İ',
    'ı',
    'ﬀ',
    '\u{212A}',
    '\u{2126}',
    '²',
    '٣',
    '①',
    '½',
    '–',
    '—',
    '−',
    '×',
    '：',
    '＝',
    '＠',
    '＃',
    '«',
    '»',
    '’',
    '"',
    '\'',
    '`',
    '\\',
    '%',
    '{',
    '}',
    '$',
    'é',
    'É',
    'а',
    'е',
    'о',
    'с',
    'р',
    'х',
    'В',
    'Н',
    '\u{1F1EB}',
    '\u{E000}',
    '\u{10FFFF}',
];

/// The length of a very long line, in bytes.
const LONG: usize = 20_000;

/// Numbers at the edges of the integer types, and other tricky number texts.
const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "-1",
    "+1",
    "00",
    "255",
    "256",
    "65536",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "1e9",
    "0x10",
    "1_000",
    "1.5",
    "NaN",
];

/// A Latin character's look-alike: Cyrillic, fullwidth, or another dash or times sign.
fn look_alike(c: char, pick: u32) -> Option<char> {
    let cyrillic = match c {
        'a' => Some('а'),
        'e' => Some('е'),
        'o' => Some('о'),
        'c' => Some('с'),
        'p' => Some('р'),
        'x' => Some('х'),
        'y' => Some('у'),
        'A' => Some('А'),
        'B' => Some('В'),
        'C' => Some('С'),
        'E' => Some('Е'),
        'H' => Some('Н'),
        'K' => Some('К'),
        'M' => Some('М'),
        'O' => Some('О'),
        'P' => Some('Р'),
        'T' => Some('Т'),
        'X' => Some('Х'),
        '-' => Some('−'),
        'k' => Some('\u{212A}'),
        _ => None,
    };
    let fullwidth = ('!'..='~')
        .contains(&c)
        .then(|| char::from_u32(c as u32 + 0xFEE0))
        .flatten();
    match (pick % 2, cyrillic, fullwidth) {
        (0, Some(l), _) | (1, _, Some(l)) | (_, Some(l), None) | (_, None, Some(l)) => Some(l),
        _ => None,
    }
}

/// Splits text into runs of letters and digits and single other characters, so that joining the
/// tokens gives the text back.
pub fn tokens(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut word = false;
    for c in text.chars() {
        let alnum = c.is_alphanumeric();
        match out.last_mut() {
            Some(last) if alnum && word => last.push(c),
            _ => out.push(c.to_string()),
        }
        word = alnum;
    }
    out
}

/// A random stream with the ways of making inputs.
pub struct Gen {
    pub rng: ChaCha8Rng,
}

impl Gen {
    pub fn new(rng: ChaCha8Rng) -> Gen {
        Gen { rng }
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n)
    }

    pub fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// Random bytes read as text (invalid UTF-8 becomes U+FFFD, as the adapters read it).
    pub fn bytes(&mut self) -> String {
        let len = if self.chance(0.9) {
            self.below(40)
        } else {
            self.below(400)
        };
        let bytes: Vec<u8> = (0..len).map(|_| self.rng.random()).collect();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// A random character: mostly printable ASCII, sometimes an odd one or any scalar value.
    pub fn char(&mut self) -> char {
        match self.below(10) {
            0..=5 => char::from(self.rng.random_range(b' '..=b'~')),
            6..=8 => *self.pick(ODD),
            _ => loop {
                if let Some(c) = char::from_u32(self.rng.random_range(0..0x11_0000)) {
                    break c;
                }
            },
        }
    }

    /// Random characters, sometimes built from the tokens of valid inputs.
    pub fn chars(&mut self, corpus: &[String]) -> String {
        let len = self.below(30);
        let mut s = String::new();
        for _ in 0..len {
            if !corpus.is_empty() && self.chance(0.3) {
                let entry = self.pick(corpus).clone();
                let toks = tokens(&entry);
                if !toks.is_empty() {
                    let t: &String = self.pick(&toks);
                    s.push_str(t);
                    continue;
                }
            }
            s.push(self.char());
        }
        s
    }

    /// An input for a text parser: random, or a valid input mutated a few times.
    pub fn text(&mut self, corpus: &[String]) -> String {
        match self.below(10) {
            0 => self.bytes(),
            1 | 2 => self.chars(corpus),
            3 => self.pick(corpus).clone(),
            _ => {
                let mut s = self.pick(corpus).clone();
                for _ in 0..=self.below(4) {
                    s = self.mutate(&s, corpus);
                }
                s
            }
        }
    }

    /// One mutation of a text.
    pub fn mutate(&mut self, text: &str, corpus: &[String]) -> String {
        let mut toks = tokens(text);
        if toks.is_empty() {
            toks.push(self.char().to_string());
        }
        let n = toks.len();
        match self.below(16) {
            // Swap two tokens.
            0 => {
                let (a, b) = (self.below(n), self.below(n));
                toks.swap(a, b);
            }
            // Cut a token out.
            1 => {
                toks.remove(self.below(n));
            }
            // Repeat a token.
            2 => {
                let i = self.below(n);
                let times = if self.chance(0.9) { 1 } else { self.below(50) };
                for _ in 0..times {
                    toks.insert(i, toks[i].clone());
                }
            }
            // Cut the text at any character.
            3 => {
                let chars: Vec<char> = text.chars().collect();
                let at = self.below(chars.len() + 1);
                return if self.chance(0.5) {
                    chars[..at].iter().collect()
                } else {
                    chars[at..].iter().collect()
                };
            }
            // A token from another valid input.
            4 => {
                let entry: &String = self.pick(corpus);
                let other = tokens(entry);
                if !other.is_empty() {
                    let t = self.pick(&other).clone();
                    let i = self.below(n + 1);
                    toks.insert(i, t);
                }
            }
            // Replace a token by another valid input's token.
            5 => {
                let entry: &String = self.pick(corpus);
                let other = tokens(entry);
                if !other.is_empty() {
                    let i = self.below(n);
                    toks[i] = self.pick(&other).clone();
                }
            }
            // Look-alikes for some characters.
            6 | 7 => {
                let pick = self.rng.random::<u32>();
                let p = if self.chance(0.5) { 1.0 } else { 0.3 };
                return text
                    .chars()
                    .map(|c| {
                        if self.chance(p) {
                            look_alike(c, pick).unwrap_or(c)
                        } else {
                            c
                        }
                    })
                    .collect();
            }
            // Insert an odd character.
            8 | 9 => {
                let i = self.below(n + 1);
                let c = *self.pick(ODD);
                toks.insert(i, c.to_string());
            }
            // A number at the edge of a type in place of a number or anywhere.
            10 => {
                let digits: Vec<usize> = (0..n)
                    .filter(|&i| toks[i].chars().all(|c| c.is_ascii_digit()))
                    .collect();
                let number = self.pick(NUMBERS).to_string();
                if digits.is_empty() || self.chance(0.3) {
                    let i = self.below(n + 1);
                    toks.insert(i, number);
                } else {
                    let i = *self.pick(&digits);
                    toks[i] = number;
                }
            }
            // Change the case.
            11 => {
                return match self.below(3) {
                    0 => text.to_uppercase(),
                    1 => text.to_lowercase(),
                    _ => text
                        .chars()
                        .map(|c| {
                            if self.chance(0.5) {
                                c.to_ascii_uppercase()
                            } else {
                                c
                            }
                        })
                        .collect(),
                };
            }
            // Drop or change separators.
            12 => {
                let seps = [" ", "", "-", ":", "x", "  ", "\t", "=", "/", ",", "*", "@"];
                for t in &mut toks {
                    if !t.chars().all(char::is_alphanumeric) && self.chance(0.5) {
                        *t = self.pick(&seps).to_string();
                    }
                }
            }
            // A very long line (about 20,000 bytes at most, however often it is applied).
            13 => {
                if text.len() >= LONG {
                    return text.to_string();
                }
                let t = if self.chance(0.5) {
                    text.to_string()
                } else {
                    self.pick(&toks).clone()
                };
                let times = (100 + self.below(3_000)).min((LONG - text.len()) / t.len().max(1));
                return format!("{text}{}", t.repeat(times));
            }
            // Join with another valid input.
            14 => {
                let other = self.pick(corpus).clone();
                let sep = *self.pick(&[" ", "", ":", "\n", ";"]);
                return format!("{text}{sep}{other}");
            }
            // Flip a character to a random one.
            _ => {
                let mut chars: Vec<char> = text.chars().collect();
                if chars.is_empty() {
                    chars.push(self.char());
                } else {
                    let i = self.below(chars.len());
                    chars[i] = self.char();
                }
                return chars.into_iter().collect();
            }
        }
        toks.concat()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_join_back() {
        for text in ["b1-b3", "/play game:loa  opponent:bot", "", "é×ß 12ab"] {
            assert_eq!(tokens(text).concat(), text);
        }
        assert_eq!(tokens("pl:mv:42"), ["pl", ":", "mv", ":", "42"]);
    }

    /// Very long lines once grew without bound over repeated mutations (a 31 GB allocation).
    #[test]
    fn mutations_stay_bounded() {
        let corpus = vec!["b1-b3".to_string(), "pl:mv:42:17".to_string()];
        for i in 0..200 {
            let mut g = Gen::new(crate::fuzz::rng_for("bounded", 1, i));
            let mut s = corpus[0].clone();
            for _ in 0..20 {
                s = g.mutate(&s, &corpus);
            }
            assert!(s.len() < 4_000_000, "{} bytes", s.len());
        }
    }
}
