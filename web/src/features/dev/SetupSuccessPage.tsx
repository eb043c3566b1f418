// Development placeholder (spec 1 §2): confirms the stack is wired up and says how
// to work on it. No product behaviour.
import type { ReactNode } from "react";
import Box from "@mui/joy/Box";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import List from "@mui/joy/List";
import ListItem from "@mui/joy/ListItem";
import Typography from "@mui/joy/Typography";
import { usePageMeta } from "../../ui/page_meta";
import { ScrollRegion } from "../../ui/ScrollRegion";

const CARDS = [
  { title: "CLI", text: "npm scripts drive everything: start, dev, build, test and check. Deno 2 runs the API." },
  { title: "Styling", text: "Joy UI on Emotion, themed through CSS variables, at phone, tablet and desktop widths." },
  { title: "Fonts", text: "Inter, self-hosted through @fontsource and precached for offline use." },
  {
    title: "Dependencies",
    text: "React 19, React Router, TanStack Query, Joy UI, Vite PWA with Workbox; Hono, postgres.js and PostgreSQL or PGlite.",
  },
];

const COMMANDS = `npm install      # dependencies, Deno included
npm start        # build the PWA, serve app and API on :8000
npm run dev      # Vite dev server, /api proxied to :8000
npm test         # API, unit and end-to-end tests`;

const STRUCTURE = `api/          Deno + Hono API, one folder per feature
web/src/      React screens by feature, shared ui/ and api/
sw/           service worker (Workbox precache)
e2e/          Playwright end-to-end tests
dist/         the built PWA, served by the API`;

const NEXT_STEPS = [
  "Create the first admin with npm run create-admin.",
  "Sign in and open the dashboard at /dash.",
  "Add rooms and devices, then assign groups to rooms.",
  "Install the app to the home screen for offline use.",
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 4 }}>
      <Typography level="h2" fontSize="xl" sx={{ mb: 1.5 }}>{title}</Typography>
      {children}
    </Box>
  );
}

/** A code block; it scrolls sideways on phones. */
function Code({ label, children }: { label: string; children: string }) {
  return (
    <ScrollRegion label={label} variant="soft" sx={{ p: 2, borderRadius: "sm" }}>
      <Box component="pre" sx={{ m: 0, fontFamily: "code", fontSize: "sm" }}>{children}</Box>
    </ScrollRegion>
  );
}

export default function SetupSuccessPage() {
  usePageMeta("Setup Success");
  return (
    <Box component="main" sx={{ maxWidth: 960, mx: "auto", p: { xs: 2, md: 4 } }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
        <Typography level="h1">Threshold is set up</Typography>
        <Chip color="success" variant="soft">Connected</Chip>
      </Box>
      <Typography level="body-md" sx={{ mt: 1 }}>
        The app shell, API and database are talking to each other.
      </Typography>

      <Box sx={{ mt: 3, display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "repeat(4, 1fr)" } }}>
        {CARDS.map((card) => (
          <Card key={card.title} variant="outlined">
            <Typography level="title-md" component="h2">{card.title}</Typography>
            <Typography level="body-sm">{card.text}</Typography>
          </Card>
        ))}
      </Box>

      <Section title="Setup commands"><Code label="Setup commands">{COMMANDS}</Code></Section>
      <Section title="Project structure"><Code label="Project structure">{STRUCTURE}</Code></Section>

      <Section title="Typography">
        <Typography level="h1" component="p">Heading 1</Typography>
        <Typography level="h2" component="p">Heading 2</Typography>
        <Typography level="h3" component="p">Heading 3</Typography>
        <Typography level="title-lg" component="p">Title large</Typography>
        <Typography level="body-md">Body text in Inter, the app's typeface.</Typography>
        <Typography level="body-sm">Small body text for secondary details.</Typography>
      </Section>

      <Section title="Next steps">
        <List component="ol" marker="decimal">
          {NEXT_STEPS.map((step) => <ListItem key={step}>{step}</ListItem>)}
        </List>
      </Section>
    </Box>
  );
}
