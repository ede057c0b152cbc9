//! Who is signed in on the sessions seen in the last [`HELD_FOR`], for the stock page's reads:
//! a reader opening page after page asks the session store once every couple of
//! seconds instead of on every request. Only the user's id is held (what the usage gate
//! needs); routes that show or spend anything of the user still load the user record.
//!
//! Signing in or out (the session's id changes or ends, see `session::sign_in`/`sign_out`), or
//! a password reset, in this process forgets at once. In another API process a sign-out takes
//! effect here within [`HELD_FOR`]; the gate's limits do not depend on it (it only decides
//! whose allowance a read counts against).

use std::{
    collections::HashMap,
    sync::Mutex,
    time::{Duration, Instant},
};

use tower_sessions::{Session, session::Id};

use crate::{AppState, error::ApiError, session};

/// How long a session's answer is trusted without asking the store again.
pub const HELD_FOR: Duration = Duration::from_secs(2);
/// Sessions held at most; past it the expired ones go, and if none had, all of them.
const MAX_HELD: usize = 20_000;

#[derive(Debug, Default)]
pub struct RecentSignIns {
    held: Mutex<HashMap<Id, (i64, Instant)>>,
}

impl RecentSignIns {
    fn get(&self, id: &Id) -> Option<i64> {
        let held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        held.get(id)
            .filter(|(_, at)| at.elapsed() < HELD_FOR)
            .map(|(user, _)| *user)
    }

    fn remember(&self, id: Id, user: i64) {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        if held.len() >= MAX_HELD {
            held.retain(|_, (_, at)| at.elapsed() < HELD_FOR);
            if held.len() >= MAX_HELD {
                held.clear();
            }
        }
        held.insert(id, (user, Instant::now()));
    }

    /// Before `session` signs in (its id is replaced) or out.
    pub(crate) fn forget(&self, session: &Session) {
        if let Some(id) = session.id() {
            self.held
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .remove(&id);
        }
    }

    /// After all of `user`'s sessions ended (a password reset).
    pub fn forget_user(&self, user: i64) {
        self.held
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .retain(|_, (held, _)| *held != user);
    }
}

/// The id of the user signed in on `session`, from memory when it was asked within
/// [`HELD_FOR`]. Signed-out sessions are not held: they are asked each time (anonymous
/// readers send no session cookie, so they cost nothing here).
pub async fn signed_in_user_id(
    session: &Session,
    state: &AppState,
) -> Result<Option<i64>, ApiError> {
    let Some(id) = session.id() else {
        return Ok(None);
    };
    if let Some(user) = state.recent_sign_ins.get(&id) {
        return Ok(Some(user));
    }
    let user = session::signed_in_user(session, state).await?.map(|u| u.id);
    if let Some(user) = user {
        state.recent_sign_ins.remember(id, user);
    }
    Ok(user)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forgotten_user_is_asked_again() {
        let held = RecentSignIns::default();
        let (a, b) = (Id(1), Id(2));
        held.remember(a, 7);
        held.remember(b, 8);
        assert_eq!(held.get(&a), Some(7));
        held.held.lock().unwrap().remove(&a);
        assert_eq!(held.get(&a), None);
        held.forget_user(8);
        assert_eq!(held.get(&b), None);
    }

    #[test]
    fn a_full_table_makes_room() {
        let held = RecentSignIns::default();
        for n in 0..MAX_HELD as i128 + 5 {
            held.remember(Id(n), 1);
        }
        assert!(held.held.lock().unwrap().len() <= MAX_HELD);
        assert_eq!(
            held.get(&Id(MAX_HELD as i128 + 4)),
            Some(1),
            "the newest is held"
        );
    }
}
