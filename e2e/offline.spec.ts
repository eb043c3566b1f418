// The offline PWA (issue 7) against the real server, with the service worker
// active and the network really cut for the page AND the worker: cached lists
// after an offline reload, 20 offline changes reaching the server exactly once
// (also with a reload while offline and a connection that drops again in the
// middle of the replay), conflicts, the update prompt, and the install bits.
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page, Route, Worker } from "@playwright/test";
import { addVirtualAuthenticator, createUser, DEMO_ADMIN, signInSettingUpFaceId, uniqueEmail } from "./accounts";
import { type ApiGroup, type ApiUser, apiAddMember, apiCreateGroup, apiCreateUser, signInAsAdmin } from "./dashboard";
import { DESKTOP, expect, test } from "./fixtures";
import {
  cutNetwork,
  fetchFromWorker,
  outboxSize,
  readIndexedDb,
  readOfflineDb,
  restoreNetwork,
  startReleaseServer,
  waitForPersisted,
  waitForServiceWorker,
} from "./offline_helpers";
import { type ApiDevice, type ApiRoom, apiCreateDevice, apiCreateRoom } from "./spaces";

test.use({ viewport: DESKTOP, serviceWorkers: "allow" });
// Twenty changes through the screens, on a loaded machine: generous, but bounded.
test.describe.configure({ timeout: 300_000 });

// The banner stays in the page while a modal hides the rest from assistive tech.
const banner = (page: Page) =>
  page.getByRole("status", { includeHidden: true }).filter({ hasText: /Offline|waiting|attention/ }).first();
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

type Scene = { tag: string; group: ApiGroup; users: ApiUser[]; room: ApiRoom; devices: ApiDevice[] };

