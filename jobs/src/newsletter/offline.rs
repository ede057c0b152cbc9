//! The offline writer: a real newsletter assembled from the stored records and Bubba's lines,
//! with no language model. Every figure in it is one the record already holds (the answers'
//! comments, scores and provenance); the writer only chooses, orders and frames them.
//!
//! How the settings show:
//! - length: answers are added round-robin across the stocks, in the template's order, until
//!   the piece reaches the length's word target (200 words a minute; every stock gets at least
//!   one answer), and long pieces add what to keep an eye on;
//! - reader level: beginners get each question's explainer ('What the heck is this?'),
//!   advanced readers the metric and the filing behind the first figure;
//! - attitude: the opening, the lead of each stock and answer, and the sign-off;
//! - format: headed sections, or one bulleted brief per stock.

use super::{
    ChartLink, Newsletter, Writer, custom,
    request::{Brief, Format, Length, NewsletterRequest, ReaderLevel},
    templates::Focus,
    voice,
};
use crate::{
    analysis::{
        AnalysisRecord, QuestionResult,
        format::{money, scaled},
        record::{Band, TITLES},
    },
    assistant::topics::{Topic, topics_of},
};

/// Writes the newsletter for `records` (in the order chosen).
pub fn write(
    records: &[AnalysisRecord],
    request: &NewsletterRequest,
    charts: &[ChartLink],
) -> Newsletter {
    let settings = request.settings;
    let template = request.brief.template();
    let title = title(records, request);
    // A custom prompt leads with the questions its topics and its reader name, then the
    // round-up's order.
    let ask = match &request.brief {
        Brief::Custom(prompt) => custom::read(prompt),
        Brief::Template(_) => custom::Ask::default(),
    };
    let (focus, first) = match (&request.brief, template.focus) {
        (Brief::Custom(prompt), _) => (Focus::Balanced, custom_questions(prompt, &ask)),
        (Brief::Template(_), Focus::Questions(first)) => (Focus::Balanced, first.to_vec()),
        (Brief::Template(_), focus) => (focus, Vec::new()),
    };
    let mut blocks: Vec<StockBlock> = records
        .iter()
        .map(|r| StockBlock::new(r, request, charts, telling_order(r, focus, &first)))
        .collect();
    // Answers go in round-robin until the piece is long enough.
    let fixed: usize = blocks.iter().map(StockBlock::fixed_words).sum::<usize>() + 120;
    let target = settings.length.target_words();
    let mut words = fixed;
    let mut round = 0;
    loop {
        let mut added = false;
        for block in &mut blocks {
            if round > 0 && words >= target {
                break;
            }
            if let Some(count) = block.take_answer() {
                words += count;
                added = true;
            }
        }
        round += 1;
        if !added || words >= target {
            break;
        }
    }
    let long = settings.length == Length::Long;
    let mut out = format!("# {title}\n\n");
    let names = names_in_words(records);
    out.push_str(&voice::opening(settings.analyst_attitude, &names));
    out.push_str("\n\n");
    if let Brief::Custom(prompt) = &request.brief {
        if let Some(note) = custom_note(prompt, &ask) {
            out.push_str(&note);
            out.push_str("\n\n");
        }
        for line in custom::framing(&ask) {
            out.push_str(&line);
            out.push_str("\n\n");
        }
        if ask.compare && records.len() >= 2 {
            out.push_str(&custom::side_by_side(records, &first, settings.format));
        }
    }
    for block in &blocks {
        out.push_str(&block.render(long));
    }
    if long {
        out.push_str(voice::scoring_primer(settings.format));
        out.push_str("\n\n");
    }
    match settings.format {
        Format::Sections => out.push_str("## Bubba's bottom line\n\n"),
        Format::Bullets => out.push_str("**Bubba's bottom line**\n\n"),
    }
    out.push_str(voice::sign_off(settings.analyst_attitude));
    out.push('\n');
    Newsletter {
        title,
        content: out,
        chart_urls: charts.iter().map(|c| c.url.clone()).collect(),
        writer: Writer::Offline,
        notice: None,
    }
}

