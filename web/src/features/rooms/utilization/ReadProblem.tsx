// What a part of the Utilization tab shows instead of its figures: the
// failed read's message, or that it is still loading.
import Typography from "@mui/joy/Typography";

export function Problem({ error, loading }: { error: Error | null; loading: string }) {
  return error
    ? <Typography level="body-sm" color="danger">{error.message}</Typography>
    : <Typography role="status" level="body-sm">{loading}</Typography>;
}
