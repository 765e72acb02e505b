import {
  Building2,
  Droplets,
  Hammer,
  House,
  Microscope,
  PaintRoller,
  Radiation,
  Scale,
  Waves,
  Cylinder,
} from "../ui/icons";
import React from "react";

/** The icon keys a service file may name in its `icon` field (see content-schema.ts). */
const icons = {
  home: House,
  building: Building2,
  radon: Radiation,
  mold: Microscope,
  pipe: Waves,
  hammer: Hammer,
  well: Cylinder,
  water: Droplets,
  paint: PaintRoller,
  scale: Scale,
} as const;

export function ServiceIcon({ name, className }: { name: string; className?: string }) {
  const Icon = icons[name as keyof typeof icons] ?? House;
  return <Icon className={className} aria-hidden="true" />;
}
