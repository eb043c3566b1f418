// The dashboard shell (spec 1 §2): desktop side navigation that widens on hover,
// the phone and tablet top bar, the "Sign Out" dialog, and the page a signed-in
// non-admin sees instead of the dashboard.
import type { Page, Request } from "@playwright/test";
import { DEMO_ADMIN, DEMO_MEMBER, DEMO_PASSWORD, signInByApi } from "./accounts";
import { DESKTOP, expect, expectAccessible, expectAccessibleAtAllWidths, PHONE, TABLET, test } from "./fixtures";

test.use({ serviceWorkers: "block" });

const AREAS = [
  ["Users", /\/dash\/users$/],
  ["Groups", /\/dash\/groups$/],
  ["Visitors", /\/dash\/visitors$/],
  ["Rooms", /\/dash\/rooms$/],
  ["Devices", /\/dash\/devices$/],
  ["Doors", /\/dash\/doors$/],
  ["Alarms", /\/dash\/alarms$/],
  ["Schedules", /\/dash\/schedules$/],
  ["Logs", /\/dash\/logs$/],
  ["Audit Log", /\/dash\/audit$/],
  ["Webhooks", /\/dash\/webhooks$/],
] as const;

const dashNav = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });
const avatar = (page: Page) => dashNav(page).getByRole("button", { name: /^Sign out / });

