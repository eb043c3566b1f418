// The lock test page's Assign Credential and Remove Credential: a credential
// id, put on or taken off the selected lock.
import { useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import { validationToast } from "../../ui/toast/change_toasts";
import { type CredentialOnLock, useLockCredential } from "./api";
import { credentialIdProblem } from "./test_page_rules";
import { TestSection } from "./TestSection";
import type { Run } from "./use_test_runs";
import { Form } from "../../ui/Form";

export function CredentialCommandForm({ kind, deviceId, run }: { kind: "assign" | "remove"; deviceId: number | null; run: Run }) {
  const [credentialId, setCredentialId] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const command = useLockCredential(kind);
  const title = kind === "assign" ? "Assign Credential" : "Remove Credential";

  function onSubmit() {
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
      () => command.mutateAsync(vars),
    );
  }

  return (
    <TestSection
      title={title}
      description={kind === "assign"
        ? "Puts a credential on the selected device."
        : "Takes a credential off the selected device."}
    >
      <Form onSubmit={onSubmit}>
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
            disabled={command.isPending}
          >
            {title}
          </Button>
        </Box>
      </Form>
    </TestSection>
  );
}
