//! The words a question is searched by in the stored passages: which words tell passages
//! apart is retrieval policy, so it lives here with the chunking, not in the store's SQL.

/// Words too common to tell passages apart (SQLite's FTS5 keeps them; any chunk has them).
const STOP_WORDS: &[&str] = &[
    "the", "and", "for", "what", "whats", "how", "does", "did", "are", "was", "were", "this",
    "that", "with", "about", "they", "their", "them", "have", "has", "its", "you", "your", "can",
    "will", "would", "should", "there", "which", "who", "why", "when", "from", "into", "tell",
    "say", "says", "any", "much", "many", "some", "than", "then", "but", "not", "all", "our",
];

/// Search words of a question: letters and digits only, at least 3 long, no stop words, at
/// most 12 of them. Quoting each word keeps FTS5's own query syntax out of user text.
pub fn search_words(question: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for word in question
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .filter(|w| !STOP_WORDS.contains(&w.as_str()))
    {
        // Each word once, wherever it repeats: a repeated word would weigh twice in the match.
        if !words.contains(&word) {
            words.push(word);
        }
        if words.len() == 12 {
            break;
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_telling_words_once_and_drops_common_ones_and_query_syntax() {
        assert_eq!(
            search_words("What's the DEBT situation, the debt?"),
            vec!["debt", "situation"]
        );
        assert!(
            search_words("\"NEAR( OR *")
                .iter()
                .all(|w| w.chars().all(char::is_alphanumeric))
        );
        assert_eq!(search_words("a b it").len(), 0);
    }
}
