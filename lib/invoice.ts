// What an invoice order tells the shopper to pay with (decision 0009): the due date and a
// payment reference derived from the order number, so whoever sends the invoice can derive
// the same reference and match the payment to the order.

/** Days to pay an invoice (the payment method's title says the same: "Invoice (14 days)"). */
export const INVOICE_DAYS = 14;

/** The invoice's due date: INVOICE_DAYS after the order (shown as a date in the shop's time zone). */
export function invoiceDueDate(orderedAt: Date | string): Date {
  return new Date(new Date(orderedAt).getTime() + INVOICE_DAYS * 86_400_000);
}

/**
 * The ISO 11649 creditor reference ("RF" reference) of an order number, e.g. "EN0000001" →
 * "RF27EN0000001". Letters are allowed, so the store prefix keeps the two stores' numbers apart.
 * Printed in groups of four, as banks show it.
 */
export function creditorReference(orderNumber: string): string {
  const reference = orderNumber.toUpperCase().replace(/[^0-9A-Z]/g, "");
  if (reference.length === 0 || reference.length > 21) throw new RangeError("a creditor reference holds 1 to 21 letters or digits");
  const check = 98 - mod97(`${reference}RF00`);
  const full = `RF${String(check).padStart(2, "0")}${reference}`;
  return full.replace(/(.{4})(?=.)/g, "$1 ");
}

/** The ISO 7064 remainder of letters (A = 10 … Z = 35) and digits, digit by digit (no big numbers). */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** True when a creditor reference's check digits hold (spaces allowed). */
export function isCreditorReference(value: string): boolean {
  const compact = value.replace(/\s/g, "").toUpperCase();
  if (!/^RF\d{2}[0-9A-Z]{1,21}$/.test(compact)) return false;
  return mod97(`${compact.slice(4)}${compact.slice(0, 4)}`) === 1;
}
