/** Types of previews.mjs, which the editor's page loads as it is (no build step). */
import type { ComponentType, createElement } from "react";

export interface PreviewProps {
  entry: { get(key: "data"): { toJS(): Record<string, unknown> } };
  widgetFor(name: string): unknown;
  getAsset(path: string): unknown;
}

export function siteDate(iso: unknown): string;
export function previewTemplates(h: typeof createElement): Record<"posts" | "services", ComponentType<PreviewProps>>;
export function registerPreviews(
  CMS: { registerPreviewStyle(href: string): void; registerPreviewTemplate(name: string, template: unknown): void },
  h: typeof createElement,
  previewStyle?: string,
): void;
