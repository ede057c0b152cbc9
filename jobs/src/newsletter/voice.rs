//! Bubba's newsletter lines per analyst attitude (VOICE.md): the opening, a lead for each stock
//! by its score band, a short lead-in before each answer by its band, and the sign-off. None of
//! them carries a figure: the figures come from the records, filled in by the writer.

use super::request::{Attitude, Format};
use crate::analysis::record::Band;

/// The opening paragraph; `names` lists the companies in words.
pub fn opening(attitude: Attitude, names: &str) -> String {
    match attitude {
        Attitude::Respectful => format!(
            "Pull up a chair. I read the filings of {names} so you don't have to, and here's \
             what the numbers say, plain and fair."
        ),
        Attitude::Skeptical => format!(
            "Pull up a chair, and keep one hand on your wallet. I went through the filings of \
             {names}, and I'm not taking anybody's word for anything: only the numbers get a vote."
        ),
        Attitude::Roast => format!(
            "Pull up a chair and pour the sweet tea: it's roast night on the porch. I read the \
             filings of {names}, and no balance sheet leaves here without a ribbing. The people \
             who work there are fine folks; it's the numbers I'm teasing."
        ),
    }
}

/// The line under a stock's heading, by its overall band.
pub fn stock_lead(attitude: Attitude, band: Band) -> &'static str {
    use Attitude::{Respectful, Roast, Skeptical};
    use Band::{Green, Red, Yellow};
    match (attitude, band) {
        (Respectful, Green) => "A sturdy outfit by my count. Here's what's holding the roof up.",
        (Respectful, Yellow) => {
            "A mixed bag, fair and square: some good boards, and some that creak."
        }
        (Respectful, Red) => "This one has work to do, and I'll say so kindly.",
        (Skeptical, Green) => {
            "The score looks good. Good scores make me ask harder questions, not fewer."
        }
        (Skeptical, Yellow) => {
            "Middle of the road. The question is which way it's heading, and I want proof."
        }
        (Skeptical, Red) => {
            "The numbers aren't making a strong case, and I won't argue it for them."
        }
        (Roast, Green) => {
            "Fine, I'll admit it: this one's in good shape. Don't let it go to its head."
        }
        (Roast, Yellow) => {
            "Like my brother-in-law's truck: it runs most days, and makes a noise you'd rather not hear."
        }
        (Roast, Red) => "Bless its heart. This one needs more than a fresh coat of paint.",
    }
}

/// The few words before an answer, by the answer's band; `turn` rotates between two so a
/// stock's answers don't all start alike.
pub fn answer_lead(attitude: Attitude, band: Option<Band>, turn: usize) -> &'static str {
    use Attitude::{Respectful, Roast, Skeptical};
    use Band::{Green, Red, Yellow};
    let pair: [&str; 2] = match (attitude, band) {
        (_, None) => ["", ""],
        (Respectful, Some(Green)) => ["Credit where it's due.", "Good news here."],
        (Respectful, Some(Yellow)) => ["Fair enough.", "Middling, and that's alright."],
        (Respectful, Some(Red)) => ["Room to improve here.", "This part needs some care."],
        (Skeptical, Some(Green)) => ["Looks good on paper.", "I checked twice, and it holds up."],
        (Skeptical, Some(Yellow)) => [
            "Not bad, not proof of anything.",
            "So-so, and I'm watching it.",
        ],
        (Skeptical, Some(Red)) => [
            "Here's what worries me.",
            "This is the crack in the foundation.",
        ],
        (Roast, Some(Green)) => [
            "Even I can't poke a hole in this one.",
            "Well, look at you.",
        ],
        (Roast, Some(Yellow)) => ["Meh.", "About as exciting as watching paint dry."],
        (Roast, Some(Red)) => ["Oof.", "Somebody call a handyman."],
    };
    pair[turn % 2]
}

/// What Bubba would keep an eye on, before the weakest answers' titles.
pub fn watch_lead(attitude: Attitude) -> &'static str {
    match attitude {
        Attitude::Respectful => "What I'd keep an eye on:",
        Attitude::Skeptical => "What I'd want answered before I believed the story:",
        Attitude::Roast => "Where I'd check for termites:",
    }
}

/// The closing paragraph, always with the not-financial-advice line in Bubba's words.
pub fn sign_off(attitude: Attitude) -> &'static str {
    match attitude {
        Attitude::Respectful => {
            "That's the porch report. Every company here has its strengths and its chores. \
             I'm a guy on a porch, not your financial adviser: this is for educational purposes \
             only, not financial advice. Read the filings and make your own call."
        }
        Attitude::Skeptical => {
            "That's the porch report. Trust the filings, not the hype, and not me either: I'm a \
             guy on a porch, not your financial adviser. Educational purposes only, not \
             financial advice."
        }
        Attitude::Roast => {
            "That's the roast. No company was harmed in the making of this newsletter, only a few \
             balance sheets' feelings. I'm a guy on a porch, not your financial adviser: this is \
             for educational purposes only, not financial advice."
        }
    }
}

/// How Bubba scores, for the end of a long piece (no figures: the scale is the method's).
pub fn scoring_primer(format: Format) -> &'static str {
    match format {
        Format::Sections => {
            "## How I keep score\n\n\
             Every company gets the same twelve questions, the kind you'd ask before lending \
             your brother-in-law money: are sales growing, do they outrun the costs, is there \
             profit left at the end, does real cash come in the door, how much do they owe, \
             would a plain government bond pay you better, how pricey is the stock against its \
             own history, are they printing new shares, who owns the place, and are short \
             sellers betting against it. Each answer gets a grade from 0 to 10, straight from \
             the company's own filings with the SEC, and the overall score is out of 100. When \
             the filings don't say enough, I leave the question ungraded rather than guess, and \
             the score is taken over the questions I could answer. Green means sturdy, yellow \
             means mixed, red means shaky boards. A score is a flashlight, not a crystal ball: \
             it shows you where to look, it doesn't tell you what happens next."
        }
        Format::Bullets => {
            "**How I keep score**\n\n\
             - The same twelve questions for every company, graded 0 to 10 from its SEC filings.\n\
             - Sales, costs, profit, cash, debt, the bond, the price tag, new shares, owners and \
             short sellers.\n\
             - The overall score is out of 100; a question the filings can't answer stays \
             ungraded instead of guessed.\n\
             - Green is sturdy, yellow is mixed, red is shaky boards. A flashlight, not a crystal ball."
        }
    }
}
