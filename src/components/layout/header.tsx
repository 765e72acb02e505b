import React from "react";
import { useNavigation } from "../../hooks/use-navigation";
import { useSiteInfo } from "../../hooks/use-site-info";
import { schedulePath } from "../../lib/paths";
import { ButtonLink } from "../ui/button";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { NavLinks } from "./nav-links";
import { PhoneLink } from "./phone-link";
import { SearchLink } from "./search-link";

/** The sticky header of every page. */
export function Header({ pathname }: { pathname: string }) {
  const { name, phone } = useSiteInfo();
  const { primary } = useNavigation();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/*
        Left to right, each part placed by the parts before it, never by the parts after it: a slow
        connection paints the header piece by piece, and a link row centred between the logo and
        controls that have not arrived yet would jump across the bar when they do.
      */}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:h-18">
        <div className="max-w-52 sm:max-w-none md:max-lg:[&_span]:sr-only">
          <Logo name={name} />
        </div>
        <nav aria-label="Main" className="hidden md:block">
          <NavLinks links={primary} pathname={pathname} layout="row" />
        </nav>
        {/*
          At its full size from the first paint: a phone may paint the header before the menu button
          has arrived, and the phone link beside it would then move when it does (a layout shift
          Lighthouse saw in 2 of 45 page loads). Three 44 px controls (search, phone, menu) and the gaps
          between them: 35 spacing units wide (37 with the wider gap), 11 high.
        */}
        <div className="ml-auto flex min-h-11 min-w-35 items-center gap-1 sm:min-w-37 sm:gap-2">
          <SearchLink pathname={pathname} />
          {/* Visibility sits on wrappers so it never competes with the links' own display classes. */}
          <span className="xl:hidden">
            <PhoneLink phone={phone} display="icon" />
          </span>
          <span className="hidden xl:block">
            <PhoneLink phone={phone} />
          </span>
          <span className="hidden md:block">
            <ButtonLink to={schedulePath}>Schedule Inspection</ButtonLink>
          </span>
          <MobileMenu links={primary} pathname={pathname} phone={phone} />
        </div>
      </div>
    </header>
  );
}
