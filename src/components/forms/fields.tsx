/**
 * Form fields with their label, hint and error tied together: the error sits next to its
 * field, the field is marked invalid and describes itself with the error, so a screen reader
 * reads the problem when the field takes focus.
 */
import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";
import type { ChoiceRegistration, TextRegistration } from "../../hooks/use-schema-form";
import { cn } from "../../lib/ui/cn";

const TriangleAlert = iconFrom(lucide.TriangleAlert);

const control =
  "mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";
const controlState = (invalid: boolean) => (invalid ? "border-red-600" : "border-slate-400");

function describedBy(name: string, hint?: string, error?: string): string | undefined {
  const ids = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function FieldError({ name, error }: { name: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${name}-error`} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {error}
    </p>
  );
}

function Hint({ name, hint }: { name: string; hint?: string }) {
  return hint ? (
    <p id={`${name}-hint`} className="mt-1 text-sm text-slate-600">
      {hint}
    </p>
  ) : null;
}

interface BaseProps {
  label: string;
  registration: TextRegistration;
  error?: string;
  hint?: string;
  optional?: boolean;
  className?: string;
}

/** Label, hint, the control and its error, stacked. */
function FieldShell({
  label,
  registration,
  error,
  hint,
  optional,
  className,
  children,
}: BaseProps & { children: React.ReactNode }) {
  const { name } = registration;
  return (
    <div className={className}>
      <label htmlFor={name} className="block font-medium text-slate-900">
        {label}
        {optional && <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      <Hint name={name} hint={hint} />
      {children}
      <FieldError name={name} error={error} />
    </div>
  );
}

/** What every text-like control carries: its id, requiredness, invalid state and descriptions. */
function controlProps({ registration, error, hint, optional }: BaseProps) {
  return {
    ...registration,
    id: registration.name,
    required: !optional,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(registration.name, hint, error),
    className: cn(control, controlState(Boolean(error))),
  };
}

type InputProps = BaseProps &
  Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "value" | "onChange" | "onBlur" | "className">;

/**
 * A text field unless `type` says otherwise. The type is written out, not left to HTML's default:
 * HTML_CodeSniffer takes an input without one for no text field and rejects its autocomplete
 * token (autocomplete="name" on the contact form's name, issue 50).
 */
export function TextField({ type = "text", ...props }: InputProps) {
  const { label, registration, error, hint, optional, className, ...input } = props;
  const field = { label, registration, error, hint, optional, className };
  return (
    <FieldShell {...field}>
      <input type={type} {...input} {...controlProps(field)} />
    </FieldShell>
  );
}

export function TextAreaField({ rows = 5, ...field }: BaseProps & { rows?: number }) {
  return (
    <FieldShell {...field}>
      <textarea rows={rows} {...controlProps(field)} />
    </FieldShell>
  );
}

interface Option {
  id: string;
  label: string;
}

export function SelectField({
  options,
  placeholder,
  ...field
}: BaseProps & { options: readonly Option[]; placeholder: string }) {
  return (
    <FieldShell {...field}>
      <select {...controlProps(field)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

interface ChoiceGroupProps {
  legend: string;
  name: string;
  /** Binds one option's input to the form. */
  registerOption: (id: string) => ChoiceRegistration;
  options: readonly (Option & { detail?: string })[];
  error?: string;
  hint?: string;
  /** Radios choose one; checkboxes choose any number. */
  type: "radio" | "checkbox";
  className?: string;
}

/** A fieldset of radios or checkboxes, each option a large tap target with its price or detail. */
export function ChoiceGroup({ legend, name, registerOption, options, error, hint, type, className }: ChoiceGroupProps) {
  return (
    <fieldset className={className}>
      <legend className="font-medium text-slate-900">{legend}</legend>
      <Hint name={name} hint={hint} />
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.id}
            className="flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 hover:border-brand-600 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type={type}
              {...registerOption(option.id)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(name, hint, error)}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <span className="flex-1">
              <span className="block font-medium text-slate-900">{option.label}</span>
              {option.detail && <span className="block text-sm text-slate-600">{option.detail}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldError name={name} error={error} />
    </fieldset>
  );
}

/** Left empty by people, who never see it; automated form fillers fill it and are refused. */
export function HoneypotField({ registration }: { registration: TextRegistration }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor="website">Leave this field empty</label>
      <input id="website" type="text" tabIndex={-1} autoComplete="off" {...registration} />
    </div>
  );
}
