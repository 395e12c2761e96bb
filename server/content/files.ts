// Asset files under DATA_DIR/content/, named by their content: `<16 hex of sha-256>/<file name>`.
// A changed picture gets a new key and so a new URL, which lets /img/c/ answers be immutable;
// the same file imported twice (or into a second shop) lands on the same key.
import { createHash, randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";

export const CONTENT_FOLDER = "content";
const KEY = /^[0-9a-f]{16}\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export const contentDir = (dataDir: string) => path.join(dataDir, CONTENT_FOLDER);

/** A file name safe in a URL and on any disk: letters, digits, dot, dash, underscore. */
export function safeFileName(name: string): string {
  const base = path
    .basename(name)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "")
    .slice(-100);
  return cleaned || "file";
}

export function fileKeyOf(body: Buffer, fileName: string): string {
  return `${createHash("sha256").update(body).digest("hex").slice(0, 16)}/${safeFileName(fileName)}`;
}

/** Null unless the key is exactly one this module makes (no `..`, no absolute paths). */
export function filePath(dataDir: string, key: string): string | null {
  return KEY.test(key) ? path.join(contentDir(dataDir), key) : null;
}

/** Writes the file under its key (atomically; an existing one is the same bytes and is kept). */
export async function storeFile(dataDir: string, body: Buffer, fileName: string): Promise<string> {
  const key = fileKeyOf(body, fileName);
  const file = filePath(dataDir, key) as string;
  try {
    await fsp.access(file);
    return key;
  } catch {}
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await fsp.writeFile(temp, body);
  await fsp.rename(temp, file);
  return key;
}
