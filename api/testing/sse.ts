// Reading a server-sent event stream in tests (the doors' stream, the dashboards' live events).

type Event = { event: string; id: string; data: string };

/** Reads server-sent events from a streamed answer, one at a time. */
export function events(res: Response) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  return {
    /** The next event (comments skipped), or "closed". */
    async next(timeoutMs = 5_000): Promise<Event | "closed"> {
      const deadline = Date.now() + timeoutMs;
      while (true) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) continue;
            const colon = line.indexOf(":");
            fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
          }
          if (fields.event) return { event: fields.event, id: fields.id, data: fields.data };
          continue;
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
    },
    cancel: () => reader.cancel(),
  };
}
