import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React, { lazy, Suspense, useRef, useState } from "react";
import type { NavItem } from "../../hooks/use-navigation";

const Menu = iconFrom(lucide.Menu);

/**
 * The drawer's code (Radix Dialog) loads only when a visitor reaches for the menu button, so
 * desktop visitors and phone visitors who never open it do not download it.
 */
const loadDrawer = () => import("./mobile-drawer");
const MobileDrawer = lazy(loadDrawer);

interface MobileMenuProps {
  links: readonly NavItem[];
  pathname: string;
  phone: string;
}

/** Below the md breakpoint: the menu button and its side drawer. */
export function MobileMenu({ links, pathname, phone }: MobileMenuProps) {
  // The layout persists across pages: the drawer is open only on the page it was opened on,
  // so a page change by any means (a link, Back) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const [requested, setRequested] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 md:hidden"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? "mobile-menu" : undefined}
        onPointerEnter={loadDrawer}
        onTouchStart={loadDrawer}
        onFocus={loadDrawer}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6" aria-hidden="true" />
        <span className="sr-only">Open menu</span>
      </button>
      {requested && (
        <Suspense fallback={null}>
          <MobileDrawer
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={buttonRef}
            links={links}
            pathname={pathname}
            phone={phone}
          />
        </Suspense>
      )}
    </>
  );
}
