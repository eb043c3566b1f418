// What other features' screens embed from the auth feature: the Sign Out
// confirmation (dashboard avatar, /app) and the sign-out itself.
export { SignOutDialog } from "./SignOutDialog";
export { useSignOut } from "./use_sign_out";
