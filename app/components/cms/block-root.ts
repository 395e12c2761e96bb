// The attributes every block's root element carries: `data-block` (tests and analytics rely on
// it), the devices it shows on (spec §9 showOn: Mobile below 992 px, Desktop from 992 px) and
// its entrance transition (CSS in app.css, none under prefers-reduced-motion).
import type { Block, ShowOn, Transition } from "../../../lib/cms-types.ts";

const SHOW_ON: Record<ShowOn, string> = { No: "hidden", Always: "", Mobile: "md:hidden", Desktop: "max-md:hidden" };

export function blockClasses(block: { showOn: ShowOn; transition: Transition | null }): string {
  return [SHOW_ON[block.showOn], block.transition ? `cms-enter cms-enter-${block.transition}` : ""].filter(Boolean).join(" ");
}

export function blockRoot(block: Block, className = ""): { "data-block": Block["type"]; className: string } {
  return { "data-block": block.type, className: [blockClasses(block), className].filter(Boolean).join(" ") };
}
