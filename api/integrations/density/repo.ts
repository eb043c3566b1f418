// The one place that reads the Density secrets of a device: to call Density on
// the device's behalf. Nothing here is ever sent to a browser.
import type { Queries } from "../../db/connect.ts";
import type { DensityCredentials } from "./client.ts";

type SecretRow = {
  id: number;
  type: string;
  densitySpaceId: string | null;
  densityAuthType: "bearer" | "oauth";
  densityApiToken: string | null;
  densityClientId: string | null;
  densityClientSecret: string | null;
};

export type DensityDevice = {
  id: number;
  type: string;
  spaceId: string | null;
  /** undefined when the device's chosen method lacks its secret(s). */
  credentials: DensityCredentials | undefined;
};

function toDevice(row: SecretRow): DensityDevice {
  let credentials: DensityCredentials | undefined;
  if (row.densityAuthType === "oauth") {
    if (row.densityClientId && row.densityClientSecret) {
      credentials = {
        kind: "oauth",
        clientId: row.densityClientId,
        clientSecret: row.densityClientSecret,
      };
    }
  } else if (row.densityApiToken) {
    credentials = { kind: "bearer", token: row.densityApiToken };
  }
  return { id: row.id, type: row.type, spaceId: row.densitySpaceId, credentials };
}

export async function deviceWithSecrets(sql: Queries, id: number) {
  const [row] = await sql<SecretRow[]>`
    select id, type, density_space_id, density_auth_type, density_api_token, density_client_id,
           density_client_secret
    from devices where id = ${id}`;
  return row ? toDevice(row) : undefined;
}

/**
 * The density device configured with this space. Several may share a space:
 * an active one first, then one with credentials, then the oldest.
 */
export async function deviceForSpace(sql: Queries, spaceId: string) {
  const [row] = await sql<SecretRow[]>`
    select id, type, density_space_id, density_auth_type, density_api_token, density_client_id,
           density_client_secret
    from devices
    where type = 'density' and density_space_id = ${spaceId}
    order by is_active desc,
             (case when density_auth_type = 'oauth'
                   then density_client_id is not null and density_client_secret is not null
                   else density_api_token is not null end) desc,
             id
    limit 1`;
  return row ? toDevice(row) : undefined;
}
