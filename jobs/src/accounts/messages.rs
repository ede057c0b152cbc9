//! Every sentence the accounts part of the API shows a person. The ones the spec quotes are
//! word for word; the rest are in
//! Bubba's plain voice and never say whether an account exists.

// Spec texts (quoted word for word).
pub const ACCEPT_TERMS: &str = "You must accept the Terms and Conditions to continue";
pub const ACCEPT_PRIVACY: &str = "You must accept the Privacy Policy to continue";
pub const INVALID_PARENT_EMAIL: &str = "Please enter a valid parent email";
pub const INVALID_EMAIL: &str = "Please enter a valid email address";
pub const PASSWORD_TOO_SHORT: &str = "Password must be at least 8 characters";
pub const LOGIN_TO_ANALYZE: &str = "Please log in to analyze stocks";
pub const ANONYMOUS_TRIAL_USED: &str =
    "You've used all your anonymous analyses. Please sign up to continue.";
pub const DAILY_LIMIT_REACHED: &str =
    "You've reached your daily limit of 25 stock analyses. Please try again tomorrow.";
pub const RESET_MAIL_SENT: &str = "Password reset instructions have been sent to your email.";
pub const RESET_DONE: &str = "You can now log in with your new password.";
pub const BUG_REPORT_SAVED: &str = "Bug report submitted successfully!";
pub const ADMIN_FORBIDDEN: &str = "You do not have permission to access this page.";

// Our own texts, in Bubba's voice.
pub const USERNAME_REQUIRED: &str = "Please enter your email address as your username";
pub const PASSWORD_REQUIRED: &str = "Please enter your password";
pub const PASSWORD_TOO_LONG: &str =
    "That password is longer than 128 characters. Please pick a shorter one.";
pub const LOGIN_FAILED: &str =
    "That email and password don't match our records. Please check them and try again.";
pub const LOGIN_THROTTLED: &str =
    "Too many login attempts. Please wait a few minutes and try again.";
pub const USERNAME_TAKEN: &str = "That email already has an account. Try logging in instead.";
pub const NOT_SIGNED_IN: &str = "Please log in to continue.";
pub const LOGGED_OUT: &str = "You're logged out. Come back anytime.";
pub const RESET_TOKEN_REQUIRED: &str = "Please enter the reset token from your email";
pub const RESET_TOKEN_INVALID: &str =
    "That reset link is invalid, expired or already used. Please ask for a new one.";
pub const SESSION_ID_REQUIRED: &str = "No session ID available";
pub const SESSION_ID_INVALID: &str =
    "That session ID doesn't look right. Please reload the page and try again.";
pub const SYMBOL_REQUIRED: &str = "Please enter a stock symbol";
pub const SYMBOL_INVALID: &str =
    "That doesn't look like a stock ticker. Tickers are up to 10 letters, like AAPL.";
pub const SUBJECT_REQUIRED: &str = "Please give your report a subject";
pub const DESCRIPTION_REQUIRED: &str = "Please tell us what went wrong";
pub const BUG_REPORTS_THROTTLED: &str =
    "That's a lot of reports in a short while. Please wait a bit and try again.";

// Busy and throttled: password hashing, registration and resets under load.
pub const SIGN_IN_UNAVAILABLE: &str =
    "I can't check who's signed in right now. Please try again in a minute.";
pub const PASSWORD_CHECKS_BUSY: &str =
    "We're checking a lot of passwords right now. Please try again in a few seconds.";
pub const REGISTER_THROTTLED: &str =
    "That's a lot of sign-ups from one place. Please wait a few minutes and try again.";
pub const RESET_CONFIRM_THROTTLED: &str =
    "That's a lot of reset attempts. Please wait a few minutes and try again.";
