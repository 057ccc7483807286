//! `check` renders what `build` renders: a template that `build` cannot
//! render with the data fails `check` too, naming the template, its line
//! and column, within the same page budgets; a good repository passes.

use crate::util;
use crate::util::stderr;

use std::path::Path;
use std::process::{Command, Output};

const BUILT_IN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/templates");
const GO_CLUB: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/go-club");

/// The sample repository with the methods page switched on, so that every
/// page kind but the surveys' is made.
fn sample_with_methods() -> tempfile::TempDir {
    let repo = util::sample_repository();
    let config = repo.path().join("ratingbook.toml");
    let mut text = std::fs::read_to_string(&config).unwrap();
    text.push_str("\n[output]\nmethods = true\n");
    std::fs::write(config, text).unwrap();
    repo
}

/// The go club's repository: players and a handicap survey.
fn go_club() -> tempfile::TempDir {
    let repo = tempfile::tempdir().unwrap();
    util::copy_tree(Path::new(GO_CLUB), repo.path());
    repo
}

/// The built-in template `name` with `expression` where its page's own
/// content starts (or at the top of a template that extends none).
fn with_expression(name: &str, expression: &str) -> String {
    let text = std::fs::read_to_string(Path::new(BUILT_IN).join(name)).unwrap();
    let block = "{% block content %}";
    if text.contains("{% extends") && text.contains(block) {
        text.replacen(block, &format!("{block}{expression}"), 1)
    } else {
        format!("{expression}{text}")
    }
}

/// Every built-in template (not the static files), by name.
fn template_names() -> Vec<String> {
    let mut names = Vec::new();
    for folder in ["html", "md", "sql"] {
        for entry in std::fs::read_dir(Path::new(BUILT_IN).join(folder)).unwrap() {
            let file = entry.unwrap().file_name();
            names.push(format!("{folder}/{}", file.to_string_lossy()));
        }
    }
    names.sort();
    names
}

fn run(command: &str, root: &Path) -> Output {
    let mut run = Command::new(util::binary());
    run.arg(command).arg("--root").arg(root);
    if command == "build" {
        run.arg("--out").arg(root.join("site"));
    }
    run.output().unwrap()
}

#[test]
fn an_undefined_variable_in_any_page_template_fails_check_naming_the_template() {
    let names = template_names();
    assert!(names.len() > 15, "{names:?}");
    for name in names {
        let repo = if name.contains("survey") {
            go_club()
        } else {
            sample_with_methods()
        };
        let template = with_expression(&name, "{{ undefined_var.field }}");
        util::write(repo.path(), &format!("templates/{name}"), &template);
        let (_, errors) = util::check_with_errors(repo.path());
        let file = format!("error: templates/{name}:");
        assert!(
            errors
                .iter()
                .any(|e| e.starts_with(&file) && e.contains("undefined_var")),
            "{name}: {errors:#?}"
        );
        assert_eq!(errors.len(), 1, "{name}: {errors:#?}");
    }
}

#[test]
fn good_templates_pass_check() {
    for repo in [sample_with_methods(), go_club()] {
        for name in template_names() {
            let template = with_expression(
                &name,
                "{% if undefined_var is defined %}{{ undefined_var.field }}{% endif %}",
            );
            util::write(repo.path(), &format!("templates/{name}"), &template);
        }
        let (_, errors) = util::check_with_errors(repo.path());
        assert_eq!(errors, Vec::<String>::new());
    }
}

/// A case of [`check_fails_exactly_when_build_fails`]: what it is, the
/// templates written (name, expression put in), and the file and place
/// `check` names, if it fails.
type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], Option<&'a str>);

