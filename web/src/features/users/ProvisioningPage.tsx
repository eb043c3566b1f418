// /dash/users/provisioning, the Provisioning tab of /dash/users (spec 4 §6): the
// SCIM base URL to give an identity provider, its tokens (name, created, last used)
// with `New Token` and Revoke. A table from 600 px, a card per token on a phone.
// The list shows offline from the persisted cache; its changes need a connection
// (scim_tokens.ts says why), so offline the buttons are off and the tab says so.
import { useId, useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";
import { useOnline } from "../../offline/use_outbox";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { CopyField } from "../../ui/CopyField";
import { AddButton, ListState } from "../../ui/ListControls";
import { listStateOf } from "../../ui/ListPage";
import { type ListColumn, ListView } from "../../ui/ListViews";
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { doneToast, failedToast } from "../../ui/toast/change_toasts";
import { useFailureToast } from "../../ui/use_failure_toast";
import { formatTime } from "../../ui/format_time";
import { NewTokenDialog } from "./NewTokenDialog";
import { lastUsedText, PROVISIONING_TEXTS as T, revokeText, scimBaseUrl } from "./provisioning_display";
import { type ScimToken, useRevokeScimToken, useScimTokens } from "./scim_tokens";
import { UsersTabs } from "./UsersTabs";

const WRAP = { overflowWrap: "anywhere" } as const;

export default function ProvisioningPage() {
  usePageMeta(T.pageTitle);
  const online = useOnline();
  const tokens = useScimTokens();
  useFailureToast(online && tokens.isError ? tokens.error : null, T.fetchFailed);
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const revoke = useRevokeScimToken();
  const items = tokens.data ?? [];
  const baseUrlHeading = useId();
  const tokensHeading = useId();

  const revokeButton = (token: ScimToken) => (
    <Button
      size="sm"
      variant="outlined"
      color="danger"
      disabled={!online}
      aria-label={`${T.revoke} token ${token.name}`}
      onClick={() => setRevoking(token)}
    >
      {T.revoke}
    </Button>
  );
  const columns: ListColumn<ScimToken>[] = [
    { header: "NAME", width: "34%", style: WRAP, cell: (t) => <Typography level="title-sm">{t.name}</Typography> },
    { header: "CREATED", width: "25%", cell: (t) => formatTime(t.createdAt) },
    { header: "LAST USED", width: "25%", cell: (t) => lastUsedText(t.lastUsedAt) },
    { header: "ACTIONS", width: "16%", style: { textAlign: "right" }, cell: revokeButton },
  ];

  return (
    <PageBody>
      <PageHeader title="Users" actions={<AddButton label={T.newToken} onClick={() => setAdding(true)} />} />
      <UsersTabs current={T.tab} />
      {!online && <Typography role="status" level="body-sm" color="warning">{T.needConnection}</Typography>}
      <Typography level="body-md" textColor="text.secondary">{T.intro}</Typography>
      <Sheet variant="outlined" component="section" aria-labelledby={baseUrlHeading} sx={{ borderRadius: "sm", p: 2, display: "flex", flexDirection: "column", gap: 1 }}>
        <Typography id={baseUrlHeading} level="h2" fontSize="lg">{T.baseUrl}</Typography>
        <Typography level="body-sm">{T.baseUrlHelp}</Typography>
        <Box sx={{ maxWidth: 640 }}>
          <CopyField value={scimBaseUrl(window.location.origin)} label={T.baseUrl} />
        </Box>
      </Sheet>
      <Box component="section" aria-labelledby={tokensHeading} sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
        <Typography id={tokensHeading} level="h2" fontSize="lg">{T.tokens}</Typography>
        <ListState {...listStateOf(tokens, items.length, { loading: T.loading, failed: T.fetchFailed, empty: T.empty })}>
          <ListView
            label={T.tokens}
            items={items}
            columns={columns}
            card={(t) => (
              <>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography level="title-sm" sx={WRAP}>{t.name}</Typography>
                  <Typography level="body-xs">Created {formatTime(t.createdAt)}</Typography>
                  <Typography level="body-xs">Last used: {lastUsedText(t.lastUsedAt)}</Typography>
                </Box>
                {revokeButton(t)}
              </>
            )}
          />
        </ListState>
      </Box>
      <NewTokenDialog open={adding} online={online} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title={T.revokeTitle}
        confirmLabel={T.revoke}
        busy={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() =>
          revoking && revoke.mutate(revoking, {
            onSuccess: () => doneToast(T.revoked),
            onError: (error) => failedToast(T.revokeFailed, error),
            onSettled: () => setRevoking(null),
          })}
      >
        {revoking && revokeText(revoking.name)}
      </ConfirmDialog>
    </PageBody>
  );
}
