// Any path no other route claims (spec §2: unknown routes give a 404).
import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
