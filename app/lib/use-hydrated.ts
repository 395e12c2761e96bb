import { startTransition, useEffect, useState } from "react";

/**
 * False in the server's HTML and until the page has hydrated (always, without JavaScript):
 * the parts of a form that only a page without JavaScript needs show until then.
 * The switch is a transition: after hydration every part that uses this renders again, and as a
 * transition React renders them in slices instead of one block in the task of hydration's
 * effects (issue 16, Lighthouse's TBT).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
