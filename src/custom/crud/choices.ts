/**
 * Choices for `SelectField` / `SelectInput` from a domain list: the name is a translation key under
 * `choices.<group>`, which react-admin translates when it shows the choice.
 */
export const choicesOf = <T extends string | number>(values: readonly T[], group: string) =>
  values.map((id) => ({ id, name: `choices.${group}.${id}` }));
