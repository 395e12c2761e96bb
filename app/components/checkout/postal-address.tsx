// An address as a letter would carry it: company, name, street, postcode and city,
// then whatever contact lines the caller adds (telephone, email).
import type { ReactNode } from "react";

type Part = "company" | "firstname" | "lastname" | "street" | "postcode" | "city" | "country_code";
export type PostalAddressParts = Partial<Record<Part, string | null>>;

export function PostalAddress({ address, extra = [] }: { address: PostalAddressParts; extra?: ReactNode[] }) {
  const lines: ReactNode[] = [
    address.company,
    `${address.firstname ?? ""} ${address.lastname ?? ""}`,
    address.street,
    `${address.postcode ?? ""} ${address.city ?? ""}, ${address.country_code ?? ""}`,
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
