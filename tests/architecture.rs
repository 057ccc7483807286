//! The workspace's shape, checked on every test run:
//!
//! - within each crate, the top-level modules import each other without
//!   cycles (`crate::a` in `b` and `crate::b` in `a` fails, through any
//!   number of steps), and nothing reaches into the crate root except through
//!   a module;
//! - within each crate, no file imports another that imports it back,
//!   through any number of steps (`crate::a::b`, `super::b`, `self::b`
//!   paths, test modules aside);
//! - the rating book's modules import only the layers below their own, in
//!   the order the manual's Architecture chapter gives ([`LAYERS`]), and the
//!   small utilities ([`UTILITIES`]) that import nothing above the model;
//! - the data model (`src/model/`) imports nothing else of the rating book;
//! - the crates under `crates/` never depend on the rating book, never on a
//!   template engine, and their dependencies on each other have no cycle.
//!
//! Imports are read from the source text (`crate::name` paths, including
//! `use crate::{a, b}` groups), which is how the code refers across modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every crate's `src/` folder: the rating book's and each one under `crates/`.
fn crate_sources() -> Vec<PathBuf> {
    let root = workspace_root();
    let mut sources = vec![root.join("src")];
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .expect("crates/")
        .map(|e| e.unwrap().path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    crates.sort();
    sources.extend(crates);
    sources
}

/// The Rust files under `dir`, recursively.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let entry = entry.unwrap();
        if entry.path().extension().is_some_and(|e| e == "rs") {
            files.push(entry.into_path());
        }
    }
    files
}

/// The top-level module a file belongs to (`src/render/view/player.rs` →
/// `render`), or `None` for the crate roots and binaries.
fn top_level_module(src: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src).unwrap();
    let mut parts = relative.components();
    let first = parts.next()?.as_os_str().to_str()?.to_string();
    if relative.components().count() > 1 {
        return (first != "bin").then_some(first);
    }
    let stem = first.trim_end_matches(".rs").to_string();
    (!matches!(stem.as_str(), "lib" | "main")).then_some(stem)
}

/// The names `text` reaches with `crate::name` or `use crate::{name, …}`;
/// comment lines are skipped.
fn crate_paths(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for line in text.lines() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let preceded_by_ident = rest[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_');
            rest = &rest[at + "crate::".len()..];
            if preceded_by_ident {
                continue;
            }
            if let Some(group) = rest.strip_prefix('{') {
                let inner = group.split('}').next().unwrap_or("");
                for item in inner.split(',') {
                    names.insert(identifier(item.trim()));
                }
            } else {
                names.insert(identifier(rest));
            }
        }
    }
    names.retain(|n| !n.is_empty());
    names
}

fn identifier(text: &str) -> String {
    text.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// Module → the other top-level modules it imports, for one crate.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let files = rust_files(src);
    let modules: BTreeSet<String> = files
        .iter()
        .filter_map(|f| top_level_module(src, f))
        .collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    for file in &files {
        let Some(module) = top_level_module(src, file) else {
            continue;
        };
        let text = std::fs::read_to_string(file).unwrap();
        for name in crate_paths(&text) {
            if name != module {
                graph.get_mut(&module).unwrap().insert(name);
            }
        }
    }
    graph
}

/// The cycles of `graph` (its strongly connected components of two or more
/// modules), each sorted.
fn cycles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let reaches = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(node) = stack.pop() {
            for next in graph.get(&node).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|m| (m, reaches(m))).collect();
    let mut found: BTreeSet<Vec<String>> = BTreeSet::new();
    for module in graph.keys() {
        let component: Vec<String> = graph
            .keys()
            .filter(|other| {
                *other == module
                    || (reach[module].contains(*other) && reach[*other].contains(module))
            })
            .cloned()
            .collect();
        if component.len() > 1 {
            found.insert(component);
        }
    }
    found.into_iter().collect()
}

