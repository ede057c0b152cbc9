//! Bubba's one-paragraph comment per question. The tone follows the band (green warm, yellow
//! fair, red blunt but kind); every number is filled in by the code from the answer's
//! figures, never written by hand or guessed. See `VOICE.md`.

use super::{record::Band, score::Vars};

/// What Bubba says when a question has no grade.
const MISSING: &str =
    "The filings don't tell me enough to grade this one, so I won't pretend: {reason}.";

/// The template for question `number` (1-12), comment family `variant` and `band`.
fn template(number: u8, variant: &str, band: Band) -> Option<&'static str> {
    use Band::{Green, Red, Yellow};
    Some(match (number, variant, band) {
        (1, _, Green) => {
            "Sales went from {prev} to {now} in {years} years{span_note}, about {cagr} a year. That's not a lemonade stand, that's a lemonade factory."
        }
        (1, _, Yellow) => {
            "Sales went from {prev} to {now} over {years} years{span_note}, about {cagr} a year. Steady as a porch swing: nothing fancy, nothing broken."
        }
        (1, _, Red) => {
            "Sales went from {prev} to {now} over {years} years{span_note}, {cagr} a year. Flat as my cousin's jokes, or worse. A business has to sell more to grow."
        }
        (2, _, Green) => {
            "Sales {rev_move} while costs {exp_move}{span_note}. When the money coming in outruns the money going out, the porch gets bigger."
        }
        (2, _, Yellow) => {
            "Sales {rev_move} and costs {exp_move}{span_note}: about neck and neck. Nothing wrong with that, nothing to write home about either."
        }
        (2, _, Red) => {
            "Costs {exp_move} while sales {rev_move}{span_note}. When the bills grow faster than the paycheck, something's got to give."
        }
        (3, "turnaround", _) => {
            "They went from {prev_desc} to a profit of {now} in {years} years{span_note}: out of the red and into the black. Good for them! One good year is a start, not a habit yet."
        }
        (3, "loss", _) => {
            "They lost {now_abs} in {to_label}, against {prev_desc} {years} years before{span_note}, {trend}. Losing money is like bailing a boat: fine for a while, but you want to see the leak fixed."
        }
        (3, _, Green) => {
            "Profits went from {prev} to {now} in {years} years{span_note}, about {cagr} a year. That's the kind of garden that feeds the whole family."
        }
        (3, _, Yellow) => {
            "Profits went from {prev} to {now} over {years} years{span_note} ({cagr} a year). Still in the black, just not racing anywhere."
        }
        (3, _, Red) => {
            "Profits went from {prev} to {now} over {years} years{span_note} ({cagr} a year). Still making money, but the faucet's dripping slower."
        }
        (4, "loss", _) => {
            "They lost money in {label}: about {loss_cents} cents on every sales dollar ({margin} net margin). You can't make that up on volume."
        }
        (4, "fat", Green) => {
            "They keep {margin} of every sales dollar as profit ({label}), about {cents} cents on the dollar. That's a fat wallet."
        }
        (4, _, Green) => {
            "They keep {margin} of every sales dollar as profit ({label}), about {cents} cents on the dollar. A healthy wallet, if not a fat one."
        }
        (4, _, Yellow) => {
            "They keep {margin} of sales as profit ({label}). Decent: not fat, not skinny."
        }
        (4, _, Red) => {
            "They keep {margin} of sales as profit ({label}). That's thin soup: one bad winter and the pot's empty."
        }
        (5, "bank", Green) => {
            "For a bank, free cash flow doesn't mean much, so I check how the lending is paid for: loans of {loans} against deposits of {deposits}, {ratio}. Plenty of steady deposits behind every loan."
        }
        (5, "bank", Yellow) => {
            "For a bank, free cash flow doesn't mean much, so I check how the lending is paid for: loans of {loans} against deposits of {deposits}, {ratio}. About what a normal bank does."
        }
        (5, "bank", Red) => {
            "Loans of {loans} against deposits of {deposits}, {ratio}. This bank lends out more than its depositors give it, so it leans on borrowed money that can get expensive fast."
        }
        (5, _, Green) => {
            "After paying for equipment they had {fcf} of free cash in {label}, {margin} of sales. That's money you could put in a coffee can."
        }
        (5, _, Yellow) => {
            "Free cash came to {fcf} in {label}, {margin} of sales. Enough to keep the lights on and a little left for the cookie jar."
        }
        (5, _, Red) => {
            "Free cash was {fcf} in {label} ({margin} of sales). When the equipment eats the paycheck, there's nothing left over for the owners."
        }
        (6, "bank", Green) => {
            "For a bank, cash against debt doesn't mean much (deposits are debts too), so I check the cushion instead: owners' equity is {ratio} of assets{as_of}. That's as thick a cushion as the regulators and the big banks' own books call normal, or thicker."
        }
        (6, "bank", Yellow) => {
            "For a bank, cash against debt doesn't mean much (deposits are debts too), so I check the cushion instead: owners' equity is {ratio} of assets{as_of}. Above the regulators' floor, but thinner than a big bank usually keeps."
        }
        (6, "bank", Red) => {
            "For a bank, cash against debt doesn't mean much, so I check the cushion instead: owners' equity is only {ratio} of assets{as_of}. A bad year of loans would hurt."
        }
        (6, "reit", Green) => {
            "Landlords always borrow, so I compare the debt to the whole pile: debt is {ratio} of debt plus equity{as_of}. Lighter than most."
        }
        (6, "reit", Yellow) => {
            "Landlords always borrow, so I compare the debt to the whole pile: debt is {ratio} of debt plus equity{as_of}. About normal for a landlord."
        }
        (6, "reit", Red) => {
            "Debt is {ratio} of debt plus equity{as_of}. That's a lot of mortgage on the property, even for a landlord."
        }
        (6, "insurer", Green) => {
            "An insurer's cash and investments stand behind its policies, so I look at what it borrowed against what the owners put in: debt is {ratio} of debt plus equity{as_of}. Light borrowing for an insurer."
        }
        (6, "insurer", Yellow) => {
            "An insurer's cash and investments stand behind its policies, so I look at what it borrowed against what the owners put in: debt is {ratio} of debt plus equity{as_of}. About usual for an insurer."
        }
        (6, "insurer", Red) => {
            "Debt is {ratio} of debt plus equity{as_of}. That's heavy borrowing for an insurer, whose money is supposed to be there for the claims."
        }
        (6, "debt_free", _) => {
            "{cash} in cash and short-term investments{as_of} and no debt that I can find in the filings. Nobody's knocking on this door for money."
        }
        (6, _, Green) => {
            "They keep {cash} in cash and short-term investments against {debt} of debt{as_of} ({ratio}). That's a full woodpile for winter."
        }
        (6, _, Yellow) => {
            "They keep {cash} in the drawer against {debt} of debt{as_of} ({ratio}). Manageable, but keep an eye on it."
        }
        (6, _, Red) => {
            "They owe {debt} and keep {cash} in the drawer{as_of}. That's a lot of IOUs for one porch."
        }
        (7, "reit", Green) => {
            "At today's price the business earns {earnings_yield} a year in funds from operations (profit plus depreciation, the landlord's yardstick), against {bond} from a 10-year Treasury. The landlord beats the government's IOU."
        }
        (7, "reit", Yellow) => {
            "At today's price the business earns {earnings_yield} a year in funds from operations (profit plus depreciation, the landlord's yardstick), against {bond} from a 10-year Treasury. About a wash."
        }
        (7, "reit", Red) => {
            "At today's price the business earns {earnings_yield} a year in funds from operations (profit plus depreciation), while a 10-year Treasury pays {bond} with no drama. The bond wins this round."
        }
        (7, "bank", Green) => {
            "At today's price the bank earns {earnings_yield} a year in profits on it, against {bond} from a 10-year Treasury. The bank beats the government's IOU."
        }
        (7, "bank", Yellow) => {
            "At today's price the bank earns {earnings_yield} a year in profits on it, against {bond} from a 10-year Treasury. About a wash."
        }
        (7, "bank", Red) => {
            "At today's price the bank earns {earnings_yield} a year in profits, while a 10-year Treasury pays {bond} with no drama. The bond wins this round."
        }
        (7, _, Green) => {
            "At today's price the business earns {yields}, against {bond} from a 10-year Treasury. {verdict}"
        }
        (7, _, Yellow) => {
            "At today's price the business earns {yields}, against {bond} for a 10-year Treasury. {verdict}"
        }
        (7, _, Red) => {
            "At today's price you'd get {yields}, while a 10-year Treasury pays {bond} with no drama. {verdict}"
        }
        (8, "loss", _) => {
            "They're losing money ({forward_earnings} over the last year), so I don't project any growth: that's a {forward_yield} return on today's price against the Treasury's {bond}."
        }
        (8, "no_trend", _) => {
            "I don't have enough years of results to see a trend, so I assume profits hold flat at {forward_earnings}: a {forward_yield} return on today's price against the Treasury's {bond}. A guess, not a promise."
        }
        (8, _, Green) => {
            "If profits keep growing like the company's own trend ({growth} a year, held to a sensible limit), next year's earnings would be about {forward_earnings}: a {forward_yield} return on today's price against {bond} for the Treasury. That's a projection, not a promise."
        }
        (8, _, Yellow) => {
            "Projecting the company's own trend ({growth} a year), next year's earnings come to about {forward_earnings}, a {forward_yield} return on today's price, close to the Treasury's {bond}. A projection, not a promise."
        }
        (8, _, Red) => {
            "Even projecting the company's own trend ({growth} a year), next year's earnings of about {forward_earnings} would be a {forward_yield} return on today's price, below the Treasury's {bond}. You're paying for a lot of future."
        }
        (9, _, Green) => {
            "Today's {ratio_name} is {ratio}, near the low end of its 3-year range ({ratio_min} to {ratio_max}); across {count} yardsticks it sits at {position} of its range. Like buying a mower in November."
        }
        (9, _, Yellow) => {
            "Today's {ratio_name} is {ratio}, in the middle of its 3-year range ({ratio_min} to {ratio_max}); across {count} yardsticks it sits at {position}. Not the bargain bin, not the fancy aisle."
        }
        (9, _, Red) => {
            "Today's {ratio_name} is {ratio}, near the top of its 3-year range ({ratio_min} to {ratio_max}); across {count} yardsticks it sits at {position}. You'd be paying more than usual for the same business."
        }
        (10, _, Green) => {
            "The diluted share count went from {prev} to {now} in {years} years ({cagr} a year). Fewer slices, so each one gets bigger."
        }
        (10, _, Yellow) => {
            "The share count went from {prev} to {now} in {years} years ({cagr} a year). A little extra slicing, nothing alarming."
        }
        (10, _, Red) => {
            "The share count went from {prev} to {now} in {years} years ({cagr} a year). Every new share cuts your slice of the pie thinner."
        }
        (11, "estimate", Green) => {
            "By my estimate (the {float} public float on the 10-K cover on {float_date}, against {market_cap} of market value that day), insiders own about {insiders}. When the cook eats his own cooking, that's a good sign."
        }
        (11, "estimate", Yellow) => {
            "By my estimate (the {float} public float on the 10-K cover on {float_date}, against {market_cap} of market value that day), insiders own about {insiders}. Some skin in the game."
        }
        (11, "estimate", Red) => {
            "By my estimate (the {float} public float on the 10-K cover on {float_date}, against {market_cap} of market value that day), insiders own about {insiders}. Not much of their own money on the table."
        }
        (11, _, Green) => {
            "Insiders own {insiders}, institutions {institutions}, and everybody else {retail}. When the cook eats his own cooking, that's a good sign."
        }
        (11, _, Yellow) => {
            "Insiders own {insiders}, institutions {institutions}, and everybody else {retail}. Management has some skin in the game, not a lot."
        }
        (11, _, Red) => {
            "Insiders own just {insiders}; institutions hold {institutions} and everybody else {retail}. The folks running the place don't have much of their own money on the table."
        }
        (12, "low", Green) => {
            "Only {short} of the shares{as_of} are bet against. Hardly anybody's rooting for a leak."
        }
        (12, _, Green) => {
            "{short} of the shares{as_of} are bet against: under the 5% mark where doubts get loud, but not nothing. A few folks are watching for a leak."
        }
        (12, _, Yellow) => {
            "{short} of the shares{as_of} are bet against. Some folks have doubts; worth knowing why."
        }
        (12, _, Red) => {
            "{short} of the shares{as_of} are bet against. Somebody thinks this roof leaks."
        }
        _ => return None,
    })
}

