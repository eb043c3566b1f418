// The text rule on its own: which characters pass, which are refused, and how
// the refusal names the field.
import { assertEquals } from "../testing/assert.ts";
import { jsonTextProblem, textProblem } from "./clean_text.ts";

const CONTROL = "must not contain control characters";
const INVALID = "must not contain invalid Unicode";

Deno.test("text: tab, newline, accents, other scripts and emoji pass", () => {
  for (
    const text of ["", "a\tb", "one\ntwo", "Zoë Ångström", "会議室", "👩🏽‍💻 🚪", "\ufffd", "\u00a0"]
  ) {
    assertEquals(textProblem(text), undefined, JSON.stringify(text));
  }
});

Deno.test("text: other control characters and lone surrogates are refused", () => {
  const controls = ["\u0000", "\u0001", "\u0008", "\u000b", "\u000c", "\r", "\u001b", "\u001f"];
  for (const char of [...controls, "\u007f", "\u0080", "\u0085", "\u009f"]) {
    assertEquals(textProblem(`a${char}b`), CONTROL, JSON.stringify(char));
  }
  for (const text of ["\ud800", "a\udfffb", "\ud83d", "x\udc69\ud83d"]) {
    assertEquals(textProblem(text), INVALID, JSON.stringify(text));
  }
});

Deno.test("JSON: the first bad string or key is named by its path", () => {
  assertEquals(jsonTextProblem({ name: "ok", tags: ["fine", 1, null, true] }), undefined);
  assertEquals(jsonTextProblem({ name: "a\u0000b" }), `name: ${CONTROL}`);
  assertEquals(jsonTextProblem(JSON.parse('{"a":{"b":["x","\\ud800"]}}')), `a.b.1: ${INVALID}`);
  assertEquals(
    jsonTextProblem([{ action: "ok" }, { action: "\u001b[2J" }]),
    `1.action: ${CONTROL}`,
  );
  assertEquals(jsonTextProblem({ meta: { "k\u0000": 1 } }), `meta: field names ${CONTROL}`);
  assertEquals(jsonTextProblem("\u0000"), `body: ${CONTROL}`);
});

Deno.test("JSON: nesting as deep as a 64 KB body allows is walked without overflowing", () => {
  const depth = 32_000;
  const deep = JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`);
  const problem = jsonTextProblem(deep) ?? "";
  assertEquals(problem.endsWith(`.0: ${CONTROL}`), true);
});
