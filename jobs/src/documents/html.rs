//! HTML to plain text with `scraper` (html5ever): what a reader sees, one block per line.
//! Dropped: scripts, styles, templates, the hidden inline-XBRL header (`ix:header`, which
//! repeats every tagged fact of a 10-K) and anything hidden (`display:none`, `hidden`).
//! Kept: block structure as newlines, table rows as lines with their cells separated by
//! spaces. The walk uses its own stack, so deeply nested markup cannot overflow ours, and
//! tags nested deeper than [`MAX_DEPTH`] are dropped before parsing (their text kept): the
//! parser checks its stack of open elements at every tag, so 100k nested `<div>`s (1 MB)
//! cost it minutes of CPU.

use std::borrow::Cow;

use scraper::{ElementRef, Html, Node};

/// Elements whose whole subtree is never text a reader sees.
const SKIPPED: &[&str] = &[
    "script",
    "style",
    "noscript",
    "template",
    "head",
    "title",
    "ix:header",
    "object",
    "iframe",
    "svg",
    "math",
    "select",
    "button",
];

/// Elements that start and end a line.
const BLOCKS: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "body",
    "caption",
    "center",
    "dd",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "html",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "tbody",
    "tfoot",
    "thead",
    "tr",
    "ul",
];

/// The text of `html`: one line per block or table row, whitespace inside a line collapsed,
/// no empty lines. Never fails: broken markup gives whatever text the parser recovers.
pub fn html_to_text(html: &str) -> String {
    let document = Html::parse_document(&limit_nesting(html, MAX_DEPTH));
    let mut out = Text::default();
    // (node, leaving): a block element is visited twice, to break the line before and after.
    let mut stack = vec![(document.tree.root(), false)];
    while let Some((node, leaving)) = stack.pop() {
        if leaving {
            out.end_line();
            continue;
        }
        match node.value() {
            Node::Text(text) => out.push_text(text),
            Node::Element(_) => {
                let Some(element) = ElementRef::wrap(node) else {
                    continue;
                };
                if is_hidden(&element) {
                    continue;
                }
                let name = element.value().name();
                match name {
                    "br" => out.end_line(),
                    "td" | "th" => out.cell(),
                    _ => {}
                }
                if BLOCKS.contains(&name) {
                    out.end_line();
                    stack.push((node, true));
                }
                push_children(&mut stack, node);
            }
            Node::Document | Node::Fragment => push_children(&mut stack, node),
            _ => {}
        }
    }
    out.finish()
}

/// How deep elements may nest before their tags are dropped (no document a person reads
/// nests anywhere near this).
pub const MAX_DEPTH: usize = 256;

/// Elements without content, never nesting anything.
const VOID: &[&str] = &[
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
    "track", "wbr",
];

/// Elements the parser closes by themselves when a sibling starts (`<p>`, `<li>`, `<td>`...),
/// so they do not count as nesting: a long list or table without end tags stays whole.
const SELF_CLOSING_SIBLINGS: &[&str] = &[
    "p", "li", "dt", "dd", "tr", "td", "th", "option", "optgroup", "thead", "tbody", "tfoot",
];

/// `html` with the start and end tags nested deeper than `max_depth` removed (the text between
/// them kept), by a quick scan that counts start and end tags; the parser then never holds
/// more than about `max_depth` open elements. Unchanged (borrowed) when nothing is that deep.
fn limit_nesting(html: &str, max_depth: usize) -> Cow<'_, str> {
    let bytes = html.as_bytes();
    let mut kept = String::new();
    let mut copied = 0; // bytes of `html` before this are in `kept` (or dropped)
    let mut depth = 0usize;
    let mut at = 0;
    while let Some(offset) = html[at..].find('<') {
        let start = at + offset;
        let Some(tag_len) = tag_length(&html[start..]) else {
            at = start + 1;
            continue;
        };
        let end = start + tag_len;
        let closing = bytes.get(start + 1) == Some(&b'/');
        let name_start = start + 1 + usize::from(closing);
        let name_len = html[name_start..end]
            .find(|c: char| !c.is_ascii_alphanumeric() && c != ':' && c != '-')
            .unwrap_or(end - name_start);
        let name = html[name_start..name_start + name_len].to_ascii_lowercase();
        at = end;
        if name.is_empty()
            || VOID.contains(&name.as_str())
            || SELF_CLOSING_SIBLINGS.contains(&name.as_str())
            || (!closing && html[start..end].ends_with("/>"))
        {
            continue;
        }
        let too_deep = if closing {
            let deep = depth > max_depth;
            depth = depth.saturating_sub(1);
            deep
        } else {
            depth += 1;
            depth > max_depth
        };
        if too_deep {
            kept.push_str(&html[copied..start]);
            copied = end;
        }
    }
    if copied == 0 {
        return Cow::Borrowed(html);
    }
    kept.push_str(&html[copied..]);
    Cow::Owned(kept)
}

