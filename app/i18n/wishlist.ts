// Texts of the wishlist: the hearts on product cards and pages, their toasts, the account's
// wishlist page and the login notice for a guest who pressed a heart.
export const en = {
  "wishlist.add": "Add {name} to wishlist",
  "wishlist.remove": "Remove {name} from wishlist",
  "wishlist.added": "{name} was added to your wishlist",
  "wishlist.removed": "{name} was removed from your wishlist",
  "wishlist.loadFailed": "Your wishlist could not be loaded. Please try again in a moment.",
  "wishlist.loginNotice": "Log in to keep a wishlist. Once you are logged in, the product is saved on it.",
  "account.wishlist.lead": "{count, plural, one {# product} other {# products}}",
  "account.wishlist.empty": "Your wishlist is empty. Press the heart on a product to keep it here.",
  "account.wishlist.browse": "Browse the shop",
  "account.wishlist.removeButton": "Remove",
  "account.wishlist.pages": "Pages of the wishlist",
  "account.wishlist.previous": "Previous page",
  "account.wishlist.next": "Next page",
  "account.wishlist.pageOf": "Page {page} of {pages}",
} as const;

export const fi: Record<keyof typeof en, string> = {
  "wishlist.add": "Lisää {name} toivelistalle",
  "wishlist.remove": "Poista {name} toivelistalta",
  "wishlist.added": "{name} lisättiin toivelistallesi",
  "wishlist.removed": "{name} poistettiin toivelistaltasi",
  "wishlist.loadFailed": "Toivelistaa ei voitu ladata. Yritä hetken kuluttua uudelleen.",
  "wishlist.loginNotice": "Kirjaudu sisään, niin voit pitää toivelistaa. Tuote tallentuu listalle, kun olet kirjautunut.",
  "account.wishlist.lead": "{count, plural, one {# tuote} other {# tuotetta}}",
  "account.wishlist.empty": "Toivelistasi on tyhjä. Paina tuotteen sydäntä, niin se tallentuu tänne.",
  "account.wishlist.browse": "Selaa kauppaa",
  "account.wishlist.removeButton": "Poista",
  "account.wishlist.pages": "Toivelistan sivut",
  "account.wishlist.previous": "Edellinen sivu",
  "account.wishlist.next": "Seuraava sivu",
  "account.wishlist.pageOf": "Sivu {page}/{pages}",
};
