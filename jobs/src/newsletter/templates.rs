//! The quick templates (`GET /api/admin/newsletter-templates`: `{id, title}` per the
//! spec). Each one is a brief a language model gets, and for the offline writer an order in
//! which the 12 questions are worth telling.

use serde::Serialize;

/// Which questions a template tells first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    /// Best and worst news alternately: the round-up.
    Balanced,
    /// The lowest scores first.
    Weakest,
    /// The highest scores first.
    Strongest,
    /// These question numbers first, then the rest balanced.
    Questions(&'static [u8]),
}

/// A quick template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Template {
    pub id: &'static str,
    pub title: &'static str,
    /// What the piece is for, in the words a language model gets.
    pub brief: &'static str,
    pub focus: Focus,
}

/// A template as the page lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct TemplateOut {
    pub id: String,
    pub title: String,
}

/// Every quick template; the first is the default shape of a custom prompt.
pub const TEMPLATES: &[Template] = &[
    Template {
        id: "weekly-roundup",
        title: "Weekly Porch Round-Up",
        brief: "A weekly round-up of these stocks: for each one, the overall score, the best \
                and the worst of its 12 answers, and what that means for an ordinary investor.",
        focus: Focus::Balanced,
    },
    Template {
        id: "red-flags",
        title: "Red Flags and Leaky Roofs",
        brief: "Where these companies are weakest: lead with their lowest-scored questions and \
                explain plainly what could go wrong, without telling anyone to sell.",
        focus: Focus::Weakest,
    },
    Template {
        id: "bright-spots",
        title: "Bright Spots on Main Street",
        brief: "What these companies do best: lead with their highest-scored questions and \
                explain why those matter, without telling anyone to buy.",
        focus: Focus::Strongest,
    },
    Template {
        id: "price-check",
        title: "Is It Worth the Price Tag?",
        brief: "Whether these stocks look expensive: the price ratios, what the business earns \
                compared with a government bond, and what the company's own trend says about \
                future returns.",
        focus: Focus::Questions(&[9, 7, 8]),
    },
    Template {
        id: "kick-the-tires",
        title: "Kicking the Tires: Cash, Debt and Dilution",
        brief: "The balance sheets: cash against debt, free cash flow, and whether the share \
                count is growing (dilution) or shrinking (buybacks).",
        focus: Focus::Questions(&[6, 5, 10]),
    },
];

/// The template with `id`.
pub fn find(id: &str) -> Option<&'static Template> {
    TEMPLATES.iter().find(|t| t.id == id.trim())
}

/// The round-up: the shape a custom prompt is written in.
pub fn default_template() -> &'static Template {
    &TEMPLATES[0]
}

/// The list the page shows.
pub fn list() -> Vec<TemplateOut> {
    TEMPLATES
        .iter()
        .map(|t| TemplateOut {
            id: t.id.into(),
            title: t.title.into(),
        })
        .collect()
}
