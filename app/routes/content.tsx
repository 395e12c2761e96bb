// CMS content pages (spec §2 /content/*): pages built from CMS blocks come with the CMS
// issue; until a page exists for a path, it is not found.
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export default function Content() {
  return null;
}