/// The title: the template's (or 'Bubba's Porch Report'), then the symbols.
pub fn title(records: &[AnalysisRecord], request: &NewsletterRequest) -> String {
    let head = match &request.brief {
        Brief::Template(_) => request.brief.template().title,
        Brief::Custom(_) => "Bubba's Porch Report",
    };
    let compared = matches!(&request.brief, Brief::Custom(prompt) if custom::read(prompt).compare);
    let symbols: Vec<&str> = records.iter().map(|r| r.symbol.as_str()).collect();
    let list = if symbols.len() > 4 {
        format!("{} and friends", symbols[..3].join(", "))
    } else if compared {
        symbols.join(" vs ")
    } else {
        symbols.join(", ")
    };
    format!("{head}: {list}")
}

/// The question numbers a custom prompt's topics point to, in the order it names them, then
/// the ones its reader cares about most; dividends point to free cash flow, what they are
/// paid from.
fn custom_questions(prompt: &str, ask: &custom::Ask) -> Vec<u8> {
    let mut numbers = Vec::new();
    for topic in topics_of(&custom::topic_text(prompt)) {
        numbers.extend_from_slice(topic_questions(topic));
    }
    if ask.dividends {
        numbers.push(5);
    }
    numbers.extend(ask.reader.map_or(&[][..], custom::Reader::questions));
    let mut seen = std::collections::HashSet::new();
    numbers.retain(|n| seen.insert(*n));
    numbers
}

fn topic_questions(topic: Topic) -> &'static [u8] {
    match topic {
        Topic::Sales => &[1, 2],
        Topic::Earnings => &[3, 4],
        Topic::CashFlow => &[5],
        Topic::Debt => &[6],
        Topic::Bond => &[7, 8],
        Topic::Valuation => &[9],
        Topic::Dilution => &[10],
        Topic::Ownership => &[11],
        Topic::ShortInterest => &[12],
        Topic::Score | Topic::Notes => &[],
    }
}

/// What Bubba says about a custom prompt he can only answer from the records (nothing when
/// it names no topic but asks for something the framing answers: a reader, a comparison).
fn custom_note(prompt: &str, ask: &custom::Ask) -> Option<String> {
    let topics: Vec<&str> = topics_of(&custom::topic_text(prompt))
        .into_iter()
        .filter_map(|t| match t {
            Topic::Sales => Some("sales"),
            Topic::Earnings => Some("profits"),
            Topic::CashFlow => Some("cash flow"),
            Topic::Debt => Some("cash and debt"),
            Topic::Bond => Some("how they stack up against a government bond"),
            Topic::Valuation => Some("the price tag"),
            Topic::Dilution => Some("the share count"),
            Topic::Ownership => Some("who owns the shares"),
            Topic::ShortInterest => Some("the short sellers"),
            Topic::Score | Topic::Notes => None,
        })
        .collect();
    if topics.is_empty() && *ask != custom::Ask::default() {
        None
    } else if topics.is_empty() {
        Some(
            "You asked me something my porch notes can't answer word for word, so here's the \
             straight round-up from the filings."
                .into(),
        )
    } else {
        Some(format!(
            "You asked about {}, so that's where each stock starts.",
            join_words(&topics)
        ))
    }
}

/// `A`, `A and B`, `A, B and C`.
fn join_words(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn names_in_words(records: &[AnalysisRecord]) -> String {
    let names: Vec<String> = records
        .iter()
        .map(|r| format!("{} ({})", r.company_name, r.symbol))
        .collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    join_words(&refs)
}

/// One stock's part of the piece: its heading, charts and lead, and the answers chosen so far.
struct StockBlock<'a> {
    record: &'a AnalysisRecord,
    request: &'a NewsletterRequest,
    charts: Vec<&'a ChartLink>,
    /// Answers in telling order; `taken` of them are in the piece.
    answers: Vec<&'a QuestionResult>,
    taken: usize,
}

