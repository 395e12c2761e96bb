import type { ReactNode } from "react";

/** A page's title block and body, in the shop's container. */
export function Screen({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-shop px-4 py-8 md:px-8 md:py-12">
      <title>{`${title} | Kauppa`}</title>
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      {lead ? <p className="mt-3 max-w-2xl text-muted">{lead}</p> : null}
      {children ? <div className="mt-8">{children}</div> : null}
    </div>
  );
}
