-- People and what they carry: accounts, groups, badges, passkeys, Last Lock credentials.

-- Every timestamp keeps milliseconds only (timestamptz(3)): the API reads them as
-- JavaScript Dates, and a value must round-trip exactly to serve as a version
-- (If-Match on updated_at) or a keyset cursor (access_logs paging).

-- updated_at is the entity version, so it must move on every update, even two in
-- one transaction or one millisecond: clock_timestamp(), not now(), and never less
-- than 1 ms past the old value.
create function set_updated_at() returns trigger language plpgsql as $$
begin
  new.updated_at := greatest(
    date_trunc('milliseconds', clock_timestamp()),
    old.updated_at + interval '1 millisecond'
  );
  return new;
end
$$;

create table users (
  id integer generated always as identity primary key,
  email text not null,
  password_hash text not null,
  first_name text not null default '',
  last_name text not null default '',
  is_active boolean not null default true,
  stripe_customer_id text unique,
  stripe_verification_session_id text,
  stripe_verification_status text,
  stripe_verified_at timestamptz(3),
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);
-- E-mail is unique regardless of case: Ann@x.test and ann@x.test are one person.
create unique index users_email_lower_key on users (lower(email));
create trigger users_set_updated_at before update on users
  for each row execute function set_updated_at();

create table groups (
  id integer generated always as identity primary key,
  name text not null,
  description text,
  is_active boolean not null default true,
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);
create trigger groups_set_updated_at before update on groups
  for each row execute function set_updated_at();

create table user_groups (
  -- A membership means nothing without both sides: deleting either removes it.
  user_id integer not null references users on delete cascade,
  group_id integer not null references groups on delete cascade,
  created_at timestamptz(3) not null default now(),
  primary key (user_id, group_id)
);
create index user_groups_group_id_idx on user_groups (group_id);

create table user_credentials (
  id integer generated always as identity primary key,
  -- A badge belongs to one person; a deleted user's badges must stop working.
  user_id integer not null references users on delete cascade,
  type text not null,
  facility_code text,
  card_code text not null,
  is_active boolean not null default true,
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);
create index user_credentials_user_id_idx on user_credentials (user_id);
-- Readers ask "whose card is this?" by exactly these three values.
create index user_credentials_lookup_idx on user_credentials (type, facility_code, card_code);
create trigger user_credentials_set_updated_at before update on user_credentials
  for each row execute function set_updated_at();

create table passkeys (
  id integer generated always as identity primary key,
  -- A passkey signs in as its user only; without the user it must not work.
  user_id integer not null references users on delete cascade,
  credential_id text not null unique, -- base64url
  public_key text not null, -- base64url (COSE key)
  counter bigint not null default 0,
  device_type text,
  transports text[] not null default '{}',
  backup_eligible boolean not null default false,
  backup_state boolean not null default false,
  user_display_name text,
  created_at timestamptz(3) not null default now(),
  last_used_at timestamptz(3)
);
create index passkeys_user_id_idx on passkeys (user_id);

create table lastlock_credentials (
  id integer generated always as identity primary key,
  -- Like badges: a deleted user's lock credentials go with them.
  user_id integer not null references users on delete cascade,
  credential_type text not null,
  credential_data text not null,
  schedule_data text,
  is_active boolean not null default true,
  created_at timestamptz(3) not null default now(),
  updated_at timestamptz(3) not null default now()
);
create index lastlock_credentials_user_id_idx on lastlock_credentials (user_id);
create trigger lastlock_credentials_set_updated_at before update on lastlock_credentials
  for each row execute function set_updated_at();
