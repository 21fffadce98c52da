import { schemaResolver, useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { firstIssue } from '../../../core/common/forms';
import { useDraft, type Draft } from '../../lib/drafts';

/** A form rule from core: the zod schema the server checks the same request with. */
export type FormRule = Parameters<typeof firstIssue>[0];

/** Where a form that shows only its first failure keeps it (not a field: no input is marked with it). */
export const FIRST_FAILURE = '~first';
/** The field that first failure is about, for a form that marks it for assistive technology (`aria-invalid`). */
export const FIRST_FIELD = '~field';

export interface SchemaFormOptions<Values, Body> {
  /** The values as the API takes them (an empty number box is no number); the rule checks these, and submit is given them. */
  toBody?: (values: Values) => Body;
  /**
   * 'fields' marks every wrong field with its first message, which leaves as soon as the field changes; 'first'
   * shows only the form's first failure, in field order, above the fields until the next submit (the field it is
   * about is kept under FIRST_FIELD).
   */
  show?: 'fields' | 'first';
  /**
   * The draft the values are kept as (docs/decisions/drafts.md), such as 'repair:42:work': the form opens with
   * the draft found under it, saves it at every change, and FormDialog clears it once the save is accepted and
   * asks before closing with something typed.
   */
  draftKey?: string;
}

/** A dialog's form, with the draft its values are kept as (null for a form that keeps none). */
export type SchemaForm<Values, Body = Values> = UseFormReturnType<Values, Body> & {
  draft: Draft<Values> | null;
  /** Forgets the draft and puts the fields back as the form started. */
  discardDraft: () => void;
};

/**
 * A dialog's form (docs/decisions/form-checks.md), checked on submit by its rule in core through @mantine/form (or
 * the rule its values call for, such as completing a repair). A form without a rule in core (null) is checked by
 * the server alone, whose answer the dialog shows.
 */
export function useSchemaForm<Values extends Record<string, any>, Body = Values>(
  rule: FormRule | null | ((body: Body) => FormRule),
  initialValues: Values,
  { toBody, show = 'fields', draftKey }: SchemaFormOptions<Values, Body> = {},
): SchemaForm<Values, Body> {
  const draft = useDraft(draftKey ?? null, initialValues);
  const bodyOf = toBody ?? ((values: Values) => values as unknown as Body);
  const check = (body: Body): FormErrors => {
    if (!rule) return {};
    if (typeof rule === 'function') return checkWith(rule(body), body);
    return checkWith(rule, body);
  };
  const checkWith = (rule: FormRule, body: Body): FormErrors => {
    if (show === 'fields') return schemaResolver(rule, { sync: true })(body);
    const issue = firstIssue(rule, body);
    if (!issue) return {};
    return issue.field ? { [FIRST_FAILURE]: issue.message, [FIRST_FIELD]: issue.field } : { [FIRST_FAILURE]: issue.message };
  };
  const form = useForm<Values, Body>({
    mode: 'controlled',
    // A draft kept by an earlier form of another shape gives only the values it still has.
    initialValues: draft.value && typeof draft.value === 'object' ? { ...initialValues, ...draft.value } : initialValues,
    transformValues: bodyOf,
    validate: (values: Values) => check(bodyOf(values)),
    onValuesChange: draftKey ? (values) => draft.setValue(values) : undefined,
  });
  return Object.assign(form, {
    draft: draftKey ? draft : null,
    discardDraft: () => {
      draft.clear();
      form.setValues(initialValues);
      form.clearErrors();
    },
  });
}
