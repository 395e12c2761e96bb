// megamenuLinks: the editors' links of the header menu, with their child links one level down.
import type { MegamenuLinksBlock, MenuLink } from "../../../../lib/cms-types.ts";
import { useT } from "../../../lib/i18n.ts";
import { blockRoot } from "../block-root.ts";
import { CmsLinkTo } from "../link.tsx";

export function MegamenuLinks({ block }: { block: MegamenuLinksBlock }) {
  const t = useT();
  if (block.links.length === 0) return null;
  return (
    <nav aria-label={t("cms.megamenu.label")} {...blockRoot(block)}>
      <ul className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:gap-8">
        {block.links.map((link) => (
          <MenuLinkItem key={link.id} link={link} />
        ))}
      </ul>
    </nav>
  );
}

function MenuLinkItem({ link }: { link: MenuLink }) {
  return (
    <li className="flex flex-col gap-2">
      <CmsLinkTo href={link.link} className="font-semibold hover:underline">
        {link.title}
      </CmsLinkTo>
      {link.childLinks.length > 0 ? (
        <ul className="flex flex-col gap-1.5 text-sm">
          {link.childLinks.map((child) => (
            <li key={child.id}>
              <CmsLinkTo href={child.link} className="text-muted hover:text-ink hover:underline">
                {child.title}
              </CmsLinkTo>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
