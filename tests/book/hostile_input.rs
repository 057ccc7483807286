//! Everything in the data repository arrives by pull request. Tried as an
//! attacker would: links that run script, symbolic links out of the
//! repository, numbers out of range, control characters, colliding page
//! names, templates that never end or never stop growing, spreadsheet
//! formulas. Each is reported by `check` with its place, and none reaches the
//! published site.

use crate::util;
use crate::util::{error_lines, errors, mini_repo, stderr};

use crate::util::{edit, write};

use std::path::Path;
use std::process::{Command, Output};

fn build(root: &Path, out: &Path) -> Output {
    Command::new(util::binary())
        .args(["build", "--root"])
        .arg(root)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

/// Every published file's text, concatenated.
fn site_text(out: &Path) -> String {
    let mut all = String::new();
    for entry in walkdir::WalkDir::new(out) {
        let entry = entry.unwrap();
        if entry.file_type().is_file() {
            all.push_str(&String::from_utf8_lossy(
                &std::fs::read(entry.path()).unwrap(),
            ));
        }
    }
    all
}

#[test]
fn script_links_in_pages_are_reported_and_never_published() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    let forms = [
        "[a](javascript:alert(1))",
        "[b](JaVaScRiPt:alert(2))",
        "[c](&#106;avascript:alert(3))",
        "<javascript:alert(4)>",
        "[e][ref]\n\n[ref]: javascript:alert(5)",
        "[f](vbscript:msgbox(6))",
        "[g](data:text/html,<script>alert(7)</script>)",
    ];
    for (i, form) in forms.iter().enumerate() {
        write(
            &root,
            &format!("data/pages/p{i}.md"),
            &format!("---\ntitle: P{i}\n---\n\n{form}\n"),
        );
    }
    let lines = error_lines(&root);
    assert_eq!(lines.len(), forms.len(), "{lines:#?}");
    for (i, line) in lines.iter().enumerate() {
        assert!(
            line.starts_with(&format!("data/pages/p{i}.md:5:")),
            "{line}"
        );
        assert!(line.contains("is not allowed"), "{line}");
    }
    // Even with the check bypassed, the renderer writes none of them as links.
    for (i, form) in forms.iter().enumerate() {
        let html = ratingbook::render::markdown_pages::markdown_to_html(form);
        assert!(
            !html.contains("href") && !html.contains("src="),
            "{i}: {html}"
        );
    }
}

#[test]
fn base_url_must_be_a_web_address() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    write(
        &root,
        "ratingbook.toml",
        "[site]\ntitle = \"T\"\nbase_url = \"javascript:alert(1)//\"\n",
    );
    let lines = error_lines(&root);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("ratingbook.toml:3:1"), "{}", lines[0]);
    assert!(
        lines[0].contains("absolute http:// or https://"),
        "{}",
        lines[0]
    );
}

#[test]
fn symbolic_links_out_of_the_repository_are_reported_and_not_read() {
    use std::os::unix::fs::symlink;
    let dir = mini_repo();
    let root = dir.path().join("repo");
    let outside = dir.path().join("outside");
    write(
        &outside,
        "secret.md",
        "---\ntitle: SECRET-PAGE\n---\nSECRET BODY\n",
    );
    write(
        &outside,
        "players/intruder.toml",
        "name = \"SECRET PLAYER\"\nmembership = \"member\"\n",
    );
    write(&outside, "static/evil.js", "SECRET SCRIPT");
    write(
        &outside,
        "config.toml",
        "root:x:0:0:SECRET-LINE:/root:/bin/bash\n",
    );
    std::fs::create_dir_all(root.join("data/pages")).unwrap();
    symlink(outside.join("secret.md"), root.join("data/pages/secret.md")).unwrap();
    symlink(outside.join("players"), root.join("data/players/more")).unwrap();
    symlink(
        outside.join("players/intruder.toml"),
        root.join("data/players/intruder.toml"),
    )
    .unwrap();
    symlink(&outside, root.join("templates")).unwrap();
    symlink(outside.join("config.toml"), root.join("ratingbook.toml")).unwrap();
    // A link to a file that a load reads anyway is read like the file.
    write(
        &root,
        "data/pages/news.md",
        "---\ntitle: News\n---\nOpen again.\n",
    );
    symlink("news.md", root.join("data/pages/again.md")).unwrap();
    // A link to any other file of the repository is not.
    write(&root, "data/kept/ilu-timo.toml", "name = \"Ilu Timo\"\n");
    symlink(
        root.join("data/kept/ilu-timo.toml"),
        root.join("data/players/timo.toml"),
    )
    .unwrap();

    let lines = error_lines(&root);
    let text = lines.join("\n");
    for link in [
        "data/pages/secret.md",
        "data/players/intruder.toml",
        "data/players/more",
        "data/players/timo.toml",
        "templates",
        "ratingbook.toml",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("{link}: is a symbolic link"))),
            "{link} not reported:\n{text}"
        );
    }
    assert_eq!(lines.len(), 6, "{text}");
    assert!(
        !text.contains("SECRET"),
        "a target's content was shown:\n{text}"
    );
    let output = Command::new(util::binary())
        .args(["check", "--message-format", "fancy", "--root"])
        .arg(&root)
        .output()
        .unwrap();
    assert!(!stderr(&output).contains("SECRET"), "{}", stderr(&output));

    // Remove the refused links: the rest builds, and nothing from outside is published.
    for link in [
        "data/players/more",
        "data/players/intruder.toml",
        "data/players/timo.toml",
        "templates",
        "ratingbook.toml",
    ] {
        std::fs::remove_file(root.join(link)).unwrap();
    }
    assert_eq!(error_lines(&root).len(), 1);
    std::fs::remove_file(root.join("data/pages/secret.md")).unwrap();
    let out = dir.path().join("site");
    let output = build(&root, &out);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(!site_text(&out).contains("SECRET"));
    assert!(out.join("players/ilu-timo.html").exists());
    assert!(
        out.join("pages/again.html").exists(),
        "the page behind a link is published"
    );
}

