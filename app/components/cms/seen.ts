// What a shopper has closed, kept in the browser's localStorage by id and revision (spec §4):
// campaign banners closed are not shown again, nor a registration pop-up once closed — until
// the editors publish a new revision of it.
export interface SeenRecord {
  id: string;
  revision: number;
}

export const CAMPAIGN_BANNERS_SEEN = "campaign_banners_seen";
export const REGISTRATION_POPUP_SHOWN = "registration_popup_shown";
/** Enough for every banner a shop runs at once; the oldest records go first. */
const MAX_RECORDS = 50;

export const isSeen = (seen: readonly SeenRecord[], entry: SeenRecord) =>
  seen.some((r) => r.id === entry.id && r.revision === entry.revision);

/** `seen` with `entries` added (an older revision of the same entry replaced). */
export function withSeen(seen: readonly SeenRecord[], entries: readonly SeenRecord[]): SeenRecord[] {
  const ids = new Set(entries.map((e) => e.id));
  const added = entries.map(({ id, revision }) => ({ id, revision }));
  return [...seen.filter((r) => !ids.has(r.id)), ...added].slice(-MAX_RECORDS);
}

function isRecord(value: unknown): value is SeenRecord {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as SeenRecord).id === "string" &&
    typeof (value as SeenRecord).revision === "number"
  );
}

/** The stored value under `key`: records, or none when missing, unreadable or storage is blocked. */
export function readSeen(key: string): SeenRecord[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(key) ?? "null");
    if (Array.isArray(value)) return value.filter(isRecord);
    return isRecord(value) ? [value] : [];
  } catch {
    return [];
  }
}

/** Stores one record (the pop-up's shape) or a list (the banners'); blocked storage only means it shows again. */
export function writeSeen(key: string, value: SeenRecord | SeenRecord[]) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full storage: nothing to keep, and nothing the shopper needs to hear about.
  }
}
