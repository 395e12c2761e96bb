// Texts of the CMS forms (docs/decisions/0028): Contact, Newsletter (its texts are the
// newsletter's own) and the accessibility statement's feedback.
export const en = {
  "forms.contact.title": "Contact us",
  "forms.contact.lead": "Ask us about products, orders or returns. We answer on weekdays.",
  "forms.contact.sent": "Thank you! Your message has been sent. We will answer you as soon as we can.",
  "forms.feedback.title": "Accessibility feedback",
  "forms.feedback.lead":
    "Did you find content or a function on our site that you could not use? Tell us, and we will fix it or give you the information in another way.",
  "forms.feedback.sent":
    "Thank you for your feedback. We read every message; if you gave your email address, we will answer within two weeks.",
  "forms.field.name": "Name",
  "forms.field.email": "Email address",
  "forms.field.phone": "Telephone (optional)",
  "forms.field.subject": "Subject",
  "forms.field.message": "Message",
  "forms.field.image": "Image (optional)",
  "forms.field.imageHint": "GIF, JPG or PNG, at most {fileSize} MB",
  "forms.field.imageTypes": "GIF, JPG or PNG",
  "forms.field.feedbackEmail": "Email address (optional)",
  "forms.field.feedbackEmailHint": "Give it if you would like an answer.",
  "forms.field.pageUrl": "The page your feedback is about (optional)",
  "forms.field.feedbackMessage": "Your feedback",
  "forms.submit": "Send",
  "forms.sending": "Sending…",
  "forms.newsletter.submit": "Subscribe",
} as const;

export const fi: Record<keyof typeof en, string> = {
  "forms.contact.title": "Ota yhteyttä",
  "forms.contact.lead": "Kysy meiltä tuotteista, tilauksista tai palautuksista. Vastaamme arkipäivisin.",
  "forms.contact.sent": "Kiitos! Viestisi on lähetetty. Vastaamme sinulle mahdollisimman pian.",
  "forms.feedback.title": "Palaute saavutettavuudesta",
  "forms.feedback.lead":
    "Huomasitko sivustollamme sisältöä tai toiminnon, jota et voinut käyttää? Kerro meille, niin korjaamme sen tai annamme tiedon toisessa muodossa.",
  "forms.feedback.sent":
    "Kiitos palautteestasi. Luemme jokaisen viestin; jos annoit sähköpostiosoitteesi, vastaamme kahden viikon kuluessa.",
  "forms.field.name": "Nimi",
  "forms.field.email": "Sähköpostiosoite",
  "forms.field.phone": "Puhelinnumero (vapaaehtoinen)",
  "forms.field.subject": "Aihe",
  "forms.field.message": "Viesti",
  "forms.field.image": "Kuva (vapaaehtoinen)",
  "forms.field.imageHint": "GIF, JPG tai PNG, enintään {fileSize} Mt",
  "forms.field.imageTypes": "GIF, JPG tai PNG",
  "forms.field.feedbackEmail": "Sähköpostiosoite (vapaaehtoinen)",
  "forms.field.feedbackEmailHint": "Anna se, jos haluat vastauksen.",
  "forms.field.pageUrl": "Sivu, jota palautteesi koskee (vapaaehtoinen)",
  "forms.field.feedbackMessage": "Palautteesi",
  "forms.submit": "Lähetä",
  "forms.sending": "Lähetetään…",
  "forms.newsletter.submit": "Tilaa",
};
