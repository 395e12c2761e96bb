// Empty layout (spec §2): nothing around the page.
import { Outlet } from "react-router";

export default function EmptyLayout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
