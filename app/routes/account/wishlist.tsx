// The customer's wishlist (spec §2 /account/wishlist, behind login; docs/decisions/0017):
// rendered on the server, newest first, a page at a time (`?page=`), each product with its
// picture, name, price and a link to it, and a remove form that works without JavaScript.
// Its action is also where the hearts on product cards and pages post without JavaScript
// (intent add/remove, sku, from): the change is made and the shopper goes back to `from`.
import { redirect, useRevalidator } from "react-router";
import { Link } from "../../components/ui/router-link.tsx";
import { imageUrl } from "../../../lib/image-url.ts";
import { readWishlistForm, WISHLIST_PATH, wishlistLoginHref } from "../../../lib/wishlist-links.ts";
import type { WishlistItem } from "../../../lib/wishlist-types.ts";
import { isAppError } from "../../../server/errors.ts";
import { ownerOf } from "../../../server/identity.ts";
import { AccountNotices } from "../../components/account/notices.tsx";
import { Price } from "../../components/ui/price.tsx";
import { Screen } from "../../components/ui/screen.tsx";
import { shopContext } from "../../context.ts";
import { useErrorText } from "../../lib/errors.ts";
import { useT } from "../../lib/i18n.ts";
import { toast, WISHLIST_TOAST_DURATION } from "../../lib/toasts.ts";
import { WishlistError, wishlistStore } from "../../lib/wishlist.ts";
import { shortName } from "../../../lib/product-name.ts";
import type { Route } from "./+types/wishlist.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = context.get(shopContext);
  const asked = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const page = Number.isInteger(asked) && asked >= 1 && asked <= 10_000 ? asked : 1;
  const [wishlist] = await shop.services.wishlist.get(shop.store, { page }, ownerOf(await shop.shopper));
  // Past the last page (its last item removed): the last page there is.
  const pages = wishlist?.items_v2.page_info.total_pages ?? 1;
  if (page > pages) throw redirect(pages > 1 ? `${WISHLIST_PATH}?page=${pages}` : WISHLIST_PATH);
  return { wishlist: wishlist ?? null };
}

export async function action({ context, request }: Route.ActionArgs) {
  const shop = context.get(shopContext);
  const shopper = await shop.shopper;
  const fields = readWishlistForm(await request.formData());
  if (!fields) throw redirect(`${WISHLIST_PATH}?error=not_found`);
  if (!shopper.customer) throw redirect(wishlistLoginHref(fields.sku, fields.from));
  try {
    if (fields.intent === "add") await shop.services.wishlist.add(shop.store, fields.sku, ownerOf(shopper));
    else await shop.services.wishlist.remove(shop.store, { sku: fields.sku }, ownerOf(shopper));
  } catch (error) {
    // Removed already (another window): what the shopper asked for is so.
    if (!isAppError(error) || error.status >= 500) throw error;
    if (error.code !== "wishlist_item_not_found") throw redirect(`${WISHLIST_PATH}?error=${error.code}`);
  }
  throw redirect(fields.from);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { wishlist } = loaderData;
  const items = wishlist?.items_v2.items ?? [];
  const info = wishlist?.items_v2.page_info;
  return (
    <Screen
      title={t("account.wishlist.title")}
      lead={items.length ? t("account.wishlist.lead", { count: wishlist?.items_count ?? 0 }) : undefined}
    >
      <AccountNotices />
      {items.length === 0 ? (
        <div className="flex flex-col items-start gap-4">
          <p>{t("account.wishlist.empty")}</p>
          <Link to="/" className="rounded-full border border-ink px-5 py-2 font-medium hover:bg-mist">
            {t("account.wishlist.browse")}
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-line border-y border-line">
          {items.map((item) => (
            <WishlistRow key={item.id} item={item} page={info?.current_page ?? 1} />
          ))}
        </ul>
      )}
      {info && info.total_pages > 1 ? (
        <nav aria-label={t("account.wishlist.pages")} className="mt-6 flex flex-wrap items-center gap-4">
          {info.current_page > 1 ? (
            <Link className="underline" to={`?page=${info.current_page - 1}`}>
              {t("account.wishlist.previous")}
            </Link>
          ) : null}
          <span>{t("account.wishlist.pageOf", { page: info.current_page, pages: info.total_pages })}</span>
          {info.current_page < info.total_pages ? (
            <Link className="underline" to={`?page=${info.current_page + 1}`}>
              {t("account.wishlist.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Screen>
  );
}

function WishlistRow({ item, page }: { item: WishlistItem; page: number }) {
  const t = useT();
  const errorText = useErrorText();
  const revalidator = useRevalidator();
  const { product } = item;
  const name = shortName(product.name);
  // With JavaScript the remove goes through the browser's wishlist store (so the hearts agree)
  // with its toast, and the list is loaded again; without it the form posts to the action.
  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await wishlistStore.remove(product.sku);
      toast.show({ message: { key: "wishlist.removed", values: { name } }, kind: "success", duration: WISHLIST_TOAST_DURATION });
      await revalidator.revalidate();
    } catch (error) {
      const detail = error instanceof WishlistError ? error : { code: "internal_error" };
      toast.show({ message: errorText(detail), kind: "error", duration: WISHLIST_TOAST_DURATION });
    }
  };
  return (
    <li className="flex items-center gap-4 py-4" data-wishlist-item={product.sku}>
      <Link to={product.url_path} tabIndex={-1} aria-hidden="true" className="shrink-0">
        {product.thumbnail.url ? (
          <img
            src={imageUrl(product.thumbnail.url, { w: 100, h: 140 })}
            alt=""
            width={100}
            height={140}
            loading="lazy"
            className="h-[140px] w-[100px] rounded bg-mist object-cover"
          />
        ) : null}
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-xs tracking-wide text-muted uppercase">{product.brand_value}</span>
        <Link to={product.url_path} className="font-medium underline-offset-2 hover:underline">
          {name}
        </Link>
        <Price range={product.price_range} />
        {product.stock_status === "OUT_OF_STOCK" ? <span className="text-sm text-sale">{t("product.soldOut")}</span> : null}
      </div>
      <form method="post" action={WISHLIST_PATH} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="sku" value={product.sku} />
        <input type="hidden" name="from" value={page > 1 ? `${WISHLIST_PATH}?page=${page}` : WISHLIST_PATH} />
        <button
          type="submit"
          aria-label={t("wishlist.remove", { name })}
          className="rounded-full border border-ink px-4 py-2 text-sm font-medium hover:bg-mist"
        >
          {t("account.wishlist.removeButton")}
        </button>
      </form>
    </li>
  );
}
