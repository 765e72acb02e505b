import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";
import { useSiteInfo } from "../../hooks/use-site-info";
import { PhoneLink } from "../layout/phone-link";
import { EmailAddress } from "../ui/email-address";

const Clock = iconFrom(lucide.Clock);
const Mail = iconFrom(lucide.Mail);
const MapPin = iconFrom(lucide.MapPin);

/** Phone, e-mail, hours and service area, shown beside the forms. */
export function ContactDetails() {
  const site = useSiteInfo();
  return (
    <aside aria-labelledby="contact-details-title" className="rounded-xl border border-slate-200 bg-slate-50 p-6">
      <h2 id="contact-details-title" className="text-lg font-semibold text-slate-900">
        Talk to us
      </h2>
      <ul className="mt-4 space-y-2 text-slate-700">
        <li>
          <PhoneLink phone={site.phone} className="-ml-3" />
        </li>
        <li>
          <a
            href={`mailto:${site.email}`}
            aria-label={site.email}
            className="inline-flex min-h-11 items-center gap-2 text-brand-700 hover:underline"
          >
            <Mail className="size-5 shrink-0" aria-hidden="true" />
            <EmailAddress address={site.email} />
          </a>
        </li>
        <li className="flex gap-2 py-2">
          <Clock className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          {site.hours}
        </li>
        <li className="flex gap-2 py-2">
          <MapPin className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          Serving all of {site.serviceArea}
        </li>
      </ul>
    </aside>
  );
}
