-- Failed sign-in attempts, counted per account and per client address to slow
-- password guessing. Kept in the database so every API process sees the same count.
create table sign_in_failures (
  id bigint generated always as identity primary key,
  -- 'email:<lower-cased address>' or 'ip:<address>'
  key text not null,
  at timestamptz(3) not null default now()
);
create index sign_in_failures_key_at_idx on sign_in_failures (key, at);
