-- Users and groups (issue 4): recorded invitations, and two uniqueness rules the
-- dashboard relies on.

-- "Resend Invitation" records who asked for which user, and when; a mailer (out of
-- scope for now) sends the queued rows and stamps sent_at.
create table invitations (
  id integer generated always as identity primary key,
  -- An invitation is only meaningful while its user exists.
  user_id integer not null references users on delete cascade,
  email text not null, -- the address it goes to, as it was when queued
  -- Who asked; the record outlives a deleted admin.
  invited_by integer references users on delete set null,
  status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
  created_at timestamptz(3) not null default now(),
  sent_at timestamptz(3)
);
create index invitations_user_id_idx on invitations (user_id, created_at desc);
create index invitations_queued_idx on invitations (created_at) where status = 'queued';

-- Admin status is membership in "the group named Admin": names are unique,
-- regardless of case, so that group is one group.
create unique index groups_name_lower_key on groups (lower(name));

-- A reader asks "whose card is this?" by type, facility code and card code; one
-- card must name one person.
create unique index user_credentials_card_key
  on user_credentials (type, coalesce(facility_code, ''), card_code);
