// /visit/<token> (spec 4 §5), the guest's pass: public, noindex, on the guest's own
// phone. `Hello <guestName>`, the host, the window in the visitor's own time zone,
// the PIN, the QR code of `THRESHOLD-PASS:<token>`, and the rooms, each with `Unlock`
// while the pass works (the answer: `Door unlocked`, or the denial's sentence).
//
// Offline: once read, the pass is kept on the device (offline/pass_store.ts,
// encrypted under the link's token, which is never stored) and shown from there, PIN
// and QR code included; this page's chunk and the QR package's are precached with
// the build. Unlocking needs a connection, and says so.
import { useEffect, useState } from "react";
import { useParams } from "react-router-dom";
import Alert from "@mui/joy/Alert";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import CircularProgress from "@mui/joy/CircularProgress";
import Divider from "@mui/joy/Divider";
import Stack from "@mui/joy/Stack";
import Typography from "@mui/joy/Typography";
import { ApiError, isNotFound, serverMessage } from "../../api/api_error";
import { forgetPass, keepPass, keptPass } from "../../offline/pass_store";
import { useOnline } from "../../offline/use_outbox";
import { UnlockIcon } from "../../ui/icons";
import { usePageMeta } from "../../ui/page_meta";
import { DOOR_MESSAGES, unlockedToast } from "../doors/public";
import { useNow } from "../schedules/public";
import { AuthCard } from "../auth/public";
import { readPass, unlockFromPass } from "./pass_api";
import { PassQr } from "./PassQr";
import { PASS_TEXTS as P, passStatusLine } from "./pass_display";
import { momentText, statusOf, type VisitPass, windowText } from "./visit_display";

type Read =
  | { state: "reading" }
  | { state: "shown"; pass: VisitPass; saved: string | null }
  | { state: "gone"; text: string }
  | { state: "unreadable" };

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The pass: the copy kept on this device at once (offline, the only one), then the
 * server's, which is kept in its place. A pass the server no longer knows (replaced
 * by a new link) or that is over is forgotten here.
 */
function usePass(token: string, attempt: number) {
  const [read, setRead] = useState<Read>({ state: "reading" });
  useEffect(() => {
    const abort = new AbortController();
    let answered = false;
    void keptPass(token).then((kept) => {
      if (kept && !answered && !abort.signal.aborted) setRead({ state: "shown", pass: kept, saved: kept.savedAt });
    });
    readPass(token, abort.signal).then(
      (pass) => {
        answered = true;
        setRead({ state: "shown", pass, saved: null });
        if (pass.status === "revoked" || pass.status === "ended") void forgetPass(token);
        else void keepPass(token, pass);
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        if (isNotFound(error)) {
          answered = true;
          void forgetPass(token);
          setRead({ state: "gone", text: serverMessage(error, P.gone) });
          return;
        }
        // No answer: the kept copy (if any) stays on screen.
        void keptPass(token).then((kept) => {
          if (!abort.signal.aborted) setRead(kept ? { state: "shown", pass: kept, saved: kept.savedAt } : { state: "unreadable" });
        });
      },
    );
    return () => abort.abort();
  }, [token, attempt]);
  return read;
}

export default function PassPage() {
  usePageMeta(P.screen);
  const { token = "" } = useParams();
  const [attempt, setAttempt] = useState(0);
  const read = usePass(token, attempt);
  const online = useOnline();

  if (read.state !== "shown") {
    return (
      <AuthCard heading={P.heading}>
        {read.state === "reading" && (
          <Stack alignItems="center">
            <CircularProgress aria-label="Loading" />
          </Stack>
        )}
        {read.state === "gone" && (
          <Alert color="danger" variant="soft" role="alert">
            <div>
              <Typography fontWeight="lg" textColor="inherit">{read.text}</Typography>
              <Typography level="body-sm" textColor="inherit">{P.askHost}</Typography>
            </div>
          </Alert>
        )}
        {read.state === "unreadable" && (
          <Stack gap={2}>
            <Alert color="danger" variant="soft" role="alert">{online ? P.unreadable : P.offlineNeverOpened}</Alert>
            <Button variant="outlined" color="neutral" disabled={!online} onClick={() => setAttempt((n) => n + 1)}>Try again</Button>
          </Stack>
        )}
      </AuthCard>
    );
  }
  return <Pass token={token} pass={read.pass} saved={read.saved} online={online} />;
}

