// The brand's logo: a small fell-and-sun mark and the "Kauppa" wordmark (spec §9: at most
// 140 px wide). Used by the header, the side menu and the footer.
import { Link } from "../ui/router-link.tsx";
import { MARK_FELLS, MARK_SUN } from "../../../lib/brand-mark.ts";
import { useT } from "../../lib/i18n.ts";

/** The mark alone: a rounded square in the accent green with two white fells and a sun. */
export function BrandMark({ size = 30, className }: { size?: number; className?: string }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="7" className="fill-accent" />
      <path d={MARK_FELLS} fill="#fff" />
      <circle cx={MARK_SUN.cx} cy={MARK_SUN.cy} r={MARK_SUN.r} fill="#fff" />
    </svg>
  );
}

/** Mark and wordmark, not a link (the footer shows it as a logo). */
export function Wordmark({ className = "" }: { className?: string }) {
  return (
    <span className={className ? `wordmark ${className}` : "wordmark"}>
      <BrandMark className="size-[26px] shrink-0 xs:size-[30px]" />
      <span className="wordmark-text">Kauppa</span>
    </span>
  );
}

/** The logo as the link to the front page. */
export function LogoLink({ className = "", onClick }: { className?: string; onClick?: () => void }) {
  const t = useT();
  return (
    <Link to="/" className={`inline-flex shrink-0 rounded-sm ${className}`} aria-label={t("shell.logo.home")} onClick={onClick}>
      <Wordmark />
    </Link>
  );
}
