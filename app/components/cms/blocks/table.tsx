// table: a real data table (caption, column headers with scope); a wide one scrolls sideways
// in a region the keyboard can reach.
import type { TableBlock as TableBlockData } from "../../../../lib/cms-types.ts";
import { useT } from "../../../lib/i18n.ts";
import { blockRoot } from "../block-root.ts";

export function TableBlock({ block }: { block: TableBlockData }) {
  const t = useT();
  const head = block.headerRow ? block.rows[0] : undefined;
  const body = block.headerRow ? block.rows.slice(1) : block.rows;
  const columns = Math.max(0, ...block.rows.map((row) => row.length));
  const pad = (row: string[]) => [...row, ...Array.from({ length: columns - row.length }, () => "")];
  return (
    <div {...blockRoot(block, "flex flex-col gap-3")}>
      <section
        aria-label={t("cms.table.scroll", { title: block.title })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls; the keyboard must reach it
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-line"
      >
        <table className="w-full border-collapse text-left text-sm">
          <caption className="p-3 text-left text-lg font-semibold">{block.title}</caption>
          {head ? (
            <thead className="bg-mist">
              <tr>
                {pad(head).map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells have no ids and never reorder
                  <th key={i} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
          ) : null}
          <tbody>
            {body.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no ids and never reorder
              <tr key={r} className="border-t border-line">
                {pad(row).map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells have no ids and never reorder
                  <td key={i} className="px-3 py-2">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
