// CSV downloads (RFC 4180): a header row, CRLF line ends, fields quoted when they
// hold a comma, quote or line break, quotes doubled. A text field that a
// spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
// apostrophe (OWASP "CSV injection"): names come from users. Rows are streamed in
// the batches a keyset query yields, so a million never sit in memory.
import type { Context } from "hono";
import type { Env } from "./env.ts";

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (fields: unknown[]) => fields.map(csvField).join(",") + "\r\n";

/** A CSV file download of every row the batches yield, read as the client takes them. */
export function csvDownload<T>(
  c: Context<Env>,
  name: string,
  header: string[],
  batches: AsyncGenerator<T[]>,
  line: (row: T) => string,
) {
  const log = c.var.log;
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(header)));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value.map(line).join("")));
      } catch (error) {
        // The status is already sent: cut the download short so it is not taken as whole.
        log.error("export failed", { name, error: String(error) });
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return c.body(stream, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${name}.csv"`,
    "cache-control": "no-store",
  });
}
