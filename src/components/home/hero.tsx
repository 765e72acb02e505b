import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";
import { schedulePath } from "../../lib/paths";
import { telHref } from "../../lib/text/phone";
import { ButtonLink } from "../ui/button";
import { Container } from "../ui/container";

const CalendarCheck = iconFrom(lucide.CalendarCheck);

interface HeroProps {
  name: string;
  phone: string;
  serviceArea: string;
}

export function Hero({ name, phone, serviceArea }: HeroProps) {
  return (
    <section className="bg-brand-900 text-white" aria-labelledby="hero-title">
      <Container className="py-16 sm:py-24">
        <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">
          {name} · {serviceArea}
        </p>
        <h1 id="hero-title" className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          Know the home before you sign.
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-200">
          Licensed Maryland home inspections for buyers, owners, landlords and agents, with radon, mold, water, well,
          septic and lead paint testing. See a price before you book, and get a clear written report.
        </p>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <ButtonLink to={schedulePath} variant="accent" size="lg">
            <CalendarCheck className="size-5" aria-hidden="true" />
            Schedule an inspection
          </ButtonLink>
          <ButtonLink to={telHref(phone)} variant="inverse" size="lg">
            Call {phone}
          </ButtonLink>
        </div>
      </Container>
    </section>
  );
}
