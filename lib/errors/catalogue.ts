// The one catalogue of errors a shopper or an API client can be told (ARCHITECTURE "Identity,
// freshness, errors"; spec §5, §8). A service raises a code with parameters; the HTTP edge and
// the pages turn it into text here, in the shopper's language. No other code writes
// user-facing error prose. Messages are ICU strings; parameters of kind "money" are amounts
// in the store's currency (euros, two decimals, as the API speaks them) and are formatted
// with the store's price format before they reach the message.

import type { LocaleCode } from "../locales.ts";

/** How a parameter is given and shown: text as it is, a number, an amount of money. */
export type ParamKind = "text" | "number" | "money";

interface Entry {
  /** Parameter name → kind; a trailing "?" marks one that only some variants use. */
  readonly params: Readonly<Record<string, ParamKind | `${ParamKind}?`>>;
  readonly en: string;
  readonly fi: string;
}

/**
 * What is wrong with one input field (`invalid_input`, params.rule). The texts of spec §5
 * where it has them; the browser's own field checks (lib/validation.ts, lib/checkout.ts)
 * name the same rules.
 */
export const INPUT_RULES = [
  "required",
  "email",
  "passwordsMatch",
  "passwordLength",
  "passwordClasses",
  "maxLength",
  "minLength",
  "chooseOne",
  "postcode",
  "telephone",
  "vatId",
  "country",
  "wholeNumber",
  "min",
  "max",
  "unknownKeys",
  "shippingMethod",
  "finnairPlus",
  "loyaltyCard",
  "sameCart",
  "unknownValue",
  "unknownFilter",
  "priceRange",
  "priceOrder",
  "choice",
  "format",
  "commonPassword",
  "trackingNumber",
  "dateFormat",
  "dateFuture",
  "minAge",
  "maxAge",
] as const;
export type InputRule = (typeof INPUT_RULES)[number];

const INVALID_INPUT_EN = `{rule, select,
  required {This field is required and cannot be empty}
  email {Please provide a valid email address}
  passwordsMatch {The passwords do not match}
  passwordLength {Password length must be at least {minLength} characters}
  passwordClasses {Minimum of different classes of characters in password is 3}
  maxLength {Insert at most {maxLength} characters}
  minLength {Insert at least {minLength} characters}
  chooseOne {Please choose one option.}
  postcode {Please enter a valid postcode}
  telephone {Please enter a valid telephone number}
  vatId {Enter the VAT ID as a country code and number, e.g. FI12345678}
  country {We do not deliver to this country}
  wholeNumber {Enter a whole number from {min} to {max}}
  min {Enter a number of at least {min}}
  max {Enter a number of at most {max}}
  unknownKeys {This request does not take: {value}}
  shippingMethod {This shipping method is not available for the cart}
  finnairPlus {A Finnair Plus number has 9 digits}
  loyaltyCard {A loyalty card number has 6 to 20 digits}
  sameCart {The source and destination carts must differ}
  unknownValue {There is no such choice: "{value}"}
  unknownFilter {This store has no filter "{value}"}
  priceRange {Give the price range in euros, e.g. "50-100" or "500-"}
  priceOrder {The price range must go from lower to higher}
  choice {Choose one of: {choices}}
  commonPassword {This password is one of the most common ones. Please choose another.}
  trackingNumber {A tracking number has 6 to 35 letters and digits}
  dateFormat {Please give the date in the format 31.01.2021}
  dateFuture {Date can't be in the future}
  minAge {You need to be at least {minAge} years old}
  maxAge {Please check the date: the age can be at most {maxAge} years}
  other {Please check the value of "{field}"}
}`;

