// The tabs of /dash/users: the users themselves, and Provisioning (spec 4 §6), each its own route.
import { TabLinks } from "../../ui/TabLinks";
import { PROVISIONING_TEXTS } from "./provisioning_display";

const TABS = [
  { label: "Users", to: "/dash/users" },
  { label: PROVISIONING_TEXTS.tab, to: "/dash/users/provisioning" },
];

export function UsersTabs({ current }: { current: "Users" | typeof PROVISIONING_TEXTS.tab }) {
  return <TabLinks label="Users sections" tabs={TABS} current={current} />;
}
