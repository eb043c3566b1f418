// The one filter Threshold answers, `<attribute> eq <value>`, and PATCH paths with
// their value filters: what Okta and Entra send is read, anything else refused with
// the SCIM error that names it (RFC 7644 §3.4.2.2, §3.5.2, §3.12).
import { assertEquals, assertThrows } from "../testing/assert.ts";
import { listFilter, parseComparison } from "./filter.ts";
import { parsePath, readPatch } from "./patch.ts";
import { ScimError } from "./errors.ts";

const refusedAs = (scimType: string, fn: () => unknown) =>
  assertThrows(fn, (error: unknown) => error instanceof ScimError && error.scimType === scimType && error.status === 400);

Deno.test("filters: attr eq value, names and operator in any case, JSON string values", () => {
  assertEquals(parseComparison('userName eq "ann@example.com"'), { attribute: "userName", value: "ann@example.com" });
  assertEquals(parseComparison('  USERNAME EQ "a \\"quoted\\" name" '), { attribute: "USERNAME", value: 'a "quoted" name' });
  assertEquals(parseComparison("active eq TRUE"), { attribute: "active", value: true });
  assertEquals(parseComparison('urn:ietf:params:scim:schemas:core:2.0:User:userName eq "x"'), { attribute: "userName", value: "x" });
  assertEquals(parseComparison('emails.value eq "x"'), { attribute: "emails.value", value: "x" });
  assertEquals(listFilter('username eq "Ann@Example.com"', ["userName", "externalId"]), {
    attribute: "userName",
    value: "Ann@Example.com",
  });
  assertEquals(listFilter('EXTERNALID eq "00u1"', ["userName", "externalId"]).attribute, "externalId");
});

Deno.test("filters: anything but one eq on a listed attribute is invalidFilter", () => {
  for (
    const text of [
      'userName co "ann"',
      'userName sw "a"',
      'userName eq "a" and active eq true',
      '(userName eq "a")',
      "userName eq",
      'userName eq "unterminated',
      'userName eq "bad \\x escape"',
      "userName pr",
      "",
    ]
  ) refusedAs("invalidFilter", () => listFilter(text, ["userName", "externalId"]));
  refusedAs("invalidFilter", () => listFilter('title eq "Boss"', ["userName", "externalId"]));
  refusedAs("invalidFilter", () => listFilter("userName eq 12", ["userName", "externalId"]));
});

Deno.test("paths: attributes, sub-attributes, value filters, extensions", () => {
  assertEquals(parsePath("active"), { attribute: "active", text: "active" });
  assertEquals(parsePath("name.givenName"), { attribute: "name", sub: "givenName", text: "name.givenName" });
  assertEquals(parsePath('members[value eq "12"]'), {
    attribute: "members",
    filter: { attribute: "value", value: "12" },
    text: 'members[value eq "12"]',
  });
  assertEquals(parsePath('emails[type eq "work"].value').sub, "value");
  assertEquals(parsePath("urn:ietf:params:scim:schemas:core:2.0:User:userName").attribute, "username");
  assertEquals(parsePath("urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department").extension, true);
  for (const text of ["name..givenName", "members[value eq]", "members[value co \"1\"]", "1abc", "a b"]) {
    refusedAs("invalidPath", () => parsePath(text));
  }
});

Deno.test("PATCH bodies: op in any case, with or without path; a value object is one operation a key", () => {
  const ops = readPatch({
    schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
    Operations: [
      { op: "Replace", value: { active: false, "name.givenName": "Ann" } },
      { op: "add", path: "members", value: [{ value: "3" }] },
      { op: "REMOVE", path: 'members[value eq "4"]' },
    ],
  });
  assertEquals(ops.map((o) => [o.op, o.path?.text, o.value]), [
    ["replace", "active", false],
    ["replace", "name.givenName", "Ann"],
    ["add", "members", [{ value: "3" }]],
    ["remove", 'members[value eq "4"]', undefined],
  ]);
  // "operations" in any case (attribute names are case-insensitive); schemas may be left out.
  assertEquals(readPatch({ operations: [{ op: "replace", path: "active", value: true }] }).length, 1);
});

Deno.test("PATCH bodies: malformed ones are refused with the error that names what is wrong", () => {
  refusedAs("invalidSyntax", () => readPatch([]));
  refusedAs("invalidSyntax", () => readPatch({ Operations: [] }));
  refusedAs("invalidSyntax", () => readPatch({ Operations: "replace" }));
  refusedAs("invalidSyntax", () => readPatch({ schemas: ["urn:other"], Operations: [{ op: "add", path: "a", value: 1 }] }));
  refusedAs("invalidSyntax", () => readPatch({ Operations: [{ op: "move", path: "active" }] }));
  refusedAs("invalidSyntax", () => readPatch({ Operations: [{ op: 7 }] }));
  refusedAs("invalidSyntax", () => readPatch({ Operations: [null] }));
  refusedAs("noTarget", () => readPatch({ Operations: [{ op: "remove" }] }));
  refusedAs("invalidValue", () => readPatch({ Operations: [{ op: "replace", value: "x" }] }));
  refusedAs("invalidPath", () => readPatch({ Operations: [{ op: "replace", path: 7, value: "x" }] }));
  refusedAs("invalidValue", () => readPatch({ Operations: Array(1001).fill({ op: "add", path: "a", value: 1 }) }));
});
