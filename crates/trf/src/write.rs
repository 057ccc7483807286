//! Writing a TRF file: each line back into its columns.
use crate::model::{Colour, Points, TrfDocument, TrfLine};
use crate::trf26;

impl TrfLine {
    /// The line as written.
    pub fn to_line(&self) -> String {
        match self {
            TrfLine::Player(p) => p.to_line(),
            TrfLine::Header { code, text } => format!("{code} {text}").trim_end().to_string(),
            TrfLine::TotalRounds(n) => format!("XXR {n}"),
            TrfLine::Xxc(x) => {
                let mut s = String::from("XXC");
                match x.initial_colour {
                    Some(Colour::White) => s.push_str(" white1"),
                    Some(Colour::Black) => s.push_str(" black1"),
                    None => {}
                }
                if x.rank {
                    s.push_str(" rank");
                }
                s
            }
            TrfLine::PointSystem(v) => {
                let mut s = String::from("XXS");
                for (k, p) in v {
                    s.push_str(&format!(" {k}={}", trim_points(*p)));
                }
                s
            }
            TrfLine::ForbiddenPairs(v) => {
                let mut s = String::from("XXP");
                for n in v {
                    s.push_str(&format!(" {n}"));
                }
                s
            }
            TrfLine::Other(s) => s.clone(),
            record => trf26::write_record(record).unwrap_or_default(),
        }
    }
}

fn trim_points(p: Points) -> String {
    if p.0.is_multiple_of(10) {
        (p.0 / 10).to_string()
    } else {
        p.to_string()
    }
}

impl TrfDocument {
    /// Writes the document: one line per entry, `\n`-terminated.
    pub fn write(&self) -> String {
        let mut s = String::new();
        for l in &self.lines {
            s.push_str(&l.to_line());
            s.push('\n');
        }
        s
    }
}
