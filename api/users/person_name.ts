// How a person is named wherever the server writes their name (a decision's answer
// and log row, a door's list, a visit's host, the access review): their first and
// last name, or their e-mail when they have none. `alias`: the users row in the query.
import type postgres from "postgres";
import type { Queries } from "../db/connect.ts";

export const personName = (sql: Queries, alias: string): postgres.Fragment =>
  sql`coalesce(nullif(trim(${sql(alias)}.first_name || ' ' || ${sql(alias)}.last_name), ''), ${sql(alias)}.email)`;
