import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { firstError } from '../../../core/common/forms';

/** A form rule from core: the zod schema the server checks the same request with. */
export type FormRule = Parameters<typeof firstError>[0];

/** Where a form that shows only its first failure keeps it (not a field: no input is marked with it). */
export const FIRST_FAILURE = '~first';

export interface SchemaFormOptions<Values, Body> {
  /** The values as the API takes them (an empty number box is no number); the rule checks these, and submit is given them. */
  toBody?: (values: Values) => Body;
  /**
   * 'fields' marks every wrong field with its first message, which leaves as soon as the field changes; 'first'
   * shows only the form's first failure, in field order, above the fields until the next submit.
   */
  show?: 'fields' | 'first';
}

/**
 * A dialog's form (docs/decisions/form-checks.md), checked on submit by its rule in core through @mantine/form. A
 * form without a rule in core (null) is checked by the server alone, whose answer the dialog shows.
 */
export function useSchemaForm<Values extends Record<string, any>, Body = Values>(
  rule: FormRule | null,
  initialValues: Values,
  { toBody, show = 'fields' }: SchemaFormOptions<Values, Body> = {},
): UseFormReturnType<Values, Body> {
  const bodyOf = toBody ?? ((values: Values) => values as unknown as Body);
  const check = (body: Body) => {
    if (!rule) return {};
    if (show === 'fields') return schemaResolver(rule, { sync: true })(body);
    const message = firstError(rule, body);
    return message ? { [FIRST_FAILURE]: message } : {};
  };
  return useForm<Values, Body>({
    mode: 'controlled',
    initialValues,
    transformValues: bodyOf,
    validate: (values: Values) => check(bodyOf(values)),
  });
}
