// Texts of the account mails (registration confirmation, password reset, newsletter welcome),
// one catalogue per language, as ICU messages. Templates word mails only from here.
import type { LocaleCode } from "../../../lib/locales.ts";

const en = {
  greeting: "Hello {firstname},",
  greetingAnonymous: "Hello,",
  signature: "Best regards,\nKauppa",
  "confirm.subject": "Confirm your Kauppa account",
  "confirm.intro": "Thank you for registering at Kauppa. Please confirm your email address to start using your account.",
  "confirm.action": "Confirm my email address",
  "confirm.expiry": "The link is valid for {hours} hours. If it has expired, log in and we will send you a new one.",
  "confirm.ignore": "If you did not register, you can ignore this mail: no account is used without the confirmation.",
  "reset.subject": "Reset your Kauppa password",
  "reset.intro": "We received a request to reset the password of your Kauppa account.",
  "reset.action": "Choose a new password",
  "reset.expiry": "The link is valid for {minutes} minutes and can be used once. Setting a new password logs you out everywhere else.",
  "reset.ignore": "If you did not ask for this, you can ignore this mail: your password stays as it is.",
  "newsletter.subject": "Welcome to the Kauppa newsletter",
  "newsletter.intro": "Thank you for subscribing to the Kauppa newsletter. You will hear about new products and offers first.",
  "newsletter.action": "Visit the shop",
  "newsletter.unsubscribe": "You can unsubscribe at any time from your account or from the link in every newsletter.",
  "newsletter.unsubscribeLink": "Unsubscribe from the newsletter",
} as const;

type Key = keyof typeof en;

const fi: Record<Key, string> = {
  greeting: "Hei {firstname},",
  greetingAnonymous: "Hei,",
  signature: "Ystävällisin terveisin\nKauppa",
  "confirm.subject": "Vahvista Kauppa-tilisi",
  "confirm.intro": "Kiitos rekisteröitymisestä Kauppaan. Vahvista sähköpostiosoitteesi, niin voit ottaa tilisi käyttöön.",
  "confirm.action": "Vahvista sähköpostiosoitteeni",
  "confirm.expiry": "Linkki on voimassa {hours} tuntia. Jos se on vanhentunut, kirjaudu sisään, niin lähetämme uuden.",
  "confirm.ignore": "Jos et rekisteröitynyt, voit jättää tämän viestin huomiotta: tiliä ei voi käyttää ilman vahvistusta.",
  "reset.subject": "Vaihda Kauppa-tilisi salasana",
  "reset.intro": "Saimme pyynnön vaihtaa Kauppa-tilisi salasanan.",
  "reset.action": "Valitse uusi salasana",
  "reset.expiry":
    "Linkki on voimassa {minutes} minuuttia, ja sitä voi käyttää kerran. Uuden salasanan asettaminen kirjaa sinut ulos muilta laitteilta.",
  "reset.ignore": "Jos et pyytänyt tätä, voit jättää viestin huomiotta: salasanasi pysyy ennallaan.",
  "newsletter.subject": "Tervetuloa Kaupan uutiskirjeen tilaajaksi",
  "newsletter.intro": "Kiitos, että tilasit Kaupan uutiskirjeen. Kuulet uutuuksista ja tarjouksista ensimmäisten joukossa.",
  "newsletter.action": "Siirry kauppaan",
  "newsletter.unsubscribe": "Voit perua tilauksen milloin tahansa tililtäsi tai jokaisen uutiskirjeen linkistä.",
  "newsletter.unsubscribeLink": "Peru uutiskirjeen tilaus",
};

export type AccountMailText = Key;
export const ACCOUNT_MAIL_TEXTS: Record<LocaleCode, Record<Key, string>> = { en, fi };
