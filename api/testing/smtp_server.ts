// A real SMTP server for tests (the smtp-server package) on a loopback port: it takes
// messages as a mail server does, over plain SMTP, STARTTLS or implicit TLS (the test
// certificate in tls/), with or without a password, and can refuse the next messages
// with a given reply. Each accepted message is kept with its MIME parts decoded, so a
// test reads what the recipient would.
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

export type ReceivedMail = {
  from: string;
  to: string[];
  subject: string;
  /** The plain-text and HTML parts, decoded. */
  text: string;
  html: string;
  /** Whether the message came over TLS (STARTTLS or implicit). */
  secure: boolean;
  /** Who signed in, if anyone. */
  user: string | null;
  raw: string;
  /** performance.now() when it was accepted. */
  at: number;
};

export type SmtpServerOptions = {
  /** "starttls": offered and required for AUTH; "implicit": TLS from the start (smtps). */
  tls?: "none" | "starttls" | "implicit";
  /** A user and password it requires. */
  auth?: { user: string; pass: string };
};

const tlsFile = (name: string) => Deno.readTextFileSync(new URL(`./tls/${name}`, import.meta.url));
/** The CA that signed the server's certificate (give it to the sender as DENO_CERT). */
export const TEST_CA_PATH = new URL("./tls/ca.pem", import.meta.url).pathname;

export async function startSmtpServer({ tls = "none", auth }: SmtpServerOptions = {}) {
  const received: ReceivedMail[] = [];
  const refusals: { code: number; message: string }[] = [];
  const waiters = new Set<() => void>();
  const options: SMTPServerOptions = {
    secure: tls === "implicit",
    ...(tls === "none" ? { disabledCommands: ["STARTTLS"] } : { key: tlsFile("key.pem"), cert: tlsFile("cert.pem") }),
    authOptional: !auth,
    allowInsecureAuth: false,
    logger: false,
    onAuth(login, _session, callback) {
      if (auth && login.username === auth.user && login.password === auth.pass) {
        return callback(null, { user: login.username });
      }
      callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const decoder = new TextDecoder();
      let raw = "";
      stream.on("data", (chunk: Uint8Array) => (raw += decoder.decode(chunk, { stream: true })));
      stream.on("end", () => {
        const refusal = refusals.shift();
        if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        raw += decoder.decode();
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: decodeWords(header(raw, "subject")),
          text: part(raw, "text/plain"),
          html: part(raw, "text/html"),
          secure: session.secure,
          user: (session.user as string | undefined) ?? null,
          raw,
          at: performance.now(),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  };
  const server = new SMTPServer(options);
  // A client giving up mid-handshake must not end the test process.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  const scheme = tls === "implicit" ? "smtps" : "smtp";
  const credentials = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@` : "";
  return {
    port,
    /** For SMTP_URL: the host is `localhost`, the name on the test certificate. */
    url: `${scheme}://${credentials}localhost:${port}`,
    received,
    /** The next messages' DATA is answered with this code instead of accepted. */
    refuseNext(code: number, message: string, times = 1) {
      for (let i = 0; i < times; i++) refusals.push({ code, message });
    },
    /** Resolves once `count` messages have arrived, or rejects after `timeoutMs`. */
    waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Expected ${count} messages within ${timeoutMs} ms, got ${received.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** A header's value, its folded lines joined. */
function header(block: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(block);
  return match ? match[1].replace(/\r?\n[ \t]/g, " ") : "";
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= or ?B?), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === "b"
      ? new TextDecoder().decode(Uint8Array.fromBase64(text))
      : decodeQuoted(text.replace(/_/g, " ")));
}

function decodeQuoted(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(soft[i]));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** The decoded body of the first part of this content type, or "" if there is none. */
function part(raw: string, type: string): string {
  for (const section of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = section.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const head = section.slice(0, split);
    if (!header(head, "content-type").toLowerCase().startsWith(type)) continue;
    const body = section.slice(split).replace(/^\r?\n\r?\n/, "").replace(/\r?\n--[^\r\n]+--\s*$/, "");
    const encoding = header(head, "content-transfer-encoding").toLowerCase();
    if (encoding === "base64") return new TextDecoder().decode(Uint8Array.fromBase64(body.replace(/\s+/g, "")));
    return encoding === "quoted-printable" ? decodeQuoted(body) : body;
  }
  return "";
}
