// Paths that carry a link's token (spec 4 §4: invitations, a reset's page; §5: a
// guest's pass): what the server writes down of a request (its log line, an
// Idempotency-Key's record) names the path without it. A token in a log would sign
// its reader in, or open a door.
const TOKEN_IN_PATH = /^(\/invite\/|\/reset-password\/|\/visit\/|\/api\/auth\/invitations\/|\/api\/pass\/)[^/]+/;

export const withoutTokens = (path: string) => path.replace(TOKEN_IN_PATH, "$1…");

/** Whether the path carries a link's token: its page is kept out of indexes and referrers. */
export const carriesToken = (path: string) => TOKEN_IN_PATH.test(path);
