-- Members open their doors from the app with Face ID (spec 3 §4).

-- An unlock challenge is a passkey challenge bound to the user and the room it was
-- asked for: valid 60 seconds (member_doors/challenges.ts), used once (deleted on
-- first use), kept here so any API process can check it. A room deleted meanwhile
-- takes its challenges with it.
alter table passkey_challenges drop constraint passkey_challenges_kind_check;
alter table passkey_challenges add constraint passkey_challenges_kind_check
  check (kind in ('registration', 'authentication', 'unlock'));
alter table passkey_challenges add column room_id integer references rooms on delete cascade;
alter table passkey_challenges add constraint passkey_challenges_unlock_check
  check ((kind = 'unlock') = (room_id is not null) and (kind <> 'unlock' or user_id is not null));

-- Each user's unlock attempts, as a token bucket (member_doors/throttle.ts): one row
-- a user, updated in one statement whose row lock orders attempts made through any
-- API process at once.
create table unlock_throttle (
  user_id integer primary key references users on delete cascade,
  tokens double precision not null,
  updated_at timestamptz(3) not null
);
