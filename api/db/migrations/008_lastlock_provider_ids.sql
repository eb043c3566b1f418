-- Last Lock's own id for each credential registered there (CreateCredential).
-- Null until the credential is registered: credentials made before the
-- integration, or by the demo data, are registered when first assigned to a lock.
alter table lastlock_credentials add column provider_credential_id text unique;
