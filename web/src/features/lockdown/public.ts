// What other screens embed of the lockdown screens (spec 3 §2): the navigation's
// Lockdown button (rail and top bar) and the banner, which also keeps the live
// channel open.
export { LockdownBarButton, LockdownNavItem } from "./LockdownButton";
export { LockdownBanner } from "./BannerForAdmins";
