// The centred card of the sign-in and sign-up screens (at most 320 px wide).
import type { ReactNode } from "react";
import Box from "@mui/joy/Box";
import Card from "@mui/joy/Card";
import Typography from "@mui/joy/Typography";

export const AUTH_CARD_MAX_WIDTH = 320;

export function AuthCard({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: "100dvh",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        p: 2,
        bgcolor: "background.level1",
      }}
    >
      <Card sx={{ width: "100%", maxWidth: AUTH_CARD_MAX_WIDTH, gap: 2, p: 3, boxShadow: "md" }}>
        <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 1 }}>
          <img src="/logo.svg" alt="" width={48} height={48} />
          <Typography level="h1" fontSize="xl" textAlign="center">{heading}</Typography>
        </Box>
        {children}
      </Card>
    </Box>
  );
}