#[test]
fn settings_out_of_range_are_reported_with_their_place() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    write(
        &root,
        "ratingbook.toml",
        "[rating]\nbase_k = 1000000000\nhigh_rating = 2400\nhigh_k = 0\nprovisional_spread = 2147483648\n\n[site]\nchart_players = 100000\n",
    );
    let lines = error_lines(&root);
    let text = lines.join("\n");
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("ratingbook.toml:2:1: base_k = 1000000000 is out of range")),
        "{text}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("ratingbook.toml:4:1: high_k = 0")),
        "{text}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("ratingbook.toml:5:1: provisional_spread = 2147483648")),
        "{text}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("ratingbook.toml:8:1: chart_players = 100000")),
        "{text}"
    );
    for negative in ["[rating]\nhigh_rating = -5\n", "[rating]\nbase_k = -1\n"] {
        write(&root, "ratingbook.toml", negative);
        let lines = error_lines(&root);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(lines[0].starts_with("ratingbook.toml:2:"), "{lines:?}");
    }
    let out = dir.path().join("site");
    assert!(!build(&root, &out).status.success());
    assert!(!out.exists());
}

#[test]
fn control_and_override_characters_are_refused_with_line_and_column() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    edit(
        &root,
        "data/players/ilu-timo.toml",
        "name = \"Ilu Timo\"",
        "name = \"Ilu\u{202E}Timo\"\nclub = \"Hel\\u0000sinki\"",
    );
    edit(
        &root,
        "data/tournaments/2005/spring-open.toml",
        "name = \"Spring Open\"",
        "name = \"Spring\\n001 INJECTED LINE\"",
    );
    let lines = error_lines(&root);
    let text = lines.join("\n");
    assert!(
        lines.iter().any(|l| l.contains("ilu-timo.toml:")
            && l.contains("`name` contains a bidirectional text override (U+202E)")),
        "{text}"
    );
    assert!(
        lines.iter().any(|l| l.contains("ilu-timo.toml:")
            && l.contains("`club` contains a control character (U+0000)")),
        "{text}"
    );
    assert!(
        lines.iter().any(|l| l.contains("spring-open.toml:")
            && l.contains("`name` contains a control character (U+000A)")),
        "{text}"
    );
    for line in &lines {
        assert!(
            line.split(':')
                .nth(1)
                .is_some_and(|n| n.parse::<usize>().is_ok()),
            "no line number: {line}"
        );
    }
}

