// The product image keys of the catalogue (docs/decisions/0034): /img/p/ draws only these. Held
// in memory (a few thousand short strings), dropped when the catalogue changes, and looked for
// again on a miss at most once a minute (a key an operator added with plain SQL).
import type { Db } from "../db/client.ts";
import { media } from "../db/schema.ts";

export interface ImageKeys {
  has(key: string): Promise<boolean>;
  /** The catalogue changed: read the keys again on the next request. */
  invalidate(): void;
}

export function catalogueImageKeys(db: Db, { recheckMs = 60_000, clock = Date.now } = {}): ImageKeys {
  let keys: Set<string> | null = null;
  let loadedAt = 0;
  let loading: Promise<Set<string>> | null = null;
  const load = () =>
    (loading ??= db
      .selectDistinct({ key: media.key })
      .from(media)
      .then((rows) => {
        keys = new Set(rows.map((r) => r.key));
        loadedAt = clock();
        return keys;
      })
      .finally(() => {
        loading = null;
      }));
  return {
    async has(key) {
      const known = keys ?? (await load());
      if (known.has(key)) return true;
      if (clock() - loadedAt < recheckMs) return false;
      return (await load()).has(key);
    },
    invalidate() {
      keys = null;
    },
  };
}
