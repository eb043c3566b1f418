// Sign-out on this device (DESIGN.md "Push respects the shared tablet"): every
// notification the app shows is closed and the browser's push subscription dropped,
// so the tablet shows and gets nothing more of the person who left. Best effort, and
// never waited for by the sign-out: the server deletes the session's subscription
// with the logout anyway (also a logout sent later, after an offline sign-out).
export async function forgetPushOnThisDevice(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (!registration) return;
    for (const shown of await registration.getNotifications()) shown.close();
    // Local to the browser: it works offline as far as the browser lets it.
    await (await registration.pushManager?.getSubscription())?.unsubscribe();
  } catch {
    // Nothing more to do here: the logout ends the subscription on the server.
  }
}