/** Fresh entities for one test, and every screen the offline part uses opened once online. */
async function prepare(page: Page): Promise<{ scene: Scene; worker: Worker }> {
  await signInAsAdmin(page);
  const tag = `off${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const group = await apiCreateGroup(page, `Offline ${tag}`);
  const users: ApiUser[] = [];
  for (let i = 0; i < 6; i++) {
    users.push(await apiCreateUser(page, `${tag}u${i}`, { firstName: `Off${i}`, lastName: `User${tag}` }));
  }
  await apiAddMember(page, group.id, users[4].id); // removed offline
  const room = await apiCreateRoom(page, `Room ${tag}`);
  const devices: ApiDevice[] = [];
  for (let i = 0; i < 5; i++) devices.push(await apiCreateDevice(page, `Reader ${tag} ${i}`, { type: "reader" }));

  await page.goto("/dash/users");
  const worker = await waitForServiceWorker(page);
  await expect(page.getByRole("region", { name: "Users" })).toContainText(DEMO_ADMIN.email);
  // Each screen, then its data safely in IndexedDB before the next one.
  const visits: [string, string, string][] = [
    ["/dash/users", DEMO_ADMIN.email, "/api/users"],
    ["/dash/groups", group.name, "/api/groups/with-counts"],
    [`/dash/groups/${group.id}/users`, users[4].email, `/api/groups/${group.id}/users`],
    ["/dash/rooms", room.name, "/api/rooms"],
    ["/dash/devices", devices[0].name, "/api/devices"],
    [`/dash/room/${room.id}/devices`, "Assign Device to Room", `/api/devices?roomId=${room.id}`],
    ...users.slice(3).map((u): [string, string, string] => [`/dash/user/${u.id}`, fullName(u), `/api/users/${u.id}`]),
  ];
  for (const [path, text, key] of visits) {
    await page.goto(path);
    await expect(page.getByText(text).first()).toBeVisible();
    await waitForPersisted(page, [key]);
  }
  return { scene: { tag, group, users, room, devices }, worker };
}

async function expectWaiting(page: Page, count: number) {
  await expect(banner(page)).toContainText(`${count} ${count === 1 ? "change" : "changes"} waiting`);
}

/** 20 changes through the screens, offline: 4 member adds, 3 removes, 4 toggles, 5 assignments, 3 edits, 1 create. */
async function makeTwentyChanges(page: Page, s: Scene): Promise<string> {
  const [u0, u1, u2, u3, u4, u5] = s.users;
  let made = 0;

  await page.goto(`/dash/groups/${s.group.id}/users`);
  await expect(banner(page)).toContainText("Offline — showing data saved at");
  await page.getByRole("button", { name: "Add Users" }).click();
  const picker = page.getByRole("dialog", { name: "Add Users" });
  await picker.getByRole("searchbox").fill(s.tag);
  for (const u of [u0, u1, u2, u3]) {
    await picker.getByRole("button", { name: `Add ${fullName(u)}` }).click();
    await expect(picker.getByRole("button", { name: `Add ${fullName(u)}` })).toHaveCount(0);
    await expectWaiting(page, ++made);
  }
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();
  const members = page.getByRole("table", { name: "Members" });
  for (const u of [u0, u1, u4]) {
    await members.getByRole("button", { name: `Remove ${fullName(u)}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(members).not.toContainText(u.email);
    await expectWaiting(page, ++made);
  }

  await page.goto("/dash/users");
  const search = page.getByRole("searchbox", { name: "Search users by name or email" });
  for (const u of [u0, u1, u2, u5]) {
    await search.fill(u.email);
    await page.getByRole("button", { name: `Actions for ${fullName(u)}` }).click();
    const actions = page.getByRole("dialog", { name: "User Actions" });
    await actions.getByRole("button", { name: "Deactivate User" }).click();
    await expect(actions).toBeHidden();
    await expectWaiting(page, ++made);
  }

  await page.goto(`/dash/room/${s.room.id}/devices`);
  await page.getByRole("button", { name: "Assign Device to Room" }).click();
  const assign = page.getByRole("dialog", { name: "Assign Device to Room" });
  for (const d of s.devices) {
    await assign.getByRole("searchbox").fill(d.name);
    await assign.getByRole("button", { name: `Assign ${d.name}` }).click();
    await expect(assign.getByRole("button", { name: `Assign ${d.name}` })).toHaveCount(0);
    await expectWaiting(page, ++made);
  }
  await assign.getByRole("button", { name: "Close", exact: true }).click();

  // Edits after a membership change (u3), a removal (u4) and a deactivation (u5)
  // of the same user: each is based on the version the earlier change leaves.
  for (const u of [u3, u4, u5]) {
    await page.goto(`/dash/user/${u.id}`);
    const details = page.getByRole("region", { name: "Personal Details" });
    await details.getByLabel("Last Name").fill(`Edited${s.tag}`);
    await details.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("heading", { name: `${u.firstName} Edited${s.tag}`, level: 1 })).toBeVisible();
    await expectWaiting(page, ++made);
  }

  await page.goto("/dash/users");
  await page.getByRole("button", { name: "Add User" }).click();
  const add = page.getByRole("dialog", { name: "Add New User" });
  const email = uniqueEmail(`${s.tag}new`);
  await add.getByLabel("First Name").fill("Created");
  await add.getByLabel("Last Name").fill(`Offline${s.tag}`);
  await add.getByLabel("Email").fill(email);
  // With a password (users.spec.ts makes an invitation offline).
  await add.getByRole("switch", { name: "Send an invitation e-mail" }).uncheck();
  await add.getByLabel("Password").fill("analytical-engine");
  await add.getByRole("button", { name: "Create User" }).click();
  await expect(page).toHaveURL(/\/dash\/user\/-\d+$/);
  await expectWaiting(page, ++made);
  expect(made).toBe(20);
  expect(await outboxSize(page)).toBe(20);
  return email;
}

/** The server holds every change exactly once. */
async function expectAppliedOnce(page: Page, s: Scene, email: string) {
  const [u0, u1, u2, u3, u4, u5] = s.users;
  const get = async <T>(path: string) => {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
    return (await res.json()) as T;
  };
  // Membership: added u0..u3, removed u0, u1 and the earlier member u4.
  const inGroup = (await get<{ id: number }[]>(`/api/groups/${s.group.id}/users`)).map((m) => m.id).sort();
  expect(inGroup).toEqual([u2.id, u3.id].sort());
  // Toggles applied once (twice would reactivate).
  for (const u of [u0, u1, u2, u5]) expect((await get<ApiUser>(`/api/users/${u.id}`)).isActive, u.email).toBe(false);
  for (const u of [u3, u4]) expect((await get<ApiUser>(`/api/users/${u.id}`)).isActive, u.email).toBe(true);
  for (const u of [u3, u4, u5]) expect((await get<ApiUser>(`/api/users/${u.id}`)).lastName).toBe(`Edited${s.tag}`);
  // Assignments: every device in the room, counted once.
  for (const d of s.devices) expect((await get<ApiDevice>(`/api/devices/${d.id}`)).roomId).toBe(s.room.id);
  expect((await get<ApiRoom>(`/api/rooms/${s.room.id}`)).deviceCount).toBe(5);
  // The create: exactly one user with that e-mail.
  const all = await get<ApiUser[]>("/api/users");
  expect(all.filter((u) => u.email === email)).toHaveLength(1);
}

