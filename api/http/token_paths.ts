// Paths that carry a link's token (spec 4 §4: invitations; a reset's travels in its
// body): what the server writes down of a request (its log line, an Idempotency-Key's
// record) names the path without it. A token in a log would sign its reader in.
const TOKEN_IN_PATH = /^(\/invite\/|\/reset-password\/|\/api\/auth\/invitations\/)[^/]+/;

export const withoutTokens = (path: string) => path.replace(TOKEN_IN_PATH, "$1…");
