// Lighthouse (12.8, its default mobile preset: simulated slow 4G, 4x CPU slowdown)
// on the pages members open, against the real server (built app), in Debian's
// Chromium. Each page is audited RUNS times (cold: Lighthouse clears the origin's
// storage and service worker before each run); the median of each figure is
// held against the budgets of issue 19:
//   performance >= 95 and LCP <= 2.0 s; accessibility 100; best practices >= 95.
// /app is audited signed in as the demo member: the session cookie from
// POST /api/auth/login goes with every request (Lighthouse's extraHeaders).
//
//   npx vite build && node bench/lighthouse.mjs
//   (BASE_URL=http://localhost:8000 audits a running server instead of starting
//    one on a fresh embedded database; RUNS=5 changes the number of runs;
//    PAGES=/login audits only the pages named, comma separated; REPORTS=dir
//    writes each run's full Lighthouse report there, to see what the time went to;
//    TRACES=dir writes each run's Chrome trace there, with the JavaScript profiler's
//    samples, to open in DevTools' Performance panel or read with
//    bench/long_tasks.mjs, which names what each long task ran; the sampling
//    lengthens every task, so such runs attribute, they do not give the figures)
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { median, sessionCookie, startServer, stopChild } from "./app_server.mjs";
import { CHROMIUM, CHROMIUM_ARGS } from "../scripts/chromium.mjs";

const RUNS = Number(process.env.RUNS ?? 3);
const MEMBER = { email: "member@threshold.test", password: "threshold-demo" };
const PAGES = [
  { path: "/", signedIn: false },
  { path: "/login", signedIn: false },
  { path: "/app", signedIn: true },
].filter((p) => !process.env.PAGES || process.env.PAGES.split(",").includes(p.path));

const BUDGETS = [
  { figure: "performance", ok: (v) => v >= 95, budget: ">= 95" },
  { figure: "LCP", ok: (v) => v <= 2000, budget: "<= 2000 ms" },
  { figure: "accessibility", ok: (v) => v === 100, budget: "= 100" },
  { figure: "best-practices", ok: (v) => v >= 95, budget: ">= 95" },
];

/** Chromium with a DevTools port for Lighthouse, on a throwaway profile. */
async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), "threshold-lighthouse-"));
  const child = spawn(CHROMIUM, [
    "--headless=new",
    ...CHROMIUM_ARGS,
    "--remote-debugging-port=0",
    `--user-data-dir=${profile}`,
    "about:blank",
  ], { stdio: ["ignore", "ignore", "pipe"] });
  const port = await new Promise((resolve, reject) => {
    let seen = "";
    child.stderr.on("data", (chunk) => {
      seen += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited with ${code}: ${seen}`)));
  });
  return {
    port,
    stop: () => stopChild(child, profile),
  };
}

async function audit(port, url, cookie) {
  const { lhr, artifacts } = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
    ...(cookie && { extraHeaders: { Cookie: cookie } }),
    ...(process.env.TRACES && { additionalTraceCategories: "disabled-by-default-v8.cpu_profiler" }),
  });
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (process.env.REPORTS) {
    mkdirSync(process.env.REPORTS, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, "_") || "_"}-${Date.now()}.json`;
    writeFileSync(join(process.env.REPORTS, name), JSON.stringify(lhr));
  }
  if (process.env.TRACES) {
    mkdirSync(process.env.TRACES, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, "_") || "_"}-${Date.now()}.trace.json`;
    writeFileSync(join(process.env.TRACES, name), JSON.stringify(artifacts.Trace));
  }
  const score = (id) => Math.round(lhr.categories[id].score * 100);
  const ms = (id) => lhr.audits[id].numericValue;
  const failing = Object.values(lhr.categories)
    .filter((c) => c.id !== "performance")
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 1))
    .map((r) => r.id);
  return {
    figures: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      FCP: ms("first-contentful-paint"),
      LCP: ms("largest-contentful-paint"),
      TBT: ms("total-blocking-time"),
      CLS: lhr.audits["cumulative-layout-shift"].numericValue,
      SI: ms("speed-index"),
    },
    failing,
    lighthouse: lhr.lighthouseVersion,
  };
}

const server = await startServer();
const chromium = await startChromium();
try {
  const cookie = await sessionCookie(server.url, MEMBER);
  const load = () => loadavg().map((l) => l.toFixed(2)).join(", ");
  console.log(`Load average before: ${load()}`);
  const rows = [];
  let version = "";
  for (const { path, signedIn } of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await audit(chromium.port, `${server.url}${path}`, signedIn ? cookie : undefined);
      version = run.lighthouse;
      runs.push(run);
      const f = run.figures;
      console.log(
        `${path} run ${i + 1}: performance ${f.performance}, FCP ${f.FCP.toFixed(0)} ms, LCP ${f.LCP.toFixed(0)} ms, ` +
          `TBT ${f.TBT.toFixed(0)} ms, CLS ${f.CLS.toFixed(3)}, SI ${f.SI.toFixed(0)} ms, ` +
          `accessibility ${f.accessibility}, best practices ${f["best-practices"]}` +
          (run.failing.length ? ` (failing: ${[...new Set(run.failing)].join(", ")})` : ""),
      );
    }
    const med = Object.fromEntries(Object.keys(runs[0].figures).map((k) => [k, median(runs.map((r) => r.figures[k]))]));
    rows.push({ path, med });
  }
  console.log(`\nLighthouse ${version}, mobile preset, median of ${RUNS} runs; load average after: ${load()}`);
  console.table(rows.map(({ path, med }) => ({
    page: path,
    performance: med.performance,
    "FCP ms": Math.round(med.FCP),
    "LCP ms": Math.round(med.LCP),
    "TBT ms": Math.round(med.TBT),
    CLS: med.CLS.toFixed(3),
    "SI ms": Math.round(med.SI),
    accessibility: med.accessibility,
    "best practices": med["best-practices"],
  })));
  const verdicts = rows.flatMap(({ path, med }) =>
    BUDGETS.map((b) => ({ page: path, ...b, value: med[b.figure], pass: b.ok(med[b.figure]) }))
  );
  for (const v of verdicts) {
    const value = v.figure === "LCP" ? `${Math.round(v.value)} ms` : v.value;
    console.log(`${v.pass ? "PASS" : "FAIL"}  ${v.page.padEnd(6)} ${v.figure.padEnd(15)} ${String(value).padStart(8)}  (budget ${v.budget})`);
  }
  const failed = verdicts.filter((v) => !v.pass);
  console.log(failed.length ? `\nFAIL: ${failed.length} budget(s) missed` : "\nPASS: every budget met");
  process.exitCode = failed.length ? 1 : 0;
} finally {
  await chromium.stop();
  await server.stop();
}
