// Asset files, named by their content: `<16 hex of sha-256>/<file name>`. A changed picture gets
// a new key and so a new URL, which lets /img/c/ answers be immutable; the same file imported
// twice lands on the same key. The bytes live in the database (content_files), shared by every
// process; each process serves them from its own copy under DATA_DIR/content/, made on first use.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { contentFiles } from "../db/schema.ts";

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

async function writeAtomically(file: string, body: Buffer) {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await fsp.writeFile(temp, body);
  await fsp.rename(temp, file);
}

/** Writes the file under its key in this DATA_DIR (an existing one is the same bytes and is kept). */
export async function storeFile(dataDir: string, body: Buffer, fileName: string): Promise<string> {
  const key = fileKeyOf(body, fileName);
  const file = filePath(dataDir, key) as string;
  if (!fs.existsSync(file)) await writeAtomically(file, body);
  return key;
}

/**
 * The local path of a file key, copied from the database first if this process has no copy yet
 * (an import on another host); null when no such file exists.
 */
export function createFileStore(db: Db, dataDir: string) {
  const pending = new Map<string, Promise<string | null>>();
  return async (key: string): Promise<string | null> => {
    const file = filePath(dataDir, key);
    if (!file) return null;
    if (fs.existsSync(file)) return file;
    let copying = pending.get(key);
    if (!copying) {
      copying = (async () => {
        const [row] = await db.select({ body: contentFiles.body }).from(contentFiles).where(sql`${contentFiles.key} = ${key}`);
        if (!row) return null;
        await writeAtomically(file, Buffer.from(row.body));
        return file;
      })().finally(() => pending.delete(key));
      pending.set(key, copying);
    }
    return copying;
  };
}
