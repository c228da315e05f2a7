/** Layout constants of docs/product.md §9. */
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 208;
export const SIDEBAR_COLLAPSED_WIDTH = 54;
export const MENU_COLORS = {
  text: '#3e3e3e',
  active: '#3f85f5',
  hover: '#e0e0e0',
} as const;
