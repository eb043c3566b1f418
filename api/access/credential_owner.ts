// Who owns a presented credential: shared by live decisions (decisions.ts) and the
// upload of offline ones (events.ts), which both look credentials up in batches.
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";
import { type CredentialInput, LOGGED_TYPE } from "./schemas.ts";

/** The log's credential type column for a presented credential. */
export const loggedType = (credential: CredentialInput) =>
  "cardCode" in credential ? credential.type : LOGGED_TYPE[credential.type];

/** A guest's credential's kind: a PIN, or a pass's code (decisions.ts looks up its visit). */
const VISITOR_KIND = { PIN: "pin", "Visitor Pass": "pass" } as const;

/** A credential as the columns ownerOf reads (snake_case, for jsonb_to_recordset). */
export function credentialColumns(credential: CredentialInput) {
  const card = "cardCode" in credential;
  return {
    kind: card ? "card" : "code" in credential ? VISITOR_KIND[credential.type] : credential.type,
    card_type: card ? credential.type : null,
    facility_code: card ? credential.facilityCode ?? "" : null,
    code: card ? credential.cardCode : "code" in credential ? credential.code : credential.credentialId,
    credential_type: loggedType(credential),
  };
}

/** The columns credentialColumns makes, as jsonb_to_recordset declares them. */
export const CREDENTIAL_COLUMNS = "kind text, card_type text, facility_code text, code text, " +
  "credential_type text";

/**
 * A lateral subquery answering, for the row `e` carrying credentialColumns, the
 * credential's owner and whether the credential is active (no row when unknown).
 * Each branch is an index probe; card codes use the expression of the unique
 * index user_credentials_card_key.
 */
export const ownerOf = (sql: Queries): postgres.Fragment =>
  sql`lateral (
    select c.user_id, c.is_active as credential_active from user_credentials c
    where e.kind = 'card' and c.type = e.card_type
      and coalesce(c.facility_code, '') = e.facility_code and c.card_code = e.code
    union all
    select p.user_id, true from passkeys p where e.kind = 'passkey' and p.credential_id = e.code
    union all
    (select w.user_id, w.is_active from lastlock_credentials w
     where e.kind = 'wallet' and w.credential_type = 'APPLE_WALLET' and w.credential_data = e.code
     order by w.is_active desc, w.id limit 1)
    limit 1
  )`;
