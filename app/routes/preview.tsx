// CMS preview (spec §2 /preview/*): draft content comes with the CMS issue; until a draft
// exists for a path, there is nothing to show.
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export default function Preview() {
  return null;
}

export { ErrorPage as ErrorBoundary } from "../components/ui/error-page.tsx";
