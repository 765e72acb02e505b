import type { GatsbyBrowser } from "gatsby";
import "./src/styles/global.css";
import { routeRendered, routeRequested } from "./src/lib/ui/route-loading";
import { applySiteSheet, mustLoadWhole } from "./src/lib/ui/site-stylesheet";

export { wrapPageElement } from "./src/components/layout/wrap-page";

declare global {
  interface Window {
    /** Gatsby's internal navigate, which every Link and navigate() call goes through. */
    ___navigate?: (to: string | number, options?: unknown) => unknown;
  }
}

/**
 * React hydrates once the site's whole sheet applies, or after a bound, whichever comes first
 * (src/lib/ui/site-stylesheet.ts). Gatsby waits for the promise onClientEntry returns
 * (gatsby/cache-dir/production-app.js).
 */
export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => applySiteSheet();

/**
 * Gatsby loads a page's resources before it reports the route change, so the start of a
 * navigation is taken where it begins: Gatsby's navigate (links) and popstate (Back/Forward).
 */
export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => {
  // Marks the moment the page became interactive, for browser tests and performance checks.
  document.documentElement.dataset.hydrated = "true";
  routeRendered(window.location.pathname);
  const navigate = window.___navigate;
  if (navigate) {
    window.___navigate = (to, options) => {
      if (typeof to !== "string") return navigate(to, options);
      const url = new URL(to, window.location.href);
      if (mustLoadWhole(url.pathname, window.location.pathname)) {
        // Without the whole sheet yet, the browser loads the page, which brings its own critical CSS.
        if ((options as { replace?: boolean } | undefined)?.replace) window.location.replace(url.href);
        else window.location.assign(url.href);
        return;
      }
      routeRequested(url.pathname);
      return navigate(to, options);
    };
  }
  window.addEventListener("popstate", () => routeRequested(window.location.pathname));
};

export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ location }) => routeRendered(location.pathname);

/**
 * Every route change lands at the top of the new page, including Back and Forward; only a
 * link to an anchor (#id) scrolls to that anchor. Gatsby's scroll handler would restore the
 * saved position on Back, so we scroll ourselves and tell it not to.
 * https://www.gatsbyjs.com/docs/reference/config-files/gatsby-browser/#shouldUpdateScroll
 */
export const shouldUpdateScroll: GatsbyBrowser["shouldUpdateScroll"] = ({ routerProps }) => {
  if (routerProps.location.hash) return true;
  window.scrollTo(0, 0);
  return false;
};
