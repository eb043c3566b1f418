// /invite/<token> (spec 4 §4), the e-mailed invitation: `Welcome to Threshold`,
// `Set a password for <email>`, the password and its confirmation, `Set
// Password`; the person is then signed in and lands on /app, where Face ID setup
// is offered. A link unknown, used, voided or expired shows the server's 404
// sentence and `Ask an administrator to send a new one.` Not precached: see
// ConnectionNeeded.tsx.
import { useEffect, useState } from "react";
import { useParams } from "react-router-dom";
import Alert from "@mui/joy/Alert";
import Button from "@mui/joy/Button";
import CircularProgress from "@mui/joy/CircularProgress";
import Stack from "@mui/joy/Stack";
import Typography from "@mui/joy/Typography";
import { acceptInvitation, type Invitation, readInvitation } from "../../api/invitations";
import { useOnline } from "../../offline/use_outbox";
import { usePageMeta } from "../../ui/page_meta";
import { acceptFailure, ACCOUNTS_BY_EMAIL as M, invitationGone, invitationGoneText } from "./accounts_by_email";
import { AuthCard } from "./AuthCard";
import { ConnectionNeededNotice } from "./ConnectionNeeded";
import { NewPasswordForm } from "./NewPasswordForm";

const LABELS = { password: "Password", confirmation: "Confirm password", submit: M.setPassword };

type Read =
  | { state: "reading" }
  | { state: "open"; invitation: Invitation }
  | { state: "gone"; text: string }
  | { state: "unreadable" };

/**
 * The invitation behind the token, read with a plain call into this page's state,
 * not with useQuery: the persisted query cache (offline/persister.ts) saves every
 * query holding data to IndexedDB, and this one's key would be its URL, token and
 * all, and its data the invited address. Kept in memory only, both are gone with
 * the page.
 */
function useInvitation(token: string, attempt: number) {
  const [read, setRead] = useState<Read>({ state: "reading" });
  useEffect(() => {
    const abort = new AbortController();
    setRead({ state: "reading" });
    readInvitation(token, abort.signal).then(
      (invitation) => setRead({ state: "open", invitation }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setRead(invitationGone(error) ? { state: "gone", text: invitationGoneText(error) } : { state: "unreadable" });
      },
    );
    return () => abort.abort();
  }, [token, attempt]);
  return [read, setRead] as const;
}

export default function InvitationPage() {
  usePageMeta("Accept Invitation");
  const { token = "" } = useParams();
  const [attempt, setAttempt] = useState(0);
  const [read, setRead] = useInvitation(token, attempt);
  const online = useOnline();

  /** Accepting: used or voided since it was read, the invitation is gone as a whole. */
  async function accept(password: string) {
    try {
      return await acceptInvitation(token, password);
    } catch (error) {
      if (invitationGone(error)) setRead({ state: "gone", text: invitationGoneText(error) });
      throw error;
    }
  }

  return (
    <AuthCard heading={M.welcome}>
      {read.state === "reading" && (
        <Stack alignItems="center">
          <CircularProgress aria-label="Loading" />
        </Stack>
      )}
      {read.state === "gone" && (
        <Alert color="danger" variant="soft" role="alert">
          <div>
            <Typography fontWeight="lg" textColor="inherit">{read.text}</Typography>
            <Typography level="body-sm" textColor="inherit">{M.askForNewInvitation}</Typography>
          </div>
        </Alert>
      )}
      {read.state === "unreadable" && (
        <Stack gap={2}>
          <Alert color="danger" variant="soft" role="alert">{M.invitationUnreadable}</Alert>
          <ConnectionNeededNotice online={online} />
          <Button variant="outlined" color="neutral" disabled={!online} onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </Stack>
      )}
      {read.state === "open" && (
        <>
          <Typography level="body-md" textAlign="center">{M.setPasswordFor(read.invitation.email)}</Typography>
          <NewPasswordForm email={read.invitation.email} labels={LABELS} send={accept} failure={acceptFailure} />
        </>
      )}
    </AuthCard>
  );
}
