// The lock test page's Quick Tests: one click, one call (status, pending
// devices, discovery, the selected lock's credentials), its raw answer shown.
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import { ApiError } from "../../api/api_error";
import { send } from "../../api/client";
import { useDiscoverLocks } from "../../api/lastlock";
import { isQueued } from "../../api/mutations";
import { TestSection } from "./TestSection";
import type { Run } from "./use_test_runs";

export function QuickTests({ deviceId, run }: { deviceId: number | null; run: Run }) {
  const discover = useDiscoverLocks();
  const get = (label: string, path: string) =>
    run(label, "GET", path, async () => {
      // The raw answer, for its status: the page shows it.
      const res = await send(path);
      const text = await res.text();
      if (!res.ok) throw ApiError.from(res, text);
      let body: unknown = text || undefined;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch { /* not JSON: show the text */ }
      return { status: res.status, body };
    });
  return (
    <TestSection title="Quick Tests" description="One click, one call.">
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button variant="soft" onClick={() => void get("Check Status", "/api/lastlock/status")}>Check Status</Button>
        <Button variant="soft" onClick={() => void get("Pending Devices", "/api/lastlock/devices/pending")}>
          Pending Devices
        </Button>
        <Button
          variant="soft"
          onClick={() =>
            void run("Discover Devices", "POST", "/api/lastlock/devices/discover", async () => {
              const result = await discover.mutateAsync();
              return isQueued(result) ? result : { status: 200, body: result };
            })}
        >
          Discover Devices
        </Button>
        <Button
          variant="soft"
          disabled={deviceId === null}
          onClick={() => deviceId !== null && void get("Device Credentials", `/api/lastlock/devices/${deviceId}/credentials`)}
        >
          Device Credentials
        </Button>
      </Box>
    </TestSection>
  );
}
