// A value to hand to another system (a secret shown once, an address to paste
// elsewhere): read-only, selected whole on focus, with `Copy`. The button itself
// says it copied: inside a dialog a toast would be hidden from assistive
// technology. When the browser refuses the clipboard (an address that is not
// https, a denied permission) the field says to copy it by hand.
import { useState } from "react";
import Alert from "@mui/joy/Alert";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Input from "@mui/joy/Input";

export const COPY_TEXTS = {
  copy: "Copy",
  copied: "Copied",
  failed: "Could not copy: select the text and copy it yourself.",
} as const;

/** `label` names the field for assistive technology; the copy button is named `Copy <label>`. */
export function CopyField({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1, minWidth: 0 }}>
      <Input
        readOnly
        value={value}
        sx={{ minWidth: 0 }}
        slotProps={{ input: { "aria-label": label, style: { fontFamily: "monospace", textOverflow: "ellipsis" } } }}
        onFocus={(e) => e.target.select()}
        endDecorator={
          <Button aria-label={`${copied === "yes" ? COPY_TEXTS.copied : COPY_TEXTS.copy} ${label}`} onClick={() => void copy()}>
            {copied === "yes" ? COPY_TEXTS.copied : COPY_TEXTS.copy}
          </Button>
        }
      />
      {copied === "failed" && <Alert color="danger" variant="soft" role="alert">{COPY_TEXTS.failed}</Alert>}
    </Box>
  );
}
