// Reading a server-sent event stream in tests (the doors' stream, the dashboards' live events).

type Event = { event: string; id: string; data: string };
type Frame = Record<string, string>;

/** Reads server-sent events from a streamed answer, one at a time. */
export function events(res: Response) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  // As EventSource keeps it: the last id field read, whether or not its frame was an event.
  let lastEventId = "";

  /** The next frame's fields (comment lines left out), or "closed". */
  async function frame(deadline: number, timeoutMs: number): Promise<Frame | "closed"> {
    while (true) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields: Frame = {};
        for (const line of block.split("\n")) {
          if (line.startsWith(":")) continue;
          const colon = line.indexOf(":");
          fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
        }
        if (fields.id !== undefined) lastEventId = fields.id;
        return fields;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const read = await Promise.race([
        reader.read(),
        new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), deadline - Date.now()))),
      ]);
      clearTimeout(timer);
      if (read === "late") throw new Error(`no event within ${timeoutMs} ms`);
      if (read.done) return "closed";
      buffer += read.value;
    }
  }

  return {
    /** The next event (comments and frames without one skipped), or "closed". */
    async next(timeoutMs = 5_000): Promise<Event | "closed"> {
      const deadline = Date.now() + timeoutMs;
      while (true) {
        const fields = await frame(deadline, timeoutMs);
        if (fields === "closed") return fields;
        if (fields.event) return { event: fields.event, id: fields.id, data: fields.data };
      }
    },
    /** Reads on until the last event id is `id` (a frame may carry an id alone), failing on an event not of the `passing` types. */
    async untilId(id: string, timeoutMs = 5_000, passing: string[] = []): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (lastEventId !== id) {
        const fields = await frame(deadline, timeoutMs);
        if (fields === "closed" || (fields.event && !passing.includes(fields.event))) {
          throw new Error(`${fields === "closed" ? "closed" : fields.event} before id ${id}`);
        }
      }
    },
    /** What a browser would send as Last-Event-ID on reconnecting, as far as read. */
    lastEventId: () => lastEventId,
    cancel: () => reader.cancel(),
  };
}
