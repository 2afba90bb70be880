// Loads a page's code on first visit, so the charts library stays out of the first page.
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';

export function lazyPage<P>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let cached: ComponentType<P> | null = null;
  return function Lazy(props: P) {
    const [C, setC] = useState<ComponentType<P> | null>(cached);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (!cached) load().then((c) => setC(() => (cached = c)), () => setFailed(true));
    }, []);
    if (failed) return <p class="error" role="alert">This page couldn't load. Check your connection and try again.</p>;
    return C ? <C {...(props as any)} /> : <p class="muted" aria-busy="true">Loading…</p>;
  };
}
