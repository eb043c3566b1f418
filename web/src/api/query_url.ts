// Query strings of API calls: a path with its parameters, and the instants that
// bound local days for the date filters (the access log, the audit trail).

/** The path with its query string; the bare path when there are no parameters. */
export function withQuery(path: string, params: URLSearchParams | Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
}

/** The start of a local day and the last millisecond of another, as ISO instants. */
export function dayBounds(from: string, to: string): { from?: string; to?: string } {
  const start = (day: string) => new Date(`${day}T00:00:00`);
  const bounds: { from?: string; to?: string } = {};
  if (/^\d{4}-\d{2}-\d{2}$/.test(from)) bounds.from = start(from).toISOString();
  if (/^\d{4}-\d{2}-\d{2}$/.test(to)) {
    const end = start(to);
    end.setDate(end.getDate() + 1);
    bounds.to = new Date(end.getTime() - 1).toISOString();
  }
  return bounds;
}
