//! Input newtypes. Each `parse()` answers the exact text a person sees when the value is not
//! acceptable, so handlers never invent their own wording.

use super::{Invalid, messages};

/// Longest e-mail address (RFC 5321 path limit).
pub const MAX_EMAIL: usize = 254;
/// Longest password accepted; argon2 would hash more, but nobody types more than this and an
/// upper bound keeps a huge "password" from costing us anything.
pub const MAX_PASSWORD: usize = 128;
/// Shortest password (spec: 'Password must be at least 8 characters').
pub const MIN_PASSWORD: usize = 8;
/// Longest optional profile text (parent and child names, signature).
pub const MAX_PROFILE_TEXT: usize = 200;
/// Longest bug-report subject and description.
pub const MAX_SUBJECT: usize = 200;
pub const MAX_DESCRIPTION: usize = 5000;
/// Longest anonymous session id the browser may send.
pub const MAX_SESSION_ID: usize = 128;

/// A sign-in name: an e-mail address, stored lowercased.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    pub fn parse(raw: Option<&str>) -> Result<Self, Invalid> {
        let raw = raw.map(str::trim).unwrap_or_default();
        if raw.is_empty() {
            return Err(Invalid::new(messages::USERNAME_REQUIRED));
        }
        let email = Email::parse(Some(raw), messages::INVALID_EMAIL)?;
        Ok(Username(email.0.to_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A syntactically valid e-mail address (trimmed; letters keep their case).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    /// Parses `raw`; `message` is the text for a missing or malformed address (the spec
    /// words it differently for the reset form and the parent's address).
    pub fn parse(raw: Option<&str>, message: &str) -> Result<Self, Invalid> {
        let raw = raw.map(str::trim).unwrap_or_default();
        if is_email(raw) {
            Ok(Email(raw.to_string()))
        } else {
            Err(Invalid::new(message))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

/// A plain, conservative check: `local@domain.tld` in ASCII, no spaces or quotes around,
/// the lengths of RFC 5321. Anything we accept can be put in an SMTP envelope as is.
fn is_email(s: &str) -> bool {
    if s.len() > MAX_EMAIL {
        return false;
    }
    let Some((local, domain)) = s.rsplit_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && domain_ok
}

/// A new or presented password: 8 to 128 characters, taken exactly as typed.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

impl Password {
    /// A new password (registration, reset): the length rules apply.
    pub fn parse(raw: Option<&str>) -> Result<Self, Invalid> {
        let raw = raw.unwrap_or_default();
        if raw.is_empty() {
            return Err(Invalid::new(messages::PASSWORD_REQUIRED));
        }
        let chars = raw.chars().count();
        if chars < MIN_PASSWORD {
            return Err(Invalid::new(messages::PASSWORD_TOO_SHORT));
        }
        if chars > MAX_PASSWORD {
            return Err(Invalid::new(messages::PASSWORD_TOO_LONG));
        }
        Ok(Password(raw.to_string()))
    }

    /// A password typed at login: only required and bounded, so an account made under older
    /// rules can still sign in and a huge value costs nothing.
    pub fn parse_login(raw: Option<&str>) -> Result<Self, Invalid> {
        let raw = raw.unwrap_or_default();
        if raw.is_empty() {
            return Err(Invalid::new(messages::PASSWORD_REQUIRED));
        }
        if raw.chars().count() > MAX_PASSWORD {
            return Err(Invalid::new(messages::LOGIN_FAILED));
        }
        Ok(Password(raw.to_string()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// Optional profile text (parent name, signature, child name): trimmed, empty is absent.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OptionalText(Option<String>);

impl OptionalText {
    /// `label` names the field in the message, e.g. "Parent name".
    pub fn parse(raw: Option<&str>, label: &str) -> Result<Self, Invalid> {
        let value = raw.map(str::trim).filter(|v| !v.is_empty());
        match value {
            Some(v) if v.chars().count() > MAX_PROFILE_TEXT => Err(Invalid::new(format!(
                "{label} is limited to {MAX_PROFILE_TEXT} characters"
            ))),
            Some(v) => Ok(OptionalText(Some(v.to_string()))),
            None => Ok(OptionalText(None)),
        }
    }

    pub fn into_inner(self) -> Option<String> {
        self.0
    }
}

/// Trimmed free text that must be present and at most `max` characters long.
fn required_text(
    raw: Option<&str>,
    missing: &str,
    name: &str,
    max: usize,
) -> Result<String, Invalid> {
    let raw = raw.map(str::trim).unwrap_or_default();
    if raw.is_empty() {
        return Err(Invalid::new(missing));
    }
    if raw.chars().count() > max {
        return Err(Invalid::new(format!(
            "The {name} is limited to {max} characters"
        )));
    }
    Ok(raw.to_string())
}

/// A bug report's subject: required, one line's worth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subject(String);

impl Subject {
    pub fn parse(raw: Option<&str>) -> Result<Self, Invalid> {
        required_text(raw, messages::SUBJECT_REQUIRED, "subject", MAX_SUBJECT).map(Subject)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A bug report's description: required, up to a few pages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Description(String);

impl Description {
    pub fn parse(raw: Option<&str>) -> Result<Self, Invalid> {
        required_text(
            raw,
            messages::DESCRIPTION_REQUIRED,
            "description",
            MAX_DESCRIPTION,
        )
        .map(Description)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The browser-generated anonymous session id (local storage `anonymous_session_id`, sent in
/// `x-session-id`): 1 to 128 characters of letters, digits and `-_.:`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AnonymousSessionId(String);

impl AnonymousSessionId {
    pub fn parse(raw: Option<&str>) -> Result<Self, Invalid> {
        let raw = raw.map(str::trim).unwrap_or_default();
        if raw.is_empty() {
            return Err(Invalid::new(messages::SESSION_ID_REQUIRED));
        }
        let ok = raw.len() <= MAX_SESSION_ID
            && raw
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.:".contains(c));
        if ok {
            Ok(AnonymousSessionId(raw.to_string()))
        } else {
            Err(Invalid::new(messages::SESSION_ID_INVALID))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Whether `text` holds a control character we refuse to store: NUL (which Postgres cannot
/// store in text at all) and every other C0/C1 control except tab, line feed and carriage
/// return, which multi-line text (a bug description) needs.
pub fn has_control_chars(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
}

/// The 400 message for a field holding control characters.
pub fn control_chars_message(field: &str) -> String {
    format!(
        "Please check the field '{field}': it contains invisible control characters (like NUL) that we can't store. Please remove them and try again."
    )
}

/// Refuses text with control characters (see [`has_control_chars`]), naming `field`: for
/// text that does not arrive in a JSON body (which `api::extract::JsonBody` checks whole).
pub fn reject_control_chars(text: &str, field: &str) -> Result<(), Invalid> {
    if has_control_chars(text) {
        Err(Invalid::new(control_chars_message(field)))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_found_but_line_breaks_are_fine() {
        assert!(has_control_chars("joe\u{0}@example.com"));
        assert!(has_control_chars("bell\u{7}"));
        assert!(has_control_chars("c1 \u{85} next line"));
        assert!(has_control_chars("del\u{7f}"));
        assert!(!has_control_chars(
            "two\nlines\r\n\tand a tab, caf\u{e9} \u{1f600}"
        ));
        assert_eq!(
            reject_control_chars("a\u{0}", "subject").unwrap_err().0,
            control_chars_message("subject")
        );
    }

    #[test]
    fn usernames_are_lowercased_emails() {
        assert_eq!(
            Username::parse(Some("  Joe@Example.COM "))
                .unwrap()
                .as_str(),
            "joe@example.com"
        );
        assert_eq!(
            Username::parse(Some("")).unwrap_err().0,
            messages::USERNAME_REQUIRED
        );
        assert_eq!(
            Username::parse(None).unwrap_err().0,
            messages::USERNAME_REQUIRED
        );
        for bad in [
            "joe",
            "joe@",
            "@x.com",
            "joe@x",
            "jo e@x.com",
            "a;b@x.com",
            "joe@x..com",
            "joe@-x.com",
        ] {
            assert_eq!(
                Username::parse(Some(bad)).unwrap_err().0,
                messages::INVALID_EMAIL,
                "{bad}"
            );
        }
        assert!(Username::parse(Some("o'brien+news@mail.example.org")).is_ok());
        assert!(Username::parse(Some(&format!("{}@x.com", "a".repeat(300)))).is_err());
    }

    #[test]
    fn passwords_have_bounds_and_stay_as_typed() {
        assert_eq!(
            Password::parse(Some("1234567")).unwrap_err().0,
            messages::PASSWORD_TOO_SHORT
        );
        assert_eq!(
            Password::parse(Some("")).unwrap_err().0,
            messages::PASSWORD_REQUIRED
        );
        assert_eq!(
            Password::parse(Some(" 12345678 ")).unwrap().expose(),
            " 12345678 "
        );
        assert_eq!(
            Password::parse(Some(&"x".repeat(129))).unwrap_err().0,
            messages::PASSWORD_TOO_LONG
        );
        // Eight characters, not eight bytes.
        assert!(Password::parse(Some("ééééééé")).is_err());
        assert!(!format!("{:?}", Password::parse(Some("secret123")).unwrap()).contains("secret"));
    }

    #[test]
    fn session_ids_and_texts() {
        assert!(AnonymousSessionId::parse(Some("anon_1700000000_ab12-cd")).is_ok());
        assert_eq!(
            AnonymousSessionId::parse(None).unwrap_err().0,
            messages::SESSION_ID_REQUIRED
        );
        assert_eq!(
            AnonymousSessionId::parse(Some("x' OR 1=1")).unwrap_err().0,
            messages::SESSION_ID_INVALID
        );
        assert_eq!(
            OptionalText::parse(Some("   "), "Child name").unwrap(),
            OptionalText(None)
        );
        assert!(OptionalText::parse(Some(&"a".repeat(201)), "Child name").is_err());
        assert_eq!(
            Subject::parse(Some(" ")).unwrap_err().0,
            messages::SUBJECT_REQUIRED
        );
        assert_eq!(
            Description::parse(None).unwrap_err().0,
            messages::DESCRIPTION_REQUIRED
        );
    }
}
