-- Web Push and notification settings (spec 4 §3; issue 28).

-- The server's one VAPID key pair (RFC 8292), made at first start and shared by every
-- process: a browser's subscription is bound to the public key it was made with.
create table push_keys (
  id boolean primary key default true check (id),
  public_key text not null,
  private_key text not null,
  created_at timestamptz(3) not null default now()
);

-- A browser's push subscription. It lives as long as the session it was made in: a
-- sign-out (also one made offline and sent later), the session's expiry, or the end
-- of all the user's sessions (deactivation, deletion, a new password) deletes it, so
-- a shared tablet notifies nobody once its admin has signed out.
create table push_subscriptions (
  id bigint generated always as identity primary key,
  -- The same endpoint subscribed again (by whoever is signed in now) replaces it.
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  user_id integer not null references users on delete cascade,
  session_token_hash text not null references sessions (token_hash) on delete cascade,
  created_at timestamptz(3) not null default now()
);
create index push_subscriptions_user_id_idx on push_subscriptions (user_id);
create index push_subscriptions_session_idx on push_subscriptions (session_token_hash);

-- Which alarms reach an admin, by push and by e-mail; no row: the defaults (all by
-- push, critical by e-mail). Apart from users: changing them is no change to who may
-- open which door (migration 022's generation).
create table notification_settings (
  user_id integer primary key references users on delete cascade,
  push_alarms text not null default 'all' check (push_alarms in ('critical', 'all', 'none')),
  email_alarms text not null default 'critical' check (email_alarms in ('critical', 'all', 'none')),
  updated_at timestamptz(3) not null default now()
);
