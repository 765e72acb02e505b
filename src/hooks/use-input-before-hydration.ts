/**
 * A form page paints before its script runs, and a person may tick or type in it meanwhile. React
 * hydrates the page's HTML without reading what the person did, so a form would show one thing and
 * hold another. These read it as hydration starts, before React touches the fields, for the form to
 * take over once hydrated; until then its send button says the form is getting ready.
 */
import { useState, useSyncExternalStore } from "react";

type Values = Record<string, string | string[]>;

const noSubscription = () => () => undefined;

/** False in the page's HTML and while React hydrates it; true from the render after (and on a page opened by a link). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** Whether a field differs from how the page's HTML wrote it. */
function changed(element: Element): boolean {
  if (element instanceof HTMLInputElement) {
    return element.type === "checkbox" || element.type === "radio"
      ? element.checked !== element.defaultChecked
      : element.value !== element.defaultValue;
  }
  if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
  if (element instanceof HTMLSelectElement)
    return [...element.options].some((option) => option.selected !== option.defaultSelected);
  return false;
}

/** The fields of `form` the person changed, each as `empty` shapes it (a list for a group of checkboxes). */
export function changedFields<V extends Values>(form: HTMLFormElement, empty: V): Partial<V> {
  const names = new Set([...form.elements].filter(changed).map((element) => (element as HTMLInputElement).name));
  const data = new FormData(form);
  const found: Partial<V> = {};
  for (const name of names) {
    if (!(name in empty)) continue;
    const value = Array.isArray(empty[name]) ? data.getAll(name).map(String) : String(data.get(name) ?? "");
    found[name as keyof V] = value as V[keyof V];
  }
  return found;
}

/**
 * What the person did in form `formId` before the page hydrated, read as it starts to: React's render
 * of the form comes before it settles the fields below it. Null when the form was not hydrated from
 * the page's HTML (opened by a link, or on the server).
 */
export function useInputBeforeHydration<V extends Values>(formId: string, empty: V): Partial<V> | null {
  const hydrated = useHydrated();
  const [typed] = useState(() => {
    if (hydrated || typeof document === "undefined") return null;
    const form = document.getElementById(formId);
    return form instanceof HTMLFormElement ? changedFields(form, empty) : null;
  });
  return typed;
}