const INVALID_INPUT_FI = `{rule, select,
  required {Tämä kenttä on pakollinen}
  email {Anna kelvollinen sähköpostiosoite}
  passwordsMatch {Salasanat eivät täsmää}
  passwordLength {Salasanan on oltava vähintään {minLength} merkkiä pitkä}
  passwordClasses {Salasanassa on oltava vähintään kolmea eri merkkityyppiä}
  maxLength {Kirjoita enintään {maxLength} merkkiä}
  minLength {Kirjoita vähintään {minLength} merkkiä}
  chooseOne {Valitse yksi vaihtoehto.}
  postcode {Anna kelvollinen postinumero}
  telephone {Anna kelvollinen puhelinnumero}
  vatId {Anna ALV-tunniste maatunnuksena ja numerona, esim. FI12345678}
  country {Valitettavasti emme toimita tähän maahan}
  wholeNumber {Anna kokonaisluku väliltä {min}–{max}}
  min {Anna luku, joka on vähintään {min}}
  max {Anna luku, joka on enintään {max}}
  unknownKeys {Pyyntö ei hyväksy näitä kenttiä: {value}}
  shippingMethod {Tämä toimitustapa ei ole käytettävissä tälle ostoskorille}
  finnairPlus {Finnair Plus -numerossa on 9 numeroa}
  loyaltyCard {Kanta-asiakaskortin numerossa on 6–20 numeroa}
  sameCart {Ostoskoria ei voi yhdistää itseensä}
  unknownValue {Vaihtoehtoa "{value}" ei ole olemassa}
  unknownFilter {Tässä kaupassa ei ole suodatinta "{value}"}
  priceRange {Anna hintaväli euroina, esim. "50-100" tai "500-"}
  priceOrder {Hintavälin alarajan on oltava ylärajaa pienempi}
  choice {Valitse jokin näistä: {choices}}
  commonPassword {Tämä salasana on yleisimpien joukossa. Valitse toinen.}
  trackingNumber {Seurantatunnuksessa on 6–35 kirjainta ja numeroa}
  dateFormat {Anna päivämäärä muodossa 31.01.2021}
  dateFuture {Päivämäärä ei voi olla tulevaisuudessa}
  minAge {Sinun on oltava vähintään {minAge}-vuotias}
  maxAge {Tarkista päivämäärä: ikä voi olla enintään {maxAge} vuotta}
  other {Tarkista kentän "{field}" arvo}
}`;