async function expectOutboxEmpty(page: Page) {
  await expect.poll(() => outboxSize(page), { timeout: 90_000, message: "outbox drained" }).toBe(0);
  await expect(banner(page)).toBeHidden();
}

/** Counts mutating API requests the browser sends (page and worker alike). */
function countWrites(context: BrowserContext) {
  const keys: string[] = [];
  context.on("request", (r) => {
    if (r.method() !== "GET" && r.url().includes("/api/") && r.headers()["idempotency-key"]) keys.push(r.headers()["idempotency-key"]);
  });
  return keys;
}

test.describe("offline data", () => {
  test("with the network cut for page and worker, a reload shows cached users, groups, rooms and devices and the banner", async ({ page, context }) => {
    const { scene, worker } = await prepare(page);
    // A room seen in the list whose own page was never opened online.
    const unopened = await apiCreateRoom(page, "Unopened");
    await page.goto("/dash/rooms");
    await expect(page.getByText(unopened.name)).toBeVisible();
    await expect.poll(async () => JSON.stringify(await readIndexedDb(page)).includes(unopened.name)).toBe(true);
    await page.goto("/dash/users");
    await expect(page.getByRole("region", { name: "Users" })).toContainText(DEMO_ADMIN.email);
    expect(await fetchFromWorker(worker)).toBe("ok 200");
    await cutNetwork(context, worker);
    // A page fetch fails too: nothing reaches the server.
    expect(await page.evaluate(() => fetch("/api/users").then(() => "ok", () => "failed"))).toBe("failed");

    await page.reload();
    await expect(banner(page)).toContainText(/Offline — showing data saved at \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}/);
    await expect(page.getByRole("region", { name: "Users" })).toContainText(DEMO_ADMIN.email);
    const search = page.getByRole("searchbox", { name: "Search users by name or email" });
    await search.fill(scene.users[0].email);
    await expect(page.getByRole("region", { name: "Users" })).toContainText(fullName(scene.users[0]));

    for (const [path, text] of [
      ["/dash/groups", scene.group.name],
      ["/dash/rooms", scene.room.name],
      ["/dash/devices", scene.devices[4].name],
      [`/dash/groups/${scene.group.id}/users`, scene.users[4].email],
    ]) {
      await page.goto(path); // a full navigation, answered by the service worker
      await expect(page.getByText(text).first()).toBeVisible();
      await expect(banner(page)).toContainText("Offline — showing data saved at");
    }

    // Its page renders from the list's row and stays once its own read has failed.
    // The page says so (a toast may say it too, once the toast cards are loaded).
    await page.goto(`/dash/room/${unopened.id}/devices`);
    await expect(page.getByRole("main").getByText("Failed to fetch devices")).toBeVisible();
    await expect(page.getByText("Failed to fetch room").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: unopened.name, level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Assign Device to Room" })).toBeVisible();

    expect(await fetchFromWorker(worker)).toBe("failed");
    await restoreNetwork(context);
  });
});

