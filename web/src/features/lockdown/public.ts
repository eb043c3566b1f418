// What other screens embed of the lockdown screens (spec 3 §2): the navigation's
// Lockdown button (rail and top bar) and the banner, which also keeps the admins'
// live channel open; and the key of the members' read, which /app's live channel
// (features/doors) refreshes.
export { LockdownBarButton, LockdownNavItem } from "./LockdownButton";
export { LockdownBanner } from "./LazyLockdownBanner";
export { MEMBER_LOCKDOWNS_KEY } from "./api";
