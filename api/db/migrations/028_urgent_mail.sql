-- E-mail that must not wait behind a backlog (an alarm's, behind a burst of
-- invitations): claimed first (mail/channel.ts), as critical pushes are.
alter table mail_messages add column urgent boolean not null default false;
