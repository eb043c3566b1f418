// The drawn QR code reads back, as a door's reader would read it, as the pass's code.
import { expect, it } from "vitest";
import decodeQR from "qr/decode.js";
import { passCode, qrPath } from "./PassQr";

const SCALE = 4;

/** The path's dark modules painted into an RGBA image, white around. */
function paint({ size, path }: { size: number; path: string }) {
  const width = size * SCALE;
  const data = new Uint8Array(width * width * 4).fill(255);
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)/g)) {
    for (let dy = 0; dy < SCALE; dy++) {
      for (let dx = 0; dx < SCALE; dx++) {
        const i = ((Number(y) * SCALE + dy) * width + Number(x) * SCALE + dx) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  }
  return { width, height: width, data };
}

it("draws THRESHOLD-PASS:<token>, read back whole", () => {
  const token = "q2Zx8mL0Pp-_vT3kY7bN1cD5eF9gH4jK6lM0nB2vC8x";
  expect(passCode(token)).toBe(`THRESHOLD-PASS:${token}`);
  expect(decodeQR(paint(qrPath(passCode(token))))).toBe(`THRESHOLD-PASS:${token}`);
});
