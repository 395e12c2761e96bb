// A link whose address comes from the store config or the CMS: a local path ("/content/…")
// navigates inside the shop, anything else is an ordinary link.
import type { ReactNode } from "react";
import { Link } from "../ui/router-link.tsx";

export const isLocalPath = (url: string) => url.startsWith("/") && !url.startsWith("//");

export function ConfigLink({
  url,
  className,
  onClick,
  children,
}: {
  url: string;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return isLocalPath(url) ? (
    <Link to={url} className={className} onClick={onClick}>
      {children}
    </Link>
  ) : (
    <a href={url} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