function Pass({ token, pass, saved, online }: { token: string; pass: VisitPass; saved: string | null; online: boolean }) {
  const now = useNow();
  const zone = browserZone();
  // The clock decides, as the doors do: a pass read before its window turns on by itself.
  const status = pass.status === "revoked" ? "revoked" : statusOf({ ...pass, revokedAt: null }, now);
  const live = status === "upcoming" || status === "active";
  const line = passStatusLine(status, pass.startsAt, zone);

  return (
    <AuthCard heading={`Hello ${pass.guestName}`}>
      <Stack gap={0.5} textAlign="center">
        <Typography level="body-md">{P.hostLine(pass.hostName)}</Typography>
        <Typography level="title-md">{windowText(pass.startsAt, pass.endsAt, zone)}</Typography>
        <Typography level="body-xs" textColor="text.tertiary">{P.zoneLine(zone)}</Typography>
      </Stack>
      {line && <Alert color={live ? "primary" : "warning"} variant="soft" role="status">{line}</Alert>}
      {saved && <Typography level="body-xs" textAlign="center" role="status">{P.savedLine(momentText(saved, zone))}</Typography>}
      {live && (
        <>
          <Box sx={{ textAlign: "center" }}>
            <Typography level="body-sm">{P.pin}</Typography>
            <Typography component="p" data-testid="pass-pin" sx={{ fontFamily: "monospace", fontWeight: "lg", letterSpacing: "0.3em", fontSize: "2.25rem" }}>
              {pass.pin}
            </Typography>
          </Box>
          <Box component="figure" sx={{ m: 0, display: "flex", flexDirection: "column", alignItems: "center", gap: 0.5 }}>
            <PassQr token={token} label={P.qr} />
            <Typography component="figcaption" level="body-xs" textColor="text.secondary">{P.qrCaption}</Typography>
          </Box>
        </>
      )}
      <Divider />
      <Rooms token={token} pass={pass} works={status === "active"} online={online} />
    </AuthCard>
  );
}

type Outcome = { roomId: number; text: string; detail?: string; ok: boolean };

/** The visit's rooms, each with `Unlock` while the pass works; the answer under it. */
function Rooms({ token, pass, works, online }: { token: string; pass: VisitPass; works: boolean; online: boolean }) {
  const [pending, setPending] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function unlock(room: { id: number; name: string }) {
    setPending(room.id);
    setOutcome(null);
    try {
      const words = unlockedToast(room.name, await unlockFromPass(token, room.id));
      setOutcome({ roomId: room.id, text: words.title, detail: words.description, ok: words.title === DOOR_MESSAGES.unlocked });
    } catch (error) {
      const denied = error instanceof ApiError && error.status === 403;
      setOutcome({ roomId: room.id, text: denied ? serverMessage(error, DOOR_MESSAGES.denied) : serverMessage(error, P.unlockFailed), ok: false });
    } finally {
      setPending(null);
    }
  }

  return (
    <Box component="section" aria-labelledby="pass-rooms">
      <Typography id="pass-rooms" level="title-md" component="h2" sx={{ mb: 1 }}>{P.rooms}</Typography>
      <Stack component="ul" gap={1.5} sx={{ listStyle: "none", m: 0, p: 0 }}>
        {pass.rooms.map((room) => (
          <Box component="li" key={room.id} sx={{ display: "flex", flexDirection: "column", gap: 0.75 }}>
            <Typography level="title-sm" component="h3">{room.name}</Typography>
            {works && (
              <Button
                size="lg"
                startDecorator={online && <UnlockIcon />}
                loading={pending === room.id}
                loadingPosition="start"
                disabled={!online || pending !== null}
                aria-label={online && pending !== room.id ? `${DOOR_MESSAGES.unlock} ${room.name}` : undefined}
                onClick={() => void unlock(room)}
              >
                {!online ? DOOR_MESSAGES.needsConnection : pending === room.id ? DOOR_MESSAGES.unlocking : DOOR_MESSAGES.unlock}
              </Button>
            )}
            <Box role="status" aria-live="polite">
              {outcome?.roomId === room.id && (
                <Alert color={outcome.ok ? "success" : "danger"} variant="soft">
                  <div>
                    <Typography fontWeight="lg" textColor="inherit">{outcome.text}</Typography>
                    {outcome.detail && <Typography level="body-sm" textColor="inherit">{outcome.detail}</Typography>}
                  </div>
                </Alert>
              )}
            </Box>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
