// Loaded with --import into the server process of the browser suites that move time
// (harness.ts, startServer's `time`), before src/main.ts: the process's Date runs from the
// offset the test gives in E2E_CLOCK_OFFSET_MS and moves when the test sends
// { clockOffsetMs } over the IPC channel (answered with the same message once applied).
// Test code only: the service itself has no way to be told the time, and needs none.
import { shiftDate } from './shifted-date.ts';

const clock = shiftDate(Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0));
process.on('message', (m: { clockOffsetMs?: unknown }) => {
  if (typeof m?.clockOffsetMs !== 'number') return;
  clock.setOffset(m.clockOffsetMs);
  process.send?.({ clockOffsetMs: m.clockOffsetMs });
});
// The channel alone must not keep the server alive.
process.channel?.unref();