/// The length of the tag at the start of `text` (`<div class="a>b">`, `</p >`), quoted
/// attribute values included; none when `text` does not start with a tag (`a < b`, `<!--`).
fn tag_length(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let first = *bytes.get(1)?;
    let name = if first == b'/' { *bytes.get(2)? } else { first };
    if !name.is_ascii_alphabetic() {
        return None;
    }
    let mut quote = None;
    for (i, &b) in bytes.iter().enumerate().skip(1) {
        match (quote, b) {
            (None, b'"' | b'\'') => quote = Some(b),
            (Some(q), _) if b == q => quote = None,
            (None, b'>') => return Some(i + 1),
            _ => {}
        }
    }
    None
}

fn push_children<'a>(
    stack: &mut Vec<(ego_tree::NodeRef<'a, Node>, bool)>,
    node: ego_tree::NodeRef<'a, Node>,
) {
    // Reversed, so the first child is popped first.
    let children: Vec<_> = node.children().collect();
    stack.extend(children.into_iter().rev().map(|child| (child, false)));
}

/// Whether a reader never sees `element` (or anything inside it).
fn is_hidden(element: &ElementRef) -> bool {
    let value = element.value();
    if SKIPPED.contains(&value.name()) || value.attr("hidden").is_some() {
        return true;
    }
    value.attr("style").is_some_and(|style| {
        let style: String = style
            .chars()
            .filter(|c| !c.is_whitespace())
            .flat_map(char::to_lowercase)
            .collect();
        style.contains("display:none") || style.contains("visibility:hidden")
    })
}

/// The text being built: finished lines and the current one.
#[derive(Default)]
struct Text {
    lines: Vec<String>,
    line: String,
    /// A space is owed before the next word (collapsed whitespace, a table cell boundary).
    space: bool,
}

impl Text {
    fn push_text(&mut self, text: &str) {
        for c in text.chars() {
            // Non-breaking and other exotic spaces count as spaces: 10-Ks are full of them.
            if c.is_whitespace() || c == '\u{a0}' || c == '\u{200b}' {
                self.space = true;
            } else if !c.is_control() {
                if self.space && !self.line.is_empty() {
                    self.line.push(' ');
                }
                self.space = false;
                self.line.push(c);
            }
        }
    }

    fn cell(&mut self) {
        self.space = true;
    }

    fn end_line(&mut self) {
        let line = self.line.trim();
        if !line.is_empty() {
            self.lines.push(line.to_string());
        }
        self.line.clear();
        self.space = false;
    }

    fn finish(mut self) -> String {
        self.end_line();
        self.lines.join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_what_a_reader_sees_one_block_per_line() {
        let html = r#"<html><head><title>t</title><style>p{}</style></head><body>
            <div style="display: none"><ix:header><ix:hidden>dei:Junk 123</ix:hidden></ix:header></div>
            <ix:header>hidden facts</ix:header>
            <div><span>Item&#160;1.</span><span> Business</span></div>
            <p>Apple designs <b>iPhone</b>&nbsp;and Mac.<br>Second line.</p>
            <script>alert(1)</script>
            <table><tr><td>Net sales</td><td>$</td><td>391,035</td></tr><tr><td>Cost</td><td>210,352</td></tr></table>
            <p hidden>secret</p><p style="VISIBILITY : hidden">also secret</p>
        </body></html>"#;
        assert_eq!(
            html_to_text(html),
            "Item 1. Business\nApple designs iPhone and Mac.\nSecond line.\nNet sales $ 391,035\nCost 210,352"
        );
    }

    #[test]
    fn a_hundred_thousand_nested_divs_keep_their_text() {
        // 1 MB of nesting: minutes of parser CPU without the depth bound.
        let deep = "<div>".repeat(100_000) + "deep text" + &"</div>".repeat(100_000) + "after";
        assert_eq!(html_to_text(&deep), "deep text\nafter");
    }

    #[test]
    fn nesting_past_the_bound_keeps_text_and_order() {
        let html = "<section>".repeat(300) + "<b>in</b>" + &"</section>".repeat(300) + "<p>out</p>";
        assert_eq!(html_to_text(&html), "in\nout");
        let limited = limit_nesting(&html, 4);
        assert_eq!(limited.matches("<section>").count(), 4);
        assert_eq!(limited.matches("</section>").count(), 4);
        let shallow = "<div class=\"a>b\"><p>one<li>two</div>";
        assert!(matches!(limit_nesting(shallow, 4), Cow::Borrowed(_)));
    }

    #[test]
    fn deep_nesting_and_junk_do_not_panic() {
        let deep = "<div>".repeat(20_000) + "deep text" + &"</div>".repeat(20_000);
        assert!(html_to_text(&deep).contains("deep text"));
        assert_eq!(html_to_text(""), "");
        assert_eq!(html_to_text("<<<>>>&&&;"), "<<<>>>&&&;");
    }
}
