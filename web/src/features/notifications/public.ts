// What other screens use of the notifications (spec 4 §3): the Alarms page's card,
// and the sign-out's closing of this device's notifications and push subscription.
export { NotificationsCard } from "./NotificationsCard";
export { forgetPushOnThisDevice } from "./forget_push";
