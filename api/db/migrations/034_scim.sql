-- SCIM 2.0 provisioning (spec 4 §6). An identity provider (Okta, Microsoft Entra)
-- calls /scim/v2 with a bearer token an admin made: only the token's SHA-256 is kept
-- (auth/tokens.ts). A revoked token's row is deleted, so no process can find it again.
-- The name is unique (case-insensitively): it is who the audit trail says acted
-- ("SCIM: <name>"), and two tokens of one name could not be told apart there.
create table scim_tokens (
  id integer generated always as identity primary key,
  name text not null,
  token_hash text not null unique,
  created_at timestamptz(3) not null default now(),
  -- Moved at most once a minute (scim/tokens_repo.ts): a provider's burst of requests
  -- is not a burst of writes.
  last_used_at timestamptz(3)
);
create unique index scim_tokens_name_lower_key on scim_tokens (lower(name));

-- The provider's own id of a person or a group (RFC 7643 §3.1 externalId): Okta and
-- Entra look their people up by it. Not unique: it is the provider's to keep, and two
-- providers may each number from 1.
alter table users add column external_id text;
alter table groups add column external_id text;
create index users_external_id_idx on users (external_id) where external_id is not null;
create index groups_external_id_idx on groups (external_id) where external_id is not null;
