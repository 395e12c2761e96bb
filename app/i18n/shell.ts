// Texts of the page frame: header, menus, language switcher, footer.
export const en = {} as const;

export const fi: Record<keyof typeof en, string> = {};
