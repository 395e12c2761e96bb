// Page-number constants of spec §9 ("35, 10, 8 (meaning not shown)"), as this shop reads them:
// 35 products on a category or search-results page; 10 orders on a page of order history;
// 8 products in a product slider or recommendation strip.
export const CATEGORY_PAGE_SIZE = 35;
export const ORDER_HISTORY_PAGE_SIZE = 10;
export const PRODUCT_SLIDER_SIZE = 8;
