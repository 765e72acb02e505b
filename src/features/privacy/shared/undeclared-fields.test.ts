import { FORM_DECLARATIONS, type FormDeclaration } from "./fields";
import { schemaFieldNames, undeclaredFields } from "./undeclared-fields";

describe("the declaration of what each form field is for", () => {
  it("covers every field of the schedule and contact schemas, and nothing else", () => {
    expect(undeclaredFields()).toEqual([]);
    const names = schemaFieldNames();
    expect(names.schedule).toEqual(expect.arrayContaining(["email", "phone", "street", "notes", "agentEmail"]));
    expect(names.contact).toEqual(expect.arrayContaining(["email", "message"]));
  });

  it("names a field added to a form without a purpose, and where to declare it", () => {
    const names = schemaFieldNames();
    const problems = undeclaredFields({ ...names, contact: [...names.contact!, "dateOfBirth"] });
    expect(problems).toEqual([
      'src/features/privacy/shared/fields.ts: the contact form\'s field "dateOfBirth" has no declared purpose; say why it is asked for, and which record (and so which period in content/privacy.yaml) keeps it',
    ]);
  });

  it("names a declaration whose purpose is empty, and one for a field the form no longer has", () => {
    const schedule = FORM_DECLARATIONS.find((form) => form.form === "schedule")!;
    const emptied: FormDeclaration = {
      ...schedule,
      fields: { ...schedule.fields, phone: { ...schedule.fields.phone!, purpose: " " }, fax: schedule.fields.phone! },
    };
    const problems = undeclaredFields(schemaFieldNames(), [emptied, ...FORM_DECLARATIONS.slice(1)]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/the schedule form's field "phone" has no declared purpose/);
    expect(problems[1]).toMatch(/the schedule form has no field "fax"; remove its declaration/);
  });
});
