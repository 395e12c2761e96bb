// An address as a letter would carry it: company, name, street, postcode and city, the
// country by its name in the page's language, then whatever contact lines the caller adds
// (telephone, email).
import type { ReactNode } from "react";
import { useRootData } from "../../lib/frame.ts";

type Part = "company" | "firstname" | "lastname" | "street" | "postcode" | "city" | "country_code";
export type PostalAddressParts = Partial<Record<Part, string | null>>;

/**
 * A country's name in the page's language: the store's own list (the names its checkout
 * offers), else the runtime's (an address from a country the store no longer lists), else the code.
 */
export function useCountryName(): (code: string | null | undefined) => string {
  const root = useRootData();
  return (code) => {
    if (!code) return "";
    const named = root?.countryNames[code];
    if (named) return named;
    try {
      return new Intl.DisplayNames([root?.iso ?? "en"], { type: "region" }).of(code) ?? code;
    } catch {
      return code;
    }
  };
}

export function PostalAddress({ address, extra = [] }: { address: PostalAddressParts; extra?: ReactNode[] }) {
  const countryName = useCountryName();
  const lines: ReactNode[] = [
    address.company,
    `${address.firstname ?? ""} ${address.lastname ?? ""}`,
    address.street,
    `${address.postcode ?? ""} ${address.city ?? ""}`,
    countryName(address.country_code),
    ...extra,
  ].filter(Boolean);
  return (
    <address className="not-italic">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, fixed order
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
