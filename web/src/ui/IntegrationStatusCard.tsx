// The status card at the top of an integration's Devices tab (spec 2 §2: Last
// Lock, UniFi): its name and host (or 'Not configured'), Connected or its
// disconnected word, whether its credentials are set, Simulator when the API
// runs the built-in simulator, the service's error, and Discover Devices.
// The badges sit in a polite live region, so a change of state is announced.
import type { ReactNode } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import Typography from "@mui/joy/Typography";
import { SearchIcon } from "./icons";

export type IntegrationState = {
  connected: boolean;
  host: string | null;
  hasCredentials: boolean;
  simulated?: boolean;
  error?: string;
};

type Props = {
  /** The heading's id, which names the card. */
  labelId: string;
  icon: ReactNode;
  texts: { title: string; disconnected: string; credentialsValid: string; noCredentials: string; notConfigured: string };
  /** The last status read, if any, and whether it could not be read. */
  status: { data?: IntegrationState; isError: boolean };
  /** Discover Devices, and whether the tab offers it now. */
  discover: { offered: boolean; isPending: boolean; run: () => void };
};

export function IntegrationStatusCard({ labelId, icon, texts, status, discover }: Props) {
  const { data: state, isError: failed } = status;
  const connected = state?.connected === true;
  return (
    <Card component="section" aria-labelledby={labelId} sx={{ gap: 1.5 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 2, flexWrap: "wrap" }}>
        <Box sx={{ display: "flex", gap: 1.5, alignItems: "center", minWidth: 0 }}>
          {icon}
          <Box sx={{ minWidth: 0 }}>
            <Typography id={labelId} level="title-lg" component="h2">{texts.title}</Typography>
            <Typography level="body-sm" textColor="text.secondary" sx={{ overflowWrap: "anywhere" }}>
              {state ? state.host || texts.notConfigured : failed ? "Status unavailable" : "Checking connection..."}
            </Typography>
          </Box>
        </Box>
        {discover.offered && (
          <Button startDecorator={<SearchIcon />} disabled={discover.isPending} onClick={discover.run}>
            {discover.isPending ? "Discovering..." : "Discover Devices"}
          </Button>
        )}
      </Box>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }} role="status" aria-live="polite">
        {state && (
          <>
            <Chip variant="soft" color={connected ? "success" : "danger"}>{connected ? "Connected" : texts.disconnected}</Chip>
            <Chip variant="soft" color={state.hasCredentials ? "success" : "warning"}>
              {state.hasCredentials ? texts.credentialsValid : texts.noCredentials}
            </Chip>
            {state.simulated && <Chip variant="outlined" color="neutral">Simulator</Chip>}
          </>
        )}
        {failed && <Chip variant="soft" color="danger">{texts.disconnected}</Chip>}
      </Box>
      {state && !connected && state.error && <Typography level="body-sm" color="danger">{state.error}</Typography>}
    </Card>
  );
}