export const ERROR_CATALOGUE = {
  // ---- input and requests
  invalid_input: {
    params: {
      rule: "text",
      field: "text?",
      minLength: "number?",
      maxLength: "number?",
      min: "number?",
      max: "number?",
      value: "text?",
      choices: "text?",
      minAge: "number?",
      maxAge: "number?",
    },
    en: INVALID_INPUT_EN,
    fi: INVALID_INPUT_FI,
  },
  invalid_json: { params: {}, en: "The request body is not valid JSON", fi: "Pyynnön sisältö ei ole kelvollista JSON-muotoa" },
  // Issue 15 (decision 0033): one rule at the edge for every string a client sends.
  invalid_characters: {
    params: {},
    en: "The text contains characters that cannot be accepted. Please remove them and try again.",
    fi: "Tekstissä on merkkejä, joita ei voida hyväksyä. Poista ne ja yritä uudelleen.",
  },
  unsupported_media_type: {
    params: {},
    en: "The request body must be JSON (Content-Type: application/json)",
    fi: "Pyynnön sisällön on oltava JSON-muotoista (Content-Type: application/json)",
  },
  // Issue 36: a page's action takes what a browser's form sends, and nothing else.
  form_expected: {
    params: {},
    en: "This page takes a form (Content-Type: application/x-www-form-urlencoded or multipart/form-data)",
    fi: "Tälle sivulle lähetetään lomake (Content-Type: application/x-www-form-urlencoded tai multipart/form-data)",
  },
  invalid_form: {
    params: {},
    en: "The form could not be read. Please try again.",
    fi: "Lomaketta ei voitu lukea. Yritä uudelleen.",
  },
  method_not_allowed: {
    params: {},
    en: "This request method is not allowed here",
    fi: "Tätä pyyntötapaa ei voi käyttää tässä",
  },
  unknown_store: { params: { store: "text" }, en: 'Unknown store "{store}"', fi: 'Tuntematon kauppa "{store}"' },
  cross_site: {
    params: {},
    en: "Cross-site requests are not allowed",
    fi: "Toiselta sivustolta tulevia pyyntöjä ei hyväksytä",
  },
  refused: { params: {}, en: "The request was refused", fi: "Pyyntöä ei hyväksytty" },
  // docs/decisions/0034: what one request may cost.
  body_too_large: {
    params: { limit: "number" },
    en: "This request is too large: the shop takes at most {limit, number} bytes. Please go back and send less.",
    fi: "Pyyntö on liian suuri: kauppa ottaa vastaan enintään {limit, number} tavua. Palaa takaisin ja lähetä vähemmän.",
  },
  busy: {
    params: {},
    en: "The shop is busy right now. Please try again in a moment.",
    fi: "Kaupassa on juuri nyt ruuhkaa. Yritä hetken kuluttua uudelleen.",
  },
  request_timeout: {
    params: {},
    en: "The request stopped arriving before it was complete. Please try again.",
    fi: "Pyyntö lakkasi saapumasta ennen kuin se oli valmis. Yritä uudelleen.",
  },
  idempotency_mismatch: {
    params: {},
    en: "This Idempotency-Key was used with a different request",
    fi: "Tätä Idempotency-Key-avainta on jo käytetty toisenlaisessa pyynnössä",
  },
  internal_error: {
    params: {},
    en: "Something went wrong on our side. Please try again.",
    fi: "Valitettavasti jokin meni vikaan. Yritä hetken kuluttua uudelleen.",
  },
  // Rate limits (docs/decisions/0035): the wait is the seconds until the limit's window ends (also Retry-After).
  too_many_requests: {
    params: { seconds: "number" },
    en: "Too many attempts. Please try again in {seconds, plural, one {# second} other {# seconds}}.",
    fi: "Liian monta yritystä. Yritä uudelleen {seconds, plural, one {# sekunnin} other {# sekunnin}} kuluttua.",
  },
  not_found: { params: {}, en: "What you asked for could not be found", fi: "Pyytämääsi kohdetta ei löytynyt" },
  // Spec §8: a form the page could not send (no reason the shopper can act on).
  form_failed: {
    params: {},
    en: "Failed sending the form. Please check the form and try again.",
    fi: "Lomakkeen lähettäminen epäonnistui. Tarkista lomake ja yritä uudelleen.",
  },
  // ---- customer accounts (docs/decisions/0014; spec §8 where it has the text)
  email_taken: {
    params: {},
    en: "This email address is already tied to an existing account",
    fi: "Tähän sähköpostiosoitteeseen on jo liitetty tili",
  },
  // Spec §8 (its "aClass account" is this shop's loyalty programme; decision 0072).
  loyalty_member_not_found: {
    params: {},
    en: "There is no valid loyalty programme membership associated with this email address",
    fi: "Tähän sähköpostiosoitteeseen ei liity voimassa olevaa kanta-asiakasjäsenyyttä",
  },
  loyalty_email_has_account: {
    params: {},
    en: "This email address has an account: its owner joins the loyalty programme in the account",
    fi: "Tällä sähköpostiosoitteella on tili: sen omistaja liittyy kanta-asiakkaaksi tilillään",
  },
  login_failed: {
    params: {},
    en: "The email address or password is incorrect",
    fi: "Sähköpostiosoite tai salasana on väärin",
  },
  login_throttled: {
    params: { seconds: "number" },
    en: "Too many failed login attempts. Please try again in {seconds, plural, one {# second} other {# seconds}}.",
    fi: "Liian monta epäonnistunutta kirjautumisyritystä. Yritä uudelleen {seconds, plural, one {# sekunnin} other {# sekunnin}} kuluttua.",
  },
  // Issue 36 (decision 0067): the account's own failed-login wait lets through a client that shows it is not a bot.
  login_check_required: {
    params: { seconds: "number" },
    en: "There have been too many failed logins to this account. Please confirm that you are not a robot, and log in again.",
    fi: "Tilille on yritetty kirjautua liian monta kertaa väärällä salasanalla. Vahvista, ettet ole robotti, ja kirjaudu uudelleen.",
  },
  account_not_confirmed: {
    params: {},
    en: "Please confirm your email address first: open the link in the mail we have sent you.",
    fi: "Vahvista ensin sähköpostiosoitteesi: avaa linkki viestistä, jonka olemme lähettäneet sinulle.",
  },
  not_logged_in: {
    params: {},
    en: "You are not logged in, or your session has ended. Please log in.",
    fi: "Et ole kirjautunut sisään, tai istuntosi on päättynyt. Kirjaudu sisään.",
  },
  confirmation_failed: {
    params: {},
    en: "Email confirmation failed, please try again.",
    fi: "Sähköpostiosoitteen vahvistus epäonnistui, yritä uudelleen.",
  },
  confirmation_expired: {
    params: {},
    en: "This confirmation link has expired. Log in, and we will send you a new one.",
    fi: "Vahvistuslinkki on vanhentunut. Kirjaudu sisään, niin lähetämme sinulle uuden.",
  },
  current_password_wrong: {
    params: {},
    en: "The current password is incorrect",
    fi: "Nykyinen salasana on väärin",
  },
  address_not_found: {
    params: {},
    en: "The address could not be found",
    fi: "Osoitetta ei löytynyt",
  },
  address_book_full: {
    params: { max: "number" },
    en: "Your address book is full: it can hold {max} addresses. Please remove one first.",
    fi: "Osoitekirjasi on täynnä: siihen mahtuu {max} osoitetta. Poista ensin jokin osoite.",
  },
  reset_link_invalid: {
    params: {},
    en: "This password reset link is not valid or has been used. Please ask for a new one.",
    fi: "Salasanan vaihtolinkki ei kelpaa tai sitä on jo käytetty. Pyydä uusi linkki.",
  },
  reset_link_expired: {
    params: {},
    en: "This password reset link has expired. Please ask for a new one.",
    fi: "Salasanan vaihtolinkki on vanhentunut. Pyydä uusi linkki.",
  },
  // ---- the check against bots and the newsletter (docs/decisions/0019; spec §8 where it has the text)
  captcha_required: {
    params: {},
    en: "Please confirm that you are not a robot: wait for the check to finish, then send the form again.",
    fi: "Vahvista, ettet ole robotti: odota, että tarkistus valmistuu, ja lähetä lomake sitten uudelleen.",
  },
  captcha_failed: {
    params: {},
    en: "The check that you are not a robot did not pass. Please try again.",
    fi: "Tarkistus siitä, ettet ole robotti, ei mennyt läpi. Yritä uudelleen.",
  },
  captcha_expired: {
    params: {},
    en: "The check that you are not a robot has expired. Please send the form again.",
    fi: "Tarkistus siitä, ettet ole robotti, on vanhentunut. Lähetä lomake uudelleen.",
  },
  captcha_replayed: {
    params: {},
    en: "This check has already been used once. Please send the form again with a new one.",
    fi: "Tämä tarkistus on jo käytetty kerran. Lähetä lomake uudelleen uudella tarkistuksella.",
  },
  captcha_fallback_limit: {
    params: { minutes: "number" },
    en: "Without JavaScript, only one form can be sent from your network every {minutes, plural, one {# minute} other {# minutes}}. Please turn JavaScript on, or try again later.",
    fi: "Ilman JavaScriptiä verkostasi voi lähettää vain yhden lomakkeen {minutes, plural, one {# minuutin} other {# minuutin}} välein. Ota JavaScript käyttöön tai yritä myöhemmin uudelleen.",
  },
  captcha_unavailable: {
    params: {},
    en: "The check that you are not a robot cannot be made right now. Please try again in a moment.",
    fi: "Robottitarkistusta ei voi tehdä juuri nyt. Yritä hetken kuluttua uudelleen.",
  },
  // Spec §8: a part of a page (a block's or a listing's products) that could not be loaded.
  data_load_failed: {
    params: {},
    en: "Error occured while retrieving this data. If the error persists, please contact customer service.",
    fi: "Tietojen hakemisessa tapahtui virhe. Jos virhe toistuu, ota yhteyttä asiakaspalveluun.",
  },
  newsletter_failed: {
    params: {},
    en: "Failed subscribing to the newsletter. Please try again later.",
    fi: "Uutiskirjeen tilaaminen epäonnistui. Yritä myöhemmin uudelleen.",
  },
  unsubscribe_link_invalid: {
    params: {},
    en: "This unsubscribe link is no longer valid: the address is probably off the list already. You can also manage the newsletter in your account.",
    fi: "Tämä peruutuslinkki ei ole enää voimassa: osoite on luultavasti jo poistettu listalta. Voit hallita uutiskirjettä myös tililläsi.",
  },
  // ---- CMS forms (docs/decisions/0028; spec §5 file size)
  file_too_large: {
    params: { fileSize: "number" },
    en: "The file you selected is too large. The maximum file size is {fileSize} megabytes.",
    fi: "Valitsemasi tiedosto on liian suuri. Tiedoston enimmäiskoko on {fileSize} megatavua.",
  },
  file_type: {
    params: {},
    en: "The file must be a GIF, JPG or PNG image.",
    fi: "Tiedoston on oltava GIF-, JPG- tai PNG-kuva.",
  },
  // ---- shipments (decision 0020): the operator API
  operator_unauthorized: {
    params: {},
    en: "A valid operator token is required",
    fi: "Tarvitaan voimassa oleva ylläpitäjän tunnus",
  },
  order_not_shippable: {
    params: { status: "text" },
    en: "This order cannot be shipped: its status is {status}",
    fi: "Tätä tilausta ei voi lähettää: sen tila on {status}",
  },
  // ---- the order's life (server/orders/transitions.ts)
  order_lookup_failed: {
    params: {},
    en: "We found no order with these details. Check the order number, the email address and the postcode.",
    fi: "Näillä tiedoilla ei löytynyt tilausta. Tarkista tilausnumero, sähköpostiosoite ja postinumero.",
  },
  order_transition_refused: {
    params: { status: "text", event: "text" },
    en: "This order cannot be {event, select, pay {paid} fail_payment {marked unpaid} cancel {cancelled} ship {shipped} other {changed}} now: it is {status, select, pending_payment {waiting for payment} processing {being processed} shipped {already shipped} canceled {cancelled} other {in another state}}.",
    fi: "Tilausta ei voi nyt {event, select, pay {merkitä maksetuksi} fail_payment {merkitä maksamattomaksi} cancel {perua} ship {lähettää} other {muuttaa}}: se on {status, select, pending_payment {odottamassa maksua} processing {käsittelyssä} shipped {jo lähetetty} canceled {peruttu} other {toisessa tilassa}}.",
  },
  // ---- metrics (decision 0036)
  metrics_unauthorized: {
    params: {},
    en: "A valid metrics token is required",
    fi: "Mittaustietoihin tarvitaan voimassa oleva tunnus",
  },
  // ---- content (decision 0026)
  preview_unauthorized: {
    params: {},
    en: "Previewing drafts needs the preview secret",
    fi: "Luonnosten esikatselu vaatii esikatselun salaisen avaimen",
  },
  // ---- customer relationship reports (decision 0031)
  order_not_found: { params: {}, en: "The order could not be found", fi: "Tilausta ei löytynyt" },
  order_not_paid: { params: {}, en: "This order has not been paid", fi: "Tätä tilausta ei ole maksettu" },
  order_not_yours: {
    params: {},
    en: "This order belongs to someone else",
    fi: "Tämä tilaus kuuluu jollekulle toiselle",
  },
  // ---- catalogue
  category_not_found: { params: {}, en: "The category could not be found", fi: "Tuoteryhmää ei löytynyt" },
  product_not_found: { params: {}, en: "The product could not be found", fi: "Tuotetta ei löytynyt" },
  // ---- cart (spec §8 add to cart: qty, sku, allOptions, generic)
  qty: {
    params: {},
    en: "Unfortunately the requested quantity is not available",
    fi: "Valitettavasti pyydettyä määrää ei ole saatavilla",
  },
  sku: { params: {}, en: "Could not find the chosen product", fi: "Valittua tuotetta ei löytynyt" },
  allOptions: { params: {}, en: "Please choose all options for product", fi: "Valitse kaikki tuotteen vaihtoehdot" },
  generic: { params: {}, en: "Product could not be added to cart", fi: "Tuotetta ei voitu lisätä ostoskoriin" },
  cart_full: {
    params: { maxLines: "number" },
    en: "The cart is full: it can hold {maxLines} different products at most",
    fi: "Ostoskori on täynnä: siihen mahtuu enintään {maxLines} eri tuotetta",
  },
  cart_not_found: { params: {}, en: "The cart could not be found", fi: "Ostoskoria ei löytynyt" },
  // Spec §8: the cart page's extras (codes, numbers, comment) when the server gave no reason.
  cart_extra_failed: {
    params: {},
    en: "Could not save the additional info to the cart. Please try again.",
    fi: "Lisätietoja ei voitu tallentaa ostoskoriin. Yritä uudelleen.",
  },
  cart_update_failed: {
    params: {},
    en: "The quantity could not be changed. Please try again.",
    fi: "Määrää ei voitu muuttaa. Yritä uudelleen.",
  },
  item_not_found: { params: {}, en: "The cart item could not be found", fi: "Ostoskorin riviä ei löytynyt" },
  // Decision 0011: a change made on a line another window has changed or removed since.
  cart_changed_elsewhere: {
    params: {},
    en: "The cart changed in another window. Here it is as it is now; please check it and make your change again.",
    fi: "Ostoskoria muutettiin toisessa ikkunassa. Tässä se on nyt; tarkista se ja tee muutoksesi uudelleen.",
  },
  // The quantity stepper at the stock the page knows.
  stock_limit: {
    params: { count: "number" },
    en: "Only {count} left in stock",
    fi: "Varastossa vain {count} kpl",
  },
  cart_empty: { params: {}, en: "The cart is empty", fi: "Ostoskori on tyhjä" },
  shopping_disabled: {
    params: {},
    en: "Shopping is not available in this store",
    fi: "Tässä kaupassa ei voi tällä hetkellä tehdä ostoksia",
  },
  coupon_not_found: { params: { code: "text" }, en: 'The coupon code "{code}" is not valid', fi: 'Alennuskoodi "{code}" ei ole voimassa' },
  coupon_not_started: {
    params: { code: "text" },
    en: 'The coupon code "{code}" is not valid yet',
    fi: 'Alennuskoodi "{code}" ei ole vielä voimassa',
  },
  coupon_expired: { params: { code: "text" }, en: 'The coupon code "{code}" has expired', fi: 'Alennuskoodi "{code}" on vanhentunut' },
  coupon_used_up: {
    params: { code: "text" },
    en: 'The coupon code "{code}" has been used up',
    fi: 'Alennuskoodi "{code}" on jo käytetty loppuun',
  },
  coupon_customer_limit: {
    params: { code: "text" },
    en: 'You have already used the coupon code "{code}"',
    fi: 'Olet jo käyttänyt alennuskoodin "{code}"',
  },
  coupon_not_applicable: {
    params: { code: "text" },
    en: 'The coupon code "{code}" does not apply to the products in the cart',
    fi: 'Alennuskoodi "{code}" ei koske ostoskorin tuotteita',
  },
  coupon_min_subtotal: {
    params: { code: "text", minimum: "money" },
    en: 'The coupon code "{code}" needs products worth at least {minimum} in the cart',
    fi: 'Alennuskoodin "{code}" käyttö edellyttää, että ostoskorissa on tuotteita vähintään {minimum} arvosta',
  },
  giftcard_not_found: {
    params: { code: "text" },
    en: 'The gift card code "{code}" is not valid',
    fi: 'Lahjakortin koodi "{code}" ei ole voimassa',
  },
  giftcard_expired: { params: {}, en: "The gift card has expired", fi: "Lahjakortti on vanhentunut" },
  giftcard_empty: { params: {}, en: "The gift card has no balance left", fi: "Lahjakortilla ei ole saldoa jäljellä" },
  giftcard_balance: {
    params: {},
    en: "The gift card's balance has changed. Please check the cart.",
    fi: "Lahjakortin saldo on muuttunut. Tarkista ostoskori.",
  },
  // ---- checkout
  address_missing: { params: {}, en: "Enter the shipping address first", fi: "Anna ensin toimitusosoite" },
  shipping_missing: { params: {}, en: "Choose a shipping method first", fi: "Valitse ensin toimitustapa" },
  shipping_method_missing: { params: {}, en: "Choose a shipping method first", fi: "Valitse ensin toimitustapa" },
  payment_method_missing: { params: {}, en: "Choose a payment method first", fi: "Valitse ensin maksutapa" },
  billing_address_missing: { params: {}, en: "Enter the billing address first", fi: "Anna ensin laskutusosoite" },
  pickup_point_required: {
    params: {},
    en: "Choose the pickup point your parcel goes to",
    fi: "Valitse noutopiste, johon paketti toimitetaan",
  },
  pickup_point_unknown: {
    params: {},
    en: "There is no such pickup point. Choose one from the list.",
    fi: "Tällaista noutopistettä ei ole. Valitse piste luettelosta.",
  },
  checkout_incomplete: {
    params: {},
    en: "Choose a shipping method, a payment method and a billing address first",
    fi: "Valitse ensin toimitustapa, maksutapa ja laskutusosoite",
  },
  payment_not_available: {
    params: {},
    en: "This payment method is not available for the cart",
    fi: "Tämä maksutapa ei ole käytettävissä tälle ostoskorille",
  },
  invoice_minimum: {
    params: { minimum: "money" },
    en: "Invoice is available for orders of at least {minimum}",
    fi: "Laskulla voi maksaa tilaukset, joiden summa on vähintään {minimum}",
  },
  total_changed: {
    params: { grandTotal: "money" },
    en: "Your order total is now {grandTotal}. Please check the summary and place the order again.",
    fi: "Tilauksesi loppusumma on nyt {grandTotal}. Tarkista yhteenveto ja tee tilaus uudelleen.",
  },
  payment_not_found: { params: {}, en: "The payment could not be found", fi: "Maksua ei löytynyt" },
  // ---- payment providers' notifications (docs/payments.md, decision 0037): told to a provider, not a shopper
  payment_notification_unverified: {
    params: {},
    en: "The payment notification could not be verified: its signature is missing, wrong or too old",
    fi: "Maksuilmoitusta ei voitu varmentaa: sen allekirjoitus puuttuu, on väärä tai liian vanha",
  },
  payment_mismatch: {
    params: {},
    en: "The payment notification does not match the order's payment: amount, currency or payment id",
    fi: "Maksuilmoitus ei vastaa tilauksen maksua: summa, valuutta tai maksun tunniste",
  },
  // ---- wishlist (docs/decisions/0017)
  wishlist_item_not_found: {
    params: {},
    en: "This product is not on your wishlist",
    fi: "Tuote ei ole toivelistallasi",
  },
  wishlist_full: {
    params: { max: "number" },
    en: "Your wishlist is full: it holds at most {max} products. Remove some to add more.",
    fi: "Toivelistasi on täynnä: siihen mahtuu enintään {max} tuotetta. Poista jokin lisätäksesi uusia.",
  },
  payment_failed: {
    params: {},
    en: "Payment failed. Please try placing the order again.",
    fi: "Maksu epäonnistui. Yritä tehdä tilaus uudelleen.",
  },
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

type Kinds<C extends ErrorCode> = (typeof ERROR_CATALOGUE)[C]["params"];
type ValueOf<K> = K extends "money" | "number" | "money?" | "number?" ? number : string;
type Optional<C extends ErrorCode> = { [P in keyof Kinds<C>]: Kinds<C>[P] extends `${string}?` ? P : never }[keyof Kinds<C>];

/** The parameters a code takes (amounts of money in euros, as the API speaks them). */
export type ErrorParams<C extends ErrorCode = ErrorCode> = {
  [P in Exclude<keyof Kinds<C>, Optional<C>>]: P extends "rule" ? InputRule : ValueOf<Kinds<C>[P]>;
} & { [P in Optional<C>]?: ValueOf<Kinds<C>[P]> };

/**
 * Makes the texts of a store's language available in `ERROR_CATALOGUE`. The server has every
 * language's from the start; the browser's build of this module loads only its store's, before
 * the page hydrates (scripts/vite/precompiled-messages.ts, decision 0047).
 */
export async function loadErrorTexts(_locale: LocaleCode): Promise<void> {}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "string" && Object.hasOwn(ERROR_CATALOGUE, code);
}
