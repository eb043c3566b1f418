// Single sign-on from /login (spec 4 §6), in a real browser against the real OpenID
// provider the end-to-end server is configured for (global_setup.ts): the button under
// Continue, the provider's own page, and back on /app signed in, or on /login with
// the refusal, whose e-mail never shows in an address.
import type { Page } from "@playwright/test";
import { createUser, uniqueEmail } from "./accounts";
import { expect, expectAccessibleAtAllWidths, test } from "./fixtures";

const ssoButton = (page: Page) => page.getByRole("button", { name: "Sign in with SSO" });

/** On the provider's page: signs in as `email` (its address verified, unless said). */
async function signInAtProvider(page: Page, email: string, verified = true) {
  await expect(page.getByRole("heading", { name: "Test Provider" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  if (!verified) await page.getByLabel("Email verified").uncheck();
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a person clicks Sign in with SSO, signs in at the provider and lands on /app signed in", async ({ page, request }) => {
  const user = await createUser(request, "sso");
  await page.goto("/login");
  const sso = ssoButton(page);
  await expect(sso).toBeEnabled();
  // Under Continue, on step 1.
  const [continueBox, ssoBox] = [await page.getByRole("button", { name: "Continue" }).boundingBox(), await sso.boundingBox()];
  expect(ssoBox!.y).toBeGreaterThan(continueBox!.y);

  await sso.click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/interaction\//); // the provider's page
  await signInAtProvider(page, user.email);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole("heading", { name: `Welcome ${user.firstName}` })).toBeVisible();
  // The same session as any sign-in: /login sends a signed-in visitor on to /app.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/app$/);
});

test("an e-mail without an account comes back to /login with the refusal, shown once", async ({ page }) => {
  const email = uniqueEmail("sso-nobody");
  await page.goto("/login");
  await ssoButton(page).click();
  await signInAtProvider(page, email);
  await expect(page).toHaveURL(/\/login$/); // the address carries no e-mail
  await expect(page.getByRole("alert")).toHaveText(`No Threshold account for ${email}`);
  await expect(page.getByPlaceholder("Enter your email")).toBeVisible();
  await expectAccessibleAtAllWidths(page);
  await page.reload();
  await expect(ssoButton(page)).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("an address the provider has not verified: Single sign-on failed", async ({ page, request }) => {
  const user = await createUser(request, "sso-unverified");
  await page.goto("/login");
  await ssoButton(page).click();
  await signInAtProvider(page, user.email, false);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("alert")).toHaveText("Single sign-on failed. Please try again.");
});

test("offline the button is off, and back online it works again", async ({ page, context }) => {
  await page.goto("/login");
  await expect(ssoButton(page)).toBeEnabled();
  await context.setOffline(true);
  await expect(ssoButton(page)).toBeDisabled();
  await context.setOffline(false);
  await expect(ssoButton(page)).toBeEnabled();
});
