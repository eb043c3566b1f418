// How a user is shown: avatar initials and full name (spec 1 §3), and the name a list row shows.
type Named = { firstName?: string | null; lastName?: string | null };

/** Upper-case first letters of first and last name, or "U". */
export function initials(user: Named | null | undefined): string {
  const letters = `${user?.firstName?.trim()[0] ?? ""}${user?.lastName?.trim()[0] ?? ""}`;
  return letters.toUpperCase() || "U";
}

/** First name plus last name, or "User". */
export function displayName(user: Named | null | undefined): string {
  const name = [user?.firstName?.trim(), user?.lastName?.trim()].filter(Boolean).join(" ");
  return name || "User";
}

/** The name a row shows: first and last name, or the e-mail when there are none. */
export function userLabel(user: { firstName?: string | null; lastName?: string | null; email: string }): string {
  const name = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(" ");
  return name || user.email;
}
