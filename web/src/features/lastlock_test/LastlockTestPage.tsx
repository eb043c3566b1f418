// /dash/lastlock-test, the 'Last Lock Testing Dashboard' (spec 2 §2, §5, §8, §9):
// quick tests, Create Credential, Assign Credential and Remove Credential against
// the configured Last Lock service, and every answer in Test Results (newest
// first). The spec's fixed device 16 and user 2 are pickers here: any Last Lock
// device and any user. Changes go through the one mutation layer like every other
// admin change; reads are plain calls whose raw answers are shown.
import { useEffect, useState } from "react";
import Box from "@mui/joy/Box";
import { useDevices } from "../../api/devices";
import { useSession } from "../../api/session";
import { useUsers } from "../../api/users";
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { CreateCredentialForm } from "./CreateCredentialForm";
import { CredentialCommandForm } from "./CredentialCommandForm";
import { CredentialTypesInfo } from "./CredentialTypesInfo";
import { QuickTests } from "./QuickTests";
import { TEST_PAGE_MESSAGES as M } from "./test_page_rules";
import { TestResults } from "./TestResults";
import { TestTarget } from "./TestTarget";
import { useTestRuns } from "./use_test_runs";

export default function LastlockTestPage() {
  usePageMeta("Last Lock Test");
  const { results, running, run, clear } = useTestRuns();
  const devices = useDevices();
  const users = useUsers();
  const session = useSession();
  const locks = (devices.data ?? []).filter((d) => d.type === "lastlock");
  const [deviceId, setDeviceId] = useState<number | null>(null);
  const [userId, setUserId] = useState<number | null>(null);

  // Defaults: the first approved lock, and the signed-in admin.
  useEffect(() => {
    if (deviceId === null && locks.length) setDeviceId((locks.find((d) => !d.isPending) ?? locks[0]).id);
  }, [deviceId, locks]);
  useEffect(() => {
    const me = session.data?.id;
    if (userId === null && me && users.data?.some((u) => u.id === me)) setUserId(me);
  }, [userId, session.data, users.data]);

  return (
    <PageBody>
      <PageHeader title={M.title} subtitle="Try the Last Lock calls against the configured service and read the raw answers" />
      <Box sx={{ display: "grid", gap: 2.5, gridTemplateColumns: { xs: "1fr", lg: "minmax(0, 1fr) minmax(0, 1fr)" }, alignItems: "start" }}>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 2.5, minWidth: 0 }}>
          <TestTarget
            locks={locks}
            users={users.data ?? []}
            deviceId={deviceId}
            userId={userId}
            onDevice={setDeviceId}
            onUser={setUserId}
            loading={devices.isPending || users.isPending}
          />
          <QuickTests deviceId={deviceId} run={run} />
          <CreateCredentialForm userId={userId} run={run} />
          <CredentialCommandForm kind="assign" deviceId={deviceId} run={run} />
          <CredentialCommandForm kind="remove" deviceId={deviceId} run={run} />
          <CredentialTypesInfo />
        </Box>
        <TestResults results={results} running={running} onClear={clear} />
      </Box>
    </PageBody>
  );
}
