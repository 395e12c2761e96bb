// Signed notifications (docs/payments.md): HMAC-SHA256 over the moment of signing and the raw
// body, as `t=<unix seconds>,v1=<hex>` in a header. The sandbox signs this way; a real provider
// brings its own scheme, checked by the same rules: compare in constant time, and refuse a
// signature older (or newer) than the window, so a captured notification cannot be sent again later.
import { createHmac, timingSafeEqual } from "node:crypto";

/** How far a notification's signing time may be from the shop's clock, in seconds. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const HEADER = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

const mac = (secret: string, timestamp: number, body: string) => createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();

/** The signature header's value for `body` signed at `nowMs`. */
export function signBody(secret: string, body: string, nowMs: number): string {
  const timestamp = Math.floor(nowMs / 1000);
  return `t=${timestamp},v1=${mac(secret, timestamp, body).toString("hex")}`;
}

/** Whether `header` signs exactly `body` with `secret`, within the window around `nowMs`. */
export function verifySignedBody(header: string | null | undefined, body: string, secret: string, nowMs: number): boolean {
  const match = HEADER.exec(header?.trim() ?? "");
  if (!match) return false;
  const timestamp = Number(match[1]);
  if (Math.abs(nowMs / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  // Both are 32 bytes: the hex was checked above.
  return timingSafeEqual(Buffer.from(match[2] ?? "", "hex"), mac(secret, timestamp, body));
}
