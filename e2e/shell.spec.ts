// The app shell: landing, not-found and the two placeholder pages, each checked
// with axe at phone (390 px) and desktop (1440 px) widths.
import { expect, expectAccessibleAtAllWidths, expectPageMeta, test } from "./fixtures";

test("landing shows the logo, toggles its zoom and may be indexed", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("img", { name: "Peace sign" })).toBeVisible();
  const logo = page.getByRole("button", { name: "Peace sign" });
  await expect(logo).toHaveAttribute("aria-pressed", "false");
  await logo.click();
  await expect(logo).toHaveAttribute("aria-pressed", "true");
  await logo.click();
  await expect(logo).toHaveAttribute("aria-pressed", "false");
  await expect(page).toHaveTitle("Welcome to Threshold");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
  await expectAccessibleAtAllWidths(page);
});

test("an unknown path shows the not-found card and is not indexed", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  await expectPageMeta(page, "Not Found");
  await expectAccessibleAtAllWidths(page);
});

test("/vash reads Hello World!", async ({ page }) => {
  await page.goto("/vash");
  await expect(page.getByText("Hello World!", { exact: true })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expectAccessibleAtAllWidths(page);
});

test("/setup-success shows the Connected badge", async ({ page }) => {
  await page.goto("/setup-success");
  await expect(page.getByText("Connected", { exact: true })).toBeVisible();
  await expectPageMeta(page, "Setup Success");
  await expectAccessibleAtAllWidths(page);
});