impl<'a> StockBlock<'a> {
    fn new(
        record: &'a AnalysisRecord,
        request: &'a NewsletterRequest,
        charts: &'a [ChartLink],
        answers: Vec<&'a QuestionResult>,
    ) -> Self {
        let charts = charts
            .iter()
            .filter(|c| c.symbol == record.symbol)
            .collect();
        StockBlock {
            record,
            request,
            charts,
            answers,
            taken: 0,
        }
    }

    fn fixed_words(&self) -> usize {
        words(&self.head())
    }

    /// Adds the next answer; its word count, or `None` when all are in.
    fn take_answer(&mut self) -> Option<usize> {
        let next = self.answers.get(self.taken)?;
        self.taken += 1;
        Some(words(&self.answer(next, self.taken - 1)))
    }

    fn head(&self) -> String {
        let r = self.record;
        let attitude = self.request.settings.analyst_attitude;
        let mut out = match self.request.settings.format {
            Format::Sections => format!(
                "## {} ({}): {} out of 100\n\n",
                r.company_name, r.symbol, r.score
            ),
            Format::Bullets => format!(
                "**{} ({}): {} out of 100**\n\n",
                r.company_name, r.symbol, r.score
            ),
        };
        for chart in &self.charts {
            out.push_str(&format!("![{}]({})\n", chart.alt, chart.url));
        }
        if !self.charts.is_empty() {
            out.push('\n');
        }
        out.push_str(voice::stock_lead(attitude, r.band));
        if r.provisional {
            out.push_str(&format!(
                " Heads up: this score is provisional, {} ({}).",
                r.score_basis,
                r.provisional_reason
                    .as_deref()
                    .unwrap_or("the filings are thin")
            ));
        }
        out.push_str("\n\n");
        out
    }

    fn answer(&self, q: &QuestionResult, turn: usize) -> String {
        let settings = self.request.settings;
        let long = settings.length == Length::Long;
        let heading = TITLES
            .get(usize::from(q.number.saturating_sub(1)))
            .copied()
            .unwrap_or(q.title.as_str());
        let grade = q
            .score
            .map_or_else(|| "not enough data".to_string(), |s| format!("{s}/10"));
        let lead = voice::answer_lead(settings.analyst_attitude, q.band, turn);
        let comment = if lead.is_empty() {
            q.comment.clone()
        } else {
            format!("{lead} {}", q.comment)
        };
        let mut out = match settings.format {
            Format::Sections => format!("**{heading} ({grade}).** {comment}\n"),
            Format::Bullets => format!("- {heading} ({grade}): {comment}\n"),
        };
        let indent = match settings.format {
            Format::Sections => "",
            Format::Bullets => "  - ",
        };
        match settings.reader_level {
            ReaderLevel::Beginner => {
                out.push_str(&format!(
                    "{indent}*What the heck is this?* {}\n",
                    q.explainer
                ));
            }
            ReaderLevel::Advanced => {
                if let Some(line) = figure_line(q, if long { 3 } else { 1 }) {
                    out.push_str(&format!("{indent}{line}\n"));
                }
            }
            // A long piece has room to say why each question matters.
            ReaderLevel::Intermediate if long => {
                out.push_str(&format!("{indent}*Why it matters:* {}\n", q.explainer));
            }
            ReaderLevel::Intermediate => {}
        }
        if settings.format == Format::Sections {
            out.push('\n');
        }
        out
    }

