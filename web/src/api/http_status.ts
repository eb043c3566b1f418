// The status of a failed call made through the default query function or
// apiRequest, whose errors read "<status>: <body>" (spec 1 §1).

/** 404 for "404: {...}"; null for an error without a status (network, abort). */
export function statusOf(error: unknown): number | null {
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : null;
}

export const isNotFound = (error: unknown) => statusOf(error) === 404;
