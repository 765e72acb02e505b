import type { GatsbyBrowser } from "gatsby";
import "./src/styles/global.css";
import { routeRendered, routeRequested } from "./src/lib/route-loading";

export { wrapPageElement } from "./src/components/layout/wrap-page";

declare global {
  interface Window {
    /** Gatsby's internal navigate, which every Link and navigate() call goes through. */
    ___navigate?: (to: string | number, options?: unknown) => unknown;
  }
}

/**
 * The page's inline <style> holds only the rules its own HTML uses (src/build/critical-css.ts).
 * The whole site sheet it was cut from, named in its data-href, is linked here, after the first
 * paint, and React hydrates once it has loaded (Gatsby waits for the promise onClientEntry
 * returns: gatsby/cache-dir/production-app.js), so what JavaScript renders from then on (the
 * drawer, tooltips, toasts, the schedule's steps, other pages reached by a link) finds its rules.
 * A link element, not an onload= attribute, which the Content-Security-Policy forbids. Webpack
 * takes the <style> for the sheet itself (same data-href) and never fetches it a second time.
 * In `gatsby develop` webpack injects the CSS and there is no such <style>.
 */
export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  const href = document.querySelector<HTMLStyleElement>("style[data-identity='gatsby-global-css']")?.dataset.href;
  if (!href || document.querySelector(`link[rel='stylesheet'][href='${href}']`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  const loaded = new Promise<void>((resolve) => {
    // A sheet that fails to load must not keep the page from working.
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve());
  });
  document.head.appendChild(link);
  return loaded;
};

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
      if (typeof to === "string") routeRequested(new URL(to, window.location.href).pathname);
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
