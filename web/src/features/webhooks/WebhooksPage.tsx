// /dash/webhooks (spec 3 §6): the endpoints, each row opening its page, and Add Webhook.
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import Typography from "@mui/joy/Typography";
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { AddButton } from "../../ui/ListControls";
import { EmptyState } from "../../ui/EmptyState";
import { type ListColumn, ListView } from "../../ui/ListViews";
import { StatusChip } from "../../ui/StatusChip";
import { type Webhook, useWebhooks } from "./api";
import { AddWebhookDialog } from "./AddWebhookDialog";
import { eventTypesText, WEBHOOK_TEXTS as T } from "./webhook_display";

const columns: ListColumn<Webhook>[] = [
  { header: "URL", width: "38%", cell: (w) => <Typography level="body-sm" sx={{ overflowWrap: "anywhere" }}>{w.url}</Typography> },
  { header: "DESCRIPTION", width: "22%", cell: (w) => w.description || "—" },
  { header: "EVENTS", width: "28%", cell: (w) => eventTypesText(w.eventTypes) },
  { header: "STATUS", width: "12%", cell: (w) => <StatusChip active={w.isActive} /> },
];

export default function WebhooksPage() {
  usePageMeta(T.title);
  const navigate = useNavigate();
  const webhooks = useWebhooks();
  const [adding, setAdding] = useState(false);
  const items = webhooks.data ?? [];
  const open = (w: Webhook) => navigate(`/dash/webhooks/${w.id}`);
  return (
    <PageBody>
      <PageHeader title={T.title} subtitle={T.subtitle} actions={<AddButton label={T.add} onClick={() => setAdding(true)} />} />
      {webhooks.isLoading
        ? <Typography level="body-sm" role="status">Loading webhooks...</Typography>
        : items.length === 0
        ? <EmptyState>{webhooks.isError ? T.fetchFailed : T.empty}</EmptyState>
        : (
          <ListView
            label={T.title}
            items={items}
            columns={columns}
            onOpen={open}
            card={(w) => (
              <>
                <Typography level="title-sm" sx={{ overflowWrap: "anywhere", flex: 1 }}>{w.url}</Typography>
                <StatusChip active={w.isActive} />
              </>
            )}
          />
        )}
      <AddWebhookDialog open={adding} onClose={() => setAdding(false)} />
    </PageBody>
  );
}
