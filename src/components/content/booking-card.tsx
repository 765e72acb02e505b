import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";
import { useSiteInfo } from "../../hooks/use-site-info";
import { bookingWords } from "../../lib/text/booking-words";
import { PhoneLink } from "../layout/phone-link";
import { ButtonLink } from "../ui/button";

const CalendarCheck = iconFrom(lucide.CalendarCheck);

/** A short call to action beside long copy: schedule online or phone. */
export function BookingCard({ scheduleHref, title }: { scheduleHref: string; title: string }) {
  const { phone, hours, bookingOnline } = useSiteInfo();
  return (
    <section aria-labelledby="booking-card-title" className="rounded-xl bg-brand-900 p-5 text-white">
      <h2 id="booking-card-title" className="font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-300">{bookingWords(bookingOnline).card}</p>
      <ButtonLink to={scheduleHref} variant="accent" className="mt-4 w-full">
        <CalendarCheck className="size-4" aria-hidden="true" />
        Schedule online
      </ButtonLink>
      <PhoneLink phone={phone} tone="light" className="mt-2 w-full" />
      <p className="mt-1 text-xs text-slate-300">{hours}</p>
    </section>
  );
}
