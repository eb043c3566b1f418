// /dash/lastlock-test, the 'Last Lock Testing Dashboard' (spec 2 §2, §5, §8, §9):
// quick tests, Create Credential, Assign Credential and Remove Credential against
// the configured Last Lock service, and every answer in Test Results (newest
// first). The spec's fixed device 16 and user 2 are pickers here: any Last Lock
// device and any user. Changes go through the one mutation layer like every other
// admin change; reads are plain calls whose raw answers are shown.
import { type FormEvent, type ReactNode, useEffect, useId, useState } from "react";
import Autocomplete from "@mui/joy/Autocomplete";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import CircularProgress from "@mui/joy/CircularProgress";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import List from "@mui/joy/List";
import ListItem from "@mui/joy/ListItem";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import Typography from "@mui/joy/Typography";
import { isQueued, type Queued } from "../../api/mutations";
import { useSession } from "../../api/session";
import { displayName } from "../../api/user_display";
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { toast } from "../../ui/toast/toast";
import { type Device, useDevices } from "../devices/api";
import { type User, useUsers } from "../users/api";
import {
  type Answer,
  type CredentialOnLock,
  useAssignLockCredential,
  useCreateLockCredential,
  useDiscoverLocks,
  useRemoveLockCredential,
} from "./api";
import {
  addResult,
  bodyText,
  credentialDataProblem,
  credentialIdProblem,
  CREDENTIAL_TYPES,
  type CredentialType,
  DEFAULT_SCHEDULE,
  failureText,
  scheduleDataText,
  successMessage,
  TEST_PAGE_MESSAGES as M,
  type TestResult,
} from "./lastlock_rules";
import { send } from "../../api/client";
import { ApiError } from "../../api/api_error";

type Run = (label: string, method: string, path: string, work: () => Promise<Answer | Queued>) => Promise<unknown>;

let nextResultId = 0;

export default function LastlockTestPage() {
  usePageMeta("Last Lock Test");
  const [results, setResults] = useState<TestResult[]>([]);
  const [running, setRunning] = useState(0);
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

  return (
    <PageBody>
      <PageHeader title={M.title} subtitle="Try the Last Lock calls against the configured service and read the raw answers" />
      <Box sx={{ display: "grid", gap: 2.5, gridTemplateColumns: { xs: "1fr", lg: "minmax(0, 1fr) minmax(0, 1fr)" }, alignItems: "start" }}>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 2.5, minWidth: 0 }}>
          <Target
            locks={locks}
            users={users.data ?? []}
            deviceId={deviceId}
            userId={userId}
            onDevice={setDeviceId}
            onUser={setUserId}
            loading={devices.isPending || users.isPending}
          />
          <QuickTests deviceId={deviceId} run={run} />
          <CreateCredential userId={userId} run={run} />
          <CredentialCommand kind="assign" deviceId={deviceId} run={run} />
          <CredentialCommand kind="remove" deviceId={deviceId} run={run} />
          <CredentialTypesInfo />
        </Box>
        <Results results={results} running={running > 0} onClear={() => setResults([])} />
      </Box>
    </PageBody>
  );
}

function Section({ title, children, description }: { title: string; children: ReactNode; description?: string }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ gap: 1.5 }}>
      <Box>
        <Typography id={id} level="title-lg" component="h2">{title}</Typography>
        {description && <Typography level="body-sm" textColor="text.secondary">{description}</Typography>}
      </Box>
      {children}
    </Card>
  );
}

const userLabel = (u: User) => `${displayName(u)} (${u.email})`;

function Target(props: {
  locks: Device[];
  users: User[];
  deviceId: number | null;
  userId: number | null;
  onDevice: (id: number | null) => void;
  onUser: (id: number | null) => void;
  loading: boolean;
}) {
  const deviceLabelId = useId();
  const user = props.users.find((u) => u.id === props.userId) ?? null;
  return (
    <Section title="Test Target" description="The Last Lock device and the user the commands below act on.">
      <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(2, minmax(0, 1fr))" } }}>
        <FormControl sx={{ minWidth: 0 }}>
          <FormLabel id={deviceLabelId}>Device</FormLabel>
          <Select
            value={props.deviceId}
            onChange={(_, value) => props.onDevice(value)}
            placeholder={props.loading ? "Loading devices..." : props.locks.length ? "Select a device" : "No Last Lock devices"}
            slotProps={{ button: { "aria-labelledby": deviceLabelId } }}
          >
            {props.locks.map((d) => (
              <Option key={d.id} value={d.id} label={`${d.name} (#${d.id})`}>
                {d.name} (#{d.id}){d.isPending ? " · awaiting approval" : ""}
              </Option>
            ))}
          </Select>
        </FormControl>
        <FormControl sx={{ minWidth: 0 }}>
          <FormLabel>User</FormLabel>
          <Autocomplete
            options={props.users}
            value={user}
            onChange={(_, value) => props.onUser(value?.id ?? null)}
            getOptionLabel={userLabel}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            placeholder={props.loading ? "Loading users..." : "Select a user"}
            sx={{ minWidth: 0 }}
          />
        </FormControl>
      </Box>
    </Section>
  );
}

function QuickTests({ deviceId, run }: { deviceId: number | null; run: Run }) {
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
    <Section title="Quick Tests" description="One click, one call.">
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
    </Section>
  );
}

