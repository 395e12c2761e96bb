// What the account API says when a request succeeded and the shopper is to be told something
// (forgot-password, reset, newsletter, unsubscribe), in both languages; errors are lib/errors/catalogue.ts.
import type { LocaleCode } from "./locales.ts";

export const ACCOUNT_NOTICES = {
  resetMailSent: {
    en: "If an account exists for this email address, we have sent it a link to reset the password.",
    fi: "Jos tällä sähköpostiosoitteella on tili, lähetimme siihen linkin salasanan vaihtamiseen.",
  },
  passwordReset: {
    en: "Your password has been changed. You can now log in with the new password.",
    fi: "Salasanasi on vaihdettu. Voit nyt kirjautua sisään uudella salasanalla.",
  },
  passwordChanged: {
    en: "Your password has been changed. Your other sessions have ended.",
    fi: "Salasanasi on vaihdettu. Muut istuntosi on päätetty.",
  },
  // Spec §8: a details form sent as it was.
  noChanges: {
    en: "No changes have been made",
    fi: "Muutoksia ei tehty",
  },
  detailsSaved: {
    en: "Your details have been saved.",
    fi: "Tietosi on tallennettu.",
  },
  addressSaved: {
    en: "The address has been saved.",
    fi: "Osoite on tallennettu.",
  },
  addressDeleted: {
    en: "The address has been removed.",
    fi: "Osoite on poistettu.",
  },
  defaultAddressSet: {
    en: "This is now your default shipping address.",
    fi: "Tämä on nyt oletustoimitusosoitteesi.",
  },
  orderCanceled: {
    en: "Your order has been cancelled. We have sent you a confirmation by email.",
    fi: "Tilauksesi on peruttu. Lähetimme sinulle vahvistuksen sähköpostiin.",
  },
  subscribed: {
    en: "Thank you for subscribing to the newsletter.",
    fi: "Kiitos uutiskirjeen tilaamisesta.",
  },
  unsubscribed: {
    en: "You have unsubscribed from the newsletter. If you have an account, it stays as it is.",
    fi: "Uutiskirjeen tilaus on peruttu. Jos sinulla on tili, se säilyy ennallaan.",
  },
  newsletterOff: {
    en: "You will no longer receive the newsletter.",
    fi: "Et saa enää uutiskirjettä.",
  },
  registered: {
    en: "Thank you for registering. We have sent you a mail: please confirm your email address with its link before logging in.",
    fi: "Kiitos rekisteröitymisestä. Lähetimme sinulle viestin: vahvista sähköpostiosoitteesi sen linkillä ennen kirjautumista.",
  },
  confirmed: {
    en: "Your email address is confirmed. You can now log in.",
    fi: "Sähköpostiosoitteesi on vahvistettu. Voit nyt kirjautua sisään.",
  },
  loyaltyJoined: {
    en: "Welcome to the loyalty programme! Your member number is now filled in for you in your cart.",
    fi: "Tervetuloa kanta-asiakasohjelmaan! Jäsennumerosi on nyt valmiina ostoskorissasi.",
  },
} as const satisfies Record<string, Record<LocaleCode, string>>;

export type AccountNotice = keyof typeof ACCOUNT_NOTICES;

export const accountNotice = (notice: AccountNotice, locale: LocaleCode) => ACCOUNT_NOTICES[notice][locale];
