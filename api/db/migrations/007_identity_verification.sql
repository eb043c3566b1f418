-- Stripe Identity (issue 6): what the verification flow keeps beside the
-- session id, status and date of migration 001. The webhook writes these; the
-- users calls read them.

-- The hosted verification page of the current session while it waits for the
-- person (Stripe's `url`, set only while the status is requires_input).
alter table users add column stripe_verification_url text;
-- Stripe's last_error of the current session: why the last attempt failed.
alter table users add column stripe_verification_error_code text;
alter table users add column stripe_verification_error_message text;
-- When the newest webhook event applied to this user was created (Stripe's
-- event.created): an older event arriving late never overwrites a newer state.
alter table users add column stripe_verification_event_at timestamptz(3);

-- The webhook finds the user by the session id it names.
create index users_stripe_verification_session_idx on users (stripe_verification_session_id)
  where stripe_verification_session_id is not null;
