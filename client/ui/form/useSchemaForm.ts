import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';

/** A form rule from core (a zod schema, which the server checks the request with too). */
export type FormRule = Parameters<typeof schemaResolver>[0];

/**
 * A dialog's form, checked by its rule in core on submit: every wrong field is marked with its first message, and
 * a field's message leaves as soon as the field changes. `toBody` turns the values into what the API takes (an
 * empty number box is no number, a chosen id a number); the rule checks that, and submit is given it.
 */
export function useSchemaForm<Values extends Record<string, any>, Body = Values>(
  rule: FormRule,
  initialValues: Values,
  toBody?: (values: Values) => Body,
): UseFormReturnType<Values, Body> {
  const check = schemaResolver(rule, { sync: true });
  const bodyOf = toBody ?? ((values: Values) => values as unknown as Body);
  return useForm<Values, Body>({
    mode: 'controlled',
    initialValues,
    transformValues: bodyOf,
    validate: (values: Values) => check(bodyOf(values)),
  });
}
