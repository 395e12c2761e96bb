// Login or account link (spec §2 header: only when login is enabled; "Account" with the user
// icon when logged in, else "Log in", which opens the login modal).
import { Link } from "../ui/router-link.tsx";
import { useT } from "../../lib/i18n.ts";
import { openLoginModal } from "../../lib/login-modal.ts";
import { UserIcon } from "../ui/icons.tsx";
import { useSession } from "./use-session.ts";
import { useRootData } from "../../lib/frame.ts";

export function AccountLink({ className = "" }: { className?: string }) {
  const root = useRootData();
  const t = useT();
  const { loggedIn } = useSession();
  if (!root?.loginEnabled) return null;
  const label = t(loggedIn ? "shell.account.account" : "shell.account.login");
  return (
    <Link
      to={loggedIn ? "/account" : "/account/login"}
      className={className}
      onClick={(event) => {
        // A guest's plain click opens the login modal; a new tab (or no JavaScript) gets the login page.
        if (loggedIn || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openLoginModal();
      }}
    >
      <UserIcon />
      <span className="sr-only lg:not-sr-only lg:whitespace-nowrap">{label}</span>
    </Link>
  );
}
