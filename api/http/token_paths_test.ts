// Every path that carries a link's token is written down without it; others as they are.
import { assertEquals } from "../testing/assert.ts";
import { withoutTokens } from "./token_paths.ts";

Deno.test("a link's token is left out of the paths the server writes down", () => {
  const token = "A".repeat(43);
  const cases: [string, string][] = [
    [`/invite/${token}`, "/invite/…"],
    [`/reset-password/${token}`, "/reset-password/…"],
    [`/visit/${token}`, "/visit/…"],
    [`/api/auth/invitations/${token}`, "/api/auth/invitations/…"],
    [`/api/auth/invitations/${token}/accept`, "/api/auth/invitations/…/accept"],
    [`/api/pass/${token}`, "/api/pass/…"],
    [`/api/pass/${token}/rooms/7/unlock`, "/api/pass/…/rooms/7/unlock"],
    ["/api/visits/7", "/api/visits/7"],
    ["/api/auth/password-reset/complete", "/api/auth/password-reset/complete"],
    ["/dash/users", "/dash/users"],
  ];
  for (const [path, written] of cases) assertEquals(withoutTokens(path), written, path);
});
