// What a provider reads to learn this server (RFC 7644 §4, RFC 7643 §5-7):
// ServiceProviderConfig (PATCH yes, bulk, sort, change password and ETags as
// below), the two ResourceTypes and the Schemas of the attributes Threshold keeps.
import { Hono } from "hono";
import type { Context } from "hono";
import type { Env } from "../http/env.ts";
import { ScimError, scimJson } from "./errors.ts";
import { GROUP_SCHEMA, listResponse, USER_SCHEMA } from "./resources.ts";
import { MAX_RESULTS } from "./list.ts";
import { MAX_OPERATIONS } from "./patch.ts";

export const SCIM_MAX_BODY_BYTES = 1024 * 1024;

const SPC_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig";
const RESOURCE_TYPE_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
const SCHEMA_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema";

/** `<origin>/scim/v2`: where resources are (their meta.location). */
export const scimBase = (c: Context<Env>) =>
  `${c.var.config.publicOrigin ?? new URL(c.req.url).origin}/scim/v2`;

type Attribute = {
  name: string;
  type: "string" | "boolean" | "complex" | "reference";
  multiValued?: boolean;
  required?: boolean;
  mutability?: "readOnly" | "readWrite" | "immutable";
  uniqueness?: "none" | "server";
  caseExact?: boolean;
  subAttributes?: Attribute[];
};

const attribute = (a: Attribute): Record<string, unknown> => ({
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...a,
  description: "",
  ...(a.subAttributes ? { subAttributes: a.subAttributes.map(attribute) } : {}),
});

const externalId: Attribute = { name: "externalId", type: "string", caseExact: true };

const SCHEMAS = [
  {
    id: USER_SCHEMA,
    name: "User",
    description: "A person: userName is their e-mail address",
    attributes: [
      { name: "userName", type: "string", required: true, uniqueness: "server" },
      {
        name: "name",
        type: "complex",
        subAttributes: [
          { name: "givenName", type: "string", required: true },
          { name: "familyName", type: "string", required: true },
          { name: "formatted", type: "string", mutability: "readOnly" },
        ],
      },
      { name: "displayName", type: "string", mutability: "readOnly" },
      {
        name: "emails",
        type: "complex",
        multiValued: true,
        mutability: "readOnly",
        subAttributes: [
          { name: "value", type: "string" },
          { name: "type", type: "string" },
          { name: "primary", type: "boolean" },
        ],
      },
      { name: "active", type: "boolean" },
      externalId,
      {
        name: "groups",
        type: "complex",
        multiValued: true,
        mutability: "readOnly",
        subAttributes: [
          { name: "value", type: "string", mutability: "readOnly" },
          { name: "display", type: "string", mutability: "readOnly" },
          { name: "$ref", type: "reference", mutability: "readOnly" },
        ],
      },
    ] satisfies Attribute[],
  },
  {
    id: GROUP_SCHEMA,
    name: "Group",
    description: "A group of people; its rooms and schedules are set in Threshold",
    attributes: [
      { name: "displayName", type: "string", required: true, uniqueness: "server" },
      externalId,
      {
        name: "members",
        type: "complex",
        multiValued: true,
        subAttributes: [
          { name: "value", type: "string", mutability: "immutable" },
          { name: "display", type: "string", mutability: "readOnly" },
          { name: "$ref", type: "reference", mutability: "immutable" },
        ],
      },
    ] satisfies Attribute[],
  },
].map((schema) => ({
  schemas: [SCHEMA_SCHEMA],
  ...schema,
  attributes: schema.attributes.map(attribute),
}));

const RESOURCE_TYPES = [
  { id: "User", name: "User", endpoint: "/Users", schema: USER_SCHEMA },
  { id: "Group", name: "Group", endpoint: "/Groups", schema: GROUP_SCHEMA },
];

const withMeta = <T extends object>(c: Context<Env>, resourceType: string, path: string, resource: T) => ({
  ...resource,
  meta: { resourceType, location: `${scimBase(c)}/${path}` },
});

const resourceType = (c: Context<Env>, type: (typeof RESOURCE_TYPES)[number]) =>
  withMeta(c, "ResourceType", `ResourceTypes/${type.id}`, {
    schemas: [RESOURCE_TYPE_SCHEMA],
    ...type,
    description: type.name === "User" ? "People" : "Groups of people",
  });

const schemaOf = (c: Context<Env>, schema: (typeof SCHEMAS)[number]) =>
  withMeta(c, "Schema", `Schemas/${schema.id}`, schema);

export const discoveryRoutes = new Hono<Env>()
  .get("/ServiceProviderConfig", (c) =>
    scimJson(
      c,
      withMeta(c, "ServiceProviderConfig", "ServiceProviderConfig", {
        schemas: [SPC_SCHEMA],
        patch: { supported: true },
        bulk: { supported: false, maxOperations: 0, maxPayloadSize: SCIM_MAX_BODY_BYTES },
        filter: { supported: true, maxResults: MAX_RESULTS },
        changePassword: { supported: false },
        sort: { supported: false },
        etag: { supported: true },
        authenticationSchemes: [{
          type: "oauthbearertoken",
          name: "Bearer token",
          description: `A token made on the Provisioning tab of Users; at most ${MAX_OPERATIONS} PATCH operations a request`,
          primary: true,
        }],
      }),
    ))
  .get("/ResourceTypes", (c) => {
    const types = RESOURCE_TYPES.map((type) => resourceType(c, type));
    return scimJson(c, listResponse(types.length, 1, types));
  })
  .get("/ResourceTypes/:id", (c) => {
    const type = RESOURCE_TYPES.find((t) => t.id === c.req.param("id"));
    if (!type) throw new ScimError(404, `No resource type ${c.req.param("id")}`);
    return scimJson(c, resourceType(c, type));
  })
  .get("/Schemas", (c) => {
    const schemas = SCHEMAS.map((schema) => schemaOf(c, schema));
    return scimJson(c, listResponse(schemas.length, 1, schemas));
  })
  .get("/Schemas/:id", (c) => {
    const schema = SCHEMAS.find((s) => s.id === c.req.param("id"));
    if (!schema) throw new ScimError(404, `No schema ${c.req.param("id")}`);
    return scimJson(c, schemaOf(c, schema));
  });
