// The way back to /login under the forms of /forgot-password and /reset-password/<token>.
import { Link as RouterLink } from "react-router-dom";
import Link from "@mui/joy/Link";
import Typography from "@mui/joy/Typography";
import { ACCOUNTS_BY_EMAIL as M } from "./accounts_by_email";

export function BackToSignIn() {
  return (
    <Typography level="body-sm" textAlign="center">
      <Link component={RouterLink} to="/login" underline="always">
        {M.backToSignIn}
      </Link>
    </Typography>
  );
}
