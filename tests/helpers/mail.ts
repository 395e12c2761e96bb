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
