//! The 'What the heck is this?' explainers: what each question asks, why an everyday investor
//! should care, how to read the chart, and what good and bad look like. Three to five
//! sentences each, in Bubba's voice (`VOICE.md`).

/// The explainer for question `number` (1-12); empty for anything else.
pub fn explainer(number: u8) -> &'static str {
    match number {
        1 => {
            "This asks whether the company is selling more than it used to. Revenue is all the money customers paid for its stuff, before any bills. The bars show each year's sales and the line shows how much they grew over the year before. Sales growing 20% a year is terrific; sales shrinking year after year is a store with fewer customers walking in."
        }
        2 => {
            "This checks whether sales are growing faster than the costs of running the place. Expenses are everything the company spends to make and sell its products. The chart puts sales and costs side by side, each with its growth rate. Good looks like sales outrunning costs; bad looks like the bills growing faster than the paycheck."
        }
        3 => {
            "Earnings, or net income, are what's left after every bill and the taxman are paid. It's the money that belongs to the owners, which is you if you own a share. The bars show each year's profit (or loss) and its growth. Steady profits growing 15% a year are a great sign; losses that keep getting bigger are a red flag."
        }
        4 => {
            "A margin is how many cents of each sales dollar the company keeps. Gross margin is what's left after the cost of making the product; net margin is what's left after everything. The chart shows both for each year. Keeping 20 cents or more of every dollar is excellent; a margin near zero means one bad year can sink the boat."
        }
        5 => {
            "Free cash flow is the cash the business brings in from operations minus what it spends on buildings and equipment. Profits can be dressed up with accounting; cash is harder to fake. The chart shows operating cash, capital spending (as a negative) and what's left over, which is the free part. Lots of free cash is what pays dividends and buybacks; negative free cash means the company needs outside money to keep going."
        }
        6 => {
            "This compares the cash a company keeps on hand with the money it owes. Cash and short-term investments can pay bills tomorrow; debt has to be paid back with interest. The chart shows both at each year end. Having more cash than debt is a full woodpile for winter; a pile of debt with little cash is trouble if business slows. For banks I look at the owners' equity cushion, and for landlords (REITs) at debt against debt plus equity, because borrowing is part of their business."
        }
        7 => {
            "This asks what the business earns on the price you'd pay for it, compared with a safe 10-year US Treasury bond. The earnings return is a year's profit divided by the company's market value, and the cash return does the same with free cash flow. The chart shows both next to the Treasury rate. If the company earns several points more than the bond, you're being paid for the extra risk; if the bond pays more, why take the risk?"
        }
        8 => {
            "This looks one year ahead: if profits keep growing the way they have (the company's own trend, held to a sensible limit), what would next year's earnings return be on today's price? It's then compared with the 10-year Treasury. The chart shows the projected return next to the Treasury rate. It's a projection, not a promise: trends bend, and I'm a guy on a porch, not your financial adviser."
        }
        9 => {
            "This asks whether the stock is cheap or pricey compared with its own last three years. I use four yardsticks: price to earnings (P/E), price to sales (P/S), price to book value (P/B) and price to free cash flow (P/FCF). The chart shows each yardstick's 3-year low, high and today. Today near the lows is like buying a mower in November; near the highs, you're paying peak season prices."
        }
        10 => {
            "Share dilution is when a company issues more shares, so each share owns a smaller piece of the business. Buybacks do the opposite and make your slice bigger. The chart shows the diluted share count each year and how much it changed. Shrinking by a few percent a year is owner-friendly; growing by 10% a year means your pie keeps getting cut into thinner slices."
        }
        11 => {
            "This shows who owns the company: insiders (the people running it), big institutions like funds and pension plans, and everybody else. Insiders with their own money in the stock tend to care how it does. The chart splits the ownership into those groups. When holders data is missing, I estimate the insider share from the 10-K cover page, and I say so."
        }
        12 => {
            "Short sellers borrow shares and sell them, betting the price will fall. Short interest is how many shares are sold short as a percent of the shares that trade freely. The chart marks 1% (low), 5% (high) and 10% (crazy). Under 1% means hardly anyone is betting against it; 10% or more means a lot of folks think something's wrong, and you'd want to know why."
        }
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_explainer_has_three_to_five_sentences() {
        for number in 1..=12 {
            let text = explainer(number);
            let sentences = text.matches(". ").count()
                + usize::from(text.ends_with('.') || text.ends_with('?'));
            assert!(
                (3..=5).contains(&sentences),
                "Q{number} has {sentences} sentences"
            );
        }
        assert_eq!(explainer(13), "");
    }
}
