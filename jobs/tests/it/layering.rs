//! The map of `jobs/README.md` kept true: every `crate::` path in `jobs/src` (in `use` lines
//! and written out in code) is an arrow from its file's room to another room, and each arrow
//! must be one the map's `rooms` block allows; no two files may import each other; and the
//! map names every room of `jobs/src`, no more. A room is a top-level module: a folder
//! (`store/`) or a file (`batch.rs`).

use std::{
    collections::{BTreeMap, BTreeSet},
    path::{Path, PathBuf},
};

/// An import that breaks the map.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Violation {
    /// `from` (a file of room `room`) imports room `to`, which the map does not allow.
    Arrow {
        from: String,
        room: String,
        to: String,
    },
    /// Two files import each other.
    Loop(String, String),
    /// A room of the tree the map does not name, or one it names that does not exist.
    Unmapped(String),
    Missing(String),
}

/// The map: each room and the rooms it may import, from the README's ```` ```rooms ```` block
/// (`room -> other other`, one room a line; `#` starts a comment).
fn parse_map(readme: &str) -> BTreeMap<String, BTreeSet<String>> {
    let block = readme
        .split("```rooms\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("jobs/README.md has a ```rooms block");
    block
        .lines()
        .map(|line| line.split('#').next().unwrap_or_default().trim())
        .filter(|line| !line.is_empty())
        .map(|line| {
            let (room, allowed) = line.split_once("->").unwrap_or((line, ""));
            let allowed = allowed.split_whitespace().map(str::to_string).collect();
            (room.trim().to_string(), allowed)
        })
        .collect()
}

/// The room of a file path relative to `src` (`store/batches.rs` -> `store`, `batch.rs` ->
/// `batch`); `lib.rs` has none.
fn room_of(file: &str) -> Option<String> {
    let first = file.split('/').next()?;
    let room = first.strip_suffix(".rs").unwrap_or(first);
    (room != "lib").then(|| room.to_string())
}

/// Every path a `use` statement names: `crate::{a::b, c::{d, e}}` -> `crate::a::b`,
/// `crate::c::d`, `crate::c::e`.
fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head = format!("{prefix}{}", &tree[..open]);
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&head, &inner[start..i], out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(&head, &inner[start..], out);
    } else if !tree.is_empty() {
        out.push(format!("{prefix}{tree}"));
    }
}

/// The paths a file imports: its `use crate::`/`use super::` statements, expanded, and every
/// `crate::` path written out in code (comments are skipped).
fn imported_paths(source: &str) -> Vec<String> {
    let code: String = source
        .lines()
        .map(|line| match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut paths = Vec::new();
    for statement in code.split(';') {
        let statement = statement.trim();
        let Some(at) = statement.find("use ") else {
            continue;
        };
        let tree: String = statement[at + 4..].split_whitespace().collect();
        if tree.starts_with("crate::") || tree.starts_with("super::") {
            expand("", &tree, &mut paths);
        }
    }
    for (at, _) in code.match_indices("crate::") {
        let path: String = code[at..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        paths.push(path.trim_end_matches(':').to_string());
    }
    paths
}

/// The file a path lands in: the deepest module file of `files` that the path names.
fn resolve(from: &str, path: &str, files: &BTreeSet<String>) -> Option<String> {
    let mut segments: Vec<String> = Vec::new();
    let mut parts = path.split("::").filter(|s| !s.is_empty()).peekable();
    match parts.peek().copied() {
        Some("crate") => {
            parts.next();
        }
        Some("super") => {
            // The folder of `from`'s module: `store/batches.rs` and `store/mod.rs` are both in
            // `store`; `super` of a file in the source root is the crate itself.
            let folder: Vec<&str> = from.split('/').collect();
            segments.extend(folder[..folder.len() - 1].iter().map(|s| s.to_string()));
            if from.ends_with("/mod.rs") {
                segments.pop();
            }
            while parts.peek() == Some(&"super") {
                parts.next();
            }
        }
        _ => return None,
    }
    segments.extend(parts.map(str::to_string));
    let mut found = None;
    for depth in 1..=segments.len() {
        let module = segments[..depth].join("/");
        for candidate in [format!("{module}.rs"), format!("{module}/mod.rs")] {
            if files.contains(&candidate) {
                found = Some(candidate);
            }
        }
    }
    found
}

/// The violations of a tree (`file` relative to `src` -> source) against a map.
fn check(
    tree: &BTreeMap<String, String>,
    map: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<Violation> {
    let files: BTreeSet<String> = tree.keys().cloned().collect();
    let mut violations = BTreeSet::new();
    let rooms: BTreeSet<String> = files.iter().filter_map(|f| room_of(f)).collect();
    for room in &rooms {
        if !map.contains_key(room) {
            violations.insert(Violation::Unmapped(room.clone()));
        }
    }
    for room in map.keys() {
        if !rooms.contains(room) {
            violations.insert(Violation::Missing(room.clone()));
        }
    }
    let mut edges: BTreeSet<(String, String)> = BTreeSet::new();
    for (file, source) in tree {
        let Some(room) = room_of(file) else { continue };
        for path in imported_paths(source) {
            let Some(target) = resolve(file, &path, &files) else {
                continue;
            };
            if target == *file {
                continue;
            }
            edges.insert((file.clone(), target.clone()));
            let Some(to) = room_of(&target) else { continue };
            let allowed = map.get(&room).is_some_and(|a| a.contains(&to));
            if to != room && !allowed {
                violations.insert(Violation::Arrow {
                    from: file.clone(),
                    room: room.clone(),
                    to,
                });
            }
        }
    }
    for (a, b) in &edges {
        if a < b && edges.contains(&(b.clone(), a.clone())) {
            violations.insert(Violation::Loop(a.clone(), b.clone()));
        }
    }
    violations.into_iter().collect()
}

fn read_tree(src: &Path) -> BTreeMap<String, String> {
    fn walk(dir: &Path, src: &Path, out: &mut BTreeMap<String, String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path: PathBuf = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, src, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let name = path
                    .strip_prefix(src)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                out.insert(name, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(src, src, &mut out);
    out
}

#[test]
fn every_import_of_jobs_src_is_an_arrow_the_readme_map_allows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = parse_map(&std::fs::read_to_string(root.join("README.md")).unwrap());
    let violations = check(&read_tree(&root.join("src")), &map);
    assert!(
        violations.is_empty(),
        "jobs/src breaks the map of jobs/README.md (change the import, or the map if the \
         arrow belongs there):\n{violations:#?}"
    );
}

/// The checker itself, on a small tree: it fails on an upward import and on a loop.
#[test]
fn the_check_fails_on_an_upward_import_and_on_two_files_importing_each_other() {
    let map = parse_map(
        "text\n```rooms\nhandlers -> queue store  # the top\nqueue -> store\nstore ->\n```\n",
    );
    let tree = |files: &[(&str, &str)]| -> BTreeMap<String, String> {
        files
            .iter()
            .map(|(f, s)| (f.to_string(), s.to_string()))
            .collect()
    };
    let sound = [
        ("lib.rs", "pub mod handlers;"),
        (
            "handlers/mod.rs",
            "use crate::{queue::Job, store::{Store, x}};",
        ),
        (
            "queue/mod.rs",
            "use crate::store::Store;\n// crate::handlers in a comment",
        ),
        ("store/mod.rs", "pub struct Store;"),
        ("store/rows.rs", "use super::Store;"),
    ];
    assert_eq!(check(&tree(&sound), &map), vec![]);

    let mut upward = sound.to_vec();
    upward[4] = (
        "store/rows.rs",
        "use super::Store;\nfn f() { crate::queue::go() }",
    );
    assert_eq!(
        check(&tree(&upward), &map),
        vec![Violation::Arrow {
            from: "store/rows.rs".into(),
            room: "store".into(),
            to: "queue".into(),
        }]
    );

    let mut looped = sound.to_vec();
    looped[3] = (
        "store/mod.rs",
        "pub struct Store;\nuse self::rows::Row;\nuse super::store::rows::Row;",
    );
    assert_eq!(
        check(&tree(&looped), &map),
        vec![Violation::Loop(
            "store/mod.rs".into(),
            "store/rows.rs".into()
        )]
    );

    let mut unmapped = sound.to_vec();
    unmapped.push(("alerts.rs", ""));
    assert_eq!(
        check(&tree(&unmapped), &map),
        vec![Violation::Unmapped("alerts".into())]
    );
}
