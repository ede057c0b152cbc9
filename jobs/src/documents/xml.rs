//! XML to plain text with quick-xml: the text of every element, one line per element that
//! holds text. Safe by construction against the classic XML attacks: quick-xml never fetches
//! anything, an entity declared as external (`SYSTEM`/`PUBLIC`) is refused, and internal
//! entities are expanded here with a bound on depth and on total expanded size, so a
//! "billion laughs" document is refused after a few kilobytes of work.

use std::collections::HashMap;

use quick_xml::{Reader, events::Event};

use super::{ExtractError, MAX_TEXT_BYTES};

/// Deepest chain of entities referring to entities.
const MAX_ENTITY_DEPTH: usize = 16;
/// Most text all entity references of one document may expand to.
const MAX_ENTITY_EXPANSION: usize = 1024 * 1024;
/// Most entities one document may declare.
const MAX_ENTITIES: usize = 1000;

/// The text content of `xml`, or why it cannot be read.
pub fn xml_to_text(xml: &str) -> Result<String, ExtractError> {
    let mut reader = Reader::from_str(xml);
    reader.config_mut().check_end_names = false;
    let mut entities = Entities::default();
    let mut out = String::with_capacity(xml.len() / 2);
    loop {
        let event = reader.read_event().map_err(|err| {
            ExtractError::new(format!(
                "The XML is malformed near byte {}: {err}.",
                reader.buffer_position()
            ))
        })?;
        match event {
            Event::Eof => break,
            Event::DocType(doctype) => entities.declare(&doctype.xml10_content())?,
            Event::Text(text) => push_text(&mut out, &text.xml10_content()),
            Event::CData(data) => push_text(&mut out, &data.xml10_content()),
            Event::GeneralRef(reference) => {
                if let Some(c) = reference.resolve_char_ref().ok().flatten() {
                    out.push(c);
                } else {
                    let name = reference.xml10_content();
                    let value = entities.expand(&name, 0)?;
                    push_text(&mut out, &value);
                }
            }
            Event::End(_) | Event::Empty(_) if !out.is_empty() && !out.ends_with('\n') => {
                out.push('\n');
            }
            _ => {}
        }
        if out.len() > MAX_TEXT_BYTES {
            return Err(ExtractError::new(
                "The XML holds more text than we index for one file.",
            ));
        }
    }
    Ok(out.trim().to_string())
}

fn push_text(out: &mut String, text: &str) {
    let mut words = text.split_whitespace().peekable();
    if words.peek().is_none() {
        return;
    }
    if !out.is_empty() && !out.ends_with(['\n', ' ']) && text.starts_with(char::is_whitespace) {
        out.push(' ');
    }
    let mut first = true;
    for word in words {
        if !first {
            out.push(' ');
        }
        out.push_str(word);
        first = false;
    }
    if text.ends_with(char::is_whitespace) {
        out.push(' ');
    }
}

/// The internal entities a DOCTYPE declares, and the expansion budget left.
#[derive(Default)]
struct Entities {
    values: HashMap<String, String>,
    expanded: usize,
}

impl Entities {
    /// Reads `<!ENTITY name "value">` declarations from a DOCTYPE's internal subset.
    fn declare(&mut self, doctype: &str) -> Result<(), ExtractError> {
        let mut rest = doctype;
        while let Some(at) = rest.find("<!ENTITY") {
            rest = &rest[at + "<!ENTITY".len()..];
            let end = rest.find('>').unwrap_or(rest.len());
            let declaration = rest[..end].trim();
            rest = &rest[end..];
            if declaration.starts_with('%') {
                return Err(ExtractError::new(
                    "The XML declares parameter entities, which we do not read.",
                ));
            }
            let (name, definition) = declaration
                .split_once(char::is_whitespace)
                .unwrap_or((declaration, ""));
            let definition = definition.trim();
            let quote = definition.chars().next();
            let value = match quote {
                Some(q @ ('"' | '\'')) => definition[1..].split(q).next().unwrap_or_default(),
                _ => {
                    return Err(ExtractError::new(format!(
                        "The XML declares an external entity '{name}'; we never load outside files."
                    )));
                }
            };
            if self.values.len() >= MAX_ENTITIES {
                return Err(ExtractError::new("The XML declares too many entities."));
            }
            self.values.insert(name.to_string(), value.to_string());
        }
        Ok(())
    }

    /// The text of `&name;`, its own references expanded, within the depth and size bounds.
    fn expand(&mut self, name: &str, depth: usize) -> Result<String, ExtractError> {
        let predefined = match name {
            "lt" => Some("<"),
            "gt" => Some(">"),
            "amp" => Some("&"),
            "apos" => Some("'"),
            "quot" => Some("\""),
            _ => None,
        };
        if let Some(value) = predefined {
            return Ok(value.to_string());
        }
        if depth >= MAX_ENTITY_DEPTH {
            return Err(ExtractError::new(
                "The XML's entities refer to each other too deeply (an entity-expansion attack?).",
            ));
        }
        let Some(value) = self.values.get(name).cloned() else {
            return Err(ExtractError::new(format!(
                "The XML uses the entity '&{name};' without declaring it."
            )));
        };
        let mut out = String::new();
        let mut rest = value.as_str();
        while let Some(at) = rest.find('&') {
            out.push_str(&rest[..at]);
            let Some(end) = rest[at..].find(';') else {
                out.push_str(&rest[at..]);
                rest = "";
                break;
            };
            let inner = &rest[at + 1..at + end];
            let char_ref = inner.strip_prefix('#').and_then(|n| {
                let code = match n.strip_prefix('x') {
                    Some(hex) => u32::from_str_radix(hex, 16).ok(),
                    None => n.parse().ok(),
                };
                code.and_then(char::from_u32)
            });
            let piece = match char_ref {
                Some(c) => c.to_string(),
                None => self.expand(inner, depth + 1)?,
            };
            self.charge(at + piece.len())?;
            out.push_str(&piece);
            rest = &rest[at + end + 1..];
        }
        self.charge(rest.len())?;
        out.push_str(rest);
        Ok(out)
    }

    fn charge(&mut self, bytes: usize) -> Result<(), ExtractError> {
        self.expanded = self.expanded.saturating_add(bytes);
        if self.expanded > MAX_ENTITY_EXPANSION {
            return Err(ExtractError::new(
                "The XML's entities expand to more than 1 MB of text (an entity-expansion attack such as 'billion laughs'); refused.",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_text_and_internal_entities() {
        let xml = r#"<?xml version="1.0"?><!DOCTYPE f [<!ENTITY co "Acme &amp; Sons">]>
            <filing><name>&co;</name><note><![CDATA[Sales < costs]]></note><n>&#169; 2024</n></filing>"#;
        assert_eq!(
            xml_to_text(xml).unwrap(),
            "Acme & Sons\nSales < costs\n© 2024"
        );
    }

    #[test]
    fn refuses_external_entities() {
        let xml = r#"<!DOCTYPE f [<!ENTITY x SYSTEM "file:///etc/passwd">]><f>&x;</f>"#;
        let err = xml_to_text(xml).unwrap_err();
        assert!(err.0.contains("external entity 'x'"), "{err}");
    }
}
