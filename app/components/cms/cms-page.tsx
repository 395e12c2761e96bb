// A page built in the CMS (the front page, /content/*, /preview/*): its landingPage block and
// the blocks it holds, under the visibility rule of spec §4 for this path. A cached guest page
// is rendered logged out; <Blocks> corrects that in the browser.
import { useMemo } from "react";
import type { Page } from "../../../lib/cms-types.ts";
import { Blocks } from "./blocks.tsx";

export function CmsPage({ page, path, preview = false }: { page: Page; path: string; preview?: boolean }) {
  const context = useMemo(() => ({ loggedIn: false, isProductPage: false, path }), [path]);
  return (
    <div className="mx-auto max-w-shop px-4 py-8 md:px-8 md:py-12">
      <Blocks blocks={[page]} context={context} preview={preview} />
    </div>
  );
}
