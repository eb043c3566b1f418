-- E-mail and Web Push through the outbox (spec 4 §3; issue 28), beside the webhooks'
-- deliveries (migration 020): each a row written in its cause's transaction, claimed
-- by one process (outbox/outbox.ts), with the outbox's columns: status, attempts,
-- next_attempt_at (null once settled), last_status_code, last_error.

create table mail_messages (
  id bigint generated always as identity primary key,
  to_address text not null,
  from_address text not null,
  subject text not null,
  -- Null once settled when sent over SMTP: bodies hold links that sign people in, and
  -- the mail server has them now. The demo mailbox (/sim/mail) keeps them to show.
  text_body text,
  html_body text,
  -- 'unsent': written while e-mail is off (no SMTP_URL outside demo mode); never sent.
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'unsent')),
  attempts integer not null default 0,
  next_attempt_at timestamptz(3) default now(),
  last_status_code integer,
  last_error text,
  delivered_via text check (delivered_via in ('smtp', 'simulator')),
  created_at timestamptz(3) not null default now(),
  sent_at timestamptz(3),
  check ((status = 'pending') = (next_attempt_at is not null))
);
create index mail_messages_due_idx on mail_messages (next_attempt_at) where status = 'pending';
create index mail_messages_mailbox_idx on mail_messages (id desc) where delivered_via = 'simulator';

-- One message to one subscription; it goes when the subscription does (a sign-out
-- before it was sent sends nothing).
create table push_messages (
  id bigint generated always as identity primary key,
  subscription_id bigint not null references push_subscriptions on delete cascade,
  -- { title, body, url, tag } as JSON.
  payload text not null,
  urgency text not null check (urgency in ('high', 'normal')),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz(3) default now(),
  last_status_code integer,
  last_error text,
  created_at timestamptz(3) not null default now(),
  sent_at timestamptz(3),
  check ((status = 'pending') = (next_attempt_at is not null))
);
create index push_messages_due_idx on push_messages (next_attempt_at) where status = 'pending';
create index push_messages_subscription_idx on push_messages (subscription_id);

-- New rows wake the outboxes of every process at once (their poll would find them
-- within half a second anyway). Once per statement: an alarm writes to many admins.
create function announce_outbox() returns trigger language plpgsql as $$
begin
  perform pg_notify('outbox', tg_table_name);
  return null;
end $$;
create trigger mail_messages_announce after insert on mail_messages
  for each statement execute function announce_outbox();
create trigger push_messages_announce after insert on push_messages
  for each statement execute function announce_outbox();
