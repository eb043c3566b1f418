-- Single sign-on (spec 4 §6): a sign-in with the OpenID provider in progress. GET
-- /api/auth/oidc/start writes the flow's state, nonce and PKCE verifier here and gives
-- the browser a cookie with a random token, of which only the SHA-256 is kept; the
-- provider's redirect back (/api/auth/oidc/callback) deletes the row as it reads it,
-- so a flow is used once, whichever process the browser reaches. Rows live 10 minutes
-- (expires_at); housekeeping deletes those never come back to.
create table oidc_flows (
  token_hash text primary key,
  state text not null,
  nonce text not null,
  code_verifier text not null,
  -- The token request must name the redirect URI the authorization request did.
  redirect_uri text not null,
  expires_at timestamptz(3) not null,
  created_at timestamptz(3) not null default now()
);
create index oidc_flows_expires_at_idx on oidc_flows (expires_at);
