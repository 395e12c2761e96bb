// The "Design from Finland" mark of the footer's store-contact block (spec §2: two logos, the
// brand and a design-from-Finland mark): a small Finnish flag — the blue Nordic cross on
// white — and the words, inline so it needs no request and stays sharp. The words are HTML
// text, not SVG <text>: fitting SVG text to a length cost every page's layout about 2 ms
// (issue 16, decision 0052).
export function DesignFromFinlandMark({ className = "" }: { className?: string }) {
  return (
    <span role="img" aria-label="Design from Finland" className={`inline-flex h-11 items-center gap-2.5 ${className}`}>
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 44 28" width="44" height="28" aria-hidden="true">
        <rect x="0.5" y="0.5" width="43" height="27" rx="3" fill="#fff" stroke="#c9cec9" />
        <path d="M13 1h7v26h-7zM1 10.5h42v7H1z" fill="#003580" />
      </svg>
      <span aria-hidden="true" className="flex flex-col uppercase leading-none">
        <span className="text-[10px] font-semibold tracking-[0.17em]">Design from</span>
        <span className="mt-0.5 text-[17px] font-extrabold tracking-[0.1em]">Finland</span>
      </span>
    </span>
  );
}