#[test]
fn clubs_whose_names_share_a_page_name_get_their_own_pages() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    let clubs = ["東京", "北京", "🎉🎉", "Tokyo"];
    let players = [
        "ikonen-jussi",
        "ilu-timo",
        "pellikka-marko",
        "saarenpaa-samuli",
    ];
    for (player, club) in players.iter().zip(clubs) {
        let file = format!("data/players/{player}.toml");
        let text = std::fs::read_to_string(root.join(&file)).unwrap();
        let text: String = text
            .lines()
            .filter(|l| !l.starts_with("club"))
            .map(|l| format!("{l}\n"))
            .collect();
        let (head, tail) = text
            .split_once("\n[")
            .map_or((text.as_str(), ""), |(h, t)| (h, t));
        let tail = if tail.is_empty() {
            String::new()
        } else {
            format!("\n[{tail}")
        };
        write(&root, &file, &format!("{head}\nclub = \"{club}\"\n{tail}"));
    }
    assert!(errors(&root).is_empty(), "{:?}", error_lines(&root));
    let out = dir.path().join("site");
    let output = build(&root, &out);
    assert!(output.status.success(), "{}", stderr(&output));
    let pages: Vec<String> = std::fs::read_dir(out.join("lists"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("club-") && n.ends_with(".html"))
        .collect();
    assert_eq!(pages.len(), clubs.len(), "{pages:?}");
    for club in clubs {
        let listing = pages
            .iter()
            .filter(|p| {
                std::fs::read_to_string(out.join("lists").join(p))
                    .unwrap()
                    .contains(&format!("Club: {club}"))
            })
            .count();
        assert_eq!(listing, 1, "{club}: {pages:?}");
    }
    // The same data gives the same names.
    let again = dir.path().join("again");
    assert!(build(&root, &again).status.success());
    let mut names: Vec<_> = std::fs::read_dir(again.join("lists"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    let mut first: Vec<_> = std::fs::read_dir(out.join("lists"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    first.sort();
    assert_eq!(names, first);
}

#[test]
fn check_reports_every_page_problem() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    write(&root, "data/pages/about.md", "No front matter here.\n");
    write(
        &root,
        "data/pages/news.md",
        "---\ntitle: A\ntitle: B\ndate: 2004-02-30\n---\nBody\n",
    );
    let lines = error_lines(&root);
    assert_eq!(
        lines,
        vec![
            "data/pages/about.md:1:1: the page has no front matter",
            "data/pages/news.md:3:1: `title` is given twice in the front matter",
            "data/pages/news.md:4:1: date `2004-02-30` is not YYYY-MM-DD",
        ]
    );
}

#[test]
fn templates_that_never_end_or_never_stop_growing_are_stopped() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    let out = dir.path().join("site");
    write(
        &root,
        "ratingbook.toml",
        "[output]\npage_render_seconds = 2\nmax_page_megabytes = 1\n",
    );
    let cases = [
        (
            "{% for i in range(end=100000) %}{% for j in range(end=100000) %}{% endfor %}{% endfor %}",
            None,
            "ran for more than 2 s",
        ),
        (
            "{% for i in range(end=100000) %}{% for j in range(end=100000) %}x{% endfor %}{% endfor %}",
            None,
            "larger than 1 MB",
        ),
        (
            "{% set s = \"xxxxxxxxxxxxxxxx\" %}{% for i in range(end=60) %}{% set_global s = s ~ s %}{% endfor %}{{ s | length }}",
            Some("256"),
            "needed more than 256 MB of memory while rendering the template `html/404.html`",
        ),
    ];
    for (template, memory, message) in cases {
        write(&root, "templates/html/404.html", template);
        let started = std::time::Instant::now();
        let mut command = Command::new(util::binary());
        command
            .args(["build", "--root"])
            .arg(&root)
            .arg("--out")
            .arg(&out);
        if let Some(mb) = memory {
            command.env("RATINGBOOK_MEMORY_LIMIT_MB", mb);
        }
        let output = command.output().unwrap();
        let text = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{text}");
        assert!(text.contains(message), "{text}");
        assert!(text.contains("html/404.html"), "{text}");
        assert!(text.contains("site not changed"), "{text}");
        assert!(started.elapsed() < std::time::Duration::from_secs(30));
        assert!(!out.exists());
    }
}

#[test]
fn spreadsheet_formulas_in_downloads_are_neutralised() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    edit(
        &root,
        "data/players/ikonen-jussi.toml",
        "name = \"Ikonen Jussi\"",
        "name = \"Ikonen Jussi\"\nclub = \"=HYPERLINK(\\\"http://x\\\")\"",
    );
    let out = dir.path().join("site");
    let output = build(&root, &out);
    assert!(output.status.success(), "{}", stderr(&output));
    let csv = std::fs::read_to_string(out.join("ratings.csv")).unwrap();
    assert!(csv.contains("\"'=HYPERLINK(\"\"http://x\"\")\""), "{csv}");
    assert!(
        !csv.contains(",=HYPERLINK") && !csv.contains(",\"=HYPERLINK"),
        "{csv}"
    );
}

#[test]
fn smaller_holes_are_closed() {
    let dir = mini_repo();
    let root = dir.path().join("repo");
    // Reserved Windows device names cannot be ids.
    std::fs::copy(
        root.join("data/players/ilu-timo.toml"),
        root.join("data/players/con.toml"),
    )
    .unwrap();
    let lines = error_lines(&root);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("con.toml") && l.contains("reserved file name on Windows")),
        "{lines:?}"
    );
    std::fs::remove_file(root.join("data/players/con.toml")).unwrap();
    // An unknown tournament language is reported.
    edit(
        &root,
        "data/tournaments/2005/spring-open.toml",
        "rounds",
        "language = \"xx\"\nrounds",
    );
    let warnings: Vec<String> = ratingbook::check_repository(&root)
        .diagnostics
        .iter()
        .map(|d| d.message.clone())
        .collect();
    assert!(
        warnings
            .iter()
            .any(|m| m.contains("`xx` is not a known language")),
        "{warnings:?}"
    );
    // The site title is escaped in Markdown.
    write(
        &root,
        "ratingbook.toml",
        "[site]\ntitle = \"<img src=x onerror=alert(1)>\"\n",
    );
    let out = dir.path().join("site");
    let output = build(&root, &out);
    assert!(output.status.success(), "{}", stderr(&output));
    let md = std::fs::read_to_string(out.join("ratings.md")).unwrap();
    assert!(!md.contains("<img"), "{md}");
}
