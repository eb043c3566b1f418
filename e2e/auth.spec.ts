// Sign-up, the two-step sign-in with password and with a real passkey (Chromium's
// virtual authenticator), the alerts of spec 1 §8, throttling and the route guards.
import type { Page } from "@playwright/test";
import {
  addVirtualAuthenticator,
  createUser,
  DEMO_ADMIN,
  DEMO_MEMBER,
  DEMO_PASSWORD,
  signInByApi,
  signInSettingUpFaceId,
  signInThroughForm,
  uniqueEmail,
} from "./accounts";
import { expect, expectAccessibleAtAllWidths, expectPageMeta, holdRequests, test } from "./fixtures";

// page.route must see every call; the app's service worker is not under test here.
test.use({ serviceWorkers: "block" });

const emailField = (page: Page) => page.getByPlaceholder("Enter your email");
const passwordField = (page: Page) => page.getByPlaceholder("Enter your password");
const alert = (page: Page) => page.getByRole("alert");

/** /login with the e-mail given and Continue pressed. */
async function toPasswordStep(page: Page, email: string) {
  await page.goto("/login");
  await emailField(page).fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
}

test.describe("sign-up", () => {
  test("a new user signs up and lands on /app with the welcome", async ({ page }) => {
    await page.goto("/signup");
    await expectPageMeta(page, "Sign Up");
    const create = page.getByRole("button", { name: "Create Account" });
    await expect(create).toBeDisabled();
    await expect(page.getByPlaceholder("Enter your email")).toHaveAttribute("type", "email");
    await expect(page.getByPlaceholder("Enter your password")).toHaveAttribute("type", "password");
    await expectAccessibleAtAllWidths(page);

    const email = uniqueEmail("signup");
    await page.getByPlaceholder("First name").fill("Ada");
    await page.getByPlaceholder("Last name").fill("Lovelace");
    await page.getByPlaceholder("Enter your email").fill(email);
    await expect(create).toBeDisabled(); // still no password
    await page.getByPlaceholder("Enter your password").fill("analytical-engine");
    await expect(create).toBeEnabled();
    await create.click();

    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole("heading", { name: "Welcome Ada" })).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("user") ?? "null")?.email)).toBe(email);
  });

  test("an e-mail already taken shows the server's error", async ({ page }) => {
    await page.goto("/signup");
    await page.getByPlaceholder("First name").fill("Again");
    await page.getByPlaceholder("Last name").fill("Admin");
    await page.getByPlaceholder("Enter your email").fill(DEMO_ADMIN.email);
    await page.getByPlaceholder("Enter your password").fill("another-password");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(alert(page)).toHaveText("An account with this email already exists");
    await expect(page).toHaveURL(/\/signup$/);
    await expectAccessibleAtAllWidths(page);
  });

  test("links to sign-in", async ({ page }) => {
    await page.goto("/signup");
    await expect(page.getByText("Already have an account?")).toBeVisible();
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("sign-in", () => {
  test("step 1 checks the e-mail: Continue rules and the invalid e-mail alert", async ({ page }) => {
    await page.goto("/login");
    await expectPageMeta(page, "Login");
    const next = page.getByRole("button", { name: "Continue" });
    await expect(next).toBeDisabled(); // empty
    await expect(page.getByText("Don't have an account?")).toBeVisible();
    await expectAccessibleAtAllWidths(page);

    await emailField(page).fill("ada.example.com");
    await expect(next).toBeDisabled(); // no @
    await emailField(page).press("Enter");
    await expect(alert(page)).toHaveText("Please enter a valid email address");
    await expectAccessibleAtAllWidths(page);
  });

  // Its own test: each screen's accessibility check at both widths is a few seconds of
  // a busy machine, and three screens' worth in one test came near its 30 s.
  test("step 1's Continue says Checking..., then step 2 for an address without passkeys", async ({ page }) => {
    await page.goto("/login");
    const next = page.getByRole("button", { name: "Continue" });
    // Hold the passkey check to see the busy label.
    const release = await holdRequests(page, "**/api/auth/passkey/check/**");
    await emailField(page).fill("nobody-yet@threshold.test");
    await expect(next).toBeEnabled();
    await next.click();
    await expect(page.getByRole("button", { name: "Checking..." })).toBeDisabled();
    release();

    // Step 2 for an address without passkeys: the password form with Setup Face ID.
    await expect(page.getByText("nobody-yet@threshold.test")).toBeVisible();
    await expect(passwordField(page)).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Setup Face ID" })).not.toBeChecked();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Log In with Face ID" })).toHaveCount(0);
    await expect(alert(page)).toHaveCount(0);
    await expectAccessibleAtAllWidths(page);
  });

  test("an address the server finds malformed stays on step 1 with the e-mail alert", async ({ page }) => {
    await page.goto("/login");
    await emailField(page).fill("ada@");
    await emailField(page).press("Enter");
    await expect(alert(page)).toHaveText("Please enter a valid email address");
    await expect(passwordField(page)).toHaveCount(0);
  });

  test("step 2: Change goes back and clears the password; Forgot password opens its page with the e-mail", async ({ page }) => {
    await toPasswordStep(page, "someone@threshold.test");
    await passwordField(page).fill("typed-password");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();

    await page.getByRole("button", { name: "Change" }).click();
    await expect(emailField(page)).toHaveValue("someone@threshold.test");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(passwordField(page)).toHaveValue("");

    // Spec 4 §4 (followed through in accounts_by_email.spec.ts): the e-mail goes along, not in the address.
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(emailField(page)).toHaveValue("someone@threshold.test");
  });

  test("the demo admin signs in with a password and sees the dashboard button", async ({ page }) => {
    await signInThroughForm(page, DEMO_ADMIN.email, DEMO_PASSWORD);
    await expect(page.getByRole("heading", { name: `Welcome ${DEMO_ADMIN.firstName}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "View a Threshold Dash" })).toBeVisible();
  });

  test("the demo member signs in with a password and gets no dashboard button", async ({ page }) => {
    await signInThroughForm(page, DEMO_MEMBER.email, DEMO_PASSWORD);
    await expect(page.getByRole("heading", { name: `Welcome ${DEMO_MEMBER.firstName}` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(page.getByRole("link", { name: "View a Threshold Dash" })).toHaveCount(0);
  });

  test("a wrong password shows the server's error and stays on step 2", async ({ page, request }) => {
    const user = await createUser(request, "wrongpw");
    await toPasswordStep(page, user.email);
    await passwordField(page).fill("not-the-password");
    await passwordField(page).press("Enter"); // Enter submits
    await expect(alert(page)).toHaveText("Invalid email or password");
    await expect(page).toHaveURL(/\/login$/);
    await expect(passwordField(page)).toBeVisible();
    await expectAccessibleAtAllWidths(page);
  });

  test("the last e-mail used is remembered after signing out", async ({ page, request }) => {
    const user = await createUser(request, "remember");
    await signInThroughForm(page, user.email, user.password);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(emailField(page)).toHaveValue(user.email);
    await page.reload();
    await expect(emailField(page)).toHaveValue(user.email);
  });

  test("after 5 wrong passwords the 6th attempt is throttled", async ({ page, request }) => {
    // A fresh account: throttling the demo accounts would break other tests.
    const user = await createUser(request, "throttle");
    await toPasswordStep(page, user.email);
    await passwordField(page).fill("wrong-password");
    const signIn = page.getByRole("button", { name: "Sign in" });
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answered = page.waitForResponse("**/api/auth/login");
      await signIn.click();
      expect((await answered).status()).toBe(401);
      await expect(alert(page)).toHaveText("Invalid email or password");
    }
    const answered = page.waitForResponse("**/api/auth/login");
    await signIn.click();
    const throttled = await answered;
    expect(throttled.status()).toBe(429);
    expect(Number(throttled.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(alert(page)).toHaveText(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
    // Even the right password waits now.
    await passwordField(page).fill(user.password);
    await signIn.click();
    await expect(alert(page)).toHaveText(/^Too many sign-in attempts/);
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe("passkeys", () => {
  test("Setup Face ID registers a passkey at sign-in; Log In with Face ID then signs in", async ({ page, request }) => {
    const authenticator = await addVirtualAuthenticator(page);
    const user = await createUser(request, "passkey");

    // Password sign-in with "Setup Face ID" ticked: registration runs before /app.
    await page.goto("/login");
    await signInSettingUpFaceId(page, user, authenticator);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);

    // Step 2 now offers Face ID; password mode has no Setup Face ID box.
    await expect(emailField(page)).toHaveValue(user.email);
    await page.getByRole("button", { name: "Continue" }).click();
    const faceId = page.getByRole("button", { name: "Log In with Face ID" });
    await expect(faceId).toBeVisible();
    await expect(passwordField(page)).toHaveCount(0);
    await expectAccessibleAtAllWidths(page);

    await page.getByRole("button", { name: "Use password instead" }).click();
    await expect(passwordField(page)).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Setup Face ID" })).toHaveCount(0);
    await expectAccessibleAtAllWidths(page);
    await page.getByRole("button", { name: "Back to Face ID" }).click();

    const verified = page.waitForResponse("**/api/auth/passkey/login/verify");
    await faceId.click();
    expect((await verified).status()).toBe(200);
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole("heading", { name: "Welcome Test" })).toBeVisible();
  });
});

test.describe("route guards", () => {
  test("anonymous visitors of /dash and /app go to /login", async ({ page }) => {
    await page.goto("/dash/users");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/dash");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/app");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("signed-in visitors of /login and /signup go to /app", async ({ page }) => {
    await signInByApi(page, DEMO_MEMBER.email, DEMO_PASSWORD);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/app$/);
    await page.goto("/signup");
    await expect(page).toHaveURL(/\/app$/);
  });

  test("/app waits up to 3 s for a session that does not answer, then goes to /login", async ({ page }) => {
    let asked = 0;
    await page.route("**/api/auth/me", () => {
      asked ||= Date.now(); // never answers
    });
    await page.goto("/app");
    await expect(page.getByRole("progressbar", { name: "Loading" })).toBeVisible();
    // 2 s from the question, not from when this test saw the page (a busy machine
    // can take a second to show it): the page's 3 s run from its own start, later.
    await expect.poll(() => asked).toBeGreaterThan(0);
    await page.waitForTimeout(Math.max(0, asked + 2000 - Date.now()));
    await expect(page).toHaveURL(/\/app$/); // still waiting
    await expect(page).toHaveURL(/\/login$/, { timeout: 4000 });
  });
});
