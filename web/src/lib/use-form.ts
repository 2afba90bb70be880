// Form state with per-field errors from the API: a 422 detail or a field-named 400 lands next
// to the field; anything else is shown beside the submit button.
import { useState } from 'preact/hooks';
import { splitError } from './api';

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
      const { fields, form } = splitError(e, Object.keys(values));
      setErrors(fields);
      setFormError(form);
    } finally {
      setBusy(false);
    }
  };

  return { values, setValues, errors, setErrors, formError, setFormError, busy, field, submit };
}
