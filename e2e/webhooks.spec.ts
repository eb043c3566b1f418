// Webhooks' screens (spec 3 §6) against the real server and a receiver this test
// runs: Add Webhook in the UI, the secret shown once and copied, Send test event on
// the webhook's page, and the delivery arrives signed so that the `standardwebhooks`
// package verifies it with that secret; the page then shows it delivered.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { dashboardSpec, toasts } from "./dashboard";
import { expect, expectAccessible, test } from "./fixtures";

dashboardSpec(60_000);

type Received = { headers: IncomingHttpHeaders; body: string };

/** A webhook endpoint on a loopback port: keeps what it receives, answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/threshold`, received, stop: () => new Promise((r) => server.close(r)) };
}

test("a webhook made in the UI receives Send test event, signed with the secret shown once", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const receiver = await startReceiver();
  try {
    await page.goto("/dash/webhooks");
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Add Webhook" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Webhook" });
    await dialog.getByLabel("URL").fill("ftp://example.com/x");
    await dialog.getByRole("button", { name: "Add Webhook" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Webhook URL must be an http:// or https:// address");
    await dialog.getByLabel("URL").fill(receiver.url);
    await dialog.getByLabel("Description").fill("End-to-end receiver");
    await dialog.getByRole("checkbox", { name: "webhook.test" }).count().then((n) => expect(n).toBe(0));
    await dialog.getByRole("checkbox", { name: "lockdown.started" }).check();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Add Webhook" }).click();

    // The secret, once, with a copy button.
    const secretDialog = page.getByRole("dialog", { name: "Signing secret" });
    const secret = await secretDialog.getByRole("textbox", { name: "Signing secret" }).inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await secretDialog.getByRole("button", { name: "Copy" }).click();
    await expect(secretDialog.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await secretDialog.getByRole("button", { name: "Done" }).click();

    // The webhook's page: never the secret again.
    await expect(page).toHaveURL(/\/dash\/webhooks\/\d+$/);
    await expect(page.getByRole("heading", { name: receiver.url, level: 1 })).toBeVisible();
    await expect(page.getByText("Events: lockdown.started")).toBeVisible();
    expect(await page.content()).not.toContain(secret);
    await expect(page.getByText("No deliveries yet. Send a test event to try the endpoint.")).toBeVisible();

    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(toasts(page).getByText("Test event sent")).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    const [got] = receiver.received;
    const payload = new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as { type: string; data: { message: string } };
    expect(payload.type).toBe("webhook.test");
    expect(payload.data.message).toBe("This is a test event from Threshold");

    const deliveries = page.getByRole("table", { name: "Deliveries" });
    await expect(deliveries.getByRole("row").nth(1)).toContainText("webhook.test");
    await expect(deliveries.getByRole("row").nth(1)).toContainText("delivered");
    await expect(deliveries.getByRole("row").nth(1)).toContainText("HTTP 200");
    await expectAccessible(page);

    // The list shows it; the navigation leads there.
    await page.getByRole("link", { name: "← Webhooks" }).click();
    await expect(page.getByRole("table", { name: "Webhooks" })).toContainText(receiver.url);
  } finally {
    await receiver.stop();
  }
});
