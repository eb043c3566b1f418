// /dash/logs (spec 1 §2, spec 2 §2): every access-log entry, newest first, in
// the shared table: server search, All Events, Filters, keyset pager and CSV
// export of the filtered rows. CREDENTIAL shows the credential type with the
// door under it, since this log spans every door.
import { PageBody, PageHeader } from "../../ui/PageHeader";
import { usePageMeta } from "../../ui/page_meta";
import { LOG_ENTRIES_NO_MATCH, LogTable } from "./LogTable";

export default function LogsPage() {
  usePageMeta("Logs");
  return (
    <PageBody>
      <PageHeader title="Logs" subtitle="Review all activity" />
      <LogTable
        basePath="/api/logs"
        emptyText="No access logs yet."
        noMatchText={LOG_ENTRIES_NO_MATCH}
        credential="type-and-device"
        label="Access logs"
      />
    </PageBody>
  );
}
