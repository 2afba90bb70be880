// Form state with per-field errors from the API: a 422 detail or a field-named 400 lands next
// to the field; anything else is shown beside the submit button.
import { useState } from 'preact/hooks';
import { ApiError } from './api';

export function useForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onValue: (v: string) => {
      setValues((s) => ({ ...s, [name]: v }));
      if (errors[name]) setErrors((e) => ({ ...e, [name]: '' }));
    },
  });

  /** Runs an API call, routing its errors to fields or to the form. */
  const submit = async (fn: () => Promise<void>) => {
    setBusy(true);
    setFormError(null);
    setErrors({});
    try {
      await fn();
    } catch (e) {
      if (e instanceof ApiError) {
        const known = Object.keys(e.fields).filter((f) => f in values);
        if (known.length) {
          setErrors(Object.fromEntries(known.map((f) => [f, e.fields[f]])));
          const rest = Object.keys(e.fields).filter((f) => !(f in values));
          if (rest.length) setFormError(rest.map((f) => `${f}: ${e.fields[f]}`).join('; '));
        } else setFormError(e.message);
      } else setFormError((e as Error)?.message ?? 'Something went wrong.');
    } finally {
      setBusy(false);
    }
  };

  return { values, setValues, errors, setErrors, formError, setFormError, busy, field, submit };
}
