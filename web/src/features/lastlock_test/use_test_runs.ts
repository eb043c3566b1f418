// The lock test page's runs: each command's answer (or refusal, or its wait in
// the outbox) becomes an entry of Test Results, newest first, and the page
// knows while any command is still running.
import { useState } from "react";
import { isQueued, type Queued } from "../../api/mutations";
import type { Answer } from "./api";
import { addResult, failureText, successMessage, TEST_PAGE_MESSAGES as M, type TestResult } from "./test_page_rules";

/** Runs one command and records what came of it; resolves to the answer's body. */
export type Run = (label: string, method: string, path: string, work: () => Promise<Answer | Queued>) => Promise<unknown>;

let nextResultId = 0;

export function useTestRuns() {
  const [results, setResults] = useState<TestResult[]>([]);
  const [running, setRunning] = useState(0);

  const run: Run = async (label, method, path, work) => {
    setRunning((n) => n + 1);
    const at = new Date();
    let entry: Omit<TestResult, "id">;
    try {
      const outcome = await work();
      entry = isQueued(outcome)
        ? { label, call: `${method} ${path}`, status: null, failed: false, message: M.queued, body: undefined, at }
        : {
          label,
          call: `${method} ${path}`,
          status: outcome.status,
          failed: false,
          message: successMessage(method, outcome.status, outcome.body),
          body: outcome.body,
          at,
        };
    } catch (error) {
      const failure = failureText(error);
      entry = { label, call: `${method} ${path}`, status: failure.status, failed: true, message: failure.message, body: failure.body, at };
    } finally {
      setRunning((n) => n - 1);
    }
    setResults((list) => addResult(list, { ...entry, id: ++nextResultId }));
    return entry.body;
  };

  return { results, running: running > 0, run, clear: () => setResults([]) };
}
