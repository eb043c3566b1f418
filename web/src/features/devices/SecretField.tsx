// A write-only secret of the device form (API Token, Client ID, Client Secret).
// The server never sends it back, only whether it is set: a set secret shows as
// "Set" with Replace and Clear; a new value is typed into an empty field; a
// cleared one says so until saved, with Undo. Nothing here ever holds the saved value.
import { useId } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Chip from "@mui/joy/Chip";
import FormControl from "@mui/joy/FormControl";
import FormHelperText from "@mui/joy/FormHelperText";
import FormLabel from "@mui/joy/FormLabel";
import Input from "@mui/joy/Input";
import Typography from "@mui/joy/Typography";
import type { SecretEdit } from "./device_rules";

type Props = {
  label: string;
  isSet: boolean;
  edit: SecretEdit;
  onChange: (edit: SecretEdit) => void;
  /** Client IDs are not hidden while typed; tokens and secrets are. */
  concealed?: boolean;
};

export function SecretField({ label, isSet, edit, onChange, concealed = true }: Props) {
  const stateId = useId();
  const typing = edit.mode === "replace" || (!isSet && edit.mode === "keep");
  return (
    <FormControl>
      <FormLabel>{label}</FormLabel>
      {typing
        ? (
          <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
            <Input
              type={concealed ? "password" : "text"}
              autoComplete="new-password"
              placeholder={isSet ? "Enter a new value" : "Not set"}
              value={edit.mode === "replace" ? edit.value : ""}
              onChange={(e) => onChange({ mode: "replace", value: e.target.value })}
              sx={{ flex: 1, minWidth: 0 }}
              autoFocus={isSet}
            />
            {isSet && (
              <Button size="sm" variant="plain" color="neutral" onClick={() => onChange({ mode: "keep" })} aria-label={`Keep the current ${label}`}>
                Keep current
              </Button>
            )}
          </Box>
        )
        : (
          <Box
            role="group"
            aria-label={label}
            aria-describedby={stateId}
            sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", minHeight: 36 }}
          >
            {edit.mode === "clear"
              ? (
                <>
                  <Chip size="sm" color="warning" variant="soft">Will be cleared</Chip>
                  <Button size="sm" variant="plain" color="neutral" onClick={() => onChange({ mode: "keep" })} aria-label={`Undo clearing the ${label}`}>
                    Undo
                  </Button>
                </>
              )
              : (
                <>
                  <Chip size="sm" color="success" variant="soft">Set</Chip>
                  <Button size="sm" variant="outlined" color="neutral" onClick={() => onChange({ mode: "replace", value: "" })} aria-label={`Replace the ${label}`}>
                    Replace
                  </Button>
                  <Button size="sm" variant="plain" color="danger" onClick={() => onChange({ mode: "clear" })} aria-label={`Clear the ${label}`}>
                    Clear
                  </Button>
                </>
              )}
          </Box>
        )}
      <FormHelperText id={stateId}>
        <Typography level="body-xs">
          {edit.mode === "clear"
            ? "It will be removed when you save."
            : isSet && edit.mode === "keep"
            ? "A value is saved. For security it is never shown."
            : "Saved when you choose Save Changes; never shown again."}
        </Typography>
      </FormHelperText>
    </FormControl>
  );
}
