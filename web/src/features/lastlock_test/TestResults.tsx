// The lock test page's Test Results: each run newest first, its status (or
// Error, or Queued), what was called, its message and its raw answer; Clear
// Results; 'Running command...' while one runs.
import { useId } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Chip from "@mui/joy/Chip";
import CircularProgress from "@mui/joy/CircularProgress";
import List from "@mui/joy/List";
import ListItem from "@mui/joy/ListItem";
import Typography from "@mui/joy/Typography";
import { bodyText, TEST_PAGE_MESSAGES as M, type TestResult } from "./test_page_rules";

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", second: "2-digit", hour12: true });

export function TestResults({ results, running, onClear }: { results: TestResult[]; running: boolean; onClear: () => void }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} sx={{ gap: 1.5, minWidth: 0, position: { lg: "sticky" }, top: { lg: 16 } }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1 }}>
        <Typography id={id} level="title-lg" component="h2">Test Results</Typography>
        <Button size="sm" variant="outlined" color="neutral" disabled={results.length === 0} onClick={onClear}>
          Clear Results
        </Button>
      </Box>
      <Box role="status" aria-live="polite">
        {running && (
          <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
            <CircularProgress size="sm" aria-hidden />
            <Typography level="body-sm">{M.running}</Typography>
          </Box>
        )}
      </Box>
      {results.length === 0
        ? <Typography level="body-sm" textColor="text.secondary">{M.empty}</Typography>
        : (
          <List aria-label="Test results" sx={{ "--ListItem-paddingX": 0, gap: 1 }}>
            {results.map((r) => (
              <ListItem key={r.id} sx={{ display: "block" }}>
                <Box sx={{ p: 1.5, borderRadius: "sm", border: "1px solid", borderColor: r.failed ? "danger.outlinedBorder" : "divider" }}>
                  <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
                    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", minWidth: 0 }}>
                      {r.failed
                        ? <Chip size="sm" color="danger" variant="solid">Error</Chip>
                        : <Chip size="sm" color={r.status === null ? "warning" : "success"} variant="soft">{r.status ?? "Queued"}</Chip>}
                      <Typography level="title-sm">{r.label}</Typography>
                    </Box>
                    <Typography level="body-xs" textColor="text.secondary">{timeFormat.format(r.at)}</Typography>
                  </Box>
                  <Typography level="body-xs" textColor="text.secondary" sx={{ fontFamily: "code", overflowWrap: "anywhere", mt: 0.5 }}>
                    {r.failed && r.status !== null ? `${r.call} → ${r.status}` : r.call}
                  </Typography>
                  {r.message && (
                    <Typography level="body-sm" color={r.failed ? "danger" : undefined} sx={{ mt: 0.5 }}>{r.message}</Typography>
                  )}
                  {r.body !== undefined && (
                    <Box
                      component="pre"
                      tabIndex={0}
                      aria-label={`${r.label} answer`}
                      sx={{
                        m: 0,
                        mt: 1,
                        p: 1,
                        borderRadius: "xs",
                        bgcolor: "background.level1",
                        fontSize: "xs",
                        fontFamily: "code",
                        overflowX: "auto",
                        maxHeight: 320,
                      }}
                    >
                      {bodyText(r.body)}
                    </Box>
                  )}
                </Box>
              </ListItem>
            ))}
          </List>
        )}
    </Card>
  );
}
