import React from "react";
import { Container } from "./container";

/** The page's h1, so an `article` below the band can be named by it. */
export const PAGE_TITLE_ID = "page-title";

interface PageHeaderProps {
  eyebrow?: React.ReactNode;
  title: string;
  intro?: React.ReactNode;
  children?: React.ReactNode;
}

/** The top band of an inner page: its one h1 and a sentence saying what the page is for. */
export function PageHeader({ eyebrow, title, intro, children }: PageHeaderProps) {
  return (
    <div className="border-b border-brand-100 bg-brand-50">
      <Container className="py-10 sm:py-14">
        {eyebrow && <div className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</div>}
        <h1 id={PAGE_TITLE_ID} className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {title}
        </h1>
        {intro && <div className="mt-4 max-w-3xl text-lg leading-8 text-slate-700">{intro}</div>}
        {children}
      </Container>
    </div>
  );
}
