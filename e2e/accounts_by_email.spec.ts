// Accounts by e-mail (spec 4 §4, issue 29) against the real server and its demo
// mailbox: an admin's invitation from Add New User followed to /app, a forgotten
// password reset from /login's step 2 (ending the person's other sessions), an
// unknown address answered the same and sent nothing, the links used once, and
// the three pages offline: not precached, saying they need a connection.
import type { Page } from "@playwright/test";
import { createUser, signInByApi, signInThroughForm, uniqueEmail } from "./accounts";
import { signInAsAdmin } from "./dashboard";
import { DESKTOP, expect, expectAccessibleAtAllWidths, expectPageMeta, PHONE, test } from "./fixtures";
import { linkPath, mailTo, waitForMail } from "./mailbox";
import { cutNetwork, everythingKept, persistedAt, restoreNetwork, waitForServiceWorker } from "./offline_helpers";

test.use({ serviceWorkers: "block", viewport: PHONE });
// Several screens, two browsers and the mailbox per test, on a loaded machine.
test.describe.configure({ timeout: 90_000 });

const INVITED = "You're invited to Threshold";
const RESET = "Reset your Threshold password";
const INVITATION_GONE = "This invitation has expired or was already used";
const ASK_AGAIN = "Ask an administrator to send a new one.";
const RESET_LINK_USED = "This reset link has expired or was already used";
const NEEDS_CONNECTION = "This page needs a connection. Open it again once you're back online.";
const NEW_PASSWORD = "a-brand-new-passphrase";
/** A token's shape (32 bytes, base64url) that no invitation or reset has. */
const UNKNOWN_TOKEN = "A".repeat(43);

const sentTo = (email: string) => `If an account exists for ${email}, a reset link is on its way.`;

