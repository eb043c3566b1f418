/** Where a page rendered on the server (prerender.tsx) says whom for, read by main.tsx: the me call's user, or null. */
export const SESSION_DATA_ID = "session";
