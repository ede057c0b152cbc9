//! The Media RSS pieces `feed-rs` drops. It turns `media:*` elements into a media object only
//! when their scope holds a `media:content` with a URL, so a bare `<media:thumbnail>` in an RSS
//! item, or a YouTube-style `<media:group>` with a thumbnail and a description but no
//! `media:content`, is lost. This reads the document a second time (it is small: the fetch caps
//! it) and keeps, per entry in document order, the first thumbnail address and the first
//! description found at any depth, for `feed.rs` to fall back on.

use quick_xml::{
    NsReader, XmlVersion,
    events::{BytesStart, Event},
    name::{Namespace, ResolveResult},
};

/// The Media RSS namespace, whatever prefix a feed binds it to.
const MEDIA_RSS: Namespace<'static> = Namespace("http://search.yahoo.com/mrss/");

/// One entry's thumbnail and description as the document gives them (not yet cleaned).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct LooseMedia {
    pub thumbnail: Option<String>,
    pub description: Option<String>,
}

/// Per `<item>` / `<entry>`, in document order; `None` when the document is not well-formed
/// enough to read (then `feed-rs`'s own reading is all there is).
pub fn loose_media(body: &[u8]) -> Option<Vec<LooseMedia>> {
    let mut reader = NsReader::from_reader(body);
    reader.config_mut().check_end_names = false;
    let mut buf = Vec::new();
    let mut entries = Vec::new();
    let mut current: Option<LooseMedia> = None;
    // Text of the `media:description` being read, if inside one.
    let mut description: Option<String> = None;
    loop {
        let (ns, event) = reader.read_resolved_event_into(&mut buf).ok()?;
        let media = matches!(ns, ResolveResult::Bound(n) if n == MEDIA_RSS);
        match event {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) if !media && is_entry(&e) => {
                // An empty `<item/>` still counts, so the order stays aligned with feed-rs.
                if current.is_some() {
                    entries.push(current.take().unwrap_or_default());
                }
                current = Some(LooseMedia::default());
            }
            Event::End(e) if !media && matches!(e.local_name().as_ref(), "item" | "entry") => {
                entries.push(current.take().unwrap_or_default());
            }
            Event::Start(e) | Event::Empty(e)
                if media && e.local_name().as_ref() == "thumbnail" =>
            {
                if let Some(entry) = current.as_mut().filter(|c| c.thumbnail.is_none()) {
                    entry.thumbnail = e
                        .try_get_attribute("url")
                        .ok()
                        .flatten()
                        .and_then(|a| a.normalized_value(XmlVersion::Implicit1_0).ok())
                        .map(|v| v.trim().to_string());
                }
            }
            Event::Start(e)
                if media
                    && e.local_name().as_ref() == "description"
                    && current.as_ref().is_some_and(|c| c.description.is_none()) =>
            {
                description = Some(String::new());
            }
            Event::End(e) if media && e.local_name().as_ref() == "description" => {
                if let (Some(entry), Some(text)) = (current.as_mut(), description.take()) {
                    entry.description = Some(text).filter(|t| !t.trim().is_empty());
                }
            }
            Event::Text(text) => push(&mut description, &text.xml10_content()),
            Event::CData(data) => push(&mut description, &data.xml10_content()),
            Event::GeneralRef(reference) => {
                let name = reference.xml10_content();
                let resolved =
                    reference
                        .resolve_char_ref()
                        .ok()
                        .flatten()
                        .or(match name.as_ref() {
                            "amp" => Some('&'),
                            "lt" => Some('<'),
                            "gt" => Some('>'),
                            "quot" => Some('"'),
                            "apos" => Some('\''),
                            _ => None,
                        });
                if let (Some(out), Some(c)) = (description.as_mut(), resolved) {
                    out.push(c);
                }
            }
            _ => {}
        }
        buf.clear();
    }
    if let Some(open) = current {
        entries.push(open);
    }
    Some(entries)
}

fn is_entry(e: &BytesStart) -> bool {
    matches!(e.local_name().as_ref(), "item" | "entry")
}

fn push(out: &mut Option<String>, text: &str) {
    if let Some(out) = out.as_mut() {
        out.push_str(text);
    }
}
