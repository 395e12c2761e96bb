// Texts of the page-wide behaviours (components/page): loading bar, toasts, back-to-top.
export const en = {
  "page.loading": "Loading page",
  "page.backToTop": "Back to top",
  "page.notifications": "Notifications",
  "page.closeNotification": "Close notification",
} as const;

export const fi: Record<keyof typeof en, string> = {
  "page.loading": "Sivua ladataan",
  "page.backToTop": "Takaisin ylös",
  "page.notifications": "Ilmoitukset",
  "page.closeNotification": "Sulje ilmoitus",
};
