// The mail a shop wrote to its mail folder (the file transport: one .eml per message).
import fs from "node:fs";
import path from "node:path";

export function mailsIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
}

/** A link of the newest mail to an address, as the shop wrote it (quoted-printable or base64 parts decoded). */
export function mailedLink(dir: string, email: string, pattern: RegExp): string | null {
  for (const eml of mailsIn(dir).reverse()) {
    if (!eml.includes(email)) continue;
    const plain = eml.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
    const decoded = [...eml.matchAll(/base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
      Buffer.from(m[1] ?? "", "base64").toString("utf8"),
    );
    for (const part of [plain, ...decoded]) {
      const link = pattern.exec(part)?.[0];
      if (link) return link.replace(/&amp;/g, "&");
    }
  }
  return null;
}