test.describe("admin", () => {
  test.beforeEach(async ({ page }) => {
    await signInByApi(page, DEMO_ADMIN.email, DEMO_PASSWORD);
  });

  test("desktop: side navigation to every area, widening on hover", async ({ page }) => {
    // Eleven screens loaded one after another: about 13 s alone, past 30 s inside the
    // suite on a 2-core machine (the budget is for the work, nothing here waits longer).
    test.slow();
    await page.setViewportSize(DESKTOP);
    await page.goto("/dash");
    await expect(page).toHaveURL(/\/dash\/users$/);
    const nav = dashNav(page);
    await expect(nav).toBeVisible();
    await expect(nav.getByText("v0.02")).toBeVisible();
    await expect(avatar(page)).toHaveText("AA");

    for (const [name, url] of AREAS) {
      const link = nav.getByRole("link", { name });
      await link.click();
      await expect(page).toHaveURL(url);
      await expect(link).toHaveAttribute("aria-current", "page");
    }

    // Collapsed: only the icons show; on hover the labels and the full name appear.
    const fullName = nav.getByText(`${DEMO_ADMIN.firstName} ${DEMO_ADMIN.lastName}`);
    await page.mouse.move(DESKTOP.width - 10, DESKTOP.height / 2);
    await expect(fullName).toHaveCSS("opacity", "0");
    const narrow = (await nav.boundingBox())!.width;
    await nav.hover();
    await expect(fullName).toHaveCSS("opacity", "1");
    await expect.poll(async () => (await nav.boundingBox())!.width).toBeGreaterThan(narrow + 100);

    await nav.getByRole("link", { name: "Threshold home" }).click();
    await expect(page).toHaveURL(/\/app$/);
  });

  test("desktop shell passes the accessibility check", async ({ page }) => {
    await page.goto("/dash/users");
    await expect(dashNav(page)).toBeVisible();
    await expectAccessibleAtAllWidths(page);
    await page.setViewportSize(TABLET);
    await expectAccessible(page);
  });

  // A phone's bar keeps the areas used on the move (Visitors among them); the others are under More.
  const UNDER_MORE = ["Groups", "Devices", "Schedules", "Audit Log", "Webhooks"];
  for (const [label, size] of [["phone", PHONE], ["tablet", TABLET]] as const) {
    test(`${label}: a top bar with a named icon button per area and the avatar`, async ({ page }) => {
      test.slow(); // eleven screens, as above
      await page.setViewportSize(size);
      await page.goto("/dash/users");
      const nav = dashNav(page);
      const box = (await nav.boundingBox())!;
      expect(box.y).toBe(0);
      expect(box.width).toBe(size.width);
      await expect(avatar(page)).toBeVisible();
      const more = nav.getByRole("button", { name: "More" });
      await expect(more).toBeVisible({ visible: size === PHONE });
      for (const [name, url] of AREAS) {
        if (size === PHONE && UNDER_MORE.includes(name)) {
          await expect(nav.getByRole("link", { name, exact: true })).toBeHidden();
          await more.click();
          await page.getByRole("menuitem", { name }).click();
          await expect(page).toHaveURL(url);
          await more.click();
          await expect(page.getByRole("menuitem", { name })).toHaveAttribute("aria-current", "page");
          await page.keyboard.press("Escape");
          continue;
        }
        await nav.getByRole("link", { name }).click();
        await expect(page).toHaveURL(url);
        await expect(nav.getByRole("link", { name })).toHaveAttribute("aria-current", "page");
      }
      // Every control fits in the bar, the Lockdown button and the avatar included.
      const right = (await avatar(page).boundingBox())!;
      expect(right.x + right.width).toBeLessThanOrEqual(size.width);
      await nav.getByRole("link", { name: "Threshold home" }).click();
      await expect(page).toHaveURL(/\/app$/);
    });
  }

  // Two tests, not one: the dialog's check at both widths and the two ways out of it
  // together took the whole 30 s on a loaded 2-core machine (32 s, every step passed).
  test("the Sign Out dialog: its question, accessible at every width", async ({ page }) => {
    await page.goto("/dash/groups");
    await avatar(page).click();
    const dialog = page.getByRole("alertdialog", { name: "Sign Out" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Are you sure you want to sign out?");
    await expectAccessibleAtAllWidths(page);
  });

  test("the Sign Out dialog: Cancel keeps you in, Sign Out ends the session", async ({ page }) => {
    await page.goto("/dash/groups");
    await avatar(page).click();
    const dialog = page.getByRole("alertdialog", { name: "Sign Out" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dash\/groups$/);

    await avatar(page).click();
    await dialog.getByRole("button", { name: "Sign Out" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();

    await page.goto("/dash/users");
    await expect(page).toHaveURL(/\/login$/);
  });

  // Issue 12 overrides spec 1 §4 here: a logout the server did not get still
  // signs the person out in this browser at once, and is sent before anything else.
  test("a failed logout in the dialog is logged, signs out here anyway and is sent at the next call", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => errors.push(message.text()));
    // The page's calls in the order it sent them, and those the server answered.
    const sent: Request[] = [];
    const answered = new Set<Request>();
    page.on("request", (request) => void (request.url().includes("/api/") && sent.push(request)));
    page.on("requestfinished", (request) => void answered.add(request));
    const calls = () => sent.map((request) => new URL(request.url()).pathname);
    await page.route("**/api/auth/logout", (route) => route.abort());
    await page.goto("/dash/users");
    await avatar(page).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByRole("alertdialog")).toBeHidden();
    await expect.poll(() => errors.some((text) => text.startsWith("Logout failed:"))).toBe(true);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();
    // The session cookie still works on the server, yet nothing in the app uses it.
    sent.length = 0;
    await page.goto("/dash/users");
    await expect(page).toHaveURL(/\/login$/);
    expect(calls().filter((path) => path !== "/api/auth/logout")).toEqual([]);

    // Once the logout can reach the server, no other call is sent before it has been
    // answered (the login page's own single sign-on question may be what sends it).
    await page.unroute("**/api/auth/logout");
    await page.getByPlaceholder("Enter your email").fill(DEMO_ADMIN.email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByPlaceholder("Enter your password")).toBeVisible();
    expect(calls()).toContain(`/api/auth/passkey/check/${encodeURIComponent(DEMO_ADMIN.email)}`);
    const firstOther = calls().findIndex((path) => path !== "/api/auth/logout");
    await expect.poll(() => sent.slice(0, firstOther).some((request) => answered.has(request))).toBe(true);
    expect(await page.evaluate(() => fetch("/api/auth/me").then((r) => r.status))).toBe(401);
  });
});

test("a member at /dash is told that admin access is needed", async ({ page }) => {
  await signInByApi(page, DEMO_MEMBER.email, DEMO_PASSWORD);
  await page.goto("/dash");
  await expect(page.getByRole("heading", { name: "Admin access required" })).toBeVisible();
  await expect(page).toHaveTitle("Threshold - Admin Access Required");
  await expect(dashNav(page)).toHaveCount(0);
  await expectAccessibleAtAllWidths(page);

  await page.goto("/dash/rooms");
  await expect(page.getByRole("heading", { name: "Admin access required" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/app$/);
});
