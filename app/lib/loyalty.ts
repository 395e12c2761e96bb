// The logged-in customer's loyalty membership in the browser: loaded last at start-up (spec §4,
// app/lib/start-up.ts), so the account menu can show the member number to show at a till.
// Nothing is asked for a guest; a failed load leaves it empty (as the wishlist's, spec §7).
import { useSyncExternalStore } from "react";
import { isLoggedIn } from "./wishlist.ts";

export interface MembershipState {
  status: "idle" | "loading" | "loaded";
  memberNumber: string | null;
}

const INITIAL: MembershipState = { status: "idle", memberNumber: null };
let state = INITIAL;
const listeners = new Set<() => void>();
function set(next: MembershipState) {
  state = next;
  for (const listener of listeners) listener();
}

let loading: Promise<void> | null = null;

export const membershipStore = {
  get: (): MembershipState => state,

  /** Loads the membership once per page, for a logged-in customer only. */
  load(): Promise<void> {
    if (loading) return loading;
    if (state.status !== "idle") return Promise.resolve();
    if (!isLoggedIn()) {
      set({ status: "loaded", memberNumber: null });
      return Promise.resolve();
    }
    set({ status: "loading", memberNumber: null });
    loading = (async () => {
      let memberNumber: string | null = null;
      try {
        const response = await fetch("/api/loyalty/membership", { credentials: "same-origin" });
        if (response.ok) {
          const body = (await response.json()) as { membership: { member_number: string } | null };
          memberNumber = body.membership?.member_number ?? null;
        }
      } catch {
        // Offline or refused: no card shown; the account page says more.
      } finally {
        loading = null;
      }
      set({ status: "loaded", memberNumber });
    })();
    return loading;
  },

  /** A login or logout here or in another tab: forget, and load again when asked. */
  reset() {
    set(INITIAL);
  },
};

export function useMemberNumber(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state.memberNumber,
    () => null,
  );
}
