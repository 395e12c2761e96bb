// twoBanners: two large pictures side by side from 768 px, each with its title and link.
import type { TwoBannersBlock } from "../../../../lib/cms-types.ts";
import { blockRoot } from "../block-root.ts";
import { CmsPicture } from "../image.tsx";
import { CmsLinkTo } from "../link.tsx";

export function TwoBanners({ block }: { block: TwoBannersBlock }) {
  return (
    <ul {...blockRoot(block, "grid gap-4 sm:grid-cols-2 md:gap-6")}>
      {block.items.slice(0, 2).map((card) => (
        <li key={card.id} className="group relative overflow-hidden rounded-lg bg-mist">
          {card.image ? (
            <CmsPicture
              image={card.image}
              width={720}
              ratio={4 / 5}
              sizes="(min-width: 768px) 50vw, 100vw"
              className="hover-zoom h-auto w-full object-cover"
            />
          ) : null}
          <div className="absolute inset-x-0 bottom-0 flex flex-col gap-1 bg-gradient-to-t from-black/75 to-transparent p-5 pt-16 text-white">
            <h2 className="text-2xl font-semibold tracking-tight">
              {card.link ? (
                <CmsLinkTo
                  href={card.link.link}
                  newWindow={card.link.openInNewWindow}
                  className="after:absolute after:inset-0 group-hover:underline"
                >
                  {card.title || card.link.title}
                </CmsLinkTo>
              ) : (
                card.title
              )}
            </h2>
            {card.text ? <p className="text-sm">{card.text}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
