// A labelled input with its error right underneath, linked with aria-describedby so a screen
// reader reads the problem with the field.
import type { ComponentChildren, InputHTMLAttributes } from 'preact';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onInput' | 'value' | 'label'>;

interface FieldProps extends InputProps {
  label: ComponentChildren;
  name: string;
  value: string;
  onValue: (v: string) => void;
  error?: string;
  hint?: ComponentChildren;
}

export function Field({ label, name, value, onValue, error, hint, id, ...rest }: FieldProps) {
  const fid = id ?? `f-${name}`;
  const described = [hint ? `${fid}-hint` : '', error ? `${fid}-err` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field${error ? ' has-error' : ''}`}>
      <label for={fid}>{label}</label>
      <input
        id={fid}
        name={name}
        value={value}
        onInput={(e) => onValue((e.currentTarget as HTMLInputElement).value)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={described}
        {...(rest as any)}
      />
      {hint && <p class="hint" id={`${fid}-hint`}>{hint}</p>}
      {error && <p class="error" id={`${fid}-err`} role="alert">{error}</p>}
    </div>
  );
}

interface SelectProps {
  label: ComponentChildren;
  name: string;
  /** when two forms on a page have a field of the same name */
  id?: string;
  value: string;
  onValue: (v: string) => void;
  options: [string, string][];
  error?: string;
  disabled?: boolean;
}

export function Select({ label, name, id, value, onValue, options, error, disabled }: SelectProps) {
  const fid = id ?? `f-${name}`;
  return (
    <div class={`field${error ? ' has-error' : ''}`}>
      <label for={fid}>{label}</label>
      <select
        id={fid}
        name={name}
        value={value}
        disabled={disabled}
        onChange={(e) => onValue((e.currentTarget as HTMLSelectElement).value)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${fid}-err` : undefined}
      >
        {options.map(([v, l]) => (
          <option value={v} key={v}>{l}</option>
        ))}
      </select>
      {error && <p class="error" id={`${fid}-err`} role="alert">{error}</p>}
    </div>
  );
}

/** A form-level error (one not tied to a single field), shown beside the submit button. */
export function FormError({ error }: { error?: string | null }) {
  if (!error) return null;
  return <p class="error form-error" role="alert">{error}</p>;
}
