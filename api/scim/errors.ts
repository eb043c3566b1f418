// SCIM's own error answers (RFC 7644 §3.12): { schemas: [Error], status: "<code>",
// scimType?, detail }, as application/scim+json. The parts of Threshold SCIM reuses
// (users, groups, the admin rule, versions) throw the API's ApiError; they are
// answered here in SCIM's words with the same status and sentence.
import type { Context } from "hono";
import { ApiError, DATABASE_UNAVAILABLE } from "../http/errors.ts";
import { isUnavailable } from "../db/unavailable.ts";
import type { Env } from "../http/env.ts";

export const ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";

/** RFC 7644 §3.12, Table 9: what a 400 (or a 409) was about. */
export type ScimType =
  | "invalidFilter"
  | "tooMany"
  | "uniqueness"
  | "mutability"
  | "invalidSyntax"
  | "invalidPath"
  | "noTarget"
  | "invalidValue";

export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }

  body() {
    return {
      schemas: [ERROR_SCHEMA],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.detail,
    };
  }
}

export const invalidValue = (detail: string) => new ScimError(400, detail, "invalidValue");
export const invalidSyntax = (detail: string) => new ScimError(400, detail, "invalidSyntax");
export const invalidFilter = (detail: string) => new ScimError(400, detail, "invalidFilter");
export const invalidPath = (detail: string) => new ScimError(400, detail, "invalidPath");
export const noTarget = (detail: string) => new ScimError(400, detail, "noTarget");
export const mutability = (detail: string) => new ScimError(400, detail, "mutability");
export const uniqueness = (detail: string) => new ScimError(409, detail, "uniqueness");
/** The dashboard's words for it (http/not_found.ts): "User not found", "Group not found". */
export const resourceNotFound = (type: "User" | "Group") => new ScimError(404, `${type} not found`);

/** Spec 4 §6: the group Admin is Threshold's own; SCIM neither makes, changes nor joins it. */
export const ADMIN_GROUP_MANAGED = "The Admin group is managed in Threshold";
export const adminGroupManaged = () => new ScimError(403, ADMIN_GROUP_MANAGED);

/** RFC 7644 §2: a bearer token, and the challenge that says so. */
export const unauthorized = (detail: string) =>
  new ScimError(401, detail, undefined, { "WWW-Authenticate": 'Bearer realm="Threshold SCIM"' });

export const SCIM_CONTENT_TYPE = "application/scim+json; charset=utf-8";

/** A SCIM answer: JSON as application/scim+json. */
export const scimJson = (
  c: Context,
  body: unknown,
  status: 200 | 201 = 200,
  headers: Record<string, string> = {},
) => c.body(JSON.stringify(body), status, { ...headers, "content-type": SCIM_CONTENT_TYPE });

/** Any error a SCIM request ends in, as a SCIM error. */
export function asScimError(error: Error, c: Context<Env>): ScimError {
  if (error instanceof ScimError) return error;
  // A rule of Threshold's own (the last admin, a user no longer active, a stale version).
  if (error instanceof ApiError) {
    if (error.status === 400) return invalidValue(error.message);
    return new ScimError(error.status, error.message, undefined, error.headers);
  }
  if (isUnavailable(error)) return new ScimError(503, DATABASE_UNAVAILABLE, undefined, { "Retry-After": "1" });
  c.var.log.error("unhandled SCIM error", { requestId: c.var.requestId, error: error.stack ?? String(error) });
  return new ScimError(500, "Something went wrong. Please try again.");
}

export const answerScimError = (c: Context, error: ScimError) =>
  c.body(JSON.stringify(error.body()), error.status as 400, {
    ...error.headers,
    "content-type": SCIM_CONTENT_TYPE,
  });