test.describe("offline changes reach the server exactly once", () => {
  test("20 changes made offline are sent once each when the connection returns", async ({ page, context }) => {
    const { scene, worker } = await prepare(page);
    await cutNetwork(context, worker);
    const email = await makeTwentyChanges(page, scene);
    const sent = countWrites(context);
    await restoreNetwork(context);
    await expectOutboxEmpty(page);
    expect(new Set(sent).size).toBe(20);
    await expectAppliedOnce(page, scene, email);
  });

  test("a reload while offline keeps them, and a connection that drops again mid-replay (answer lost) does not apply any twice", async ({ page, context }) => {
    const { scene, worker } = await prepare(page);
    await cutNetwork(context, worker);
    const email = await makeTwentyChanges(page, scene);
    const queued = (await readOfflineDb(page)).outbox.map((r) => r.key);

    // Reloaded while still offline: the changes and their optimistic state stay.
    await page.goto(`/dash/groups/${scene.group.id}/users`);
    await expectWaiting(page, 20);
    await expect(page.getByRole("table", { name: "Members" })).toContainText(scene.users[3].email);
    await expect(page.getByRole("table", { name: "Members" })).not.toContainText(scene.users[4].email);
    expect((await readOfflineDb(page)).outbox.map((r) => r.key)).toEqual(queued);

    // Back online, but the connection drops after 7 writes; the 7th reaches the
    // server and its answer is lost, so the same key goes again later.
    const sent = countWrites(context);
    let writes = 0;
    let dropped!: () => void;
    const drop = new Promise<void>((resolve) => (dropped = resolve));
    const flaky = async (route: Route) => {
      if (route.request().method() === "GET") return route.continue();
      writes++;
      if (writes < 7) return route.continue();
      if (writes === 7) {
        await route.fetch(); // applied on the server...
        dropped();
      }
      return route.abort("internetdisconnected"); // ...but the answer never arrives
    };
    await context.unroute("**/*");
    await context.route("**/api/**", flaky);
    await context.setOffline(false);
    await drop;
    await context.setOffline(true);
    await context.route("**/*", (r) => r.abort("internetdisconnected"));
    expect(await fetchFromWorker(worker)).toBe("failed");
    const left = await outboxSize(page);
    expect(left).toBeGreaterThan(12); // the 7th and later still wait
    expect(left).toBeLessThanOrEqual(14);

    await context.unrouteAll({ behavior: "ignoreErrors" });
    await context.setOffline(false);
    await expectOutboxEmpty(page);
    expect(new Set(sent)).toEqual(new Set(queued)); // the same keys, nothing new
    await expectAppliedOnce(page, scene, email);
  });
});

test.describe("conflicts", () => {
  test("an offline edit of a user changed on the server meanwhile shows both versions; Keep mine and Take server's both work", async ({ page, context }) => {
    const { scene, worker } = await prepare(page);
    const [, , , a, b] = scene.users;
    await cutNetwork(context, worker);
    for (const u of [a, b]) {
      await page.goto(`/dash/user/${u.id}`);
      const details = page.getByRole("region", { name: "Personal Details" });
      await details.getByLabel("First Name").fill(`Mine${u.id}`);
      await details.getByRole("button", { name: "Save Changes" }).click();
      await expect(page.getByRole("heading", { name: `Mine${u.id} ${u.lastName}`, level: 1 })).toBeVisible();
    }
    await expectWaiting(page, 2);
    // Meanwhile another admin changes both on the server.
    for (const u of [a, b]) {
      const res = await page.request.put(`/api/users/${u.id}`, {
        data: { firstName: `Theirs${u.id}`, lastName: u.lastName, email: u.email },
      });
      expect(res.status(), await res.text()).toBe(200);
    }

    await restoreNetwork(context);
    const dialog = page.getByRole("dialog", { name: "Changes not yet saved" });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    for (const u of [a, b]) {
      const versions = dialog.getByRole("table", { name: `Versions of Edit user Mine${u.id} ${u.lastName}` });
      await expect(versions.getByRole("row", { name: /firstName/ })).toContainText(`Mine${u.id}`);
      await expect(versions.getByRole("row", { name: /firstName/ })).toContainText(`Theirs${u.id}`);
    }
    await expect(banner(page)).toContainText("2 changes need your attention");
    const item = (u: ApiUser) => dialog.getByRole("listitem").filter({ hasText: `Edit user Mine${u.id}` });
    await item(a).getByRole("button", { name: "Keep mine" }).click();
    await item(b).getByRole("button", { name: "Take server's" }).click();
    await expectOutboxEmpty(page);
    const after = async (u: ApiUser) => ((await (await page.request.get(`/api/users/${u.id}`)).json()) as ApiUser).firstName;
    expect(await after(a)).toBe(`Mine${a.id}`);
    expect(await after(b)).toBe(`Theirs${b.id}`);
    // The screen shows the server's version again.
    await page.keyboard.press("Escape");
    await page.goto(`/dash/user/${b.id}`);
    await expect(page.getByRole("heading", { name: `Theirs${b.id} ${b.lastName}`, level: 1 })).toBeVisible();
  });
});

