// Rich text from the CMS, rendered from its document structure into React elements: never as
// raw HTML, so an editor's "<script>" is text on the page. Links follow link.tsx (same site:
// client-side; new window: rel="noopener noreferrer"); an embedded entry is rendered as its
// block by the page's block renderer, an embedded asset as a picture.
import type { ReactNode } from "react";
import type { Mark, RichText as RichTextDocument, RichTextNode } from "../../../lib/cms-types.ts";
import { useBlockRendering } from "./context.ts";
import { CmsPicture } from "./image.tsx";
import { CmsLinkTo } from "./link.tsx";

const MARKS: Record<Mark, (children: ReactNode) => ReactNode> = {
  bold: (c) => <strong>{c}</strong>,
  italic: (c) => <em>{c}</em>,
  underline: (c) => <u>{c}</u>,
  code: (c) => <code className="rounded bg-mist px-1 font-mono text-[0.9em]">{c}</code>,
  superscript: (c) => <sup>{c}</sup>,
  subscript: (c) => <sub>{c}</sub>,
};

const HEADINGS = {
  "heading-1": "text-3xl font-semibold tracking-tight",
  "heading-2": "text-2xl font-semibold tracking-tight",
  "heading-3": "text-xl font-semibold",
  "heading-4": "text-lg font-semibold",
  "heading-5": "text-base font-semibold",
  "heading-6": "text-sm font-semibold uppercase tracking-wide",
} as const;

/** True when the document has nothing to show (an empty paragraph is what an empty field holds). */
export function isEmptyRichText(document: RichTextDocument | null | undefined): boolean {
  if (!document) return true;
  const hasContent = (node: RichTextNode): boolean => {
    if (node.nodeType === "text") return node.value.trim() !== "";
    if (node.nodeType === "hr" || node.nodeType === "embedded-asset-block") return true;
    if ("block" in node) return node.block !== null;
    return node.content.some(hasContent);
  };
  return !document.content.some(hasContent);
}

export function RichText({ document, className = "" }: { document: RichTextDocument; className?: string }) {
  if (isEmptyRichText(document)) return null;
  return <div className={`flex flex-col gap-4 leading-relaxed ${className}`}>{renderNodes(document.content)}</div>;
}

function renderNodes(nodes: RichTextNode[]): ReactNode[] {
  // biome-ignore lint/suspicious/noArrayIndexKey: document nodes have no ids; a document is rendered whole
  return nodes.map((node, index) => <RichTextNodeView key={index} node={node} />);
}

function RichTextNodeView({ node }: { node: RichTextNode }): ReactNode {
  const rendering = useBlockRendering();
  switch (node.nodeType) {
    case "text":
      return node.marks.reduce<ReactNode>((children, mark) => (MARKS[mark.type] ?? ((c: ReactNode) => c))(children), node.value);
    case "document":
      return <>{renderNodes(node.content)}</>;
    case "paragraph":
      // An inline entry renders a block of its own, which a <p> may not hold.
      return node.content.some((child) => child.nodeType === "embedded-entry-inline") ? (
        <div>{renderNodes(node.content)}</div>
      ) : (
        <p>{renderNodes(node.content)}</p>
      );
    case "heading-1":
    case "heading-2":
    case "heading-3":
    case "heading-4":
    case "heading-5":
    case "heading-6": {
      const Tag = `h${node.nodeType.slice(-1)}` as "h1";
      return <Tag className={HEADINGS[node.nodeType]}>{renderNodes(node.content)}</Tag>;
    }
    case "unordered-list":
      return <ul className="flex list-disc flex-col gap-1 pl-6">{renderNodes(node.content)}</ul>;
    case "ordered-list":
      return <ol className="flex list-decimal flex-col gap-1 pl-6">{renderNodes(node.content)}</ol>;
    case "list-item":
      // Contentful wraps each item's text in a paragraph; inside a list it needs no margins.
      return <li className="[&>p]:inline">{renderNodes(node.content)}</li>;
    case "blockquote":
      return <blockquote className="border-l-4 border-accent pl-4 text-lg italic">{renderNodes(node.content)}</blockquote>;
    case "hr":
      return <hr className="border-line" />;
    case "table":
      return (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <tbody>{renderNodes(node.content)}</tbody>
          </table>
        </div>
      );
    case "table-row": {
      // A row of header cells heads the columns; a header cell in a row of data heads its row.
      const scope = node.content.every((cell) => cell.nodeType === "table-header-cell") ? "col" : "row";
      return (
        <tr className="border-b border-line">
          {node.content.map((cell, index) =>
            cell.nodeType === "table-header-cell" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: document nodes have no ids
              <th key={index} scope={scope} className="bg-mist px-3 py-2 font-semibold [&>p]:inline">
                {renderNodes(cell.content)}
              </th>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: document nodes have no ids
              <RichTextNodeView key={index} node={cell} />
            ),
          )}
        </tr>
      );
    }
    case "table-header-cell":
      return <th className="bg-mist px-3 py-2 font-semibold [&>p]:inline">{renderNodes(node.content)}</th>;
    case "table-cell":
      return <td className="px-3 py-2 align-top [&>p]:inline">{renderNodes(node.content)}</td>;
    case "hyperlink":
      return (
        <CmsLinkTo
          href={node.uri}
          newWindow={node.newWindow}
          className="font-medium text-accent underline underline-offset-2 hover:text-accent-dark"
        >
          {renderNodes(node.content)}
        </CmsLinkTo>
      );
    case "embedded-entry-block":
    case "embedded-entry-inline":
      return node.block && rendering ? rendering.renderBlock(node.block, 0) : null;
    case "embedded-asset-block":
      return node.image ? (
        <CmsPicture image={node.image} width={960} sizes="(min-width: 992px) 960px, 100vw" className="h-auto w-full rounded-lg" />
      ) : null;
    default:
      return null;
  }
}
