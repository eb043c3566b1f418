// What each long task of a page load ran, from a Chrome trace (bench/lighthouse.mjs
// with TRACES=dir writes one per run, the JavaScript profiler's samples included).
// Lighthouse's long-tasks audit calls a task "Unattributable" when no script is on its
// stack at its start: a module's evaluation started by the loader, a style
// recalculation, a service worker's messages. Here each task of the page's main
// thread longer than MIN_MS (observed, unthrottled: Lighthouse's mobile preset
// counts it four times) is broken down by the trace events inside it (self time)
// and by the scripts and functions its profiler samples fell in; "cpu" is the time
// the thread actually ran (the rest of a task's length it waited for a core). First,
// the threads that took the most CPU in the load (a service worker's install shows
// as "ServiceWorker thread"), with when they worked.
//
//   node bench/long_tasks.mjs dir/_login-*.trace.json   (MIN_MS=12 by default)
import { readFileSync } from "node:fs";

const MIN_MS = Number(process.env.MIN_MS ?? 12);

function analyse(file) {
  const raw = JSON.parse(readFileSync(file, "utf8"));
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  const threads = new Map();
  for (const e of events) {
    if (e.ph === "M" && e.name === "thread_name") threads.set(`${e.pid}:${e.tid}`, e.args.name);
  }
  // The thread that parsed the page's HTML, from the page's navigation on.
  const parse = events.find((e) => e.name === "ParseHTML" && e.args?.beginData?.url?.startsWith("http"));
  const main = `${parse.pid}:${parse.tid}`;
  const navigation = events.find((e) =>
    e.name === "navigationStart" && `${e.pid}:${e.tid}` === main && e.args?.data?.documentLoaderURL?.startsWith("http")
  );
  const t0 = navigation?.ts ?? parse.ts;

  // CPU per thread, over every top-level task of the trace.
  const busy = new Map();
  for (const e of events) {
    if (e.ph !== "X" || !e.dur || !/^(RunTask|ThreadControllerImpl::RunTask|ThreadPool_RunTask)$/.test(e.name)) continue;
    const key = `${e.pid}:${e.tid}`;
    const b = busy.get(key) ?? { wall: 0, cpu: 0, first: Infinity, last: -Infinity };
    b.wall += e.dur / 1000;
    b.cpu += (e.tdur ?? 0) / 1000;
    b.first = Math.min(b.first, (e.ts - t0) / 1000);
    b.last = Math.max(b.last, (e.ts + e.dur - t0) / 1000);
    busy.set(key, b);
  }
  const busiest = [...busy].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 4).map(([key, b]) =>
    `${(key === main ? "page main thread" : threads.get(key) ?? key).padEnd(22)} cpu ${b.cpu.toFixed(0).padStart(5)} ms ` +
    `(wall ${b.wall.toFixed(0).padStart(5)} ms), from ${b.first.toFixed(0)} to ${b.last.toFixed(0)} ms`
  );
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === "X" && e.dur !== undefined);
  onMain.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = onMain.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");

  // Profiler samples, on the main thread, with their stacks.
  const nodes = new Map();
  const samples = [];
  // A profile's id is only unique within its process.
  const profiles = new Map();
  for (const e of events) {
    if (e.name === "Profile" && `${e.pid}:${e.tid}` === main) profiles.set(`${e.pid}/${e.id}`, { time: e.args.data.startTime });
  }
  for (const e of events) {
    const id = `${e.pid}/${e.id}`;
    if (e.name !== "ProfileChunk" || !profiles.has(id)) continue;
    const p = profiles.get(id);
    const data = e.args.data;
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(`${id}:${n.id}`, { ...n, key: `${id}:${n.id}` });
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i++) {
      p.time += deltas[i];
      samples.push({ ts: p.time, node: `${id}:${ids[i]}` });
    }
  }
  const parentOf = new Map();
  for (const n of nodes.values()) if (n.parent !== undefined) parentOf.set(n.key, `${n.key.split(":")[0]}:${n.parent}`);
  const frameOf = (key) => nodes.get(key)?.callFrame;
  /** The innermost frame with a URL (the script the time went to) and the function. */
  function attribution(key) {
    const own = frameOf(key);
    let k = key;
    while (k) {
      const f = frameOf(k);
      if (f?.url) return { script: f.url.replace(/^https?:\/\/[^/]+/, ""), fn: own?.functionName || f.functionName || "(anonymous)" };
      k = parentOf.get(k);
    }
    return { script: own?.functionName ? `(${own.functionName})` : "(no script)", fn: own?.functionName ?? "" };
  }

  const out = [];
  for (const task of tasks) {
    if (task.dur / 1000 < MIN_MS) continue;
    const end = task.ts + task.dur;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end);
    // Self time per event name (children subtracted), and the URLs scripts ran from.
    const self = new Map();
    const stack = [];
    for (const e of inside) {
      while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur);
      self.set(e.name, (self.get(e.name) ?? 0) + e.dur);
      stack.push(e);
    }
    const urls = new Set();
    for (const e of inside) {
      const d = e.args?.data ?? e.args?.beginData ?? {};
      const url = d.url ?? d.fileName ?? d.stackTrace?.[0]?.url;
      if (url && /EvaluateScript|v8\.compile|FunctionCall|v8\.evaluateModule|ParseHTML|EventDispatch|TimerFire|FireAnimationFrame/.test(e.name)) {
        urls.add(`${e.name}:${url.replace(/^https?:\/\/[^/]+/, "")}${d.functionName ? `#${d.functionName}` : ""}`);
      }
      if (e.name === "EventDispatch" && d.type) urls.add(`event:${d.type}`);
    }
    const bySample = new Map();
    const byFn = new Map();
    let n = 0;
    for (const s of samples) {
      if (s.ts < task.ts || s.ts > end) continue;
      n++;
      const a = attribution(s.node);
      bySample.set(a.script, (bySample.get(a.script) ?? 0) + 1);
      const fnKey = `${a.fn} (${a.script.split("/").pop()})`;
      byFn.set(fnKey, (byFn.get(fnKey) ?? 0) + 1);
    }
    const top = (m, k, scale = 1) =>
      [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([name, v]) => `${name} ${(v * scale).toFixed(1)}`).join("; ");
    out.push({
      start: ((task.ts - t0) / 1000).toFixed(0),
      ms: (task.dur / 1000).toFixed(1),
      cpu: task.tdur === undefined ? "?" : (task.tdur / 1000).toFixed(1),
      events: top(new Map([...self].map(([k, v]) => [k, v / 1000])), 6),
      urls: [...urls].slice(0, 8).join(" "),
      samples: n ? `${n} samples: ${top(bySample, 4)}` : "",
      functions: n ? top(byFn, 6) : "",
    });
  }
  return { busiest, tasks: out };
}

for (const file of process.argv.slice(2)) {
  console.log(`\n== ${file}`);
  const { busiest, tasks } = analyse(file);
  for (const line of busiest) console.log(`  ${line}`);
  for (const t of tasks) {
    console.log(`${t.start.padStart(6)} ms  ${t.ms.padStart(6)} ms (cpu ${t.cpu.padStart(5)})  ${t.events}`);
    if (t.urls) console.log(`                     ran: ${t.urls}`);
    if (t.samples) console.log(`                     ${t.samples}`);
    if (t.functions) console.log(`                     functions: ${t.functions}`);
  }
}
