// The app's icons as inline SVG shipped with it: emoji render as empty boxes on devices
// without an emoji font (a stock Debian Chromium among them). Strokes use currentColor, so
// night mode tints them with the text.
const PATHS: Record<string, string> = {
  bottle: 'M9 2h6M10 2v3l-2 3v12a2 2 0 0 0 2 2h4a2 2 0 0 0 2-2V8l-2-3V2M8 12h8M8 16h8',
  breast: 'M12 21c-4.4 0-8-3.4-8-7.6C4 9 8 5 12 3c4 2 8 6 8 10.4 0 4.2-3.6 7.6-8 7.6zM12 14.5a1.5 1.5 0 1 0 0-.01',
  moon: 'M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z',
  sun: 'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
  drop: 'M12 3c3 4 6 7.5 6 11a6 6 0 0 1-12 0c0-3.5 3-7 6-11z',
  dirty: 'M7 20h10a3 3 0 0 0 0-6h-1a3 3 0 0 0-2-5h-1a2.5 2.5 0 0 0-3-4 3 3 0 0 0-1 5 3 3 0 0 0-2 5 3 3 0 0 0 0 5z',
  nappy: 'M3 6h18v3c0 6-4 10-9 10S3 15 3 9V6zM3 9h4M17 9h4',
  bowl: 'M3 11h18a9 9 0 0 1-18 0zM8 20h8M12 3v5M9 5l3-2 3 2',
  pill: 'M10.5 3.5a5 5 0 0 1 7 7l-7 7a5 5 0 0 1-7-7l7-7zM7 10l7 7',
  scale: 'M4 20h16l-2-14H6L4 20zM9 6a3 3 0 0 1 6 0M12 11l2-2',
  note: 'M5 3h10l4 4v14H5V3zM15 3v4h4M8 12h8M8 16h6',
  home: 'M3 11l9-8 9 8M5 9.5V21h14V9.5M10 21v-6h4v6',
  list: 'M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01',
  chart: 'M4 20V10M10 20V4M16 20v-8M22 20H2',
  growth: 'M3 20l6-6 4 4 8-9M15 9h6v6',
  solids: 'M4 12a8 8 0 0 0 16 0H4zM12 4v4M8 6l1 2M16 6l-1 2',
  ask: 'M12 21a9 9 0 1 0-8-4.9L3 21l4.9-1A8.9 8.9 0 0 0 12 21zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5V14M12 17h.01',
  settings: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  swap: 'M7 4L3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7',
  stop: 'M6 6h12v12H6z',
  close: 'M6 6l12 12M18 6L6 18',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  lock: 'M6 11h12v10H6V11zM8 11V7a4 4 0 0 1 8 0v4',
  // Issue 26: the More sheet's types.
  more: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 8v8M8 12h8',
  thermometer: 'M14 14.8V4.5a2 2 0 0 0-4 0v10.3a4 4 0 1 0 4 0zM12 9v8',
  medicine: 'M17 3l4 4M19 5l-3 3M14.5 6.5l3 3M16 8l-9 9-3.5.5.5-3.5 9-9M4 20l-1.5 1.5M9.5 10.5l2 2M7 13l2 2',
  pump: 'M4 3h10l-3 5v2M8 10h6v10a2 2 0 0 1-2 2h-2a2 2 0 0 1-2-2V10zM18.5 8c1.2 1.6 2 2.8 2 3.8a2 2 0 0 1-4 0c0-1 .8-2.2 2-3.8z',
  head: 'M12 20a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM4 12.5h16M7.5 12.5v2M10.5 12.5v2M13.5 12.5v2M16.5 12.5v2',
  tummy: 'M6 14a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM9 12.5h8l3 3.5M11.5 12.5l-1 4M15.5 12.5l.5 4M2 19h20',
  bath: 'M3 12h18v2a6 6 0 0 1-6 6H9a6 6 0 0 1-6-6v-2zM6 12V5.5a2.5 2.5 0 0 1 5 0M7 20l-1 2M17 20l1 2',
  heart: 'M20.4 5a5 5 0 0 0-7.2 0L12 6.2 10.8 5a5 5 0 0 0-7.2 7.1L12 21l8.4-8.9a5 5 0 0 0 0-7.1z',
  tree: 'M12 2l6 8h-3l4 6H5l4-6H6l6-8zM12 16v6',
  book: 'M2 4h6a4 4 0 0 1 4 4v13a3 3 0 0 0-3-3H2V4zM22 4h-6a4 4 0 0 0-4 4v13a3 3 0 0 1 3-3h7V4z',
  blocks: 'M4 13h7v7H4zM13 13h7v7h-7zM8.5 4h7v7h-7z',
  star: 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9L12 2.5z',
  alert: 'M10.3 3.9L1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0zM12 9v4M12 17h.01',
};

/** The icon of each activity kind (home's More sheet and the timeline). */
export const ACTIVITY_ICONS: Record<string, string> = {
  tummy_time: 'tummy', bath: 'bath', skin_to_skin: 'heart', outdoors: 'tree', reading: 'book', play: 'blocks',
};

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 24, label }: { name: string; size?: number; label?: string }) {
  const d = PATHS[name] ?? PATHS.note;
  return (
    <svg class="svg-icon" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8"
      stroke-linecap="round" stroke-linejoin="round" role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : 'true'}
      focusable="false">
      <path d={d} />
    </svg>
  );
}

/** The icon of an event: the same one home's button for it uses. */
export function eventIcon(e: { type: string; kind?: string | null; ml?: number | null; side?: unknown }): string {
  switch (e.type) {
    case 'milk': return e.ml === 0 || e.side ? 'breast' : 'bottle';
    case 'sleep': return 'moon';
    case 'wake': return 'sun';
    case 'nappy': return e.kind === 'wet' ? 'drop' : e.kind === 'dirty' ? 'dirty' : 'nappy';
    case 'poop': return 'dirty';
    case 'solid': return 'bowl';
    case 'supplement': return 'pill';
    case 'weight': case 'length': return 'scale';
    case 'temperature': return 'thermometer';
    case 'medicine': return 'medicine';
    case 'pumping': return 'pump';
    case 'head_circumference': return 'head';
    case 'activity': return ACTIVITY_ICONS[e.kind ?? ''] ?? 'blocks';
    case 'milestone': return 'star';
    default: return 'note';
  }
}
