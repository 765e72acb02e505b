/**
 * The schedule request, in five steps a visitor can move back and forth through without
 * losing anything. Each step is checked with the shared schema before the next opens; the
 * estimate follows every answer; a draft survives a reload; the request is sent with
 * useSubmitRequest and, if it fails, everything typed stays in place.
 */
import React, { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useDraft } from "../../../hooks/use-draft";
import { useSchemaForm } from "../../../hooks/use-schema-form";
import { useSubmitRequest } from "../../../hooks/use-submit-request";
import { PrivacyLink } from "../../../components/forms/privacy-link";
import { useToday } from "../../../hooks/use-today";
import { availability, business, pricing } from "../../../lib/content/business-data";
import { catalog, waterPackageChoices } from "../../../lib/pricing/catalog";
import { SAME_ADDRESS_CONFIRMED } from "../../../lib/forms/choices";
import { formatDollars } from "../../../lib/text/format";
import type { Quote } from "../../../lib/pricing/quote";
import type { ScheduleFieldName } from "../../../lib/forms/schedule-fields";
import { scheduleStepsFor } from "../../../lib/forms/schedule-steps";
import type { ScheduleFormValues } from "../../../lib/request-schemas";
import { useFormChecks, withFormChecks } from "../../../hooks/use-form-checks";
import { loadedAfterHydration } from "../../../hooks/loaded-after-hydration";
import { toast } from "../../../lib/ui/toast-store";
import { emptyScheduleAnswers, emptyScheduleValues as emptyValues } from "../shared/empty-schedule";
import { estimateFromForm, estimateOf, preselection } from "../shared/schedule-estimate";
import { RequiredNote } from "../../../components/forms/required-note";
import { SendButton } from "../../../components/forms/send-button";
import { withInputBeforeHydration } from "../../../components/forms/with-input-before-hydration";
import { buttonStyles } from "../../../components/ui/button";
import { QuotePanel } from "./quote-panel";
import type { BookedTime } from "./schedule-confirmation";
import { OFFICE_VOICE, VISITOR_VOICE } from "./form-voice";
import { StepHeading } from "./step-heading";
import { StepService } from "./step-service";
import { StepTime } from "./step-time";
import { Stepper } from "./stepper";
import type { ScheduleForm as ScheduleFormState } from "./step-types";

export interface ScheduleAnswer {
  reference: string;
  quote: Quote;
  confirmationQueued: boolean;
  /** A booking's time, in words and as a calendar file. */
  booking?: BookedTime;
}

/**
 * The question asked when the address already has a visit at an overlapping time: rare, so its
 * code (Radix Dialog) loads only when the server asks it, as the menu's drawer does.
 */
/**
 * What the visitor sees once the request is sent: its code is fetched when the last step opens,
 * while the visitor reads the review, rather than with the page.
 */
const loadConfirmation = () => import("./schedule-confirmation");
const ScheduleConfirmation = lazy(() =>
  loadConfirmation().then((module) => ({ default: module.ScheduleConfirmation })),
);

/**
 * The steps after the first come once the form has hydrated (a visitor starts on the first), so the
 * page hydrates without them; moving on waits for them, as for the checks.
 */
const laterSteps = loadedAfterHydration(() => import("./later-steps"));