#[test]
fn check_fails_exactly_when_build_fails() {
    let component =
        "{% component flag(player) %}<b>{{ player.flag_colour }}</b>{% endcomponent flag %}\n";
    let calling = "{{ <flag player={player} /> }}";
    let cases: [Case; 6] = [
        (
            "an undefined variable",
            &[("html/player.html", "{{ undefined_var.field }}")],
            Some("templates/html/player.html:3:23"),
        ),
        (
            "an unknown filter",
            &[("html/tournament.html", "{{ tournament.name | shout }}")],
            Some("templates/html/tournament.html"),
        ),
        (
            "an argument of the wrong type",
            &[("html/ratings.html", "{{ list.title | round }}")],
            Some("templates/html/ratings.html:3:23"),
        ),
        (
            "an error in a component (tera's macros)",
            &[
                ("html/components.html", component),
                ("html/player.html", calling),
            ],
            Some("templates/html/components.html:1:42"),
        ),
        (
            "a missing template included",
            &[("html/index.html", "{% include \"html/nowhere.html\" %}")],
            Some("templates/html/index.html"),
        ),
        (
            "a good change",
            &[("html/player.html", "{{ player.name | upper }}")],
            None,
        ),
    ];
    for (case, files, failing) in cases {
        let repo = util::sample_repository();
        for (name, expression) in files {
            let text = if name.ends_with("components.html") {
                expression.to_string()
            } else {
                with_expression(name, expression)
            };
            util::write(repo.path(), &format!("templates/{name}"), &text);
        }
        let check = run("check", repo.path());
        let build = run("build", repo.path());
        let checked = stderr(&check);
        assert_eq!(
            check.status.success(),
            build.status.success(),
            "{case}: check: {checked}\nbuild: {}",
            stderr(&build)
        );
        match failing {
            Some(file) => {
                assert_eq!(check.status.code(), Some(1), "{case}: {checked}");
                assert!(
                    checked.contains(&format!("error: {file}")),
                    "{case}: {checked}"
                );
                assert!(checked.contains("help: "), "{case}: {checked}");
            }
            None => assert!(check.status.success(), "{case}: {checked}"),
        }
    }
}

#[test]
fn every_broken_template_is_named_not_just_the_first() {
    let repo = util::sample_repository();
    for name in [
        "html/player.html",
        "html/tournament.html",
        "md/tournament.md",
    ] {
        let template = with_expression(name, "{{ undefined_var.field }}");
        util::write(repo.path(), &format!("templates/{name}"), &template);
    }
    let (_, errors) = util::check_with_errors(repo.path());
    let files: Vec<&str> = errors
        .iter()
        .map(|e| e.trim_start_matches("error: ").split(':').next().unwrap())
        .collect();
    assert_eq!(
        files,
        [
            "templates/html/player.html",
            "templates/html/tournament.html",
            "templates/md/tournament.md"
        ],
        "{errors:#?}"
    );
}

#[test]
fn check_stops_a_template_that_never_ends_or_never_stops_growing() {
    let repo = util::sample_repository();
    let config = repo.path().join("ratingbook.toml");
    let mut text = std::fs::read_to_string(&config).unwrap();
    text.push_str("\n[output]\npage_render_seconds = 2\nmax_page_megabytes = 1\n");
    std::fs::write(config, text).unwrap();
    let cases = [
        (
            "{% for i in range(end=100000) %}{% for j in range(end=100000) %}{% endfor %}{% endfor %}",
            "ran for more than 2 s",
        ),
        (
            "{% for i in range(end=100000) %}{% for j in range(end=100000) %}x{% endfor %}{% endfor %}",
            "larger than 1 MB",
        ),
    ];
    for (template, message) in cases {
        util::write(repo.path(), "templates/html/404.html", template);
        let started = std::time::Instant::now();
        let check = run("check", repo.path());
        let text = stderr(&check);
        assert_eq!(check.status.code(), Some(1), "{text}");
        assert!(text.contains(message), "{text}");
        assert!(text.contains("html/404.html"), "{text}");
        assert!(started.elapsed() < std::time::Duration::from_secs(30));
        assert!(!repo.path().join("site").exists());
    }
}
