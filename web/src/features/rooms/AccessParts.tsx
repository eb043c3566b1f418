// What the room's and the user's Access tabs (spec 4 §7) share: the tab's heading with
// `Export to CSV` (a download link, as on the log pages), the line saying, offline,
// when the review shown was read (whether someone can open a door moves with the
// clock), and the `Can open now` chip.
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Chip from "@mui/joy/Chip";
import Typography from "@mui/joy/Typography";
import { ACCESS_TEXTS, openNowChip } from "../../api/access_display";
import type { CsvExport } from "../../api/access_review";
import { useOnline } from "../../offline/use_outbox";
import { clockText } from "../../ui/clock_text";
import { DownloadIcon } from "../../ui/icons";

type HeaderProps = {
  title: string;
  csv: CsvExport;
  /** When the review shown was read (0: never). */
  readAt: number;
  /** The read failed while online: the review shown (if any) is as old as readAt. */
  failed: boolean;
};

export function AccessTabHeader({ title, csv, readAt, failed }: HeaderProps) {
  const online = useOnline();
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5 }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center", justifyContent: "space-between" }}>
        <Typography level="title-lg" component="h2">{title}</Typography>
        <Button
          component="a"
          href={csv.href}
          download={csv.fileName}
          variant="outlined"
          color="neutral"
          startDecorator={<DownloadIcon size={18} />}
        >
          {ACCESS_TEXTS.export}
        </Button>
      </Box>
      {(!online || failed) && readAt > 0 && (
        <Typography level="body-sm" role="status" color="warning">
          {`${online ? "Not up to date" : "Offline"}: as read at ${clockText(new Date(readAt).toISOString(), new Date())}`}
        </Typography>
      )}
    </Box>
  );
}

/** `Yes` / `No` in a table cell, `Can open now` / `Cannot open now` on a card. */
export function CanOpenChip({ canOpenNow, form }: { canOpenNow: boolean; form: "cell" | "card" }) {
  const { label, color } = openNowChip(canOpenNow, form);
  return <Chip size="sm" variant="soft" color={color} sx={{ whiteSpace: "nowrap" }}>{label}</Chip>;
}
