// Structured logs: one JSON object per line on stdout/stderr.
export type Level = "debug" | "info" | "warn" | "error";
export type Logger = Record<Level, (message: string, fields?: Record<string, unknown>) => void>;

const rank: Record<Level | "silent", number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };

export function createLogger(min: Level | "silent" = "info"): Logger {
  const write = (level: Level) => (message: string, fields: Record<string, unknown> = {}) => {
    if (rank[level] < rank[min]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
    (level === "error" || level === "warn" ? console.error : console.log)(line);
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
