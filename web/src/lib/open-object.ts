// Readers for the parts the API documents as open objects (patterns, nutrients, the allergen
// grid): each value is checked for what it is before it is shown.

/** `v` as an object of values, or an empty one when it is not an object. */
export const objectOf = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** `o[key]` when it is an object, else `o` itself (a shape with or without that wrapper). */
export const innerOr = (o: Record<string, unknown>, key: string): Record<string, unknown> => {
  const v = o[key];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : o;
};
