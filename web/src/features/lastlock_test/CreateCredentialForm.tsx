// The lock test page's Create Credential: a Last Lock credential for the
// selected user, of a type, with its data (base64) and a daily time range.
import { useId, useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import { validationToast } from "../../ui/toast/change_toasts";
import { useCreateLockCredential } from "./api";
import { credentialDataProblem, CREDENTIAL_TYPES, type CredentialType, DEFAULT_SCHEDULE, scheduleDataText } from "./test_page_rules";
import { TestSection } from "./TestSection";
import type { Run } from "./use_test_runs";
import { Form } from "../../ui/Form";

export function CreateCredentialForm({ userId, run }: { userId: number | null; run: Run }) {
  const typeLabelId = useId();
  const [type, setType] = useState<CredentialType>("HID_PROX_CORP_1000");
  const [data, setData] = useState("");
  const [start, setStart] = useState<string>(DEFAULT_SCHEDULE.start);
  const [end, setEnd] = useState<string>(DEFAULT_SCHEDULE.end);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateLockCredential();

  function onSubmit() {
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
    <TestSection title="Create Credential" description="Creates a Last Lock credential for the selected user.">
      <Form onSubmit={onSubmit}>
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
      </Form>
    </TestSection>
  );
}
