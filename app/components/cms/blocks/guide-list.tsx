// guideList: buying and care guides as cards with a picture, a summary and a "read the guide" cue.
import { useId } from "react";
import type { GuideListBlock } from "../../../../lib/cms-types.ts";
import { useT } from "../../../lib/i18n.ts";
import { blockRoot } from "../block-root.ts";
import { CmsPicture } from "../image.tsx";
import { CmsLinkTo } from "../link.tsx";
import { BlockTitle } from "../parts.tsx";

export function GuideList({ block }: { block: GuideListBlock }) {
  const t = useT();
  const heading = useId();
  return (
    <section aria-labelledby={block.title ? heading : undefined} {...blockRoot(block, "flex flex-col gap-4")}>
      {block.title ? <BlockTitle id={heading}>{block.title}</BlockTitle> : null}
      <ul className="grid gap-6 sm:grid-cols-2 md:grid-cols-3">
        {block.guides.map((guide) => (
          <li key={guide.id} className="group relative flex flex-col gap-3">
            {guide.image ? (
              <CmsPicture
                image={guide.image}
                width={480}
                ratio={3 / 2}
                sizes="(min-width: 992px) 30vw, (min-width: 768px) 45vw, 100vw"
                className="h-auto w-full rounded-lg object-cover"
              />
            ) : null}
            <h3 className="text-lg font-semibold">
              {guide.link ? (
                <CmsLinkTo
                  href={guide.link.link}
                  newWindow={guide.link.openInNewWindow}
                  className="after:absolute after:inset-0 group-hover:underline"
                >
                  {guide.title}
                </CmsLinkTo>
              ) : (
                guide.title
              )}
            </h3>
            {guide.text ? <p className="text-sm text-muted">{guide.text}</p> : null}
            {guide.link ? (
              <span aria-hidden="true" className="text-sm font-semibold text-accent">
                {t("cms.guide.read")} →
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
