/**
 * Form state for the request forms, checked with the shared zod schemas: a field is checked when the
 * visitor leaves it and re-checked as they correct it; a step or the whole form before moving on; the
 * first field with a problem takes focus. The checks come after hydration (use-form-checks.ts): a field
 * left before is checked when they come. A small hook, not a form library: the forms' budget is tight.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type * as z from "zod/mini";
import { fieldErrors } from "../lib/forms/field-errors";

export type Errors<V> = Partial<Record<keyof V & string, string>>;

export interface TextRegistration {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
  ref: (element: HTMLElement | null) => void;
}

export interface ChoiceRegistration {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  onBlur: () => void;
  ref: (element: HTMLElement | null) => void;
}

export function useSchemaForm<V extends Record<string, string | string[]>>(
  fieldSchemas: Record<keyof V & string, z.ZodMiniType> | null,
  initialValues: V,
) {
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrorsState] = useState<Errors<V>>({});
  const elements = useRef<Record<string, HTMLElement | null>>({});
  /** The fields left before the checks came. */
  const leftUnchecked = useRef(new Set<keyof V & string>());

  const checkField = useCallback(
    (name: keyof V & string, value: V[keyof V]) => {
      if (!fieldSchemas) {
        leftUnchecked.current.add(name);
        return;
      }
      const result = fieldSchemas[name].safeParse(value);
      setErrorsState((current) => ({
        ...current,
        [name]: result.success ? undefined : result.error.issues[0]?.message,
      }));
    },
    [fieldSchemas],
  );

  // Once the checks have come, the fields left before are checked as they are now.
  useEffect(() => {
    if (!fieldSchemas || leftUnchecked.current.size === 0) return;
    for (const name of leftUnchecked.current) checkField(name, values[name]);
    leftUnchecked.current.clear();
  }, [fieldSchemas, checkField, values]);

  const update = (name: keyof V & string, value: V[keyof V]) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) checkField(name, value);
  };

  const refFor = (name: string) => (element: HTMLElement | null) => {
    // For radios and checkboxes the first option stands for the group.
    if (element && !elements.current[name]) elements.current[name] = element;
    if (!element) delete elements.current[name];
  };

  const register = (name: keyof V & string): TextRegistration => ({
    name,
    value: String(values[name] ?? ""),
    onChange: (event) => update(name, event.target.value as V[keyof V]),
    onBlur: () => checkField(name, values[name]),
    ref: refFor(name),
  });

  const registerChoice = (name: keyof V & string, option: string): ChoiceRegistration => {
    const current = values[name];
    const isList = Array.isArray(current);
    return {
      name,
      value: option,
      checked: isList ? current.includes(option) : current === option,
      onChange: () => {
        const list = current as string[];
        const next = isList
          ? list.includes(option)
            ? list.filter((item) => item !== option)
            : [...list, option]
          : option;
        update(name, next as V[keyof V]);
      },
      onBlur: () => undefined,
      ref: refFor(name),
    };
  };

  const focus = (name: string) => elements.current[name]?.focus();

  /** Checks `fields` (in order) against `schema`; shows their problems, focuses the first. */
  const validate = (schema: z.ZodMiniType, fields: readonly (keyof V & string)[]): boolean => {
    const result = schema.safeParse(values);
    const found = result.success ? {} : fieldErrors(result.error);
    setErrorsState((current) => {
      const next = { ...current };
      fields.forEach((field) => (next[field] = found[field]));
      return next;
    });
    const first = fields.find((field) => found[field]);
    if (first) focus(first);
    return !first;
  };

  /** Shows problems the server reported; the caller decides where focus goes. */
  const setErrors = (found: Record<string, string>) => setErrorsState((current) => ({ ...current, ...found }));

  return { values, errors, register, registerChoice, validate, setErrors, setValues, focus };
}

export type SchemaForm<V extends Record<string, string | string[]>> = ReturnType<typeof useSchemaForm<V>>;
