import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";
import type { NavItem } from "../../hooks/use-navigation";
import { schedulePath } from "../../lib/paths";
import { ButtonLink } from "../ui/button";
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from "../ui/sheet";
import { NavLinks } from "./nav-links";
import { PhoneLink } from "./phone-link";

const X = iconFrom(lucide.X);

export interface MobileDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the drawer closes: the menu button. */
  returnFocusTo: React.RefObject<HTMLButtonElement>;
  links: readonly NavItem[];
  pathname: string;
  phone: string;
}

/** The side drawer: the same links, phone and schedule button as the header. */
export default function MobileDrawer({ open, onOpenChange, returnFocusTo, links, pathname, phone }: MobileDrawerProps) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id="mobile-menu"
        aria-describedby="mobile-menu-description"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <SheetTitle className="text-lg font-semibold text-slate-900">Menu</SheetTitle>
          <SheetDescription id="mobile-menu-description" className="sr-only">
            Site pages, our phone number and the schedule button
          </SheetDescription>
          <SheetClose className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100">
            <X className="size-6" aria-hidden="true" />
            <span className="sr-only">Close menu</span>
          </SheetClose>
        </div>
        <nav aria-label="Main" className="px-3 py-4">
          <NavLinks links={links} pathname={pathname} layout="column" onNavigate={close} />
        </nav>
        <div className="mt-auto space-y-3 border-t border-slate-200 px-4 py-5">
          <PhoneLink phone={phone} className="w-full" />
          <ButtonLink to={schedulePath} size="lg" className="w-full" onClick={close}>
            Schedule Inspection
          </ButtonLink>
        </div>
      </SheetContent>
    </Sheet>
  );
}
