//! The home page's generic chat: investing basics from a small curated file in the
//! repository (`jobs/assets/knowledge.md`), picked by the keywords a question shares.

use std::sync::LazyLock;

/// One entry of the knowledge file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub title: String,
    pub keywords: Vec<String>,
    pub answer: String,
}

const SOURCE: &str = include_str!("../../assets/knowledge.md");

static ENTRIES: LazyLock<Vec<Entry>> = LazyLock::new(|| parse(SOURCE));

/// Every entry of the knowledge file.
pub fn entries() -> &'static [Entry] {
    &ENTRIES
}

/// The entry sharing the most keywords with `question` (ties: the first in the file), or
/// `None` when it shares none.
pub fn best_match(question: &str) -> Option<&'static Entry> {
    let words = question_words(question);
    entries()
        .iter()
        .map(|e| (e.keywords.iter().filter(|k| words.contains(k)).count(), e))
        .filter(|(hits, _)| *hits > 0)
        .max_by(|(a, ea), (b, eb)| {
            a.cmp(b).then_with(|| {
                // On a tie the earlier entry wins.
                let pos = |e: &Entry| entries().iter().position(|x| x == e);
                pos(eb).cmp(&pos(ea))
            })
        })
        .map(|(_, e)| e)
}

/// The entry sharing at least two keywords with `question` (the most; ties: the first in
/// the file): one shared everyday word ("stock", "how") is not enough to answer with.
pub fn strong_match(question: &str) -> Option<&'static Entry> {
    let words = question_words(question);
    let hits = |e: &Entry| e.keywords.iter().filter(|k| words.contains(k)).count();
    best_match(question).filter(|e| hits(e) >= 2)
}

/// Lower-case words of a question; `p/e` and `s&p` stay whole.
pub fn question_words(question: &str) -> Vec<String> {
    question
        .to_lowercase()
        .split(|c: char| !(c.is_alphanumeric() || c == '/' || c == '&' || c == '-'))
        .map(|w| w.trim_matches(|c: char| c == '/' || c == '-').to_string())
        .filter(|w| !w.is_empty())
        .collect()
}

fn parse(source: &str) -> Vec<Entry> {
    let mut entries = Vec::new();
    for block in source.split("\n## ").skip(1) {
        let mut lines = block.lines();
        let title = lines.next().unwrap_or_default().trim().to_string();
        let mut keywords = Vec::new();
        let mut answer = Vec::new();
        for line in lines {
            if let Some(list) = line.strip_prefix("keywords:") {
                keywords = list
                    .split(',')
                    .map(|k| k.trim().to_lowercase())
                    .filter(|k| !k.is_empty())
                    .collect();
            } else if !line.trim().is_empty() {
                answer.push(line.trim());
            }
        }
        entries.push(Entry {
            title,
            keywords,
            answer: answer.join(" "),
        });
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_parses_into_complete_entries() {
        assert!(entries().len() >= 10);
        for e in entries() {
            assert!(
                !e.title.is_empty() && !e.keywords.is_empty() && !e.answer.is_empty(),
                "{e:?}"
            );
        }
    }

    #[test]
    fn questions_find_their_entry() {
        assert_eq!(
            best_match("What is a P/E ratio?").unwrap().title,
            "Price-to-earnings"
        );
        assert_eq!(
            best_match("should I buy index funds?").unwrap().title,
            "Index funds"
        );
        assert_eq!(
            best_match("what's short selling").unwrap().title,
            "Short selling"
        );
        assert!(best_match("zzz qqq").is_none());
    }
}
