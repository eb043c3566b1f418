// What a signed-in non-admin sees at /dash: the dashboard is for members of an
// active group named Admin (the server refuses its calls to anyone else).
import { Link as RouterLink } from "react-router-dom";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Typography from "@mui/joy/Typography";
import { LockIcon } from "../../ui/icons";
import { APP_NAME, usePageMeta } from "../../ui/page_meta";

export function AdminRequiredPage() {
  usePageMeta("Admin Access Required");
  return (
    <Box
      component="main"
      sx={{ minHeight: "100dvh", display: "flex", alignItems: "center", justifyContent: "center", p: 2, bgcolor: "background.level1" }}
    >
      <Card sx={{ width: "100%", maxWidth: 400, gap: 1.5, p: 3, alignItems: "flex-start" }}>
        <Box sx={{ color: "warning.plainColor" }}>
          <LockIcon size={32} />
        </Box>
        <Typography level="h1" fontSize="xl2">
          Admin access required
        </Typography>
        <Typography level="body-md">
          The {APP_NAME} dashboard is only for administrators. Ask an administrator to add you to the Admin group
          if you need it.
        </Typography>
        <Button component={RouterLink} to="/app" sx={{ mt: 1 }}>
          Back to Home
        </Button>
      </Card>
    </Box>
  );
}
