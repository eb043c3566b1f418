// The Alarms page's `Notifications` card (spec 4 §3 "Settings"): push on this device
// (a switch that asks the browser's permission and subscribes, or says why it cannot:
// blocked, an iPhone or iPad outside the installed app, no Web Push in this browser),
// and which alarms reach the signed-in admin by push and by e-mail, each saved when
// chosen. Every change here needs a connection; offline the card shows what it saved
// and says so.
import { useId } from "react";
import Box from "@mui/joy/Box";
import Card from "@mui/joy/Card";
import FormControl from "@mui/joy/FormControl";
import FormLabel from "@mui/joy/FormLabel";
import Option from "@mui/joy/Option";
import Select from "@mui/joy/Select";
import Typography from "@mui/joy/Typography";
import { useOnline } from "../../offline/use_outbox";
import { LabelledSwitch } from "../../ui/LabelledSwitch";
import { doneToast, failedToast } from "../../ui/toast/change_toasts";
import { useFailureToast } from "../../ui/use_failure_toast";
import { type SettingsChange, useNotificationSettings, useSaveNotificationSettings } from "./api";
import type { AlarmReach } from "../../../../api/notifications/contract.ts";
import { NOTIFICATION_TEXTS as T, REACH_WORDS, supportText } from "./push_support";
import { usePushSwitch } from "./use_push_switch";

export function NotificationsCard() {
  const titleId = useId();
  const online = useOnline();
  const push = usePushSwitch();
  const settings = useNotificationSettings();
  useFailureToast(online && settings.isError && !settings.data ? settings.error : null, T.fetchFailed);
  const save = useSaveNotificationSettings();
  const change = (next: SettingsChange) => {
    if (!settings.data || !online) return;
    save.mutate({ settings: settings.data, change: next }, {
      onSuccess: () => doneToast(T.updated),
      onError: (error) => failedToast(T.updateFailed, error),
    });
  };
  const notice = supportText(push.support);
  const selectsOff = !online || !settings.data || save.isPending;

  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" sx={{ gap: 1.5 }}>
      <Typography id={titleId} level="title-lg" component="h2">{T.title}</Typography>
      <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5 }}>
        <LabelledSwitch
          label={T.pushSwitch}
          checked={push.support === "available" && push.subscribed === true}
          disabled={push.support !== "available" || push.subscribed === null || push.busy || !online}
          onChange={push.toggle}
        />
        {notice && <Typography level="body-sm" color="warning">{notice}</Typography>}
        {push.error && <Typography role="alert" level="body-sm" color="danger">{push.error}</Typography>}
      </Box>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 1.5 }}>
        <ReachSelect
          label={T.pushAlarms}
          value={settings.data?.pushAlarms}
          disabled={selectsOff}
          onChange={(pushAlarms) => change({ pushAlarms })}
        />
        <ReachSelect
          label={T.emailAlarms}
          value={settings.data?.emailAlarms}
          disabled={selectsOff}
          onChange={(emailAlarms) => change({ emailAlarms })}
        />
      </Box>
      {!online && <Typography role="status" level="body-sm" color="warning">{T.needConnection}</Typography>}
    </Card>
  );
}

type ReachProps = { label: string; value: AlarmReach | undefined; disabled: boolean; onChange: (reach: AlarmReach) => void };

function ReachSelect({ label, value, disabled, onChange }: ReachProps) {
  return (
    <FormControl>
      <FormLabel>{label}</FormLabel>
      <Select
        size="sm"
        value={value ?? null}
        disabled={disabled}
        onChange={(_, picked) => picked && picked !== value && onChange(picked)}
      >
        {REACH_WORDS.map((reach) => <Option key={reach.value} value={reach.value}>{reach.label}</Option>)}
      </Select>
    </FormControl>
  );
}