test.describe("installable PWA", () => {
  test("a new build's worker brings 'A new version is available'; Reload activates it through SKIP_WAITING", async ({ page, baseURL }) => {
    const dist = fileURLToPath(new URL("../dist", import.meta.url));
    const server = await startReleaseServer(dist, baseURL!);
    try {
      await page.goto(`${server.url}/login`);
      await waitForServiceWorker(page);
      const build = () =>
        page.evaluate(() =>
          new Promise<string>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = (e) => resolve(String(e.data));
            navigator.serviceWorker.controller!.postMessage({ type: "BUILD" }, [channel.port2]);
            setTimeout(() => resolve("first build"), 2_000);
          })
        );
      expect(await build()).toBe("first build");
      // Counts the prompts shown: a second one would replace the first under the finger.
      await page.evaluate(() => {
        const w = window as unknown as { prompts: number };
        w.prompts = 0;
        new MutationObserver((changes) => {
          for (const change of changes) {
            for (const node of change.addedNodes) {
              if (node.textContent?.includes("A new version is available")) w.prompts++;
            }
          }
        }).observe(document.body, { childList: true, subtree: true });
      });

      // The next release: a changed sw.js (it also answers which build it is).
      server.release.sw += `\nself.addEventListener("message", (e) => { if (e.data?.type === "BUILD") e.ports[0].postMessage("second build"); });\n`;
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())!.update();
      });
      const toast = page.getByRole("region", { name: /notifications/i });
      await expect(toast).toContainText("A new version is available", { timeout: 30_000 });
      expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);
      // One prompt for the worker, however often it is seen (a second one would replace the first).
      await page.waitForTimeout(1_000);
      expect(await page.evaluate(() => (window as unknown as { prompts: number }).prompts)).toBe(1);
      const reloaded = page.waitForEvent("load");
      await toast.getByRole("button", { name: "Reload" }).click();
      await reloaded;
      await expect.poll(build, { timeout: 20_000 }).toBe("second build");
      expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(false);
    } finally {
      await server.close();
    }
  });

  test("the manifest, icons and Apple meta make it installable", async ({ page }) => {
    await page.goto("/login");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = await (await page.request.get(href!)).json();
    expect(manifest).toMatchObject({
      name: "Threshold",
      short_name: "Threshold",
      start_url: "/app",
      display: "standalone",
      theme_color: "#0b6bcb",
      background_color: "#ffffff",
    });
    const png = async (src: string) => {
      const res = await page.request.get(src);
      expect(res.status(), src).toBe(200);
      expect(res.headers()["content-type"]).toBe("image/png");
      const bytes = await res.body();
      return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
    };
    const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
    for (const size of ["192x192", "512x512"]) {
      const icon = icons.find((i) => i.sizes === size && (i.purpose ?? "any").includes("any"));
      expect(icon, size).toBeTruthy();
      expect(await png(icon!.src)).toBe(size);
    }
    const maskable = icons.find((i) => i.purpose?.includes("maskable"));
    expect(maskable).toBeTruthy();
    expect(await png(maskable!.src)).toBe(maskable!.sizes);

    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    expect(await png(appleIcon!)).toBe("180x180");
    for (const [name, content] of [
      ["apple-mobile-web-app-capable", "yes"],
      ["apple-mobile-web-app-title", "Threshold"],
      ["theme-color", "#0b6bcb"],
    ]) {
      await expect(page.locator(`meta[name="${name}"]`)).toHaveAttribute("content", content);
    }
    await expect(page.locator('meta[name="apple-mobile-web-app-status-bar-style"]')).toHaveAttribute("content", /.+/);

  });

  test("passkey sign-in works from the installed app: under the service worker, on the app's own origin", async ({ page, request, baseURL }) => {
    const user = await createUser(request, "standalone");
    await page.goto("/login");
    await waitForServiceWorker(page);
    // Headless Chromium cannot emulate display-mode: standalone (CDP's emulated
    // media features do not include it). What the installed app changes for
    // passkeys is that the page runs under the service worker, from the
    // app's own origin: both are asserted here.
    const authenticator = await addVirtualAuthenticator(page);
    const calls: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/passkey/")) calls.push(r.url());
    });

    // Register at a password sign-in ("Setup Face ID"), sign out, sign in with the passkey.
    const credential = await signInSettingUpFaceId(page, user, authenticator);
    expect(credential.rpId).toBe(new URL(baseURL!).hostname);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole("button", { name: "Continue" }).click();
    const verified = page.waitForResponse("**/api/auth/passkey/login/verify");
    await page.getByRole("button", { name: "Log In with Face ID" }).click();
    expect((await verified).status()).toBe(200);
    await expect(page).toHaveURL(/\/app$/);
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    expect(calls.length).toBeGreaterThanOrEqual(4);
    for (const url of calls) expect(new URL(url).origin).toBe(new URL(baseURL!).origin);
  });
});
