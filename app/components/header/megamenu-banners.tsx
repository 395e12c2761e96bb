// Megamenu banner slot (spec §2 header "megamenu banners (position 1-based)", §3 Megamenu
// banner). The mega menu places one slot before each column of a panel and one after the
// last, numbered from 1; a banner shows in the slot of its position. The CMS issue loads the
// banners of a top-level category and passes them in — until then every list is empty and
// the slot renders nothing.

export interface MegamenuBanner {
  id: string;
  /** 1-based: 1 = before the first column. */
  position: number;
  entryTitle: string;
  link: { title: string; link: string };
  textColor?: string;
  backgroundColor?: string;
  /** A wide picture above the text (default) or a tall one. */
  horizontalImage?: boolean;
  image?: { file: string; description: string };
}

export function MegamenuBanners({ banners, position }: { banners: readonly MegamenuBanner[]; position: number }) {
  const here = banners.filter((banner) => banner.position === position);
  if (here.length === 0) return null;
  return (
    <>
      {here.map((banner) => (
        <a
          key={banner.id}
          href={banner.link.link}
          className="group block overflow-hidden rounded-lg"
          style={{ color: banner.textColor, backgroundColor: banner.backgroundColor }}
        >
          {banner.image ? (
            <img
              src={banner.image.file}
              alt={banner.image.description}
              className={`w-full object-cover ${banner.horizontalImage === false ? "aspect-[3/4]" : "aspect-[4/3]"}`}
              loading="lazy"
            />
          ) : null}
          <span className="block p-3 text-sm font-semibold group-hover:underline">{banner.link.title || banner.entryTitle}</span>
        </a>
      ))}
    </>
  );
}
