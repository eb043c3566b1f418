-- Accounts by e-mail (spec 4 §4): an invitation is now a link that sets a password,
-- and a forgotten password can be reset from a link. Each link's token is 32 random
-- bytes; only its SHA-256 is kept here (auth/tokens.ts).

-- Someone invited (POST /api/users with invite: true) has no password until they
-- accept; a password sign-in finds none to match (auth/routes.ts).
alter table users alter column password_hash drop not null;

-- An invitation (005 recorded only who asked) carries its link: valid 7 days, used
-- once, and voided by a newer one for the same user. status stays 'queued' (the
-- e-mail was written; mail_messages says how sending went), as the resend call's
-- answer has always said. Rows recorded before this have no link.
alter table invitations
  add column token_hash text unique,
  add column expires_at timestamptz(3),
  add column used_at timestamptz(3),
  add column voided_at timestamptz(3);

-- Every reset asked for, whether or not the address has an account: the request
-- writes a row either way, so an unknown address costs the same work and time as a
-- known one (auth/password_reset.ts). user_id is the account the link opens, set
-- only when the e-mail was sent (an active account, and fewer than 3 sent to that
-- address in the hour); a row without one opens nothing. Kept a day
-- (jobs/housekeeping.ts): the limit looks back an hour, a link lives 60 minutes.
create table password_resets (
  id bigint generated always as identity primary key,
  email text not null,
  user_id integer references users on delete cascade,
  token_hash text not null unique,
  created_at timestamptz(3) not null default now(),
  expires_at timestamptz(3) not null,
  used_at timestamptz(3)
);
-- The limit: e-mails sent to an address in the last hour.
create index password_resets_email_idx on password_resets (email, created_at) where user_id is not null;
create index password_resets_created_idx on password_resets (created_at);
