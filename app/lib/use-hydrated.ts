import { startTransition, useEffect, useState } from "react";

/**
 * False in the server's HTML and until the page has hydrated (always, without JavaScript):
 * the parts of a form that only a page without JavaScript needs show until then. The switch is a
 * transition: React renders it in slices between the browser's other work, not in one long task
 * right after hydration (several dozen parts of a page switch at once; issue 16, TBT).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
