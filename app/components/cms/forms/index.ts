// Placeholders until the forms of issue 13 land here (that work replaces this file).
export const ContactForm = (_: { block: import("../../../../lib/cms-types.ts").FormBlock }) => null;
export const NewsletterForm = (_: { block: import("../../../../lib/cms-types.ts").FormBlock }) => null;
