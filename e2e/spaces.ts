// Helpers of the rooms, devices and logs end-to-end tests: rooms and devices
// made through the API with the page's own (admin) cookies, unique per test
// (tests share one server and run on two workers), and demo data looked up by name.
import type { Download, Locator, Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { expect } from "./fixtures";

let counter = 0;

/** A name no other test (or earlier run) uses: "<tag> <time><pid><n>". */
export function uniqueName(tag: string): string {
  return `${tag} ${Date.now().toString(36)}${process.pid.toString(36)}${(counter++).toString(36)}`;
}

export type ApiRoom = {
  id: number;
  name: string;
  description: string | null;
  isActive: boolean;
  capacity: number;
  deviceCount: number;
  hasDashboard: boolean;
  updatedAt: string;
};

export type ApiDevice = {
  id: number;
  name: string;
  deviceId: string;
  type: string;
  manufacturer: string | null;
  roomId: number | null;
  isActive: boolean;
  densitySpaceId: string | null;
  densityAuthType: string | null;
  hasDensityApiToken: boolean;
  hasDensityClientId: boolean;
  hasDensityClientSecret: boolean;
  lastLockDescription: string | null;
  updatedAt: string;
};

export async function apiCreateRoom(page: Page, tag: string, description?: string): Promise<ApiRoom> {
  const res = await page.request.post("/api/rooms", { data: { name: uniqueName(tag), description } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ApiRoom;
}

export async function apiToggleRoom(page: Page, id: number) {
  const res = await page.request.patch(`/api/rooms/${id}/toggle-active`);
  expect(res.status(), await res.text()).toBe(200);
}

/** GET one thing: its status, and the thing when it was found. */
async function readOne<T>(page: Page, path: string): Promise<{ status: number; body?: T }> {
  const res = await page.request.get(path);
  return { status: res.status(), body: res.ok() ? ((await res.json()) as T) : undefined };
}

/** The thing of that name in a list (the seeded demo data's, say). */
async function findByName<T extends { name: string }>(page: Page, path: string, name: string): Promise<T> {
  const list = (await (await page.request.get(path)).json()) as T[];
  const found = list.find((item) => item.name === name);
  if (!found) throw new Error(`no ${name} in ${path}`);
  return found;
}

export async function apiRoom(page: Page, id: number): Promise<{ status: number; room?: ApiRoom }> {
  const { status, body } = await readOne<ApiRoom>(page, `/api/rooms/${id}`);
  return { status, room: body };
}

export const apiRoomByName = (page: Page, name: string) => findByName<ApiRoom>(page, "/api/rooms", name);

export async function apiCreateDevice(
  page: Page,
  tag: string,
  fields: { type?: string; roomId?: number | null; manufacturer?: string } = {},
): Promise<ApiDevice> {
  const res = await page.request.post("/api/devices", { data: { name: uniqueName(tag), type: fields.type ?? "lock", ...fields } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as ApiDevice;
}

export async function apiDevice(page: Page, id: number): Promise<{ status: number; device?: ApiDevice }> {
  const { status, body } = await readOne<ApiDevice>(page, `/api/devices/${id}`);
  return { status, device: body };
}

export const apiDeviceByName = (page: Page, name: string) => findByName<ApiDevice>(page, "/api/devices", name);

export async function apiAddGroupRoom(page: Page, groupId: number, roomId: number) {
  const res = await page.request.post(`/api/groups/${groupId}/rooms/${roomId}`);
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/**
 * Deletes a room or device from its list's actions dialog, accepting the browser's
 * confirmation: the toast says so, the (searched) list is empty, the API answers 404.
 */
export async function deleteThroughDialog(
  page: Page,
  dialog: Locator,
  kind: "Room" | "Device",
  name: string,
  status: () => Promise<number>,
) {
  const answered = answerConfirm(page, `Are you sure you want to delete ${name}? This action cannot be undone.`);
  await dialog.getByRole("button", { name: `Delete ${kind}` }).click();
  await answered;
  await expect(page.getByRole("region", { name: /notifications/i })).toContainText(`${kind} deleted`);
  await expect(page.getByText(`No ${kind.toLowerCase()}s found matching your criteria.`)).toBeVisible();
  expect(await status()).toBe(404);
}

/** Accepts (or dismisses) the next browser confirmation, checking its text. */
export function answerConfirm(page: Page, expected: string, accept = true): Promise<void> {
  return new Promise((resolve, reject) => {
    page.once("dialog", async (dialog) => {
      try {
        expect(dialog.type()).toBe("confirm");
        expect(dialog.message()).toBe(expected);
        await (accept ? dialog.accept() : dialog.dismiss());
        resolve();
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** The text of a finished download. */
export async function downloadText(download: Download): Promise<string> {
  const path = await download.path();
  if (!path) throw new Error("the download did not finish");
  return await readFile(path, "utf8");
}

/** CSV lines without the header, split at CRLF. */
export const csvRows = (text: string) => text.split("\r\n").filter(Boolean).slice(1);
export const CSV_HEADER = "ID,Timestamp,User,Device,Room,Credential,Action,Outcome,Reason";
