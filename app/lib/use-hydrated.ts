import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until the page has hydrated (always, without JavaScript):
 * the parts of a form that only a page without JavaScript needs show until then.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
