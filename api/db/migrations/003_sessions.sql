-- Sign-in state: sessions, passkey challenges, replay protection for mutations.

create table sessions (
  -- The cookie holds the token; only its sha-256 (hex) is stored, so a leaked
  -- table does not leak usable sessions.
  token_hash text primary key,
  -- Deleting a user ends all their sessions at once.
  user_id integer not null references users on delete cascade,
  created_at timestamptz(3) not null default now(),
  last_seen_at timestamptz(3) not null default now(), -- idle timeout
  expires_at timestamptz(3) not null, -- absolute timeout
  user_agent text,
  ip text
);
create index sessions_user_id_idx on sessions (user_id);
create index sessions_expires_at_idx on sessions (expires_at);

-- SimpleWebAuthn keeps no state: each challenge lives here for 5 minutes and is
-- deleted on first use.
create table passkey_challenges (
  challenge text primary key,
  kind text not null check (kind in ('registration', 'authentication')),
  -- A registration challenge belongs to a signed-in user; it is void without them.
  user_id integer references users on delete cascade,
  email text,
  expires_at timestamptz(3) not null,
  created_at timestamptz(3) not null default now()
);
create index passkey_challenges_expires_at_idx on passkey_challenges (expires_at);

-- The first answer to each Idempotency-Key, replayed for 24 h. 'running' marks a
-- request in flight so a concurrent replay does not do the work twice.
create table idempotency_keys (
  -- Keys are per user; a deleted user's keys are of no further use.
  user_id integer not null references users on delete cascade,
  key text not null,
  method text,
  path text,
  request_hash text not null,
  state text not null check (state in ('running', 'done')),
  response_status integer,
  response_body text,
  created_at timestamptz(3) not null default now(),
  primary key (user_id, key)
);
create index idempotency_keys_created_at_idx on idempotency_keys (created_at);
