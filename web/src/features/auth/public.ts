// What other features' screens embed from the auth feature: the Sign Out
// confirmation (dashboard avatar, /app) and the sign-out itself; and the rule of a
// password (the Add New User dialog's).
export { SignOutDialog } from "./SignOutDialog";
export { useSignOut } from "./use_sign_out";
export { MIN_PASSWORD_LENGTH, NEW_PASSWORD_MESSAGES } from "./new_password";
// The centred card of the sign-in, which a guest's pass page wears too (spec 4 §5).
export { AuthCard } from "./AuthCard";
