// The edit card of a user's, group's, room's or device's page: its title, the
// form's fields, and at the bottom Cancel (or Reset) and "Save Changes"
// ("Saving..." while the change runs). Both wait while nothing has changed,
// when the page says so; the page owns the fields, their checks and the change.
import { type ReactNode, useId, useState } from "react";
import Box from "@mui/joy/Box";
import Button from "@mui/joy/Button";
import Card from "@mui/joy/Card";
import Typography from "@mui/joy/Typography";
import { serverMessage } from "../api/api_error";
import { Form } from "./Form";
import type { ChangeHandlers } from "../api/mutations";
import { doneToast, failedToast, validationToast } from "./toast/change_toasts";

type Props = {
  /** The heading, which names the card. */
  title: string;
  onSubmit: () => void;
  /** The change is under way. */
  busy: boolean;
  /** Whether anything was edited; undefined when the buttons do not wait for an edit. */
  changed?: boolean;
  /** Puts the fields back as they were saved. */
  onReset: () => void;
  resetLabel?: "Cancel" | "Reset";
  /** At the left of the buttons (a link to a sub-page). */
  aside?: ReactNode;
  children: ReactNode;
};

export function DetailsForm({ title, onSubmit, busy, changed = true, onReset, resetLabel = "Cancel", aside, children }: Props) {
  const labelId = useId();
  return (
    <Card component="section" aria-labelledby={labelId} sx={{ gap: 2, minWidth: 0 }}>
      <Typography id={labelId} level="title-lg" component="h2">{title}</Typography>
      {/* noValidate: the spec's own messages are shown, not the browser's. */}
      <Form onSubmit={onSubmit}>
        {children}
        <Box sx={{ display: "flex", justifyContent: aside ? "space-between" : "flex-end", alignItems: "center", gap: 1, mt: 2, flexWrap: "wrap" }}>
          {aside}
          <Box sx={{ display: "flex", gap: 1 }}>
            <Button variant="plain" color="neutral" disabled={!changed || busy} onClick={onReset}>{resetLabel}</Button>
            <Button type="submit" disabled={!changed || busy}>{busy ? "Saving..." : "Save Changes"}</Button>
          </Box>
        </Box>
      </Form>
    </Card>
  );
}

/**
 * The fields of an edit card, starting as `saved`: `set` edits them and clears
 * the problem shown; `reset` puts back what was saved; `submit` shows the
 * problem `check` finds (with a 'Validation Error' toast) or sends; `refused`
 * shows a refusal as its toast and in the card; `card(send)`, the card's
 * submit (checked, then `send`) and reset.
 */
export function useDetailsForm<F>(saved: F, check: (form: F) => string | null) {
  const [form, setForm] = useState<F>(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<F>) => {
    setForm((f) => ({ ...f, ...patch }));
    setProblem(null);
  };
  const reset = () => {
    setForm(saved);
    setProblem(null);
  };
  const submit = (send: () => void) => {
    const found = check(form);
    setProblem(found);
    if (found) return validationToast(found);
    send();
  };
  const refused = (failed: string) => (error: Error) => {
    failedToast(failed, error);
    setProblem(serverMessage(error, failed));
  };
  const card = (send: () => void) => ({ onSubmit: () => submit(send), onReset: reset });
  return { form, setForm, set, problem, refused, card };
}

type WholeProps<F, V, R> = {
  title: string;
  saved: F;
  check: (form: F) => string | null;
  /** The save: its change, and what it is sent (made of the fields). */
  update: { use: (handlers: ChangeHandlers<V, R>) => { isPending: boolean; mutate: (vars: V) => void }; vars: (form: F) => V };
  messages: { updated: string; updateFailed: string };
  /** The space between the fields. */
  gap: number;
  children: (form: F, set: (patch: Partial<F>) => void) => ReactNode;
};

/**
 * An edit card saved whole (a schedule, a holiday calendar): Save Changes
 * waits for an edit; the problem found, or the server's refusal, shows under
 * the fields.
 */
export function WholeDetailsForm<F, V, R>({ title, saved, check, update, messages: M, gap, children }: WholeProps<F, V, R>) {
  const { form, set, problem, card, refused } = useDetailsForm(saved, check);
  const { use: useUpdate, vars } = update;
  const change = useUpdate({ onSuccess: (result) => doneToast(M.updated, result), onError: refused(M.updateFailed) });
  return (
    <DetailsForm title={title} busy={change.isPending} changed={JSON.stringify(form) !== JSON.stringify(saved)} {...card(() => change.mutate(vars(form)))}>
      <Box sx={{ display: "flex", flexDirection: "column", gap }}>
        {children(form, set)}
        {problem && <Typography role="alert" color="danger" level="body-sm">{problem}</Typography>}
      </Box>
    </DetailsForm>
  );
}
