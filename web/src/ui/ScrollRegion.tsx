// A box whose content may be larger than it (a long list, a wide table, a code
// block), so it scrolls: a named region that takes focus, so a keyboard can scroll
// it too even when nothing inside can be focused (axe's scrollable-region-focusable).
import type { ReactNode, Ref } from "react";
import Sheet from "@mui/joy/Sheet";
import type { SxProps } from "@mui/joy/styles/types";

export function ScrollRegion({ scrollRef, label, variant, sx, children }: {
  scrollRef?: Ref<HTMLDivElement>;
  label: string;
  variant: "outlined" | "plain" | "soft";
  sx: SxProps;
  children: ReactNode;
}) {
  return (
    <Sheet ref={scrollRef} variant={variant} role="region" aria-label={label} tabIndex={0} sx={{ overflow: "auto", ...sx }}>
      {children}
    </Sheet>
  );
}
