//! Plain text: taken as it is, with invalid UTF-8 replaced (a Latin-1 file keeps its words)
//! and Windows line ends normalised.

/// The UTF-8 byte-order mark, which editors put at the start of some text files.
const BOM: &[u8] = b"\xef\xbb\xbf";

pub fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(BOM).unwrap_or(bytes)
}

/// The text of `bytes`: UTF-8, invalid sequences replaced by U+FFFD, `\r\n` as `\n`.
pub fn plain_text(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(strip_bom(bytes));
    if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        text.into_owned()
    }
}

/// Whether a file's first bytes read as text: no NUL byte, and at most 1 in 10 characters a
/// control character or an invalid UTF-8 sequence (binary formats fail both within a few
/// bytes; a Latin-1 text file passes).
pub fn looks_like_text(head: &[u8]) -> bool {
    if head.is_empty() || head.contains(&0) {
        return false;
    }
    let text = String::from_utf8_lossy(head);
    let (mut odd, mut all) = (0usize, 0usize);
    // The last few bytes may be a character cut in half by the sniffing window.
    let cut = text.char_indices().rev().nth(3).map_or(0, |(i, _)| i);
    for (i, c) in text.char_indices() {
        all += 1;
        let control = c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\x0c');
        if control || (c == char::REPLACEMENT_CHARACTER && i < cut) {
            odd += 1;
        }
    }
    odd * 10 <= all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_bytes_are_replaced_not_refused() {
        assert_eq!(
            plain_text(b"caf\xe9 au lait\r\nnext"),
            "caf\u{fffd} au lait\nnext"
        );
        assert!(looks_like_text(
            b"caf\xe9 au lait, the r\xe9sum\xe9 of a Latin-1 file"
        ));
        assert!(!looks_like_text(b"\x00\x01\x02"));
        assert!(!looks_like_text(b"\x01\x02\x03\x04\x05\x06 binary"));
    }
}