function validationToast(description: string) {
  toast({ title: "Validation Error", description, variant: "destructive" });
}

function CreateCredential({ userId, run }: { userId: number | null; run: Run }) {
  const typeLabelId = useId();
  const [type, setType] = useState<CredentialType>("HID_PROX_CORP_1000");
  const [data, setData] = useState("");
  const [start, setStart] = useState<string>(DEFAULT_SCHEDULE.start);
  const [end, setEnd] = useState<string>(DEFAULT_SCHEDULE.end);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateLockCredential();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = credentialDataProblem(data) ?? (userId === null ? "Select a user first" : null);
    setProblem(found);
    if (found) return validationToast(found);
    const path = `/api/lastlock/users/${userId}/credentials`;
    void run("Create Credential", "POST", path, () =>
      create.mutateAsync({
        userId: userId!,
        credentialType: type,
        credentialData: data.trim(),
        scheduleData: scheduleDataText(start, end),
      }));
  }

  return (
    <Section title="Create Credential" description="Creates a Last Lock credential for the selected user.">
      <form onSubmit={onSubmit} noValidate>
        <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          <FormControl sx={{ gridColumn: "1 / -1" }}>
            <FormLabel id={typeLabelId}>Credential Type</FormLabel>
            <Select
              value={type}
              onChange={(_, value) => value && setType(value)}
              slotProps={{ button: { "aria-labelledby": typeLabelId } }}
            >
              {CREDENTIAL_TYPES.map((t) => <Option key={t.value} value={t.value}>{t.value}</Option>)}
            </Select>
          </FormControl>
          <FormControl required error={problem !== null} sx={{ gridColumn: "1 / -1" }}>
            <FormLabel>Credential Data (base64)</FormLabel>
            <Input
              name="credentialData"
              value={data}
              placeholder="e.g. AAECAwQFBgc="
              onChange={(e) => {
                setData(e.target.value);
                setProblem(null);
              }}
              slotProps={{ input: { spellCheck: false, autoComplete: "off" } }}
            />
            {problem && <FormHelperText>{problem}</FormHelperText>}
          </FormControl>
          <FormControl>
            <FormLabel>Start Time</FormLabel>
            <Input type="time" name="start" value={start} onChange={(e) => setStart(e.target.value)} />
          </FormControl>
          <FormControl>
            <FormLabel>End Time</FormLabel>
            <Input type="time" name="end" value={end} onChange={(e) => setEnd(e.target.value)} />
          </FormControl>
        </Box>
        <Button type="submit" sx={{ mt: 2 }} disabled={create.isPending}>Create Credential</Button>
      </form>
    </Section>
  );
}

function CredentialCommand({ kind, deviceId, run }: { kind: "assign" | "remove"; deviceId: number | null; run: Run }) {
  const [credentialId, setCredentialId] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const assign = useAssignLockCredential();
  const remove = useRemoveLockCredential();
  const title = kind === "assign" ? "Assign Credential" : "Remove Credential";

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = credentialIdProblem(credentialId) ??
      (/^\d+$/.test(credentialId.trim()) ? null : "Credential ID must be a number") ??
      (deviceId === null ? "Select a device first" : null);
    setProblem(found);
    if (found) return validationToast(found);
    const vars: CredentialOnLock = { deviceId: deviceId!, credentialId: Number(credentialId.trim()) };
    const path = `/api/lastlock/devices/${vars.deviceId}/credentials/${vars.credentialId}`;
    void run(
      title,
      kind === "assign" ? "POST" : "DELETE",
      path,
      () => (kind === "assign" ? assign : remove).mutateAsync(vars),
    );
  }

  return (
    <Section
      title={title}
      description={kind === "assign"
        ? "Puts a credential on the selected device."
        : "Takes a credential off the selected device."}
    >
      <form onSubmit={onSubmit} noValidate>
        <Box sx={{ display: "flex", gap: 1.5, alignItems: "flex-start", flexWrap: "wrap" }}>
          <FormControl required error={problem !== null} sx={{ flex: "1 1 200px" }}>
            <FormLabel>Credential ID</FormLabel>
            <Input
              name={`${kind}CredentialId`}
              inputMode="numeric"
              value={credentialId}
              onChange={(e) => {
                setCredentialId(e.target.value);
                setProblem(null);
              }}
            />
            {problem && <FormHelperText>{problem}</FormHelperText>}
          </FormControl>
          <Button
            type="submit"
            color={kind === "remove" ? "danger" : "primary"}
            sx={{ mt: { xs: 0, sm: 3 } }}
            disabled={assign.isPending || remove.isPending}
          >
            {title}
          </Button>
        </Box>
      </form>
    </Section>
  );
}