    fn render(&self, long: bool) -> String {
        let mut out = self.head();
        for (turn, q) in self.answers.iter().take(self.taken).enumerate() {
            out.push_str(&self.answer(q, turn));
        }
        if self.request.settings.format == Format::Bullets {
            out.push('\n');
        }
        if long && let Some(line) = market_line(self.record) {
            out.push_str(&line);
            out.push_str("\n\n");
        }
        if long {
            let weak: Vec<&str> = self
                .answers
                .iter()
                .filter(|q| q.band == Some(Band::Red))
                .map(|q| q.title.as_str())
                .collect();
            if !weak.is_empty() {
                let lead = voice::watch_lead(self.request.settings.analyst_attitude);
                out.push_str(&format!("{lead} {}.\n\n", join_words(&weak)));
            }
        }
        out
    }
}

/// The porch math of a long piece: what $1000 became, and where the price has been.
fn market_line(r: &AnalysisRecord) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(worth) = r.investment1000.filter(|v| v.is_finite()) {
        parts.push(format!(
            "If you'd put $1000 into {} three years ago, it would be worth about {} today.",
            r.symbol,
            money(worth)
        ));
    }
    if let Some(p) = &r.price_range {
        parts.push(format!(
            "The share price has run from {} (on {}) to {} (on {}), and it was {} on {}.",
            money(p.min),
            p.min_date,
            money(p.max),
            p.max_date,
            money(p.today),
            p.today_date
        ));
    }
    (!parts.is_empty()).then(|| format!("*The porch math:* {}", parts.join(" ")))
}

/// The metric and the filings behind the answer's first `sources` figures, for advanced
/// readers.
fn figure_line(q: &QuestionResult, sources: usize) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(metric) = q.metric.filter(|m| m.is_finite()) {
        parts.push(format!("{}: {metric:.1}.", q.metric_name));
    }
    for p in q.provenance.iter().take(sources) {
        let f = &p.figure;
        let value = match f.unit.as_str() {
            "USD" => format!(" {}", money(f.value)),
            "shares" => format!(" {} shares", scaled(f.value, 1)),
            _ => String::new(),
        };
        parts.push(format!(
            "Source: {}{value}, {} filed {} (accession {}).",
            p.label, f.form, f.filed, f.accn
        ));
    }
    (!parts.is_empty()).then(|| format!("*The figure:* {}", parts.join(" ")))
}

/// The record's answers in the order they are told: the questions in `first` (that have a
/// grade), then the other graded ones as the focus orders them, then (so a long piece says
/// what the filings left out) the ones without a grade.
fn telling_order<'a>(
    record: &'a AnalysisRecord,
    focus: Focus,
    first: &[u8],
) -> Vec<&'a QuestionResult> {
    let mut graded: Vec<&QuestionResult> = record
        .questions
        .iter()
        .filter(|q| q.score.is_some())
        .collect();
    // Highest score first; ties in question order.
    graded.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));
    let mut ordered: Vec<&QuestionResult> = Vec::new();
    for n in first {
        if let Some(q) = graded.iter().find(|q| q.number == *n)
            && !ordered.iter().any(|o| o.number == *n)
        {
            ordered.push(q);
        }
    }
    graded.retain(|q| !ordered.iter().any(|o| o.number == q.number));
    ordered.extend(match focus {
        Focus::Strongest => graded,
        Focus::Weakest => graded.into_iter().rev().collect(),
        Focus::Balanced | Focus::Questions(_) => alternate(graded),
    });
    ordered.extend(record.questions.iter().filter(|q| q.score.is_none()));
    ordered
}

/// Best, worst, second best, second worst, ...
fn alternate(sorted_desc: Vec<&QuestionResult>) -> Vec<&QuestionResult> {
    let mut out = Vec::with_capacity(sorted_desc.len());
    let (mut lo, mut hi) = (0usize, sorted_desc.len());
    while lo < hi {
        out.push(sorted_desc[lo]);
        lo += 1;
        if lo < hi {
            hi -= 1;
            out.push(sorted_desc[hi]);
        }
    }
    out
}

/// Words as a reader counts them.
pub fn words(text: &str) -> usize {
    text.split_whitespace().count()
}
