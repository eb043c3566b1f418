// Every message Threshold sends has a plain-text and an HTML part saying the same, the
// product's name, and no tracking: no remote images, no pixels, no rewritten links
// (spec 4 §3). One layout for all, so every message reads alike.
import { escapeHtml } from "../http/escape_html.ts";

export type Composed = { subject: string; text: string; html: string };

export type Content = {
  subject: string;
  /** Paragraphs, in order. */
  lines: string[];
  /** The one thing to do, as a link. */
  action?: { label: string; url: string };
};


export function compose({ subject, lines, action }: Content): Composed {
  const text = [
    ...lines,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    "—\nThreshold",
  ].join("\n\n") + "\n";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: system-ui, sans-serif; color: #1f2328; line-height: 1.5">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
${action ? `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` : ""}
<p style="color: #59636e">Threshold</p>
</body></html>
`;
  return { subject, text, html };
}
