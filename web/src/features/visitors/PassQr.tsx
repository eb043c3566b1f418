// The pass's QR code (spec 4 §5): `THRESHOLD-PASS:<token>`, for a door's QR reader,
// drawn as one SVG path from the `qr` package's module matrix (no image, no canvas:
// sharp at any size, and nothing but the page's own code to show it offline). The
// package loads only with the pass page's chunk.
import { useMemo } from "react";
import encodeQR from "qr";

/** The text a reader reads: the pass's code after its prefix. */
export const passCode = (token: string) => `THRESHOLD-PASS:${token}`;

/** One "move, one module across, down, back" per dark module; a quiet zone of 4 modules around. */
export function qrPath(text: string): { size: number; path: string } {
  const modules = encodeQR(text, "raw", { ecc: "medium", border: 4 });
  let path = "";
  modules.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) path += `M${x} ${y}h1v1h-1z`;
  }));
  return { size: modules.length, path };
}

export function PassQr({ token, label }: { token: string; label: string }) {
  const { size, path } = useMemo(() => qrPath(passCode(token)), [token]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width="240"
      height="240"
      shapeRendering="crispEdges"
      style={{ display: "block", background: "#fff", maxWidth: "100%", height: "auto" }}
      data-testid="pass-qr"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
