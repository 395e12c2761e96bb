// Texts of the installable shop: the app's name in the manifest, the offline page and the
// cart page's read-only view when the network is down.
export const en = {
  "pwa.name": "Kauppa – clothing and outdoor gear",
  "pwa.shortName": "Kauppa",
  "pwa.description": "Clothing and outdoor gear from a Finnish brand.",
  "offline.title": "You are offline",
  "offline.text": "This page could not be loaded because there is no network connection. Pages you have visited may still open.",
  "offline.retry": "Try again",
  "offline.home": "Go to the front page",
  "offline.cartNotice": "You are offline — this is your cart as last seen; changes are possible when you are back online.",
  "offline.cartSeen": "Last seen {time}",
  "offline.cartUnknown": "No copy of your cart is kept in this browser yet. Your cart opens when you are back online.",
  "offline.cartQuantity": "Quantity: {quantity}",
} as const;

export const fi: Record<keyof typeof en, string> = {
  "pwa.name": "Kauppa – vaatteita ja ulkoiluvarusteita",
  "pwa.shortName": "Kauppa",
  "pwa.description": "Suomalaisen merkin vaatteita ja ulkoiluvarusteita.",
  "offline.title": "Olet offline-tilassa",
  "offline.text": "Sivua ei voitu ladata, koska verkkoyhteyttä ei ole. Sivut, joilla olet jo käynyt, saattavat silti aueta.",
  "offline.retry": "Yritä uudelleen",
  "offline.home": "Siirry etusivulle",
  "offline.cartNotice":
    "Olet offline-tilassa — tämä on ostoskorisi sellaisena kuin se viimeksi näkyi; voit muuttaa sitä, kun yhteys palaa.",
  "offline.cartSeen": "Viimeksi nähty {time}",
  "offline.cartUnknown": "Tähän selaimeen ei ole vielä tallennettu kopiota ostoskoristasi. Ostoskori aukeaa, kun yhteys palaa.",
  "offline.cartQuantity": "Määrä: {quantity}",
};
