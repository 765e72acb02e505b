import React from "react";
import { Container } from "../ui/container";
import { PAGE_TITLE_ID } from "../ui/page-header";
import { BookingCard } from "./booking-card";
import type { CopySection } from "../../build-time/copy-sections";
import { TableOfContents } from "./table-of-contents";

interface ArticleLayoutProps {
  /** The copy's sections, for its "On this page" list. */
  sections: readonly CopySection[];
  booking: { title: string; scheduleHref: string };
  /** The copy is an article (a post) named by the page's h1, rather than a plain column. */
  article?: boolean;
  children: React.ReactNode;
}

/** On a phone the copy starts below the fold, after the page header and the list of sections. */
const copyColumn = "render-when-near min-w-0 [--render-height:300rem] lg:col-start-1 lg:row-start-1";

/** Long copy with its sections listed beside it (above it on a phone) and a booking card on wide screens. */
export function ArticleLayout({ sections, booking, article, children }: ArticleLayoutProps) {
  return (
    <Container className="grid grid-cols-1 gap-10 py-12 lg:grid-cols-[minmax(0,1fr)_18rem]">
      {/* Placed in its column, not moved there by order: a slow connection paints the aside before
          the copy arrives, and it must not start in the copy's column and then jump across. */}
      <aside className="space-y-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1 lg:self-start">
        <TableOfContents sections={sections} />
        <div className="hidden lg:block">
          <BookingCard title={booking.title} scheduleHref={booking.scheduleHref} />
        </div>
      </aside>
      {/* The aside stays outside the article: a complementary landmark must be top level. */}
      {article ? (
        <article aria-labelledby={PAGE_TITLE_ID} className={copyColumn}>
          {children}
        </article>
      ) : (
        <div className={copyColumn}>{children}</div>
      )}
    </Container>
  );
}
