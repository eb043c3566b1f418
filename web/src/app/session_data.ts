import type { SessionUser } from "../api/session";

/** Where a page rendered on the server (prerender.tsx) says what it was rendered with, read by main.tsx. */
export const SESSION_DATA_ID = "session";

/**
 * What a page was rendered with: the me call's user (null: nobody signed in), and
 * the reads the server answered into it, by query key (a read's key is its URL).
 */
export type RenderedWith = { user: SessionUser | null; queries: Record<string, unknown> };

/** A public page's: rendered signed out, with no data. */
export const SIGNED_OUT: RenderedWith = { user: null, queries: {} };
