// Shown for any path the router does not know.
import Box from "@mui/joy/Box";
import Card from "@mui/joy/Card";
import Typography from "@mui/joy/Typography";
import { usePageMeta } from "../../ui/page_meta";

export default function NotFoundPage() {
  usePageMeta("Not Found");
  return (
    <Box
      component="main"
      sx={{ minHeight: "100dvh", display: "flex", alignItems: "center", justifyContent: "center", p: 2, bgcolor: "background.level1" }}
    >
      <Card sx={{ width: "100%", maxWidth: 448 }}>
        <Typography
          level="h1"
          fontSize="xl2"
          startDecorator={
            <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <circle cx="12" cy="12" r="10" />
              <path d="M12 8v4M12 16h.01" />
            </svg>
          }
          sx={{ "& svg": { color: "danger.500" } }}
        >
          404 Page Not Found
        </Typography>
        <Typography level="body-sm">Did you forget to add the page to the router?</Typography>
      </Card>
    </Box>
  );
}