const ConfirmDialog = lazy(() =>
  import("../../../components/ui/confirm-dialog").then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * The same form on the owner's desk, for booking a caller: sent to the desk with the time step the
 * desk gives (which can choose a time outside the hours), its own draft, and no confirmation page.
 */
export interface OfficeMode {
  url: string;
  /** The draft's name, apart from the site's own form in the same browser tab. */
  draftName: string;
  submitLabel: string;
  timeStep: (form: ScheduleFormState) => React.ReactNode;
  /** Sent with the answers: what the time step decided besides the time. */
  extra: Record<string, string>;
  onBooked: (answer: ScheduleAnswer) => void;
}

/** The form's id: what a person did in it before the page hydrated is read by it. */
const FORM_ID = "schedule-form";

/** The step showing a field; -1 for a name the form does not show (the server may answer any). */
const stepOfField = (steps: ReturnType<typeof scheduleStepsFor>, field: string) =>
  steps.findIndex((step) => step.fields.some((name) => name === field));

function ScheduleFormBody({
  search,
  office,
  typedBeforeHydration,
}: {
  search: string;
  office?: OfficeMode;
  typedBeforeHydration: Partial<ScheduleFormValues> | null;
}) {
  // A booking of an open time when availability.yaml has booking on (the office always books);
  // else a request for a call-back.
  const booking = availability.bookingOnline || Boolean(office);
  const voice = office ? OFFICE_VOICE : VISITOR_VOICE;
  // The details step is titled in the voice of whoever fills the form in.
  const scheduleSteps = scheduleStepsFor(booking).map((candidate) =>
    candidate.id === "client" ? { ...candidate, title: voice.detailsTitle } : candidate,
  );
  const [step, setStep] = useState(0);
  // Today's date bounds the preferred dates (a request, not a booking), and is read when their step opens.
  const datesStep = scheduleSteps.findIndex((candidate) => candidate.id === "dates");
  const today = useToday(datesStep >= 0 && step >= datesStep);
  // The browser's year: the year built may be up to two years ahead, so a time zone's New Year matters not.
  const options = useMemo(() => ({ today, currentYear: new Date().getFullYear(), booking }), [today, booking]);
  const checks = useFormChecks();
  const later = laterSteps.useModule();
  const fieldSchemas = useMemo(() => checks?.scheduleFieldSchemas(catalog, options) ?? null, [checks, options]);
  const form = useSchemaForm<ScheduleFormValues>(fieldSchemas, emptyValues);
  const [answer, setAnswer] = useState<ScheduleAnswer | null>(null);
  /** The server's question when the address already has a visit at an overlapping time. */
  const [sameAddressQuestion, setSameAddressQuestion] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sendButtonRef = useRef<HTMLButtonElement>(null);
  const stepChanged = useRef(false);

  const { setValues } = form;
  const draft = useDraft(office?.draftName ?? "schedule", {
    values: form.values,
    setValues,
    empty: emptyValues,
    step,
    setStep,
  });

  // A link from a service or package page chooses for the visitor (after hydration, so the
  // static HTML and the first browser render agree), over a draft restored just before.
  useEffect(() => {
    const chosen = preselection(search, pricing, waterPackageChoices);
    if (chosen) setValues((current) => ({ ...current, ...chosen }));
  }, [search, setValues]);

  // What the person ticked before the page hydrated comes last: it is what they did most recently.
  useEffect(() => {
    if (typedBeforeHydration) setValues((current) => ({ ...current, ...typedBeforeHydration }));
  }, [typedBeforeHydration, setValues]);

  useEffect(() => {
    if (stepChanged.current) headingRef.current?.focus();
    stepChanged.current = true;
    if (!office && step === scheduleSteps.length - 1) void loadConfirmation();
  }, [step, office, scheduleSteps.length]);

  // Until the checks come, the empty form's estimate, which the page's HTML shows too.
  const estimate = fieldSchemas
    ? estimateFromForm(pricing, waterPackageChoices, fieldSchemas, form.values)
    : estimateOf(pricing, waterPackageChoices, emptyScheduleAnswers(catalog));

  /**
   * Moving on checks the step being left; going back never loses or checks anything. Without the
   * checks (their download failed), it moves on: the whole request is checked when it is sent.
   */
  const goTo = (next: number) => {
    if (next <= step) return setStep(next);
    withFormChecks(
      ({ createScheduleStepSchema }) => {
        if (form.validate(createScheduleStepSchema(catalog, options, step), scheduleSteps[step]!.fields)) open(next);
      },
      () => open(next),
    );
  };
  /** Opens a later step once its code has come; if it cannot come, says so, and the visitor stays. */
  const open = (next: number) =>
    laterSteps.withModule(
      () => setStep(next),
      () =>
        toast({
          title: "The next step did not open",
          description: "Check your connection, then press Next again. Nothing you entered is lost.",
          variant: "error",
        }),
    );

  /** Opens the step holding the first of `fields` with a problem and focuses that field. */
  const showFirstProblem = (fields: readonly string[]) => {
    const index = Math.min(...fields.map((field) => stepOfField(scheduleSteps, field)).filter((found) => found >= 0));
    if (!Number.isFinite(index)) return;
    setStep(index);
    const first = scheduleSteps[index]!.fields.find((field) => fields.includes(field));
    // The step's fields exist once it has rendered.
    if (first) setTimeout(() => form.focus(first), 0);
  };

  const mutation = useSubmitRequest<ScheduleFormValues, ScheduleAnswer>({
    url: office?.url ?? "/api/schedule",
    noun: "request",
    draft,
    setErrors: form.setErrors,
    onSent: office?.onBooked ?? setAnswer,
    onFieldErrors: showFirstProblem,
    // The time was taken meanwhile (or is no longer offered): back to the times, which are read afresh.
    onRefused: () => {
      void import("./schedule-time-picker").then(({ readOpenTimesAfresh }) => readOpenTimesAfresh());
      showFirstProblem(["start"]);
    },
    onAsked: setSameAddressQuestion,
  });

  /** Sends the request once it passes the checks; without them, the function's check answers. */
  const send = (values = form.values) => {
    const sendNow = () => mutation.mutate(office ? { ...values, ...office.extra } : values);
    withFormChecks(({ createScheduleSchema }) => {
      const allFields: ScheduleFieldName[] = scheduleSteps.flatMap((candidate) => candidate.fields);
      const result = createScheduleSchema(catalog, options).safeParse(values);
      if (result.success) return sendNow();
      form.validate(createScheduleSchema(catalog, options), allFields);
      showFirstProblem(allFields.filter((field) => result.error.issues.some((issue) => issue.path[0] === field)));
    }, sendNow);
  };

  if (answer) {
    return (
      <Suspense fallback={<p role="status">Sent. Showing what happens next…</p>}>
        <ScheduleConfirmation
          booking={answer.booking}
          reference={answer.reference}
          quote={answer.quote}
          values={form.values}
          confirmationQueued={answer.confirmationQueued}
          phone={business.phone}
        />
      </Suspense>
    );
  }

  /** "Book it as well": the same request, sent again with the answer (a new request, so a new key). */
  const bookAsWell = () => {
    const values = { ...form.values, sameAddress: SAME_ADDRESS_CONFIRMED };
    setValues(values);
    send(values);
  };

  const current = scheduleSteps[step]!;
  const isLast = step === scheduleSteps.length - 1;
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <form
        id={FORM_ID}
        noValidate
        aria-labelledby="schedule-step-title"
        onSubmit={(event) => {
          event.preventDefault();
          if (isLast) send();
          else goTo(step + 1);
        }}
        className="min-w-0 space-y-6"
      >
        <Stepper steps={scheduleSteps} current={step} onSelect={goTo} />
        <p className="rounded-lg bg-slate-100 px-4 py-2 text-sm text-slate-800 lg:hidden" aria-hidden="true">
          Estimate so far: <strong>{estimate.quote ? formatDollars(estimate.quote.total) : "choose a service"}</strong>
        </p>
        <div id="schedule-step-title">
          <StepHeading ref={headingRef} number={step + 1} title={current.title} />
        </div>
        {(current.id === "property" || current.id === "client") && <RequiredNote />}
        {step === 0 && <StepService form={form} />}
        {later && step === 1 && <later.StepProperty form={form} />}
        {step === 2 && office?.timeStep(form)}
        {step === 2 && !office && booking && <StepTime form={form} today={today} />}
        {later && step === 2 && !office && !booking && <later.StepDates form={form} today={today} />}
        {later && step === 3 && <later.StepClient form={form} voice={voice} />}
        {later && step === 4 && <later.StepReview form={form} voice={voice} onEdit={(index) => setStep(index)} />}
        <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-6">
          {step > 0 && (
            <button
              type="button"
              onClick={() => setStep(step - 1)}
              className={buttonStyles({ variant: "secondary", size: "lg" })}
            >
              Back
            </button>
          )}
          <SendButton busy={mutation.isPending} buttonRef={sendButtonRef}>
            {isLast
              ? mutation.isPending
                ? "Sending…"
                : (office?.submitLabel ?? (booking ? "Book this time" : "Send request"))
              : "Next"}
          </SendButton>
        </div>
        <PrivacyLink whose={office ? "the caller's" : "your"} />
      </form>
      {sameAddressQuestion !== null && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={(open) => {
              if (!open) setSameAddressQuestion(null);
            }}
            title="Book this address a second time?"
            confirmLabel="Book it as well"
            keepLabel="Go back"
            onConfirm={bookAsWell}
            returnFocusTo={sendButtonRef}
          >
            <p>{sameAddressQuestion}</p>
          </ConfirmDialog>
        </Suspense>
      )}
      <aside className="lg:sticky lg:top-24 lg:self-start">
        <QuotePanel estimate={estimate} />
      </aside>
    </div>
  );
}

export const ScheduleForm = withInputBeforeHydration(FORM_ID, emptyValues, ScheduleFormBody);
