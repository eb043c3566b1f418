// The Joy theme: Joy's defaults with the self-hosted Inter (loaded in main.tsx).
import { extendTheme } from "@mui/joy/styles";

const inter = "'Inter', var(--joy-fontFamily-fallback)";

export const theme = extendTheme({
  fontFamily: { body: inter, display: inter },
});
