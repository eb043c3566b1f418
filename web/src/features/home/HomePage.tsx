// /app, the signed-in home (spec 2 §2, §4): a welcome, the dashboard button for
// admins, `Your Doors` (spec 3 §4), identity verification, the wallet placeholder,
// sign-out and, under it all, `Guests` (spec 4 §5); the banner of an active lockdown
// (spec 3 §2) above it all.
import { memo, useEffect, useRef, useState } from "react";
import { Link as RouterLink, Navigate, useSearchParams } from "react-router-dom";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import CircularProgress from "@mui/joy/CircularProgress";
import Stack from "@mui/joy/Stack";
import Typography from "@mui/joy/Typography";
import { type SessionUser, useSession } from "../../api/session";
import { storedUser } from "../../offline/storage";
import { DashboardIcon, IdentityIcon, SignOutIcon, WalletIcon } from "../../ui/icons";
import { APP_NAME, usePageMeta } from "../../ui/page_meta";
import { lazyPart } from "../../ui/lazy_part";
import { toast } from "../../ui/toast/toast";
import { SignOutDialog, useSignOut } from "../auth/public";
import { useOutbox } from "../../offline/use_outbox";
import { LockdownBanner } from "../lockdown/public";
import { YourDoors } from "../doors/public";
import {
  identityButtonLabel,
  startVerification,
  useVerificationStatus,
  VERIFICATION_MESSAGES,
  VERIFICATION_STATUS_KEY,
  verificationErrorMessage,
} from "./identity_verification";

// Not in /app's first load (nor in its server rendering): its list, dialog and pickers
// come once the page has mounted, below what paints first.
const Guests = lazyPart(() => import("../visitors/public").then((m) => m.Guests));

/** How long /app waits for the session before sending the visitor to /login (spec 2 §9). */
export const SESSION_GRACE_MS = 3000;
export const WALLET_MESSAGE = "Wallet key management functionality coming soon";

export default function HomePage() {
  usePageMeta("Home");
  const { data, isPending, isError } = useSession();
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    if (!isPending) return;
    const timer = setTimeout(() => setGaveUp(true), SESSION_GRACE_MS);
    return () => clearTimeout(timer);
  }, [isPending]);

  if (isPending && !gaveUp) return <Waiting />;
  // Offline (the call failed), the user this browser last saw signed in still gets in.
  const user = data ?? (isError ? storedUser() : null);
  if (!user) return <Navigate to="/login" replace />;
  return <Home user={user} />;
}

function Waiting() {
  return (
    <Box component="main" sx={{ minHeight: "100dvh", display: "flex", alignItems: "center", justifyContent: "center" }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}

// Memoized: HomePage re-renders whenever the session's query moves (the persisted
// cache restored, a refetch begun or ended), mostly with the same user; redrawing the
// whole page's Joy parts each time would cost a phone's CPU their styles again.
const Home = memo(function Home({ user }: { user: SessionUser }) {
  return (
    <>
      <LockdownBanner isAdmin={user.isAdmin} />
      <Box
        component="main"
        sx={{ minHeight: "100dvh", display: "flex", justifyContent: "center", px: 2, py: { xs: 4, sm: 8 }, bgcolor: "background.level1" }}
      >
        <Stack sx={{ width: "100%", maxWidth: 420 }} gap={3}>
          <Stack alignItems="center" gap={1}>
            <img src="/logo.svg" alt="" width={64} height={64} />
            <Typography level="title-sm" textColor="text.secondary" sx={{ letterSpacing: "0.08em", textTransform: "uppercase" }}>
              {APP_NAME}
            </Typography>
            <Typography level="h1" fontSize="xl3" textAlign="center">
              Welcome {user.firstName}
            </Typography>
          </Stack>

          <YourDoors email={user.email} />

          <Card sx={{ gap: 1.5, p: 2 }}>
            {/* isAdmin from the me call is the server's admin rule: member of an active group named Admin. */}
            {user.isAdmin && (
              <Button component={RouterLink} to="/dash/users" size="lg" startDecorator={<DashboardIcon />}>
                View a {APP_NAME} Dash
              </Button>
            )}
            <IdentityButton />
            <Button
              size="lg"
              variant="outlined"
              color="neutral"
              startDecorator={<WalletIcon />}
              onClick={() => toast({ description: WALLET_MESSAGE })}
            >
              Add Keys to Wallet
            </Button>
          </Card>

          <SignOutButton />

          {/* Last: it comes after /app has painted, and its list after its read; above,
              it would move Sign Out under a finger about to tap it. */}
          <Guests hostId={user.id} />
        </Stack>
      </Box>
    </>
  );
});

function SignOutButton() {
  // Spec 2 §4: signing out here goes straight to /login; only with changes of this
  // user still waiting does it ask first what becomes of them.
  const signOut = useSignOut();
  const waiting = useOutbox().length;
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="plain" color="neutral" startDecorator={<SignOutIcon />} onClick={() => (waiting ? setAsking(true) : void signOut(true))}>
        Sign Out
      </Button>
      <SignOutDialog open={asking} onClose={() => setAsking(false)} />
    </>
  );
}

function IdentityButton() {
  const queryClient = useQueryClient();
  const { data: status } = useVerificationStatus();
  const [leaving, setLeaving] = useState(false);
  const start = useMutation({
    mutationFn: startVerification,
    // The hosted page sends the browser back to /app?verification=complete.
    onSuccess: (url) => {
      setLeaving(true); // keep "Starting verification..." until the page unloads
      window.location.assign(url);
    },
    onError: (error) =>
      toast({ title: VERIFICATION_MESSAGES.errorTitle, description: verificationErrorMessage(error), variant: "destructive" }),
  });

  // Back from the hosted page: drop the marker, re-read the status and say thanks.
  const [params, setParams] = useSearchParams();
  const returned = params.get("verification") === "complete";
  const handled = useRef(false);
  useEffect(() => {
    if (!returned || handled.current) return;
    handled.current = true;
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete("verification");
      return next;
    }, { replace: true });
    void queryClient.invalidateQueries({ queryKey: VERIFICATION_STATUS_KEY });
    toast({ title: VERIFICATION_MESSAGES.completeTitle, description: VERIFICATION_MESSAGES.complete });
  }, [queryClient, returned, setParams]);

  const verified = status?.verified === true;
  return (
    <Button
      size="lg"
      color={verified ? "success" : "primary"}
      variant={verified ? "solid" : "soft"}
      startDecorator={<IdentityIcon />}
      disabled={start.isPending || leaving}
      onClick={() => {
        if (verified) toast({ title: VERIFICATION_MESSAGES.alreadyTitle, description: VERIFICATION_MESSAGES.already });
        else start.mutate();
      }}
    >
      {identityButtonLabel(status, start.isPending || leaving)}
    </Button>
  );
}
