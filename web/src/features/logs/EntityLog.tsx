// The access log on a user's, group's, room's or device's Log tab: the shared
// table over /api/<things>/{id}/logs. A thing made offline has no log on the
// server yet, so its tab says the log is empty without asking.
import type { ComponentProps } from "react";
import Typography from "@mui/joy/Typography";
import { isSaved } from "../../api/mutations";
import { LogTable } from "./LogTable";

type Props = Omit<ComponentProps<typeof LogTable>, "basePath"> & {
  /** Whose log: "users", "groups", "rooms" or "devices", and its id. */
  of: { kind: string; id: number };
};

export function EntityLog({ of, ...table }: Props) {
  if (!isSaved(of.id)) return <Typography>{table.emptyText}</Typography>;
  return <LogTable basePath={`/api/${of.kind}/${of.id}/logs`} {...table} />;
}
