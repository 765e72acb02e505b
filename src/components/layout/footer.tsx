import { Link } from "gatsby";
import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";
import { useNavigation, type NavItem } from "../../hooks/use-navigation";
import { useSiteFrame } from "../../hooks/use-site-frame";
import { useSiteInfo } from "../../hooks/use-site-info";
import { FacebookIcon, InstagramIcon, LinkedInIcon, YouTubeIcon } from "../ui/social-icons";
import { PhoneLink } from "./phone-link";
import { EmailAddress } from "../ui/email-address";

const Mail = iconFrom(lucide.Mail);
const MapPin = iconFrom(lucide.MapPin);
const ShieldCheck = iconFrom(lucide.ShieldCheck);

function FooterList({ title, links }: { title: string; links: readonly NavItem[] }) {
  const id = `footer-${title.toLowerCase()}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-wide text-accent-400 uppercase">
        {title}
      </h2>
      <ul className="mt-4 space-y-1">
        {links.map(({ name, href }) => (
          <li key={href}>
            <Link to={href} className="inline-block py-1.5 text-slate-200 hover:text-white hover:underline">
              {name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The years of the copyright line: from content/site.yaml's copyrightYear, the year the site was
 * first published, to the year this build was made, so the line stays current with each build
 * and never changes between the built page and its hydration.
 */
function useCopyrightYears(first: number): string {
  const { site } = useSiteFrame();
  const built = Number(site?.buildTime);
  return Number.isInteger(built) && built > first ? `${first}–${built}` : String(first);
}

/** The footer of every page. */
export function Footer() {
  const site = useSiteInfo();
  const years = useCopyrightYears(site.copyrightYear);
  const { footer } = useNavigation();
  const socials = [
    { name: "Facebook", href: site.social.facebook, Icon: FacebookIcon },
    { name: "Instagram", href: site.social.instagram, Icon: InstagramIcon },
    { name: "LinkedIn", href: site.social.linkedin, Icon: LinkedInIcon },
    { name: "YouTube", href: site.social.youtube, Icon: YouTubeIcon },
  ];

  return (
    // On the dark footer the site's blue focus outline is too faint (2.3:1): white keeps it at 3:1 or more.
    <footer className="render-when-near bg-brand-900 text-slate-200 [--render-height:92.5rem] md:[--render-height:52.5rem] lg:[--render-height:37rem] [&_:focus-visible]:outline-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-4">
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="text-sm leading-6 text-slate-300">{site.blurb}</p>
          <ul className="space-y-1 text-sm">
            <li>
              <PhoneLink phone={site.phone} tone="light" className="-ml-3" />
            </li>
            <li>
              <a
                href={`mailto:${site.email}`}
                aria-label={site.email}
                className="inline-flex min-h-11 items-center gap-2 text-white hover:underline"
              >
                <Mail className="size-5 shrink-0" aria-hidden="true" />
                <EmailAddress address={site.email} />
              </a>
            </li>
            <li className="flex items-center gap-2 py-2">
              <MapPin className="size-5 shrink-0" aria-hidden="true" />
              {site.serviceArea}
            </li>
          </ul>
          <ul className="flex gap-2" aria-label="Social media">
            {socials.map(({ name, href, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  aria-label={name}
                  className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-800 text-white hover:bg-brand-700"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterList title="Services" links={footer.services} />
        <FooterList title="Company" links={footer.company} />
        <div className="space-y-3 text-sm">
          <h2 className="text-sm font-semibold tracking-wide text-accent-400 uppercase">Licensed & Insured</h2>
          <p className="flex gap-2 leading-6 text-slate-300">
            <ShieldCheck className="size-5 shrink-0 text-accent-400" aria-hidden="true" />
            <span>
              Maryland home inspector license no. {site.licenseNumber}. {site.insuranceSummary}
            </span>
          </p>
          <p className="text-slate-300">{site.hours}</p>
        </div>
      </div>
      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-slate-300 sm:flex-row sm:justify-between sm:px-6">
          <p>
            © {years} {site.name}. All rights reserved.
          </p>
          <p className="font-medium text-white">Licensed & Insured · {site.serviceArea}</p>
        </div>
      </div>
    </footer>
  );
}