/** Every URL in the service worker's caches, read in the page. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

test("an admin invites a person, who sets a password from the e-mailed link and lands on /app; the link then is used", async ({ page, browser, baseURL }) => {
  await signInAsAdmin(page);
  await page.setViewportSize(DESKTOP);
  await page.goto("/dash/users");
  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New User" });
  await expect(dialog.getByRole("switch", { name: "Send an invitation e-mail" })).toBeChecked();
  await expect(dialog.getByLabel("Password")).toHaveCount(0);
  const email = uniqueEmail("invited");
  await dialog.getByLabel("First Name").fill("Ivy");
  await dialog.getByLabel("Last Name").fill("Invited");
  await dialog.getByLabel("Email").fill(email);
  const created = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/users");
  await dialog.getByRole("button", { name: "Create User" }).click();
  expect((await created).postDataJSON()).toEqual({ firstName: "Ivy", lastName: "Invited", email, invite: true });
  await expect(page).toHaveURL(/\/dash\/user\/\d+$/);
  await expect(page.getByRole("heading", { name: "Ivy Invited", level: 1 })).toBeVisible();

  const path = linkPath(await waitForMail(page.request, email, INVITED), "/invite/");
  const token = path.split("/").pop()!;

  // The token is the link's secret. Opened in a browser whose query cache is saved
  // (the admin's), it is kept nowhere: the cache is written again, with the dashboard's
  // reads, after the invitation was read in the same app.
  await page.goto(path);
  await expect(page.getByText(`Set a password for ${email}`)).toBeVisible();
  const readAt = await page.evaluate(() => Date.now());
  await page.evaluate(() => {
    history.pushState(null, "", "/dash/users");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expect.poll(() => persistedAt(page), { message: "the query cache saved again" }).toBeGreaterThan(readAt);
  expect((await everythingKept(page)).includes(token), "the token is kept in this browser").toBe(false);

  // The invited person, in a browser of their own, on a phone.
  const theirs = await browser.newContext({ baseURL, serviceWorkers: "block", viewport: PHONE });
  const person = await theirs.newPage();
  await person.goto(path);
  await expectPageMeta(person, "Accept Invitation");
  await expect(person.getByRole("heading", { name: "Welcome to Threshold", level: 1 })).toBeVisible();
  await expect(person.getByText(`Set a password for ${email}`)).toBeVisible();
  await expectAccessibleAtAllWidths(person);

  const setPassword = person.getByRole("button", { name: "Set Password" });
  await person.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await person.getByLabel("Confirm password").fill(`${NEW_PASSWORD}!`);
  await setPassword.click();
  await expect(person.getByRole("alert")).toHaveText("Passwords do not match");
  await expectAccessibleAtAllWidths(person);
  await person.getByLabel("Confirm password").fill(NEW_PASSWORD);
  await setPassword.click();

  // Signed in, on /app, where Face ID setup is offered (no rooms yet: a button of its own).
  await expect(person).toHaveURL(/\/app$/);
  await expect(person.getByRole("heading", { name: "Welcome Ivy" })).toBeVisible();
  await expect(person.getByRole("button", { name: "Set up Face ID" })).toBeVisible();
  await person.getByRole("button", { name: "Sign Out" }).click();
  await expect(person).toHaveURL(/\/login$/);
  await signInThroughForm(person, email, NEW_PASSWORD);

  // Used: the link says so, and what to do.
  await person.goto(path);
  await expect(person.getByText(INVITATION_GONE)).toBeVisible();
  await expect(person.getByText(ASK_AGAIN)).toBeVisible();
  await expect(setPassword).toHaveCount(0);
  await expectAccessibleAtAllWidths(person);
  await theirs.close();
});

test("a forgotten password is reset from /login's step 2: signed in here, signed out everywhere else, the link used once", async ({ page, browser, baseURL, request }) => {
  const user = await createUser(request, "reset");
  // The same person, signed in in another browser.
  const elsewhere = await browser.newContext({ baseURL, serviceWorkers: "block", viewport: DESKTOP });
  const other = await elsewhere.newPage();
  await signInByApi(other, user.email, user.password);
  await other.goto("/app");
  await expect(other.getByRole("heading", { name: `Welcome ${user.firstName}` })).toBeVisible();

  await page.goto("/login");
  await page.getByPlaceholder("Enter your email").fill(user.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectPageMeta(page, "Forgot Password");
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await expectAccessibleAtAllWidths(page);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(sentTo(user.email))).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to sign in" })).toBeVisible();
  await expectAccessibleAtAllWidths(page);

  const path = linkPath(await waitForMail(request, user.email, RESET), "/reset-password/");
  await page.goto(path);
  await expectPageMeta(page, "Reset Password");
  await expectAccessibleAtAllWidths(page);
  const reset = page.getByRole("button", { name: "Reset Password" });
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await reset.click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole("heading", { name: `Welcome ${user.firstName}` })).toBeVisible();

  // Every other session of the person ended: the other browser's next call ends at /login.
  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
  await elsewhere.close();

  // The old password no longer works; the new one does.
  const login = (password: string) => request.post("/api/auth/login", { data: { email: user.email, password } });
  expect((await login(user.password)).status()).toBe(401);
  expect((await login(NEW_PASSWORD)).status()).toBe(200);

  // Used: the server's sentence.
  await page.goto(path);
  await page.getByLabel("New password", { exact: true }).fill("yet-another-passphrase");
  await page.getByLabel("Confirm new password").fill("yet-another-passphrase");
  await reset.click();
  await expect(page.getByRole("alert")).toHaveText(RESET_LINK_USED);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expectAccessibleAtAllWidths(page);
});

test("an address without an account gets the same sentence, and no e-mail", async ({ page, request }) => {
  const unknown = uniqueEmail("nobody");
  const known = await createUser(request, "known");
  await page.goto("/forgot-password");
  const email = page.getByLabel("Email");
  await expect(email).toHaveValue("");
  await expect(page.getByRole("button", { name: "Send reset link" })).toBeDisabled();
  await email.fill(unknown);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(sentTo(unknown))).toBeVisible();

  // A known address asked right after: once its e-mail is in, the first one's would be too.
  expect((await request.post("/api/auth/password-reset", { data: { email: known.email } })).status()).toBe(202);
  await waitForMail(request, known.email, RESET);
  expect(await mailTo(request, unknown)).toEqual([]);
});

test.describe("without a connection", () => {
  test.use({ serviceWorkers: "allow" });

  test("the pages are not precached, say they need a connection when opened offline, and disable their buttons when it drops", async ({ page, context }) => {
    // Online, a page fetches its code from the server: the chunk of these pages.
    const fetched: string[] = [];
    page.on("response", (res) => {
      const path = new URL(res.url()).pathname;
      if (/^\/assets\/accounts_by_email-[\w-]+\.js$/.test(path)) fetched.push(path);
    });
    const resetPath = `/reset-password/${UNKNOWN_TOKEN}`;
    await page.goto(resetPath);
    const worker = await waitForServiceWorker(page);
    const reset = page.getByRole("button", { name: "Reset Password" });
    await expect(reset).toBeVisible();
    expect(fetched.length, "the pages' chunk was fetched").toBeGreaterThan(0);

    // The worker (active: its precache complete) holds the stand-in, and none of the pages' code.
    const precached = await cachedUrls(page);
    expect(precached.filter((url) => url.startsWith("/assets/ConnectionNeeded-")).length).toBeGreaterThan(0);
    expect(precached.filter((url) => /^\/assets\/(accounts_by_email|ForgotPasswordPage|ResetPasswordPage|InvitationPage)-/.test(url)))
      .toEqual([]);
    for (const path of fetched) expect(precached).not.toContain(path);

    // Open, and the connection drops: the button waits under the notice until it is back.
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
    await expect(reset).toBeEnabled();
    await cutNetwork(context, worker);
    await expect(page.getByText("You're offline. This page needs a connection.")).toBeVisible();
    await expect(reset).toBeDisabled();
    await expectAccessibleAtAllWidths(page);
    await restoreNetwork(context);
    await expect(reset).toBeEnabled();

    // The browser online but the chunk out of reach (the server away): the same stand-in.
    const unreachable = /\/assets\/accounts_by_email-/;
    await context.route(unreachable, (route) => route.abort("connectionrefused"));
    await page.goto(`/invite/${UNKNOWN_TOKEN}`);
    await expect(page.getByRole("heading", { name: "You're offline", level: 1 })).toBeVisible();
    await context.unroute(unreachable);

    // Opened offline: each says it needs a connection, under its own title.
    await cutNetwork(context, worker);
    for (const [path, screen] of [[`/invite/${UNKNOWN_TOKEN}`, "Accept Invitation"], [resetPath, "Reset Password"], ["/forgot-password", "Forgot Password"]]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "You're offline", level: 1 })).toBeVisible();
      await expect(page.getByText(NEEDS_CONNECTION)).toBeVisible();
      await expectPageMeta(page, screen);
    }
    await expectAccessibleAtAllWidths(page);

    // Back online, the page opens itself.
    await restoreNetwork(context);
    await expect(page.getByRole("button", { name: "Send reset link" })).toBeVisible();
  });
});
