// Night mode: follows the system (prefers-color-scheme) until the parent toggles it; the
// choice is remembered in localStorage. theme-init.js applies it before first paint.
import { useEffect, useState } from 'preact/hooks';

type Theme = 'dark' | 'light';
const media = () => window.matchMedia?.('(prefers-color-scheme: dark)');

function stored(): Theme | null {
  try {
    const t = localStorage.getItem('theme');
    return t === 'dark' || t === 'light' ? t : null;
  } catch {
    return null;
  }
}

export function currentTheme(): Theme {
  return stored() ?? (media()?.matches ? 'dark' : 'light');
}

export function useTheme(): [Theme, () => void] {
  const [theme, setTheme] = useState<Theme>(currentTheme());
  useEffect(() => {
    const m = media();
    const l = () => setTheme(currentTheme());
    m?.addEventListener?.('change', l);
    return () => m?.removeEventListener?.('change', l);
  }, []);
  const toggle = () => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem('theme', next);
    } catch {
      /* private mode: still toggles for this visit */
    }
    document.documentElement.dataset.theme = next;
    setTheme(next);
  };
  return [theme, toggle];
}
