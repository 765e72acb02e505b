/** "/services/radon/" and "/services/radon" are the same page. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/**
 * How a navigation link relates to the page shown: "page" when it is the page itself,
 * "true" (inside that section) when the page sits below it, e.g. Services on /services/radon.
 * Both are highlighted; only the exact page is announced as the current page.
 */
export function linkCurrent(href: string, pathname: string): "page" | "true" | undefined {
  const path = normalizePath(pathname);
  if (path === href) return "page";
  if (href !== "/" && path.startsWith(`${href}/`)) return "true";
  return undefined;
}
