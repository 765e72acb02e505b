import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";

const Building2 = iconFrom(lucide.Building2);
const Droplets = iconFrom(lucide.Droplets);
const Hammer = iconFrom(lucide.Hammer);
const House = iconFrom(lucide.House);
const Microscope = iconFrom(lucide.Microscope);
const PaintRoller = iconFrom(lucide.PaintRoller);
const Radiation = iconFrom(lucide.Radiation);
const Scale = iconFrom(lucide.Scale);
const Waves = iconFrom(lucide.Waves);
const Cylinder = iconFrom(lucide.Cylinder);

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