/// Bubba's comment for question `number`. `score` is the rounded grade (`None` = not
/// enough data); numbers come from `vars` only.
pub fn comment(number: u8, score: Option<u8>, variant: &str, vars: &Vars) -> String {
    let text = match score {
        None if number == 5 && variant == "bank" => {
            "For a bank, cash moving in and out is the whole business, so 'free cash flow' doesn't tell you much. I'm leaving this one ungraded rather than pretend."
        }
        None => MISSING,
        Some(score) => template(number, variant, Band::of_question(score))
            .or_else(|| template(number, "", Band::of_question(score)))
            .unwrap_or(MISSING),
    };
    fill(text, vars)
}

/// Replaces `{name}` with `vars[name]`; an unknown name becomes "N/A" rather than leaking a
/// placeholder onto the page.
pub fn fill(template: &str, vars: &Vars) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let name = &rest[open + 1..open + close];
        out.push_str(vars.get(name).map_or("N/A", String::as_str));
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_come_from_vars() {
        let vars = Vars::from([("short", "12.0%".to_string())]);
        assert_eq!(
            comment(12, Some(2), "", &vars),
            "12.0% of the shares are bet against. Somebody thinks this roof leaks."
        );
        assert_eq!(fill("{missing} here", &vars), "N/A here");
        let reason = Vars::from([("reason", "no float".to_string())]);
        assert!(comment(12, None, "", &reason).ends_with("so I won't pretend: no float."));
    }

    #[test]
    fn every_question_has_all_three_bands() {
        for number in 1..=12u8 {
            for band in [Band::Green, Band::Yellow, Band::Red] {
                assert!(template(number, "", band).is_some(), "Q{number} {band:?}");
            }
        }
    }
}