function CredentialTypesInfo() {
  return (
    <Card component="aside" aria-label="Credential types" color="primary" variant="soft" sx={{ gap: 1 }}>
      <Typography level="title-sm" component="h2" textColor="inherit">Credential Types</Typography>
      <List size="sm" sx={{ "--ListItem-paddingX": 0, "--ListItem-minHeight": "1.5rem" }}>
        {CREDENTIAL_TYPES.map((t) => (
          <ListItem key={t.value}>
            <Typography level="body-sm" textColor="inherit">
              <Typography component="span" fontWeight="lg" sx={{ fontFamily: "code" }}>{t.value}</Typography>: {t.description}
            </Typography>
          </ListItem>
        ))}
      </List>
      <Typography level="body-xs" textColor="inherit">
        Credential data is the card's bytes in base64; the schedule limits it to the time range each day.
      </Typography>
    </Card>
  );
}

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", second: "2-digit", hour12: true });

function Results({ results, running, onClear }: { results: TestResult[]; running: boolean; onClear: () => void }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ gap: 1.5, minWidth: 0, position: { lg: "sticky" }, top: { lg: 16 } }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1 }}>
        <Typography id={id} level="title-lg" component="h2">Test Results</Typography>
        <Button size="sm" variant="outlined" color="neutral" disabled={results.length === 0} onClick={onClear}>
          Clear Results
        </Button>
      </Box>
      <Box role="status" aria-live="polite">
        {running && (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            <CircularProgress size="sm" aria-hidden />
            <Typography level="body-sm">{M.running}</Typography>
          </Box>
        )}
      </Box>
      {results.length === 0
        ? <Typography level="body-sm" textColor="text.secondary">{M.empty}</Typography>
        : (
          <List aria-label="Test results" sx={{ "--ListItem-paddingX": 0, gap: 1 }}>
            {results.map((r) => (
              <ListItem key={r.id} sx={{ display: "block" }}>
                <Box sx={{ p: 1.5, borderRadius: "sm", border: "1px solid", borderColor: r.failed ? "danger.outlinedBorder" : "divider" }}>
                  <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
                    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", minWidth: 0 }}>
                      {r.failed
                        ? <Chip size="sm" color="danger" variant="solid">Error</Chip>
                        : <Chip size="sm" color={r.status === null ? "warning" : "success"} variant="soft">{r.status ?? "Queued"}</Chip>}
                      <Typography level="title-sm">{r.label}</Typography>
                    </Box>
                    <Typography level="body-xs" textColor="text.secondary">{timeFormat.format(r.at)}</Typography>
                  </Box>
                  <Typography level="body-xs" textColor="text.secondary" sx={{ fontFamily: "code", overflowWrap: "anywhere", mt: 0.5 }}>
                    {r.failed && r.status !== null ? `${r.call} → ${r.status}` : r.call}
                  </Typography>
                  {r.message && (
                    <Typography level="body-sm" color={r.failed ? "danger" : undefined} sx={{ mt: 0.5 }}>{r.message}</Typography>
                  )}
                  {r.body !== undefined && (
                    <Box
                      component="pre"
                      tabIndex={0}
                      aria-label={`${r.label} answer`}
                      sx={{
                        m: 0,
                        mt: 1,
                        p: 1,
                        borderRadius: "xs",
                        bgcolor: "background.level1",
                        fontSize: "xs",
                        fontFamily: "code",
                        overflowX: "auto",
                        maxHeight: 320,
                      }}
                    >
                      {bodyText(r.body)}
                    </Box>
                  )}
                </Box>
              </ListItem>
            ))}
          </List>
        )}
    </Card>
  );
}
