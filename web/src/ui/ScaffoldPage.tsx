// Stand-in for a screen whose own issue has not landed yet: the right title and a
// heading, nothing else. Each feature replaces its uses of this.
import Box from "@mui/joy/Box";
import Typography from "@mui/joy/Typography";
import { usePageMeta } from "./page_meta";

export function ScaffoldPage({ screen }: { screen: string }) {
  usePageMeta(screen);
  return (
    <Box component="main" sx={{ p: 3 }}>
      <Typography level="h1">{screen}</Typography>
    </Box>
  );
}
