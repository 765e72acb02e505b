import React from "react";
import { useSiteInfo } from "../../hooks/use-site-info";
import { bookingWords } from "../../lib/text/booking-words";
import { schedulePath } from "../../lib/paths";
import { telHref } from "../../lib/text/phone";
import { ButtonLink } from "../ui/button";
import { Container } from "../ui/container";

/** The call to action at the foot of a page: schedule online or phone. */
export function ClosingCta({ phone, title = "Ready to book your inspection?" }: { phone: string; title?: string }) {
  const { bookingOnline } = useSiteInfo();
  return (
    <section
      aria-labelledby="closing-cta-title"
      className="render-when-near bg-brand-50 [--render-height:25rem] md:[--render-height:13rem]"
    >
      <Container className="flex flex-col items-start gap-6 py-14 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="closing-cta-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {title}
          </h2>
          <p className="mt-2 max-w-2xl text-lg text-slate-700">{bookingWords(bookingOnline).invitation}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row">
          <ButtonLink to={schedulePath} size="lg">
            Schedule Inspection
          </ButtonLink>
          {/* A space, which the flex layout ignores, so the two links' text does not run together. */}{" "}
          <ButtonLink to={telHref(phone)} variant="secondary" size="lg">
            Call {phone}
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
