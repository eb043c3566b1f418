// /dash/webhooks/:id (spec 3 §6): one endpoint, its deliveries (read again every
// few seconds, so a test event shows delivered), Send test event, Rotate secret
// (the new secret shown once), Active, Delete, and Retry per failed delivery.
import { useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Chip from "@mui/joy/Chip";
import Link from "@mui/joy/Link";
import Sheet from "@mui/joy/Sheet";
import Typography from "@mui/joy/Typography";
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { SecretDialog } from "../../ui/SecretDialog";
import { usePageMeta } from "../../ui/page_meta";
import { EmptyState } from "../../ui/EmptyState";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { LabelledSwitch } from "../../ui/LabelledSwitch";
import { type ListColumn, ListView } from "../../ui/ListViews";
import { StatusChip } from "../../ui/StatusChip";
import { useRouteId } from "../../ui/use_route_id";
import { formatTime } from "../../ui/format_time";
import { doneToast, errorToast } from "../../ui/toast/change_toasts";
import {
  useDeleteWebhook,
  useDeliveries,
  useRetryDelivery,
  useRotateSecret,
  useSendTest,
  useUpdateWebhook,
  useWebhook,
  type Webhook,
  type WebhookDelivery,
} from "./api";
import { eventTypesText, lastAnswer, WEBHOOK_TEXTS as T } from "./webhook_display";

const STATUS_COLORS = { pending: "warning", delivered: "success", failed: "danger" } as const;

export default function WebhookPage() {
  const id = useRouteId();
  const webhook = useWebhook(id);
  usePageMeta(webhook.data?.url ?? T.title);
  const back = (
    <Link component={RouterLink} to="/dash/webhooks" level="body-sm">
      ← {T.title}
    </Link>
  );
  if (!webhook.data) {
    return (
      <PageBody>
        {back}
        <Typography role="status">{webhook.isLoading ? "Loading webhook..." : T.notFound}</Typography>
      </PageBody>
    );
  }
  return (
    <PageBody>
      {back}
      <Endpoint webhook={webhook.data} />
      <Deliveries webhook={webhook.data} />
    </PageBody>
  );
}

function Endpoint({ webhook }: { webhook: Webhook }) {
  const navigate = useNavigate();
  const sendTest = useSendTest(webhook.id);
  const rotate = useRotateSecret(webhook.id);
  const update = useUpdateWebhook(webhook);
  const remove = useDeleteWebhook(webhook.id);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<"rotate" | "delete" | null>(null);
  return (
    <>
      <PageHeader
        title={<Box component="span" sx={{ overflowWrap: "anywhere" }}>{webhook.url}</Box>}
        subtitle={webhook.description || undefined}
        actions={
          <>
            <Button
              loading={sendTest.isPending}
              disabled={!webhook.isActive}
              onClick={() => sendTest.mutate(undefined, { onSuccess: () => doneToast(T.testSent), onError: (e) => errorToast(e, T.sendTest) })}
            >
              {T.sendTest}
            </Button>
            <Button variant="outlined" color="neutral" onClick={() => setConfirm("rotate")}>{T.rotate}</Button>
          </>
        }
      />
      <Sheet variant="outlined" sx={{ borderRadius: "sm", p: 2, display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}>
        <StatusChip active={webhook.isActive} />
        <Typography level="body-sm">Events: {eventTypesText(webhook.eventTypes)}</Typography>
        <Box sx={{ flex: 1 }} />
        <LabelledSwitch
          label={T.active}
          checked={webhook.isActive}
          disabled={update.isPending}
          onChange={(isActive) =>
            update.mutate(
              { url: webhook.url, description: webhook.description, eventTypes: webhook.eventTypes, isActive },
              { onSuccess: () => doneToast(isActive ? "Webhook turned on" : "Webhook turned off"), onError: (e) => errorToast(e, "Could not save") },
            )}
        />
        <Button variant="plain" color="danger" onClick={() => setConfirm("delete")}>{T.remove}</Button>
      </Sheet>
      <ConfirmDialog
        open={confirm === "rotate"}
        title={T.rotate}
        confirmLabel={T.rotate}
        busy={rotate.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          rotate.mutate(undefined, {
            onSuccess: (rotated) => {
              setConfirm(null);
              doneToast(T.rotated);
              setSecret(rotated.secret);
            },
            onError: (e) => errorToast(e, T.rotate),
          })}
      >
        {T.rotateConfirm}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === "delete"}
        title={T.remove}
        confirmLabel={T.remove}
        busy={remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              doneToast(T.removed);
              navigate("/dash/webhooks");
            },
            onError: (e) => errorToast(e, T.remove),
          })}
      >
        {T.removeConfirm}
      </ConfirmDialog>
      <SecretDialog secret={secret} title={T.secretTitle} warning={T.secretNote} onClose={() => setSecret(null)} />
    </>
  );
}

function Deliveries({ webhook }: { webhook: Webhook }) {
  const deliveries = useDeliveries(webhook.id);
  const retry = useRetryDelivery(webhook.id);
  const items = deliveries.data ?? [];
  const retryButton = (d: WebhookDelivery) =>
    d.status === "failed" && (
      <Button
        size="sm"
        variant="outlined"
        loading={retry.isPending && retry.variables === d.id}
        onClick={() => retry.mutate(d.id, { onSuccess: () => doneToast(T.retried), onError: (e) => errorToast(e, T.retry) })}
      >
        {T.retry}
      </Button>
    );
  const status = (d: WebhookDelivery) => <Chip size="sm" variant="soft" color={STATUS_COLORS[d.status]}>{d.status}</Chip>;
  const columns: ListColumn<WebhookDelivery>[] = [
    { header: "EVENT", width: "18%", cell: (d) => <Typography level="body-sm" fontFamily="code">{d.eventType}</Typography> },
    { header: "STATUS", width: "11%", cell: status },
    { header: "ATTEMPTS", width: "9%", cell: (d) => d.attempts },
    { header: "LAST ANSWER", width: "22%", cell: lastAnswer },
    { header: "NEXT ATTEMPT", width: "15%", cell: (d) => (d.nextAttemptAt ? formatTime(d.nextAttemptAt) : "—") },
    { header: "CREATED", width: "15%", cell: (d) => formatTime(d.createdAt) },
    { header: "ACTIONS", width: "10%", cell: retryButton, style: { textAlign: "right" } },
  ];
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
      <Typography level="h2" fontSize="lg">{T.deliveries}</Typography>
      {items.length === 0
        ? <EmptyState>{deliveries.isLoading ? "Loading deliveries..." : T.noDeliveries}</EmptyState>
        : (
          <ListView
            label={T.deliveries}
            items={items}
            columns={columns}
            tableSx={{ minWidth: 760 }}
            card={(d) => (
              <>
                <Box sx={{ flex: 1 }}>
                  <Typography level="title-sm" fontFamily="code">{d.eventType}</Typography>
                  <Typography level="body-xs">{formatTime(d.createdAt)} · {d.attempts} attempts · {lastAnswer(d)}</Typography>
                </Box>
                {status(d)}
                {retryButton(d)}
              </>
            )}
          />
        )}
    </Box>
  );
}
