// The server's VAPID key pair (spec 4 §3, RFC 8292): made by the first process that
// needs it and kept in the database, so every process signs with the same one and a
// browser's subscription, bound to the public key, survives restarts.
import webpush from "web-push";
import type { Queries } from "../db/connect.ts";

export type VapidKeys = { publicKey: string; privateKey: string };

/** The key pair, made now if there is none yet (whichever process comes first wins). */
export async function vapidKeys(sql: Queries): Promise<VapidKeys> {
  const [held] = await sql<VapidKeys[]>`select public_key, private_key from push_keys`;
  if (held) return held;
  const made = webpush.generateVAPIDKeys();
  await sql`insert into push_keys (public_key, private_key) values (${made.publicKey}, ${made.privateKey})
    on conflict (id) do nothing`;
  const [kept] = await sql<VapidKeys[]>`select public_key, private_key from push_keys`;
  return kept;
}
