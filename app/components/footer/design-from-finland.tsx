// The "Design from Finland" mark of the footer's store-contact block (spec §2: two logos, the
// brand and a design-from-Finland mark): a small Finnish flag — the blue Nordic cross on
// white — and the words, drawn inline so it needs no request and stays sharp.
export function DesignFromFinlandMark({ className = "" }: { className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 160 44"
      width="160"
      height="44"
      role="img"
      aria-label="Design from Finland"
      className={className}
    >
      <title>Design from Finland</title>
      <rect x="0.5" y="8.5" width="43" height="27" rx="3" fill="#fff" stroke="#c9cec9" />
      <path d="M13 9h7v26h-7zM1 18.5h42v7H1z" fill="#003580" />
      <text x="54" y="19" fill="currentColor" fontSize="10" fontWeight="600" textLength="104" lengthAdjust="spacingAndGlyphs">
        DESIGN FROM
      </text>
      <text x="54" y="35" fill="currentColor" fontSize="16" fontWeight="800" textLength="104" lengthAdjust="spacingAndGlyphs">
        FINLAND
      </text>
    </svg>
  );
}
