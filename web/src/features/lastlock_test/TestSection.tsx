// A card of the lock test page: a titled section with a line on what it does.
import { type ReactNode, useId } from "react";
import Box from "@mui/joy/Box";
import Card from "@mui/joy/Card";
import Typography from "@mui/joy/Typography";

export function TestSection({ title, children, description }: { title: string; children: ReactNode; description?: string }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ gap: 1.5 }}>
      <Box>
        <Typography id={id} level="title-lg" component="h2">{title}</Typography>
        {description && <Typography level="body-sm" textColor="text.secondary">{description}</Typography>}
      </Box>
      {children}
    </Card>
  );
}
