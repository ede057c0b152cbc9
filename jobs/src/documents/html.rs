//! HTML to plain text with `scraper` (html5ever): what a reader sees, one block per line.
//! Dropped: scripts, styles, templates, the hidden inline-XBRL header (`ix:header`, which
//! repeats every tagged fact of a 10-K) and anything hidden (`display:none`, `hidden`).
//! Kept: block structure as newlines, table rows as lines with their cells separated by
//! spaces. The walk uses its own stack, so deeply nested markup cannot overflow ours.

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
    let document = Html::parse_document(html);
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
    fn deep_nesting_and_junk_do_not_panic() {
        let deep = "<div>".repeat(20_000) + "deep text" + &"</div>".repeat(20_000);
        assert!(html_to_text(&deep).contains("deep text"));
        assert_eq!(html_to_text(""), "");
        assert_eq!(html_to_text("<<<>>>&&&;"), "<<<>>>&&&;");
    }
}
