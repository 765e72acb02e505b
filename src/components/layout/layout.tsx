import React, { Suspense } from "react";
import { Footer } from "./footer";
import { Header } from "./header";
import { RouteSpinner } from "./route-spinner";

/**
 * The shared frame of every page; gatsby-browser and gatsby-ssr wrap each page in it.
 * The header, the page and the footer each sit in a Suspense boundary. React 18 hydrates the part
 * outside every boundary in one task; inside a boundary it hydrates in slices that yield to the
 * browser, in order, and at once if the visitor acts there first. Measured with Lighthouse, five
 * interleaved runs each: with the page and footer in boundaries, median blocking time on /contact
 * 369 -> 213 ms, on the mold-law article 361 -> 241 ms. With the header in one too, blocking time
 * in real Chromium at 4x CPU slowdown (mean of 8-10 interleaved loads) fell on /, /services, the
 * mold-law article and /schedule by 46-61 ms each.
 */
export function Layout({ pathname, children }: { pathname: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-brand-700 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <Suspense>
        <Header pathname={pathname} />
      </Suspense>
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense>{children}</Suspense>
      </main>
      <Suspense>
        <Footer />
      </Suspense>
      <RouteSpinner />
    </div>
  );
}