#[test]
fn no_crate_has_an_import_cycle_between_its_top_level_modules() {
    let mut problems = Vec::new();
    for src in crate_sources() {
        let graph = module_graph(&src);
        assert!(!graph.is_empty() || src.join("lib.rs").exists());
        for cycle in cycles(&graph) {
            problems.push(format!("{}: {}", src.display(), cycle.join(" ↔ ")));
        }
        for (module, imports) in &graph {
            for name in imports {
                if !graph.contains_key(name) {
                    problems.push(format!(
                        "{}: `{module}` uses `crate::{name}`, which is not a module: \
                         reach it through the module that owns it",
                        src.display()
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_data_model_imports_nothing_else_of_the_rating_book() {
    let graph = module_graph(&workspace_root().join("src"));
    let imports = &graph["model"];
    assert!(
        imports.is_empty(),
        "src/model imports {imports:?}; the model is the bottom layer"
    );
}

#[test]
fn the_checker_finds_a_cycle_when_there_is_one() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(m, deps)| (m.into(), deps.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(cycles(&graph), vec![vec!["a", "b", "c"]]);
    let paths =
        crate_paths("use crate::{model::Slug, text};\n// crate::render\nx = crate::load::f();");
    assert_eq!(paths, ["load", "model", "text"].map(String::from).into());
}

/// The workspace's own crates as `[workspace.dependencies]` names them:
/// dependency name → package name (`pairing` → `ratingbook-pairing`).
fn workspace_crates() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(workspace_root().join("Cargo.toml")).unwrap();
    let value: toml::Table = toml::from_str(&text).unwrap();
    value["workspace"]["dependencies"]
        .as_table()
        .unwrap()
        .iter()
        .filter(|(_, spec)| spec.get("path").is_some())
        .map(|(dep, spec)| {
            let package = spec.get("package").and_then(|p| p.as_str());
            (dep.clone(), package.unwrap_or(dep).to_string())
        })
        .collect()
}

/// The package name and `[dependencies]` and `[dev-dependencies]` of one
/// `Cargo.toml`: those that are workspace crates (by path, or through
/// `[workspace.dependencies]`), by package name, and all of them.
fn path_dependencies(manifest: &Path) -> (String, Vec<String>, Vec<String>) {
    let text = std::fs::read_to_string(manifest).unwrap();
    let value: toml::Table = toml::from_str(&text).unwrap();
    let name = value["package"]["name"].as_str().unwrap().to_string();
    let workspace = workspace_crates();
    let mut local = Vec::new();
    let mut all = Vec::new();
    for section in ["dependencies", "dev-dependencies"] {
        if let Some(deps) = value.get(section).and_then(|d| d.as_table()) {
            for (dep, spec) in deps {
                all.push(dep.clone());
                let package = spec.get("package").and_then(|p| p.as_str());
                let inherited = spec.get("workspace").and_then(|w| w.as_bool()) == Some(true);
                if inherited && workspace.contains_key(dep) {
                    local.push(workspace[dep].clone());
                } else if spec.get("path").is_some() {
                    local.push(package.unwrap_or(dep).to_string());
                }
            }
        }
    }
    (name, local, all)
}

#[test]
fn workspace_crates_are_seen_through_inheritance_and_renames() {
    let (name, local, _) = path_dependencies(&workspace_root().join("crates/pairing/Cargo.toml"));
    assert_eq!(name, "ratingbook-pairing");
    assert!(local.contains(&"ratingbook-trf".to_string()), "{local:?}");
    assert!(local.contains(&"test-tools".to_string()), "{local:?}");
}

#[test]
fn engine_crates_stand_alone_and_depend_one_way() {
    let root = workspace_root();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut problems = Vec::new();
    let mut manifests: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|e| e.unwrap().path().join("Cargo.toml"))
        .collect();
    manifests.sort();
    assert!(manifests.len() >= 4, "{manifests:?}");
    for manifest in &manifests {
        let (name, local, all) = path_dependencies(manifest);
        if local.iter().any(|d| d == "ratingbook") {
            problems.push(format!("{name} depends on the rating book"));
        }
        if all.iter().any(|d| d == "tera") {
            problems.push(format!("{name} depends on the template engine"));
        }
        graph.insert(name, local.into_iter().collect());
    }
    for cycle in cycles(&graph) {
        problems.push(format!(
            "crates depend on each other: {}",
            cycle.join(" ↔ ")
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The rating book's modules, top layer first: each imports only modules of
/// the layers below its own and the [`UTILITIES`]. The manual's
/// Architecture chapter shows the same order.
const LAYERS: &[&[&str]] = &[
    &["serve", "diff", "init", "generate", "import"],
    &["pipeline", "printout"],
    &["publish", "render"],
    &["incremental", "tournament", "standings"],
    &["site_files", "check"],
    &["sql"],
    &["rating", "load"],
    &["files", "config"],
    &["model"],
];

/// Small helpers any module may use; they import only each other and the model.
const UTILITIES: &[&str] = &[
    "atomic_write",
    "collation",
    "diagnostic",
    "limits",
    "links",
    "memory",
    "text",
    "translate",
];

/// The command line's modules, the binary's own (`src/main.rs`): above every layer.
const BINARY: &[&str] = &["cli"];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

#[test]
fn the_rating_book_s_modules_import_only_the_layers_below() {
    let graph = module_graph(&workspace_root().join("src"));
    let mut problems = Vec::new();
    for (module, imports) in &graph {
        if BINARY.contains(&module.as_str()) {
            continue;
        }
        let utility = UTILITIES.contains(&module.as_str());
        let Some(layer) = layer_of(module).or(utility.then_some(LAYERS.len())) else {
            problems.push(format!(
                "`{module}` has no place in the layers: add it to LAYERS or UTILITIES in \
                 tests/architecture.rs and to the manual's Architecture chapter"
            ));
            continue;
        };
        for name in imports {
            let allowed = if utility {
                UTILITIES.contains(&name.as_str()) || name == "model"
            } else {
                UTILITIES.contains(&name.as_str()) || layer_of(name).is_some_and(|l| l > layer)
            };
            if !allowed {
                problems.push(format!(
                    "`{module}` imports `{name}`, which is not below it"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A file's module path in its crate (`src/render/view/player.rs` →
/// `render::view::player`, `mod.rs` naming its folder; the crate root empty).
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// `text` without its test module and comment lines: what the code imports.
fn code_of(text: &str) -> String {
    let code = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => text,
    };
    code.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module paths `text` names from the module at `here`: `crate::a::b`,
/// `super::b`, `self::b` and `use` groups of them, each as far as it goes.
fn named_paths(text: &str, here: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        let mut rest = text;
        while let Some(at) = rest.find(start) {
            let preceded = rest[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':');
            let mut base: Vec<String> = match start {
                "crate::" => Vec::new(),
                "self::" => here.to_vec(),
                _ => here[..here.len().saturating_sub(1)].to_vec(),
            };
            rest = &rest[at + start.len()..];
            if preceded {
                continue;
            }
            let mut tail = rest;
            while let Some(after) = tail.strip_prefix("super::") {
                base.pop();
                tail = after;
            }
            rest = tail;
            let path: String = tail
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let group = tail[path.len()..]
                .strip_prefix('{')
                .map(|g| g.split('}').next().unwrap_or(""));
            let mut prefix = base.clone();
            prefix.extend(path.split("::").filter(|p| !p.is_empty()).map(String::from));
            match group {
                Some(items) => {
                    for item in items.split(',') {
                        let mut full = prefix.clone();
                        full.extend(
                            item.trim()
                                .split("::")
                                .map(identifier)
                                .filter(|p| !p.is_empty()),
                        );
                        found.push(full);
                    }
                }
                None => found.push(prefix),
            }
        }
    }
    found
}

/// File → the other files of its crate it imports, each module path taken
/// as far as it names a file.
fn file_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let files = rust_files(src);
    let modules: BTreeMap<Vec<String>, String> = files
        .iter()
        .filter(|f| !f.strip_prefix(src).unwrap().starts_with("bin"))
        .map(|f| {
            (
                module_path(src, f),
                f.strip_prefix(src).unwrap().display().to_string(),
            )
        })
        .collect();
    let mut graph = BTreeMap::new();
    for (here, name) in &modules {
        let text = code_of(&std::fs::read_to_string(src.join(name)).unwrap());
        let mut imports = BTreeSet::new();
        for path in named_paths(&text, here) {
            let target = (0..=path.len())
                .rev()
                .find_map(|n| modules.get(&path[..n]))
                .filter(|target| !target.is_empty() && *target != name);
            // A file's own folder (`mod.rs`) is where it is declared, not an import.
            if let Some(target) =
                target.filter(|t| !here.starts_with(&module_path(src, &src.join(t))))
            {
                imports.insert(target.clone());
            }
        }
        graph.insert(name.clone(), imports);
    }
    graph
}

#[test]
fn no_file_imports_one_that_imports_it_back() {
    let mut problems = Vec::new();
    for src in crate_sources() {
        for cycle in cycles(&file_graph(&src)) {
            problems.push(format!("{}: {}", src.display(), cycle.join(" ↔ ")));
        }
    }
    assert!(problems.is_empty(), "file cycles:\n{}", problems.join("\n"));
}

#[test]
fn module_paths_are_read_as_far_as_they_name_a_file() {
    let here: Vec<String> = ["render", "view", "player"].map(String::from).into();
    let text = "use super::shared::{a, b};\nuse crate::{model::Slug, text};\nx = super::super::cache::f();";
    assert_eq!(
        named_paths(text, &here),
        vec![
            vec!["model", "Slug"],
            vec!["text"],
            vec!["render", "view", "shared", "a"],
            vec!["render", "view", "shared", "b"],
            vec!["render", "cache", "f"],
        ]
    );
}
