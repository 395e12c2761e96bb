// The rendered images on disk, bounded by their total size (docs/decisions/0034): an index of
// the files in the order they were last used, built from the directory at start (oldest
// modified first) and kept as files are read and written; past `maxBytes` the least recently
// used are removed down to nine tenths of it. One process owns a DATA_DIR, so one index suffices.
import fsp from "node:fs/promises";
import path from "node:path";

export interface DiskCacheIndex {
  /** A file read from the cache: used now. */
  used(file: string, size: number): void;
  /** A file written to the cache: counted, and the oldest removed if the total is over. */
  added(file: string, size: number): Promise<void>;
  readonly bytes: number;
  readonly evicted: number;
}

export function createDiskCacheIndex({
  dir,
  maxBytes,
  warn = () => {},
}: {
  dir: string;
  maxBytes: number;
  warn?: (error: unknown) => void;
}): DiskCacheIndex {
  const files = new Map<string, number>(); // file → bytes, least recently used first
  let total = 0;
  let evicted = 0;
  const used = (file: string, size: number) => {
    const known = files.get(file);
    if (known !== undefined) files.delete(file);
    else total += size;
    files.set(file, known ?? size);
  };

  const scanned = (async () => {
    const found: { file: string; size: number; mtime: number }[] = [];
    let shards: string[];
    try {
      shards = await fsp.readdir(dir);
    } catch {
      return; // no cache yet
    }
    for (const shard of shards) {
      const names = await fsp.readdir(path.join(dir, shard)).catch(() => [] as string[]);
      for (const name of names) {
        if (name.endsWith(".tmp")) continue;
        const file = path.join(dir, shard, name);
        const stat = await fsp.stat(file).catch(() => null);
        if (stat?.isFile()) found.push({ file, size: stat.size, mtime: stat.mtimeMs });
      }
    }
    // Files used since the start are already in, as the most recent: the older ones go before them.
    const since = [...files];
    files.clear();
    total = 0;
    for (const { file, size } of found.sort((a, b) => a.mtime - b.mtime)) used(file, size);
    for (const [file, size] of since) used(file, size);
  })();

  let evicting: Promise<void> | null = null;
  const evict = async () => {
    await scanned;
    const target = Math.floor(maxBytes * 0.9);
    for (const [file, size] of files) {
      if (total <= target) break;
      files.delete(file);
      total -= size;
      evicted++;
      await fsp.rm(file, { force: true }).catch(warn);
    }
  };

  return {
    used,
    async added(file, size) {
      used(file, size);
      if (total <= maxBytes) return;
      evicting ??= evict().finally(() => {
        evicting = null;
      });
      await evicting;
    },
    get bytes() {
      return total;
    },
    get evicted() {
      return evicted;
    },
  };
}
