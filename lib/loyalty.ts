// The loyalty programme's card numbers and benefits (decision 0020), shared by the server and
// the pages. A member number is the programme's prefix, the membership's serial and a Luhn
// check digit: ten digits for the first ten million members, within the cart's 6–20 digits, and
// a single mistyped digit (or two neighbours swapped) no longer passes as a number.

/** The programme's prefix: every member number starts with it. */
export const MEMBER_PREFIX = "73";
/** Digits of the serial part before it grows (ten million members). */
const SERIAL_DIGITS = 7;

/** The Luhn check digit of a string of digits (the last digit a number gets). */
export function luhnCheckDigit(payload: string): number {
  if (!/^\d+$/.test(payload)) throw new Error("Luhn needs digits");
  let sum = 0;
  // From the right, every first digit (the one next to the check digit) is doubled.
  for (let i = 0; i < payload.length; i++) {
    let digit = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether digits end in their right Luhn check digit. */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/** The member number of a membership's serial (1, 2, …). */
export function memberNumber(serial: number): string {
  if (!Number.isSafeInteger(serial) || serial < 1) throw new Error("A member serial is a positive whole number");
  const payload = `${MEMBER_PREFIX}${String(serial).padStart(SERIAL_DIGITS, "0")}`;
  return `${payload}${luhnCheckDigit(payload)}`;
}

/** Whether a number (spaces ignored) is one of the programme's: its prefix, length and check digit. */
export function isMemberNumber(input: string): boolean {
  const digits = input.replace(/\s+/g, "");
  return digits.startsWith(MEMBER_PREFIX) && digits.length >= MEMBER_PREFIX.length + SERIAL_DIGITS + 1 && hasValidCheckDigit(digits);
}

/** "7300000125" → "730 000 0125": grouped to read out at a till. */
export const groupedMemberNumber = (number: string) => number.replace(/^(\d{3})(\d{3})(\d+)$/, "$1 $2 $3");

/**
 * What membership gives, per store (worded in the message catalogue, `loyalty.benefit.<key>`).
 * Only what the shop really does: the number on every order, filled in for the member, and the
 * card in the account to show at the brand's stores in Finland (the fi store's shoppers).
 */
export const LOYALTY_BENEFITS = {
  en: ["ordersRecorded", "prefilled"],
  fi: ["ordersRecorded", "prefilled", "brandStores"],
} as const satisfies Record<string, readonly string[]>;

export type LoyaltyBenefit = (typeof LOYALTY_BENEFITS)[keyof typeof LOYALTY_BENEFITS][number];

/** The benefits of a store; a store without its own list has the international store's. */
export const benefitsOf = (storeCode: string): readonly LoyaltyBenefit[] =>
  (LOYALTY_BENEFITS as Record<string, readonly LoyaltyBenefit[]>)[storeCode] ?? LOYALTY_BENEFITS.en;
