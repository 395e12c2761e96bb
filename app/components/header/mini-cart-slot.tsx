// Mini cart slot (spec §2 header "mini cart (hidden when shopping is disabled)"): the header's
// place for the mini cart — a bag icon with the item-count badge that links to the cart on a
// phone and opens the mini cart card on a desktop (components/minicart).
import { MiniCart } from "../minicart/mini-cart.tsx";

export function MiniCartSlot({ className = "" }: { className?: string }) {
  return <MiniCart buttonClassName={className} />;
}
