// What an account step that ended on another page has to say (spec §2: confirmation and reset
// end at login): `?notice=<lib/account-notices key>` or `?error=<error code>` in the address,
// worded in the page's language. Unknown keys say nothing.
import { useSearchParams } from "react-router";
import { ACCOUNT_NOTICES, type AccountNotice } from "../../../lib/account-notices.ts";
import { isErrorCode } from "../../../lib/errors/catalogue.ts";
import { useErrorText } from "../../lib/errors.ts";
import { useRootData } from "../../lib/frame.ts";

const isNotice = (key: string | null): key is AccountNotice => key !== null && Object.hasOwn(ACCOUNT_NOTICES, key);

/** `notice`: one to show whatever the address says (an action's answer on the same page). */
export function AccountNotices({ notice: given }: { notice?: AccountNotice } = {}) {
  const [params] = useSearchParams();
  const root = useRootData();
  const errorText = useErrorText();
  const notice = given ?? params.get("notice");
  const error = params.get("error");
  return (
    <>
      {isNotice(notice) ? (
        <p role="status" className="mb-4 rounded bg-mist p-3 text-sm">
          {ACCOUNT_NOTICES[notice][root?.locale ?? "en"]}
        </p>
      ) : null}
      {isErrorCode(error) ? (
        <p role="alert" className="mb-4 rounded border border-sale bg-mist p-3 text-sm text-sale">
          {errorText({ code: error })}
        </p>
      ) : null}
    </>
  );
}
